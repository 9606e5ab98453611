"""Small helpers shared by the 升級 tests (the game is loaded directly, not by registry)."""

from __future__ import annotations

from kifuwiki.core.recordfile import split_record_file
from kifuwiki.games.base import GameRecord
from kifuwiki.games.shengji import GAME

#: Two-card hands and no kitty: small deals written by hand for one rule at a time.
TINY = "{hand_size: 2, kitty_size: 0}"
FRONT_LINES = 4
"""Lines of front matter :func:`load` writes before the body."""


def load(body: str, rules: str | None = TINY) -> GameRecord:
    front = "---\ngame: shengji\n" + (f"rules: {rules}\n" if rules else "title: t\n") + "---\n"
    return GAME.load(split_record_file(front + body.strip("\n") + "\n", "test.kifu")[0])


def codes(rec: GameRecord) -> list[str]:
    return [d.code for d in rec.diagnostics]


def find(rec: GameRecord, code: str) -> tuple[int, int]:
    """(line, column) of the first diagnostic with ``code``, lines counted in the body."""
    for d in rec.diagnostics:
        if d.code == code:
            return d.line - FRONT_LINES, d.column
    raise AssertionError(f"no {code} in {codes(rec)}")
