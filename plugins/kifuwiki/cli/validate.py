"""``kifuwiki validate``: check records, print diagnostics for people, CI or tools.

The click command; what it runs is in :mod:`kifuwiki.cli.report` (shared with the
click-free fast path, :mod:`kifuwiki.cli.fast`)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click

from kifuwiki.cli.report import (
    BATCH_GC_THRESHOLD,
    JsonReportWriter,
    batch_collector,
    format_github,
    format_text,
    json_summary,
    run_validate,
    validate_records,
)
from kifuwiki.core.language import locale_language
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
@click.option(
    "-f",
    "--config-file",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Site config whose kifuwiki options the records are checked with, as the site "
    "build checks them: its rules for records that name none, its records_dir as the "
    "default PATH (default: ./mkdocs.yml when there is one).",
)
@click.option(
    "--no-config", is_flag=True, help="Ignore ./mkdocs.yml: each record's own rules only."
)
def validate_command(
    paths: tuple[Path, ...],
    output_format: str,
    strict: bool,
    jobs: int,
    lang: str | None,
    shard: Shard | None,
    config_file: Path | None,
    no_config: bool,
) -> None:
    """Check every record under PATHS (files or folders; default: ./records)."""
    if config_file is not None and no_config:
        raise click.UsageError("--config-file and --no-config cannot go together")
    rules, records_dir = _site_options(config_file, no_config)
    if not paths:
        default = records_dir or Path("records")
        if not default.is_dir():
            raise click.UsageError(f"give record files or folders (no {default} folder here)")
        paths = (default,)
    code = run_validate(paths, output_format, strict, jobs, lang, shard, click.echo, rules)
    sys.exit(code)


def _site_options(
    config_file: Path | None, no_config: bool
) -> tuple[dict[str, Any] | None, Path | None]:
    """The site's rules and records folder from its ``mkdocs.yml`` (the kifuwiki
    plugin's options), so CI checks records as the site build does; its problems with
    its ``rules`` on stderr, once."""
    path = config_file or Path("mkdocs.yml")
    if no_config or not path.is_file():
        if config_file is not None:
            raise click.UsageError(f"no config file at {config_file}")
        return None, None
    from kifuwiki.cli.pages import read_site_config, text_setting
    from kifuwiki.sitebuild.site import site_rules, site_rules_warnings

    _, options = read_site_config(path)
    for message in site_rules_warnings(options.get("rules")):
        click.echo(f"warning: {path}: {message}", err=True)
    # As `kifuwiki pages` reads it: a records_dir that is not text is a usage error.
    folder = text_setting(options, "records_dir", "kifuwiki's ")
    return site_rules(options.get("rules")), path.parent / folder if folder else None
