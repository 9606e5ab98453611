"""``kifuwiki validate``: check records, print diagnostics for people, CI or tools."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable
from pathlib import Path

import click

from kifuwiki.archive import RecordReport, default_jobs, report_paths
from kifuwiki.core.diagnostics import Diagnostic, Severity


def _github_escape(text: str, *, property_value: bool = False) -> str:
    text = text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    if property_value:
        text = text.replace(":", "%3A").replace(",", "%2C")
    return text


def format_github(diagnostic: Diagnostic) -> str:
    command = {"error": "error", "warning": "warning", "info": "notice"}[diagnostic.severity.value]
    path = _github_escape(diagnostic.path or "", property_value=True)
    message = _github_escape(f"{diagnostic.code} {diagnostic.message}")
    return (
        f"::{command} file={path},line={diagnostic.line},col={diagnostic.column},"
        f"title={diagnostic.code}::{message}"
    )


def validate_records(records: Iterable[RecordReport], output_format: str, strict: bool) -> int:
    """Print the report for ``records`` and return the exit code."""
    files: set[str] = set()
    errors = warnings = 0
    games: list[dict[str, object]] = []
    out = sys.stdout
    for record in records:
        files.add(record.path or "")
        errors += record.errors
        warnings += record.warnings
        if output_format == "json":
            games.append(record.summary)
        elif output_format == "github":
            for diagnostic in record.diagnostics:
                if diagnostic.severity is not Severity.INFO:
                    out.write(format_github(diagnostic) + "\n")
        else:
            for diagnostic in record.diagnostics:
                out.write(diagnostic.format_text() + "\n")
    if output_format == "json":
        report = {"games": games, "files": len(files), "errors": errors, "warnings": warnings}
        out.write(json.dumps(report, ensure_ascii=False, indent=1) + "\n")
    else:
        click.echo(
            f"{len(files)} file(s), {errors} error(s), {warnings} warning(s)",
            err=output_format == "github",
        )
    if errors or (strict and warnings):
        return 1
    return 0


@click.command("validate")
@click.argument("paths", nargs=-1, type=click.Path(exists=True, path_type=Path, file_okay=True))
@click.option(
    "--format",
    "output_format",
    type=click.Choice(["text", "json", "github"]),
    default="text",
    show_default=True,
    help="text for people, github for Actions annotations, json for tools.",
)
@click.option("--strict", is_flag=True, help="Warnings fail the run too.")
@click.option(
    "-j",
    "--jobs",
    type=click.IntRange(min=0),
    default=0,
    help="Worker processes (default 0: one per core; 1: no workers).",
)
def validate_command(paths: tuple[Path, ...], output_format: str, strict: bool, jobs: int) -> None:
    """Check every record under PATHS (files or folders; default: ./records)."""
    if not paths:
        default = Path("records")
        if not default.is_dir():
            raise click.UsageError("give record files or folders (no ./records folder here)")
        paths = (default,)

    reports = report_paths(paths, jobs=jobs or default_jobs())
    sys.exit(validate_records(reports, output_format, strict))
