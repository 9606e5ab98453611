"""Small helpers shared by the 升級 tests (the game is loaded directly, not by registry)."""

from __future__ import annotations

from tests import cardgames
from tests.cardgames import codes

from kifuwiki.games.base import GameRecord
from kifuwiki.games.shengji import GAME

#: Two-card hands and no kitty: small deals written by hand for one rule at a time.
TINY = "{hand_size: 2, kitty_size: 0}"
__all__ = ["FRONT_LINES", "TINY", "codes", "find", "load"]

FRONT_LINES = 4
"""Lines of front matter :func:`load` writes before the body."""


def load(body: str, rules: str | None = TINY) -> GameRecord:
    head = cardgames.front("shengji", f"rules: {rules}" if rules else "title: t")
    return cardgames.load(GAME, head, body)


def find(rec: GameRecord, code: str) -> tuple[int, int]:
    """(line, column) of the first diagnostic with ``code``, lines counted in the body."""
    return cardgames.find(rec, code, FRONT_LINES)
