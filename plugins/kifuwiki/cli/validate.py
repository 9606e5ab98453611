"""``kifuwiki validate``: check records, print diagnostics for people, CI or tools.

The click command; what it runs is in :mod:`kifuwiki.cli.report` (shared with the
click-free fast path, :mod:`kifuwiki.cli.fast`)."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from kifuwiki.cli.report import (
    BATCH_GC_THRESHOLD,
    JsonReportWriter,
    batch_collector,
    format_github,
    format_text,
    json_summary,
    locale_language,
    run_validate,
    validate_records,
)
from kifuwiki.sitebuild.shards import Shard

__all__ = [
    "BATCH_GC_THRESHOLD",
    "JsonReportWriter",
    "batch_collector",
    "format_github",
    "format_text",
    "json_summary",
    "locale_language",
    "validate_command",
    "validate_records",
]


def _shard(ctx: click.Context, param: click.Parameter, value: str | None) -> Shard | None:
    if value is None:
        return None
    try:
        return Shard.parse(value)
    except ValueError as exc:
        raise click.BadParameter(str(exc)) from None


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
    help="Processes checking records: validate itself and N-1 workers (default 0: one "
    "per core; 1: no workers). Never more than the files or the cores.",
)
@click.option(
    "--lang",
    type=click.Choice(["ja", "en"]),
    default=None,
    help="Language of the messages (default: ja in a Japanese locale, else en). "
    "JSON always carries both.",
)
@click.option(
    "--shard",
    metavar="K/N",
    callback=_shard,
    default=None,
    help="Check only shard K of N (1 ≤ K ≤ N), chosen by each file's path: "
    "the N shards of a CI matrix together check every file once.",
)
def validate_command(
    paths: tuple[Path, ...],
    output_format: str,
    strict: bool,
    jobs: int,
    lang: str | None,
    shard: Shard | None,
) -> None:
    """Check every record under PATHS (files or folders; default: ./records)."""
    if not paths:
        default = Path("records")
        if not default.is_dir():
            raise click.UsageError("give record files or folders (no ./records folder here)")
        paths = (default,)
    sys.exit(run_validate(paths, output_format, strict, jobs, lang, shard, echo=click.echo))
