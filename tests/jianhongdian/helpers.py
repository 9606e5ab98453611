"""Small helpers shared by the 撿紅點 tests (the game is loaded directly, not by registry)."""

from __future__ import annotations

from kifuwiki.core.recordfile import split_record_file
from kifuwiki.games.base import GameRecord
from kifuwiki.games.jianhongdian import GAME


def load(body: str, rules: str | None = None) -> GameRecord:
    front = "---\ngame: jianhongdian\n" + (f"rules: {rules}\n" if rules else "") + "---\n"
    return GAME.load(split_record_file(front + body.strip("\n") + "\n", "test.kifu")[0])


def codes(rec: GameRecord) -> list[str]:
    return [d.code for d in rec.diagnostics]


def find(rec: GameRecord, code: str) -> tuple[int, int]:
    """(line, column) of the first diagnostic with ``code``; lines count the front matter."""
    for d in rec.diagnostics:
        if d.code == code:
            return d.line, d.column
    raise AssertionError(f"no {code} in {codes(rec)}")
