"""The log sheet as a table: what the record file reader and the HTML importer share.

The seed's worked example is a table: a turn column, one column per player whose
header names the player and colour (``青プレイヤー(B)``), cells ``dice|after`` or
``before|dice|after``, a ``(中略)`` row, and closing 追加点 / 合計 rows whose cells say
``5点`` or ``カード1点``. The importer reads such tables from HTML; a record file may be
written the same way (a Markdown or tab-separated table body). Both use this module,
so a header, a cell or a points entry means the same thing wherever it comes from.

Splitting a Markdown row (decision, written in the notation guide): a cell's own
pipes (``6|R``) are not table borders. A row with a tab is split at tabs. A row with
an escaped pipe ``\\|`` is GitHub-flavoured Markdown: every other ``|`` is a border.
Otherwise — the seed's own way of writing — a border is a ``|`` with white space (or
the start of the line) before it: ``1 | 6|R | 7-T8(R)| | 6|`` has the cells ``6|R``,
``7-T8(R)|`` and ``6|``.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

TURN_HEADER = re.compile(r"^(?:ターン|手番|turn)$", re.IGNORECASE)
PLAYER_HEADER = re.compile(r"^(?P<name>.*?)\s*[(（]\s*(?P<letter>[A-Za-z]{1,3})\s*[)）]$")
_PLAYER_WORD = re.compile(r"\s*(?:プレイヤー|プレーヤー|player)\s*$", re.IGNORECASE)
OMITTED = re.compile(r"^(?:\.{3,}|…+|⋯+|[(（]?中略[)）]?)$")
BONUS = re.compile(r"^(?:追加点|bonus)$", re.IGNORECASE)
TOTAL = re.compile(r"^(?:合計|total)$", re.IGNORECASE)
_NUMBER = re.compile(r"[-−]?[0-9]+")
_SEPARATOR_ROW = re.compile(r"^[\s|:\-]+$")
_ESCAPED = "\x00"


@dataclass(frozen=True, slots=True)
class Column:
    letter: str
    name: str


@dataclass(frozen=True, slots=True)
class Cell:
    text: str
    column: int
    """1-based column of the cell's first character in its line."""


def points_in(text: str) -> int | None:
    """The points a closing entry or cell says: ``5``, ``5点``, ``カード1点``, ``+2``.

    Words around the one number (カード = a victory-point card, 点 = points) are what
    people write beside it; two numbers, or none, are not a number of points.
    """
    numbers = _NUMBER.findall(unicodedata.normalize("NFKC", text))
    if len(numbers) != 1 or len(numbers[0].lstrip("-−")) > 4:
        return None
    return int(numbers[0].replace("−", "-"))


def plain_points(text: str) -> bool:
    """Whether a cell is only its number (``5``, ``5点``): nothing beside it to keep."""
    value = points_in(text)
    return value is not None and text.replace(" ", "") in (str(value), f"{value}点")


def column_of(text: str) -> Column | None:
    """The player of a header cell ``青プレイヤー(B)`` (letter B, name 青), if it names one."""
    match = PLAYER_HEADER.match(text.strip())
    if match is None:
        return None
    name = _PLAYER_WORD.sub("", match["name"]).strip() or match["letter"]
    return Column(match["letter"].upper(), name)


def header_columns(cells: list[str]) -> list[Column | None] | None:
    """The player columns of a header row, or ``None`` if the row is not a sheet header."""
    if not cells or not TURN_HEADER.match(cells[0].strip()):
        return None
    columns = [column_of(cell) for cell in cells[1:]]
    return columns if any(columns) else None


def cell_notation(text: str) -> str:
    """``7-T8(R)|`` → ``7-T8(R) |``: parts separated by `` | `` as the line layout writes them."""
    return " | ".join(part.strip() for part in text.split("|")).strip()


def is_separator_row(text: str) -> bool:
    """``---|---|---`` (Markdown's header underline)."""
    return "-" in text and _SEPARATOR_ROW.match(text) is not None


def split_row(text: str) -> list[Cell]:
    """A table row's cells (see the module's note on which pipes are borders)."""
    if "\t" in text:
        cells, position = [], 0
        for part in text.split("\t"):
            cells.append(Cell(part.strip(), position + 1 + len(part) - len(part.lstrip())))
            position += len(part) + 1
        return cells
    escaped = "\\|" in text
    source = text.replace("\\|", _ESCAPED + " ") if escaped else text
    borders = [
        index
        for index, ch in enumerate(source)
        if ch == "|" and (escaped or index == 0 or source[index - 1].isspace())
    ]
    cells = []
    start = 0
    for end in [*borders, len(source)]:
        raw = source[start:end]
        stripped = raw.strip()
        column = start + 1 + len(raw) - len(raw.lstrip())
        cells.append(Cell(stripped.replace(_ESCAPED + " ", "|").replace(_ESCAPED, "|"), column))
        start = end + 1
    # A leading border leaves an empty first cell; a trailing one an empty last cell.
    if borders and borders[0] == len(source) - len(source.lstrip()) and not cells[0].text:
        cells.pop(0)
    if borders and borders[-1] == len(source.rstrip()) - 1 and not cells[-1].text:
        cells.pop()
    return cells


def is_empty_cell(text: str) -> bool:
    """A cell with nothing in it, or only pipes (``|||``: borders of empty cells run
    together, as in the seed's ``(中略) | ||||``)."""
    return not text.replace("|", "").strip()
