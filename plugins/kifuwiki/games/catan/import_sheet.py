"""``kifuwiki import catan-sheet``: a Catan log-sheet page (HTML) → Catan record files.

The sheet is a table: a turn column, then one column per player whose header names the
player and colour (``青プレイヤー(B)``), cells ``before|dice|after`` (usually
``dice|after``), an optional ``(中略)`` row for omitted turns, and closing 追加点 (bonus)
and 合計 (total) rows. Each table becomes one record in the Catan log-sheet notation::

    1 B: 6 | R
    (中略)
    追加点: Y 1
    合計: B 5, Y 5, R 7, W 11

A cell the importer cannot turn into that notation is kept as an ``[import-review]``
comment with a warning, so nothing on the sheet is lost. The page is read by the
game-neutral :mod:`kifuwiki.importers.article`; :data:`IMPORTER` is what the game offers
through ``GameModule.importers``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import click
from bs4 import Tag

from kifuwiki.core.diagnostics import Severity
from kifuwiki.games.catan.sheet import (
    BONUS,
    OMITTED,
    TOTAL,
    TURN_HEADER,
    Column,
    cell_notation,
    header_columns,
    plain_points,
    points_in,
)
from kifuwiki.importers.article import (
    Line,
    Page,
    article_root,
    clean,
    encoding_issues,
    parse_html,
    source_issues,
    text_lines,
)
from kifuwiki.importers.issues import ImportIssue
from kifuwiki.importers.output import ImportedRecord, comment_lines, slugify
from kifuwiki.importers.run import CommandImporter, ImportRun, progress, run_options
from kifuwiki.importers.text import normalise

GAME_ID = "catan"


@dataclass(slots=True)
class SheetImport:
    page: Page
    records: list[ImportedRecord] = field(default_factory=list)
    issues: list[ImportIssue] = field(default_factory=list)


def _row_cells(row: Tag, notes: list[str]) -> list[Line]:
    """One line per cell (a cell's own line breaks become spaces)."""
    cells: list[Line] = []
    for cell in row.find_all(["th", "td"], recursive=False):
        parts = [line for line in text_lines(cell.get_text(), notes) if line.text]
        text = " ".join(line.text for line in parts)
        cells.append(Line(text, tuple(note for line in parts for note in line.notes)))
        span = cell.get("colspan")
        for _ in range(int(span) - 1 if isinstance(span, str) and span.isdigit() else 0):
            cells.append(Line(""))
    return cells


def _columns(header: list[Line]) -> list[Column | None] | None:
    """The player columns of a header row, or ``None`` if the row is not a sheet header."""
    return header_columns([cell.text for cell in header])


def _closing(
    record: ImportedRecord, label: str, columns: list[Column | None], cells: list[Line]
) -> None:
    entries: list[str] = []
    for column, cell in zip(columns, cells, strict=False):
        if column is None or not cell.text:
            continue
        points = points_in(cell.text)
        if points is None:
            record.review(
                f"{label} {column.letter}: {cell.text}",
                "IM012",
                f"{label} of {column.letter}: '{cell.text}' is not a number of points",
                f"{column.letter} の{label}「{cell.text}」は点数ではありません",
            )
            continue
        entries.append(f"{column.letter} {points}")
        if not plain_points(cell.text):
            # Keep what the sheet said beside the number (カード1点 = a VP card).
            record.body.extend(comment_lines(f"{label} {column.letter}: {cell.text}"))
    if entries:
        record.add(f"{label}: {', '.join(entries)}")


def _sheet_record(
    page: Page,
    table: Tag,
    columns: list[Column | None],
    rows: list[list[Line]],
    slug: str,
    number: int | None,
    license_name: str | None,
) -> ImportedRecord:
    players = [column for column in columns if column is not None]
    meta: dict[str, object] = {
        "game": GAME_ID,
        "title": page.title,
    }
    if page.url:
        meta["source"] = page.url
    if page.revision is not None:
        meta["revision"] = page.revision
    meta["players"] = {column.letter: column.name for column in players}
    meta["order"] = " ".join(column.letter for column in players)
    caption = table.find("caption")
    if isinstance(caption, Tag) and normalise(caption.get_text(" ")):
        meta["title"] = f"{page.title} {normalise(caption.get_text(' '))}"
    elif number is not None:
        meta["title"] = f"{page.title} ({number})"
    if license_name:
        meta["license"] = license_name
    record = ImportedRecord(GAME_ID, slug, meta, page.url or page.title)
    for cells in rows:
        if not any(cell.text for cell in cells):
            continue
        first, rest = cells[0], cells[1:]
        if first.text.isdigit():
            for column, cell in zip(columns, rest, strict=False):
                if column is not None and cell.text:
                    record.add(f"{int(first.text)} {column.letter}: {cell_notation(cell.text)}")
                    for note in cell.notes:
                        record.body.extend(comment_lines(f"[注] {note}"))
                elif cell.text:
                    record.review(
                        cell.text,
                        "IM012",
                        f"'{cell.text}' is in a column of no player",
                        f"「{cell.text}」はどのプレイヤーの列でもありません",
                    )
        elif OMITTED.match(first.text) and not any(cell.text for cell in rest):
            record.add("(中略)")
        elif BONUS.match(first.text):
            _closing(record, "追加点", columns, rest)
        elif TOTAL.match(first.text):
            _closing(record, "合計", columns, rest)
        else:
            text = " | ".join(cell.text for cell in cells if cell.text)
            record.review(
                text,
                "IM012",
                f"the row '{text}' is not a turn, (中略) or closing row",
                f"行「{text}」は手番・(中略)・締めの行のどれでもありません",
            )
    return record


def import_sheet(page: Page, license_name: str | None = None) -> SheetImport:
    """Every log-sheet table on the page, one record each."""
    result = SheetImport(page, issues=[*encoding_issues(page), *source_issues(page)])
    root, _ = article_root(parse_html(page.html))
    notes = clean(root)
    sheets: list[tuple[Tag, list[Column | None], list[list[Line]]]] = []
    for table in root.find_all("table"):
        rows = [
            _row_cells(row, notes)
            for row in table.find_all("tr")
            if row.find_parent("table") is table
        ]
        rows = [row for row in rows if row]
        if not rows:
            continue
        columns = _columns(rows[0])
        if columns is None:
            if rows[0] and TURN_HEADER.match(rows[0][0].text):
                result.issues.append(
                    ImportIssue(
                        Severity.WARNING,
                        "IM031",
                        "a table starts with a turn column but no header names a player "
                        "like 青プレイヤー(B); skipped",
                        page.url or page.title,
                        message_ja="ターンの列で始まる表に、青プレイヤー(B) のようにプレイヤーを"
                        "示す見出しがありません。読み飛ばしました",
                    )
                )
            continue
        sheets.append((table, columns, rows[1:]))
    if not sheets:
        result.issues.append(
            ImportIssue(
                Severity.WARNING,
                "IM030",
                "no log-sheet table (ターン column + one column per player) on this page",
                page.url or page.title,
                message_ja="このページにログシートの表（ターンの列とプレイヤーごとの列）がありません",
            )
        )
        return result
    slug = slugify(page.title)
    for number, (table, columns, rows) in enumerate(sheets, start=1):
        name = f"{slug}-{number}" if len(sheets) > 1 else slug
        several = number if len(sheets) > 1 else None
        result.records.append(
            _sheet_record(page, table, columns, rows, name, several, license_name)
        )
    return result


HELP = "Import Catan log-sheet pages (.html): one record per log-sheet table."


def command() -> click.Command:
    """``kifuwiki import catan-sheet PAGES… [--source URL] [--license NAME]``."""
    from kifuwiki.importers.mediawiki import FetchError, read_saved_page

    @click.command("catan-sheet", help=HELP)
    @click.argument(
        "pages",
        nargs=-1,
        required=True,
        type=click.Path(exists=True, dir_okay=False, path_type=Path),
    )
    @click.option("--source", "source_url", help="The page's URL, kept as 'source' in the record.")
    @click.option("--license", "license_name", help="The page's licence, kept as 'license'.")
    @run_options
    def catan_sheet_command(
        pages: tuple[Path, ...],
        source_url: str | None,
        license_name: str | None,
        records_dir: Path,
        force: bool,
        dry_run: bool,
    ) -> None:
        run = ImportRun(records_dir, force, dry_run)
        for path in progress(list(pages), "pages"):
            try:
                page = read_saved_page(path)
            except FetchError as error:
                run.fail(path.as_posix(), error)
                continue
            if source_url:
                page = Page(page.title, source_url, page.revision, page.html)
            imported = import_sheet(page, license_name)
            run.page_done(imported.records, imported.issues, path.as_posix())
        run.exit()

    return catan_sheet_command


IMPORTER = CommandImporter("catan-sheet", HELP, command)
"""What the game offers (``GameModule.importers``)."""
