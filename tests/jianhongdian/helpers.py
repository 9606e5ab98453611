"""Small helpers shared by the 撿紅點 tests (the game is loaded directly, not by registry)."""

from __future__ import annotations

from tests import cardgames
from tests.cardgames import codes

from kifuwiki.games.base import GameRecord
from kifuwiki.games.jianhongdian import GAME

__all__ = ["codes", "find", "load"]


def load(body: str, rules: str | None = None) -> GameRecord:
    head = cardgames.front("jianhongdian", *([f"rules: {rules}"] if rules else []))
    return cardgames.load(GAME, head, body)


def find(rec: GameRecord, code: str) -> tuple[int, int]:
    """(line, column) of the first diagnostic with ``code``; lines count the front matter."""
    return cardgames.find(rec, code)
