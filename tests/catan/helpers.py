"""Small helpers shared by the Catan tests."""

from __future__ import annotations

from kifuwiki.archive import load_text
from kifuwiki.games.base import GameRecord

FOUR = "players:\n  B: 青\n  Y: 黄\n  R: 赤\n  W: 白\norder: B Y R W\n"


def record(body: str, front: str = FOUR, cards: str | None = "de") -> GameRecord:
    """One Catan record from a body (and front matter lines)."""
    meta = "---\ngame: catan\n" + front + (f"cards: {cards}\n" if cards else "") + "---\n"
    return load_text(meta + body.strip("\n") + "\n", "test.kifu")[0]


def problems(rec: GameRecord) -> list[str]:
    """Every diagnostic but CT229 (fragments without a final score cannot show a winner)."""
    return [d.format_text() for d in rec.diagnostics if d.code != "CT229"]


def codes(rec: GameRecord) -> list[str]:
    return [d.code for d in rec.diagnostics]


def errors(rec: GameRecord) -> list[str]:
    return [d.code for d in rec.diagnostics if d.severity.value == "error"]


def warnings(rec: GameRecord) -> list[str]:
    return [d.code for d in rec.diagnostics if d.severity.value == "warning"]


def find(rec: GameRecord, code: str) -> tuple[int, int]:
    """(line, column) of the first diagnostic with ``code``."""
    for d in rec.diagnostics:
        if d.code == code:
            return d.line, d.column
    raise AssertionError(f"no {code} in {[d.format_text() for d in rec.diagnostics]}")


def round_of(n: int, cells: dict[str, str]) -> str:
    """Lines of one round: ``round_of(1, {"B": "6 | R", …})``."""
    return "\n".join(f"{n} {key}: {cell}" for key, cell in cells.items())


QUIET = {"B": "6 |", "Y": "5 |", "R": "8 |", "W": "9 |"}


def rounds(count: int, start: int = 1) -> str:
    """``count`` rounds in which nobody does anything."""
    return "\n".join(round_of(n, QUIET) for n in range(start, start + count))


def line_of(rec: GameRecord, text: str) -> int:
    """1-based file line of the first line containing ``text``."""
    for number, line in enumerate(rec.source.file_text.split("\n"), start=1):
        if text in line:
            return number
    raise AssertionError(f"{text!r} not in the record")


def turns(rec: GameRecord) -> list:  # type: ignore[type-arg]
    return rec.data.record.turns
