"""The table layout of a log sheet in a record file (the seed's own example)::

    ターン | 青プレイヤー(B) | 黄プレイヤー(Y) | 赤プレイヤー(R) | 白プレイヤー(W)
    ---|---|---|---|---
    1 | 6|R | 7-T8(R)| | 6| | 7-T5(Y)|R
    (中略) | | | |
    11 | 7-S5(W)| | 2|S | 5|S | [R]-G8(B)|8|R R+
    追加点 | | カード1点 | |
    合計 | 5点 | 5点 | 7点 | 11点

The header row names the seat order; each turn row holds one cell per player, read
exactly as a line ``1 B: 6 | R`` would be, so a table gets the same checks. How a row is
split into cells is :func:`.sheet.split_row`'s business.
"""

from __future__ import annotations

from dataclasses import dataclass

from kifuwiki.cardkit import unread
from kifuwiki.core.diagnostics import DiagnosticBag
from kifuwiki.core.recordfile import LineKind, RecordSource, SourceLine
from kifuwiki.games.catan.body import Body, TurnText
from kifuwiki.games.catan.model import Closing, ClosingKind, Omission, Unreadable
from kifuwiki.games.catan.sheet import (
    BONUS,
    OMITTED,
    TOTAL,
    Cell,
    Column,
    header_columns,
    is_empty_cell,
    is_separator_row,
    points_in,
    split_row,
)


@dataclass(frozen=True, slots=True)
class Table:
    header: SourceLine
    columns: list[Column | None]
    """One entry per cell after the turn column; ``None`` for a column of no player."""

    @property
    def players(self) -> list[Column]:
        return [column for column in self.columns if column is not None]


def find_table(source: RecordSource) -> Table | None:
    """The table header, when the body's first text line is one (``ターン | 青(B) | …``)."""
    first = next((line for line in source.lines if line.kind is LineKind.TEXT), None)
    if first is None or ("|" not in first.text and "\t" not in first.text):
        return None
    columns = header_columns([cell.text for cell in split_row(first.text)])
    return Table(first, columns) if columns is not None else None


def merge_table_players(
    table: Table,
    source: RecordSource,
    players: dict[str, str],
    order: list[str],
    bag: DiagnosticBag,
) -> list[str]:
    """The seat order is the header's; front matter may name the players, not reorder them."""
    letters = [column.letter for column in table.players]
    if order and order != letters:
        bag.error(
            "CT115",
            f"'order' ({' '.join(order)}) differs from the table's columns "
            f"({' '.join(letters)}); the columns were used",
            table.header.number,
            ja=f"order（{' '.join(order)}）が表の列（{' '.join(letters)}）と違います。"
            "表の列を使いました",
        )
    for column in table.players:
        players.setdefault(column.letter, column.name)
    for key in [k for k in players if k not in letters]:
        del players[key]
    return letters


def _row_error(line: SourceLine, column: int, english: str, ja: str, bag: DiagnosticBag) -> None:
    bag.error("CT124", english, line.number, column, ja=ja)


def _without_stray_border(
    line: SourceLine, cells: list[Cell], table: Table, bag: DiagnosticBag
) -> list[Cell]:
    """A turn row's cells without the empty ones a '|' too many made (``11\\|[S] R R+ ||``),
    when leaving out exactly those fits the row to the players: the only reading that
    keeps the row's turns in seat order (a player's cell left blank in mid-row would put
    the next turn out of order). One CT124 says so; any other row is left as written
    (:func:`_too_many_cells` then tells a row with cells too many)."""
    used = _filled(cells)
    blanks = [cell for cell in used if is_empty_cell(cell.text)]
    excess = len(used) - len(table.columns)
    if excess <= 0 or len(blanks) != excess:
        return cells
    players = len(table.columns)
    _row_error(
        line,
        blanks[0].column,
        f"this row has more cells than the header has players ({players}): "
        "the empty cell here was left out (a '|' too many?)",
        f"この行のセルが見出しのプレイヤー数（{players}）より多くあります。"
        "ここの空のセルを除いて読みました（「|」が多すぎませんか）",
        bag,
    )
    return [cell for cell in used if not is_empty_cell(cell.text)]


def _filled(cells: list[Cell]) -> list[Cell]:
    """A row's cells without the empty ones at its end (a closing border written twice)."""
    used = list(cells)
    while used and is_empty_cell(used[-1].text):
        used.pop()
    return used


def _tight_border(line: SourceLine, cells: list[Cell]) -> int | None:
    """The column of the first border between cells with no blank beside it, in a row
    whose other borders have blanks on both sides: the likeliest cell's own '|' read as
    a border (``11|[S] R R+`` among `` | ``). ``None`` when no one border stands out."""
    text = line.text
    tight, spaced = [], 0
    for cell in cells[1:]:
        border = len(text[: cell.column - 1].rstrip()) - 1
        if border < 1 or text[border] != "|":
            continue
        if text[border - 1].isspace() and text[border + 1 : border + 2].isspace():
            spaced += 1
        else:
            tight.append(border + 1)
    return tight[0] if tight and spaced else None


def _too_many_cells(line: SourceLine, cells: list[Cell], table: Table, bag: DiagnosticBag) -> bool:
    """Whether a turn row has more cells than the header has columns, left so by
    :func:`_without_stray_border`: a cell's own '|' read as a border, most often. Which
    cells are whose is not known, and reading them in turn would put the turns after
    the pipe into the next seats (an error at each), so the row is not read: one CT124,
    and the replay gives it the rest of its round as a row not read."""
    used = _filled(cells)
    columns = len(table.columns)
    if len(used) <= columns:
        return False
    if "\t" in line.text:
        hint = ("a tab too many?", "タブが多すぎませんか")
    elif any(is_empty_cell(cell.text) for cell in used):
        # Empty cells, but leaving them out does not fit the row: which is whose is not known.
        hint = ("a '|' too many?", "「|」が多すぎませんか")
    elif "\\|" in line.text:
        hint = (
            "a '|' in a cell not written as '\\|'?",
            "セルの中の「|」を「\\|」と書き忘れていませんか",
        )
    else:
        hint = (
            "a cell's own '|' with a blank before it?",
            "セルの中の「|」の前に空白がありませんか",
        )
    at = _tight_border(line, [*cells[:1], *used]) if "\t" not in line.text else None
    _row_error(
        line,
        at if at is not None else used[columns].column,
        f"this row has {len(used)} cells after its turn number, the header {columns} "
        f"columns, so it was not read ({hint[0]})",
        f"この行は手番の番号の後に{len(used)}個のセルがあり、見出しの列（{columns}）と"
        f"合わないため読みませんでした（{hint[1]}）",
        bag,
    )
    return True


def _too_few_cells(
    line: SourceLine, first: Cell, cells: list[Cell], table: Table, bag: DiagnosticBag
) -> bool:
    """Whether a turn row followed by another has fewer cells than the header has
    columns: a border left out (``6\\|R C R  5\\|D D``), two turns read as one. Read in
    turn, the merged cell would be one error and every later turn of the round another
    seat's (one typo, nine errors), so the row is not read, as one with cells too many.
    A round stops short only where the game ends or turns are left out (中略)."""
    columns = len(table.columns)
    if len(cells) >= columns:
        return False
    if "\t" in line.text:
        hint = ("a tab left out?", "タブが抜けていませんか")
    else:
        hint = ("a '|' left out?", "「|」が抜けていませんか")
    _row_error(
        line,
        first.column,
        f"this row has {len(cells)} cells after its turn number, the header {columns} "
        f"columns, and the next row is a turn row, so it was not read ({hint[0]})",
        f"この行は手番の番号の後に{len(cells)}個のセルしかなく、見出しの列（{columns}）と"
        f"合わず、次の行も手番の行のため読みませんでした（{hint[1]}）",
        bag,
    )
    return True


def _table_rows(source: RecordSource, table: Table) -> dict[int, list[Cell]]:
    """Each row of the table's body (not its header or separator), by line number, split
    into cells once: the reading and the look-ahead below both need them."""
    return {
        line.number: split_row(line.text)
        for line in source.lines
        if line is not table.header
        and line.kind is LineKind.TEXT
        and not is_separator_row(line.text)
    }


def _rows_before_a_turn_row(rows: dict[int, list[Cell]]) -> set[int]:
    """The line numbers of turn rows whose next row is a turn row too: rounds that must
    be whole. The last round, and one before an omission (中略), may stop short."""
    before: set[int] = set()
    previous = 0  # the last row's line number when it was a turn row
    for number, cells in rows.items():
        turn = bool(cells) and cells[0].text.isdigit()
        if turn and previous:
            before.add(previous)
        previous = number if turn else 0
    return before


def _closing_row(
    line: SourceLine,
    kind: ClosingKind,
    label: Cell,
    cells: list[Cell],
    table: Table,
    bag: DiagnosticBag,
) -> Closing:
    values: dict[str, int] = {}
    for column, cell in zip(table.columns, cells, strict=False):
        if is_empty_cell(cell.text):
            continue
        points = points_in(cell.text)
        if column is None or points is None:
            what = "a column of no player" if column is None else "not a number of points"
            bag.error(
                "CT108",
                f"'{cell.text}' in the {label.text} row is {what}",
                line.number,
                cell.column,
                ja=f"{label.text}の行の「{cell.text}」は"
                + ("どのプレイヤーの列でもありません" if column is None else "点数ではありません"),
            )
            continue
        values[column.letter] = points
    return Closing(kind, label.text, values, line.number)


def _turn_row(
    line: SourceLine, number: Cell, cells: list[Cell], table: Table, body: Body, bag: DiagnosticBag
) -> None:
    turn = int(number.text) if len(number.text) <= 9 else 0
    for column, cell in zip(table.columns, cells, strict=False):
        if not cell.text:
            continue  # the game ended before this player's turn, or the cell was left blank
        if column is None:
            _row_error(
                line,
                cell.column,
                f"'{cell.text}' is in a column of no player",
                f"「{cell.text}」はどのプレイヤーの列でもありません",
                bag,
            )
            continue
        body.turn(TurnText(line, turn, column.letter, number.column, cell.text, cell.column), bag)


def read_table(source: RecordSource, table: Table, bag: DiagnosticBag) -> Body:
    """Turn rows, ``(中略)`` rows and closing rows of a table body."""
    body = Body()
    rows = _table_rows(source, table)
    whole_rounds = _rows_before_a_turn_row(rows)
    for line in source.lines:
        if line is table.header or line.kind is LineKind.BLANK:
            continue
        if line.kind in (LineKind.COMMENT, LineKind.BOOKMARK):
            body.note(line)
            continue
        cells = rows.get(line.number)
        if cells is None:  # a separator row
            continue
        first, rest = (cells[0], cells[1:]) if cells else (Cell("", 1), [])
        if first.text.isdigit():
            rest = _without_stray_border(line, rest, table, bag)
            if _too_many_cells(line, rest, table, bag) or (
                line.number in whole_rounds and _too_few_cells(line, first, rest, table, bag)
            ):
                body.items.append(
                    Unreadable(line.number, line.text.strip(), maybe_turn=not body.closed, row=True)
                )
                continue
        if len(rest) > len(table.columns) and any(
            not is_empty_cell(c.text) for c in rest[len(table.columns) :]
        ):
            extra = rest[len(table.columns)]
            _row_error(
                line,
                extra.column,
                f"this row has more cells than the header has players ({len(table.columns)})",
                f"この行のセルが見出しのプレイヤー数（{len(table.columns)}）より多くあります",
                bag,
            )
        if first.text.isdigit():
            _turn_row(line, first, rest, table, body, bag)
        elif OMITTED.match(first.text) and all(is_empty_cell(c.text) for c in rest):
            body.items.append(Omission(line.number, first.text))
        elif BONUS.match(first.text) or TOTAL.match(first.text):
            kind = ClosingKind.BONUS if BONUS.match(first.text) else ClosingKind.TOTAL
            item = _closing_row(line, kind, first, rest, table, bag)
            body.close(item, line, first.column, bag)
        else:
            # Quoted as CT100 quotes a line: in a long table the line number alone is
            # hard to match to a row.
            shown = unread.quoted(line.text)
            _row_error(
                line,
                first.column,
                f"{shown} is not a turn row (a number first), an omission ((中略)) or a "
                "closing row (追加点 / 合計)",
                f"{shown} は手番（先頭が数字）、省略（(中略)）、締め（追加点・合計）の"
                "どの行でもありません",
                bag,
            )
            # A row with a number first or text in a player's column may be a round
            # written wrong (``| 11 7-S5(W)\\| | …``, a border left out): the replay
            # gives it the rest of its round when the rows after it say it took it.
            maybe_turn = not body.closed and (
                first.text[:1].isdigit() or any(not is_empty_cell(c.text) for c in rest)
            )
            body.items.append(
                Unreadable(line.number, line.text.strip(), maybe_turn=maybe_turn, row=True)
            )
    return body
