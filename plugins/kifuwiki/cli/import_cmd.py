"""``kifuwiki import``: Fandom pages, Catan log sheets and the primeqk 数譜 database → records.

Every subcommand shares one run: problems are printed one line each (page, record file
and line) on standard error as they happen, the other pages go on, and a summary ends
the run. Exit status 1 when something could not be imported or written, else 0.
"""

from __future__ import annotations

import datetime as dt
import math
import sys
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

import click

from kifuwiki.core.diagnostics import Severity
from kifuwiki.games import game_ids, get_game
from kifuwiki.importers.catan_sheet import import_sheet
from kifuwiki.importers.fandom import Page, import_page
from kifuwiki.importers.issues import ImportIssue
from kifuwiki.importers.mediawiki import (
    FetchError,
    MediaWikiClient,
    read_saved_page,
    split_page_url,
)
from kifuwiki.importers.output import ImportedRecord, WriteStatus, unique_slugs, write_record
from kifuwiki.importers.primeqk import DEFAULT_SOURCE_BASE, import_match, match_files

_PAGE_SUFFIXES = (".html", ".htm", ".json")
F = TypeVar("F", bound=Callable[..., Any])
T = TypeVar("T")


@dataclass(slots=True)
class ImportRun:
    """Counts and output of one ``kifuwiki import`` run."""

    root: Path
    force: bool
    dry_run: bool
    unit: str = "page"
    """What one source is called in the summary."""
    today: dt.date = field(default_factory=dt.date.today)
    pages: int = 0
    games: int = 0
    fragments: int = 0
    skipped: int = 0
    warnings: int = 0
    errors: int = 0
    statuses: dict[WriteStatus, int] = field(default_factory=dict)
    taken: set[str] = field(default_factory=set)

    def report(self, issue: ImportIssue) -> None:
        if issue.severity is Severity.ERROR:
            self.errors += 1
        elif issue.severity is Severity.WARNING:
            self.warnings += 1
        click.echo(issue.format_text(), err=True)

    def page_done(self, records: list[ImportedRecord], issues: Iterable[ImportIssue]) -> None:
        self.pages += 1
        for issue in issues:
            self.report(issue)
        if not records:
            self.skipped += 1
        self.write(records)

    def write(self, records: list[ImportedRecord]) -> None:
        unique_slugs(records, self.taken)
        for record in records:
            self.games += 1
            for issue in record.issues():
                self.report(issue)
            result = write_record(
                record, self.root, today=self.today, force=self.force, dry_run=self.dry_run
            )
            self.statuses[result.status] = self.statuses.get(result.status, 0) + 1
            if result.issue is not None:
                self.report(result.issue)
            if result.status is WriteStatus.KEPT:
                self.skipped += 1
            elif self.dry_run and result.status in (WriteStatus.NEW, WriteStatus.UPDATED):
                click.echo(f"=== would write {result.path} ({result.status.value})")
                click.echo(result.text, nl=False)
            elif result.written:
                click.echo(f"{result.status.value}: {result.path}", err=True)

    def fail(self, label: str, error: FetchError) -> None:
        self.pages += 1
        self.skipped += 1
        self.report(
            ImportIssue(
                Severity.ERROR, error.code, error.message, label, message_ja=error.message_ja
            )
        )

    def summary(self) -> None:
        written = ", ".join(
            f"{self.statuses.get(status, 0)} {status.value}"
            for status in (WriteStatus.NEW, WriteStatus.UPDATED, WriteStatus.UNCHANGED)
        )
        kept = self.statuses.get(WriteStatus.KEPT, 0)
        verb = "would be " if self.dry_run else ""
        click.echo(
            f"{self.pages} {self.unit}(s), {self.games} game(s) ({verb}{written}, {kept} kept), "
            f"{self.fragments} fragment(s), {self.warnings} warning(s), "
            f"{self.skipped} skipped, {self.errors} error(s)",
            err=True,
        )

    def exit(self) -> None:
        self.summary()
        sys.exit(1 if self.errors else 0)


def _common(function: F) -> F:
    function = click.option(
        "--records",
        "records_dir",
        type=click.Path(file_okay=False, path_type=Path),
        default=Path("records"),
        show_default=True,
        help="Records folder; files go to <records>/<game>/<slug>.kifu.",
    )(function)
    function = click.option(
        "--force", is_flag=True, help="Overwrite existing records that differ from the import."
    )(function)
    return click.option(
        "--dry-run", is_flag=True, help="Print what would be written; write nothing."
    )(function)


def _progress(items: list[T], label: str) -> Iterator[T]:
    """A progress bar on a terminal; plain iteration in CI logs and pipes."""
    if sys.stderr.isatty() and len(items) > 1:
        with click.progressbar(items, label=label, file=sys.stderr) as bar:
            yield from bar
    else:
        yield from items


@click.group("import")
def import_group() -> None:
    """Import records from Fandom pages, Catan log sheets and the primeqk database."""


def _finite(ctx: click.Context, param: click.Parameter, value: float) -> float:
    """A number of seconds: ``nan`` and ``inf`` pass :class:`click.FloatRange` (every
    comparison with ``nan`` is false), yet no request can wait for them."""
    if not math.isfinite(value):
        raise click.BadParameter(f"{value} is not a number of seconds")
    return value


def _api_url(wiki: str) -> str:
    wiki = wiki.rstrip("/")
    return wiki if wiki.endswith("api.php") else f"{wiki}/api.php"


@import_group.command("fandom")
@click.argument("sources", nargs=-1)
@click.option("--wiki", help="Wiki base URL (e.g. https://x.fandom.com/ja) for titles and -c.")
@click.option("--category", "-c", multiple=True, help="Import every page of this category.")
@click.option(
    "--delay",
    type=click.FloatRange(min=0),
    callback=_finite,
    default=1.0,
    show_default=True,
    help="Seconds between requests.",
)
@click.option(
    "--timeout",
    type=click.FloatRange(min=0, min_open=True),
    callback=_finite,
    default=20.0,
    show_default=True,
    help="Seconds per request.",
)
@click.option(
    "--retries",
    type=click.IntRange(min=0),
    default=3,
    show_default=True,
    help="Retries on 429/5xx/timeout.",
)
@click.option(
    "--backoff",
    type=click.FloatRange(min=0),
    callback=_finite,
    default=1.0,
    show_default=True,
    help="Seconds before the first retry.",
)
@_common
def fandom_command(
    sources: tuple[str, ...],
    wiki: str | None,
    category: tuple[str, ...],
    delay: float,
    timeout: float,
    retries: int,
    backoff: float,
    records_dir: Path,
    force: bool,
    dry_run: bool,
) -> None:
    """Import Fandom wiki pages: page URLs, titles (with --wiki), saved .html/.json pages or
    folders of them, or whole categories."""
    if not sources and not category:
        raise click.UsageError("give pages (URLs, titles, files or folders) or --category")
    if category and not wiki:
        raise click.UsageError("--category needs --wiki (the wiki's base URL)")
    clients: dict[str, MediaWikiClient] = {}

    def client(api_url: str) -> MediaWikiClient:
        if api_url not in clients:
            clients[api_url] = MediaWikiClient(
                api_url, timeout=timeout, retries=retries, backoff=backoff, delay=delay
            )
        return clients[api_url]

    run = ImportRun(records_dir, force, dry_run)
    jobs: list[tuple[str, Callable[[], Page]]] = []
    for source in sources:
        path = Path(source)
        if path.is_dir():
            for file in sorted(p for p in path.rglob("*") if p.suffix.lower() in _PAGE_SUFFIXES):
                jobs.append((file.as_posix(), partial(read_saved_page, file)))
        elif path.is_file():
            jobs.append((source, partial(read_saved_page, path)))
        elif source.startswith(("http://", "https://")):
            try:
                api_url, title = split_page_url(source)
            except FetchError as error:
                run.fail(source, error)
                continue
            jobs.append((source, partial(client(api_url).parse_page, title)))
        elif wiki:
            api_url = _api_url(wiki)
            jobs.append((source, partial(client(api_url).parse_page, source)))
        else:
            raise click.UsageError(f"'{source}' is no file or folder; give --wiki for page titles")
    for name in category:
        api_url = _api_url(wiki or "")
        try:
            titles = list(client(api_url).category_members(name))
        except FetchError as error:
            run.fail(f"category {name}", error)
            continue
        for title in titles:
            jobs.append((title, partial(client(api_url).parse_page, title)))

    for label, fetch in _progress(jobs, "pages"):
        try:
            page = fetch()
        except FetchError as error:
            run.fail(label, error)
            continue
        imported = import_page(page)
        run.fragments += imported.fragments
        run.page_done(imported.records, imported.issues)
    run.exit()


@import_group.command("catan-sheet")
@click.argument(
    "pages", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False, path_type=Path)
)
@click.option("--source", "source_url", help="The page's URL, kept as 'source' in the record.")
@click.option("--license", "license_name", help="The page's licence, kept as 'license'.")
@_common
def catan_sheet_command(
    pages: tuple[Path, ...],
    source_url: str | None,
    license_name: str | None,
    records_dir: Path,
    force: bool,
    dry_run: bool,
) -> None:
    """Import Catan log-sheet pages (.html): one record per log-sheet table."""
    run = ImportRun(records_dir, force, dry_run)
    for path in _progress(list(pages), "pages"):
        try:
            page = read_saved_page(path)
        except FetchError as error:
            run.fail(path.as_posix(), error)
            continue
        if source_url:
            page = Page(page.title, source_url, page.revision, page.html)
        imported = import_sheet(page, license_name)
        run.page_done(imported.records, imported.issues)
    run.exit()


@import_group.command("primeqk")
@click.argument("paths", nargs=-1, required=True, type=click.Path(exists=True, path_type=Path))
@click.option(
    "--source-base",
    default=DEFAULT_SOURCE_BASE,
    show_default=True,
    help="URL the match files are published under (pin a commit for stable links).",
)
@_common
def primeqk_command(
    paths: tuple[Path, ...], source_base: str, records_dir: Path, force: bool, dry_run: bool
) -> None:
    """Import primeqk 数譜 database match files (data/match-details/*.json) or folders."""
    run = ImportRun(records_dir, force, dry_run, unit="match file")
    for path in _progress(list(match_files(list(paths))), "matches"):
        imported = import_match(path, source_base)
        run.page_done(imported.records, imported.issues)
    run.exit()


def _game_importer(importer: Any) -> click.Command:
    """A subcommand for an importer a game offers (``GameModule.importers``): an object with
    ``name``, ``help``, ``unit`` and ``read(path)`` → ``.records`` and ``.issues``."""

    @click.argument("paths", nargs=-1, required=True, type=click.Path(exists=True, path_type=Path))
    @_common
    def command(paths: tuple[Path, ...], records_dir: Path, force: bool, dry_run: bool) -> None:
        run = ImportRun(records_dir, force, dry_run, unit=importer.unit)
        for path in _progress(list(match_files(list(paths))), f"{importer.unit}s"):
            imported = importer.read(path)
            run.page_done(imported.records, imported.issues)
        run.exit()

    return click.command(importer.name, help=importer.help)(command)


for _game_id in game_ids():
    try:
        _importers = getattr(get_game(_game_id), "importers", ())
    except (ImportError, AttributeError):  # a game package that is not installed
        continue
    for _importer in _importers:
        import_group.add_command(_game_importer(_importer))
