"""One ``kifuwiki import <name>`` run, shared by every importer a game offers.

Problems are printed one line each (page, record file and line) on standard error as
they happen, the other sources go on, and a summary ends the run. Exit status 1 when
something could not be imported or written, else 0. Nothing here knows a game: a game's
importer (``GameModule.importers``, see ``games/base.py``) is either a file importer,
for which :func:`importer_command` builds the command, or brings its own click command
built from these pieces (:func:`run_options`, :class:`ImportRun`, :func:`progress`).
"""

from __future__ import annotations

import datetime as dt
import math
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

import click

from kifuwiki.core.diagnostics import Severity
from kifuwiki.core.language import locale_language
from kifuwiki.importers.issues import ImportIssue
from kifuwiki.importers.output import ImportedRecord, WriteStatus, unique_slugs, write_record

if TYPE_CHECKING:
    from kifuwiki.importers.mediawiki import FetchError

F = TypeVar("F", bound=Callable[..., Any])
T = TypeVar("T")


class Imported(Protocol):
    """What an importer gives for one source (a file, a page): records and problems."""

    @property
    def records(self) -> list[ImportedRecord]: ...
    @property
    def issues(self) -> list[ImportIssue]: ...


@dataclass(frozen=True, slots=True)
class FileImporter:
    """An importer of files: ``kifuwiki import <name> PATHS…`` reads every ``.json`` file
    of PATHS (files or folders) with ``read(path, **values)``; ``options`` are click
    options of its own, whose values ``read`` gets by their parameter names. (Any object
    with these attributes will do; ``options`` and ``label`` may be left out.)"""

    name: str
    help: str
    unit: str
    """What one file is called in the summary (``match file``)."""
    read: Callable[..., Imported]
    options: tuple[click.Parameter, ...] = ()
    label: str | None = None
    """The progress bar's label (``<unit>s`` when ``None``)."""


@dataclass(frozen=True, slots=True)
class CommandImporter:
    """An importer that makes its own command: ``command()`` → the click command named
    ``name``, made when ``kifuwiki import`` runs (build it with :func:`run_options`,
    :class:`ImportRun` and :func:`progress`, or :func:`files_command`, or
    :func:`kifuwiki.importers.wiki.wiki_command`)."""

    name: str
    help: str
    command: Callable[[], click.Command]


#: The write results the summary counts, in its order.
_WRITTEN = (WriteStatus.NEW, WriteStatus.UPDATED, WriteStatus.UNCHANGED)


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
    lang: str = field(default_factory=lambda: chosen_language())
    """The messages' language: ``--lang`` of :func:`run_options`, else the locale's."""

    def report(self, issue: ImportIssue, source: str | None = None) -> None:
        if issue.severity is Severity.ERROR:
            self.errors += 1
        elif issue.severity is Severity.WARNING:
            self.warnings += 1
        click.echo(issue.format_text(self.lang, source), err=True)

    def page_done(
        self,
        records: list[ImportedRecord],
        issues: Iterable[ImportIssue],
        source: str | None = None,
    ) -> None:
        """One source imported; ``source``: what the user named it by (a saved page's
        file), said beside the page's own name in each message when they differ."""
        self.pages += 1
        for issue in issues:
            self.report(issue, source)
        if not records:
            self.skipped += 1
        self.write(records, source)

    def write(self, records: list[ImportedRecord], source: str | None = None) -> None:
        unique_slugs(records, self.taken)
        for record in records:
            self.games += 1
            for issue in record.issues():
                self.report(issue, source)
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
        counts = [self.statuses.get(status, 0) for status in _WRITTEN]
        kept = self.statuses.get(WriteStatus.KEPT, 0)
        if self.lang == "ja":
            new, updated, unchanged = counts
            verb = "書き込む予定: " if self.dry_run else ""
            # Every unit but a page is a file (FileImporter reads .json files).
            unit = "ページ" if self.unit == "page" else "ファイル"
            click.echo(
                f"{unit} {self.pages} 件、棋譜 {self.games} 局 ({verb}新規 {new}・"
                f"更新 {updated}・変更なし {unchanged}、保持 {kept})、断片 {self.fragments}、"
                f"警告 {self.warnings} 件、読み飛ばし {self.skipped}、エラー {self.errors} 件",
                err=True,
            )
            return
        written = ", ".join(
            f"{count} {status.value}" for count, status in zip(counts, _WRITTEN, strict=True)
        )
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


#: Where ``--lang`` leaves its value for :class:`ImportRun` (the option is not passed to
#: the command: importers written before it have no parameter for it).
_LANG_KEY = "kifuwiki.import.lang"


def chosen_language() -> str:
    """``--lang`` of the running ``kifuwiki import`` command, else the locale's language
    (``ja`` in a Japanese locale), as ``kifuwiki validate`` chooses."""
    context = click.get_current_context(silent=True)
    chosen = context.meta.get(_LANG_KEY) if context is not None else None
    return chosen if chosen in ("ja", "en") else locale_language()


def _keep_language(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
    if value is not None:
        ctx.meta[_LANG_KEY] = value


def run_options(function: F) -> F:
    """The options every ``kifuwiki import`` command has: ``--records``, ``--force`` and
    ``--dry-run`` (passed as ``records_dir``, ``force``, ``dry_run``), and ``--lang``
    (not passed: :class:`ImportRun` reads it, see :func:`chosen_language`)."""
    function = click.option(
        "--lang",
        type=click.Choice(["ja", "en"]),
        default=None,
        expose_value=False,
        callback=_keep_language,
        help="Language of the messages (default: ja in a Japanese locale, else en).",
    )(function)
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


def progress(items: list[T], label: str) -> Iterator[T]:
    """A progress bar on a terminal; plain iteration in CI logs and pipes."""
    if sys.stderr.isatty() and len(items) > 1:
        with click.progressbar(items, label=label, file=sys.stderr) as bar:
            yield from bar
    else:
        yield from items


def seconds(ctx: click.Context, param: click.Parameter, value: float) -> float:
    """An option's callback for a number of seconds: ``nan`` and ``inf`` pass
    :class:`click.FloatRange` (every comparison with ``nan`` is false), yet no request
    can wait for them."""
    if not math.isfinite(value):
        raise click.BadParameter(f"{value} is not a number of seconds")
    return value


def json_files(paths: list[Path]) -> Iterator[Path]:
    """The ``.json`` files among ``paths`` (folders are searched, in name order)."""
    for path in paths:
        if path.is_dir():
            yield from sorted(p for p in path.rglob("*.json") if p.is_file())
        else:
            yield path


def files_command(
    name: str,
    help: str,
    unit: str,
    read: Callable[..., Imported],
    options: Sequence[click.Parameter] = (),
    label: str | None = None,
) -> click.Command:
    """``kifuwiki import <name> PATHS…``: every ``.json`` file of ``PATHS`` (files or
    folders) through ``read(path, **values)``, where ``values`` are those of the
    importer's own ``options`` (click options, by their parameter names) and the shared
    :func:`run_options`. ``unit`` names one file in the summary; ``label`` is the
    progress bar's (``<unit>s`` unless given)."""

    @click.argument("paths", nargs=-1, required=True, type=click.Path(exists=True, path_type=Path))
    @run_options
    def command(
        paths: tuple[Path, ...], records_dir: Path, force: bool, dry_run: bool, **values: Any
    ) -> None:
        run = ImportRun(records_dir, force, dry_run, unit=unit)
        for path in progress(list(json_files(list(paths))), label or f"{unit}s"):
            imported = read(path, **values)
            run.page_done(imported.records, imported.issues, path.as_posix())
        run.exit()

    built = click.command(name, help=help)(command)
    # The importer's own options come after PATHS and before the shared ones, where a
    # hand-written command would put them (``--help`` lists them in that order).
    built.params[1:1] = list(options)
    return built


def importer_command(importer: Any) -> click.Command:
    """The ``kifuwiki import`` subcommand of one importer a game offers (see "Importers"
    in ``games/base.py``): its own ``command()`` when it has one, else a
    :func:`files_command` over its ``name``, ``help``, ``unit``, ``read`` and optional
    ``options``."""
    make = getattr(importer, "command", None)
    if callable(make):
        command = make()
        if not isinstance(command, click.Command) or command.name != importer.name:
            raise TypeError(f"importer {importer.name!r}: command() gave {command!r}")
        return command
    options = tuple(getattr(importer, "options", None) or ())
    label = getattr(importer, "label", None)
    return files_command(importer.name, importer.help, importer.unit, importer.read, options, label)
