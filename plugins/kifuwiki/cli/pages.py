"""``kifuwiki pages``: write the archive's pages into a docs folder (Zensical and others).

A thin loop over :func:`kifuwiki.sitebuild.export.export_pages`. Settings come from the
``kifuwiki`` entry of ``plugins:`` in ``mkdocs.yml`` when there is one (the same
options as the MkDocs plugin), and options on the command line win.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click
import yaml

from kifuwiki.render.labels import normalise_language


class _ConfigLoader(yaml.SafeLoader):
    """A YAML loader for ``mkdocs.yml`` that reads tags it does not know
    (``!!python/name:…``, ``!ENV``) as nothing instead of failing or running code."""


def _ignore_tag(loader: yaml.SafeLoader, suffix: str, node: yaml.Node) -> None:
    return None


_ConfigLoader.add_multi_constructor("!", _ignore_tag)
_ConfigLoader.add_multi_constructor("tag:yaml.org,2002:python/", _ignore_tag)


def read_site_config(path: Path) -> tuple[dict[str, Any], dict[str, Any]]:
    """(the whole config, the kifuwiki plugin's options) of a ``mkdocs.yml``."""
    try:
        config = yaml.load(path.read_text(encoding="utf-8"), Loader=_ConfigLoader)  # noqa: S506 - a SafeLoader
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as exc:
        raise click.UsageError(f"cannot read {path}: {exc}") from None
    if not isinstance(config, dict):
        raise click.UsageError(f"{path} is not a mapping of settings")
    options: dict[str, Any] = {}
    plugins = config.get("plugins") or []
    for entry in plugins if isinstance(plugins, list) else [plugins]:
        if isinstance(entry, dict) and isinstance(entry.get("kifuwiki"), dict):
            options = entry["kifuwiki"]
    return config, options


def _jobs_option(value: object) -> int:
    if value is None:
        return 0
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return value
    raise click.UsageError(f"kifuwiki's jobs option must be a whole number ≥ 0, not {value!r}")


def text_setting(settings: dict[str, Any], key: str, where: str) -> str | None:
    """A setting that must be text (a folder, a URL): a list or a number is said, as the
    MkDocs plugin's schema says it, not made into a folder called ``['x']``."""
    value = settings.get(key)
    if value is None:
        return None
    if not isinstance(value, str):
        raise click.UsageError(f"{where}{key} must be text, not {value!r}")
    return value


def _theme_language(config: dict[str, Any]) -> str | None:
    theme = config.get("theme")
    if isinstance(theme, dict):
        value = theme.get("language") or theme.get("locale")
        return str(value) if value else None
    return None


@click.command("pages")
@click.option(
    "-f",
    "--config-file",
    type=click.Path(dir_okay=False, path_type=Path),
    default=Path("mkdocs.yml"),
    show_default=True,
    help="Site config to take docs_dir and the kifuwiki options from (optional).",
)
@click.option(
    "--docs-dir", type=click.Path(file_okay=False, path_type=Path), help="Write pages here."
)
@click.option(
    "--records",
    "records_dir",
    type=click.Path(file_okay=False, path_type=Path),
    help="Records folder (default: the plugin's records_dir, else records/).",
)
@click.option("--url", help="Folder of the archive's pages in the site (default records/).")
@click.option("--lang", type=click.Choice(["ja", "en"]), help="Language of the pages.")
@click.option("-j", "--jobs", type=click.IntRange(min=0), help="Worker processes (0: all cores).")
@click.option(
    "--links",
    type=click.Choice(["source", "page"]),
    default="source",
    show_default=True,
    help="source: links relative to each page's Markdown file (Zensical); page: to its URL.",
)
def pages_command(
    config_file: Path,
    docs_dir: Path | None,
    records_dir: Path | None,
    url: str | None,
    lang: str | None,
    jobs: int | None,
    links: str,
) -> None:
    """Write every archive page and the viewer's assets into the docs folder.

    Only changed files are written; pages of deleted records are removed; files you
    wrote yourself are never overwritten.
    """
    # Here, not at the top: every kifuwiki command imports this module, and only this
    # one needs the site build (Jinja, the templates, the renderers).
    from kifuwiki.core.diagnostics import Severity
    from kifuwiki.sitebuild.export import export_pages
    from kifuwiki.sitebuild.game_indexes import nav_pages
    from kifuwiki.sitebuild.site import BuildSettings, SiteBuild, site_rules, site_rules_warnings

    config: dict[str, Any] = {}
    options: dict[str, Any] = {}
    source = click.get_current_context().get_parameter_source("config_file")
    if config_file.is_file():
        config, options = read_site_config(config_file)
    elif source is not click.core.ParameterSource.DEFAULT:
        # Only the default mkdocs.yml is optional: a config named and not there is a typo.
        raise click.UsageError(f"no config file at {config_file}")
    base = config_file.resolve().parent if config_file.is_file() else Path.cwd()
    docs = docs_dir or base / (text_setting(config, "docs_dir", "") or "docs")
    records = records_dir or base / (
        text_setting(options, "records_dir", "kifuwiki's ") or "records"
    )
    custom = text_setting(options, "custom_templates", "kifuwiki's ")
    if custom and not (base / custom).is_dir():
        raise click.UsageError(f"kifuwiki's custom_templates: no folder at {base / custom}")
    option_language = options.get("language")
    if option_language is not None and option_language not in ("ja", "en"):
        raise click.UsageError(f"kifuwiki's language must be ja or en, not {option_language!r}")
    language = lang or option_language or _theme_language(config)
    settings = BuildSettings(
        records_dir=records.resolve(),
        base=base,
        url=url or text_setting(options, "url", "kifuwiki's ") or "records/",
        lang=normalise_language(str(language) if language else None),
        rules=site_rules(options.get("rules")),
        custom_templates=base / str(custom) if custom else None,
        jobs=jobs if jobs is not None else _jobs_option(options.get("jobs")),
        hide_results=options.get("hide_results") is True,
        nav_pages=nav_pages(config.get("nav")),
    )
    if not settings.records_dir.is_dir():
        raise click.UsageError(f"no records folder at {settings.records_dir}")
    for message in site_rules_warnings(options.get("rules")):
        click.echo(f"warning: {message}", err=True)
    build = SiteBuild()
    build.configure(settings)
    result = export_pages(build, docs, source_relative_links=links == "source")
    for uri in result.kept:
        click.echo(f"{docs / uri} exists and was not written by kifuwiki: left alone", err=True)
    click.echo(
        f"{docs}: {len(result.written)} written, {result.unchanged} unchanged, "
        f"{len(result.removed)} removed"
    )
    for diagnostic in build.late_diagnostics:
        click.echo(diagnostic.format_text(), err=True)
    late = [d for d in build.late_diagnostics if d.severity is Severity.ERROR]
    errors = sum(record.errors for record in build.records) + len(late)
    if errors:
        click.echo(f"{errors} record error(s): run kifuwiki validate for the details", err=True)
