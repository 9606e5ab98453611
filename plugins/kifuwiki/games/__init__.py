"""The game registry: one sub-package per game, all of the same shape (see ``base``)."""

from __future__ import annotations

import importlib
from functools import cache
from pathlib import PurePath

from kifuwiki.core.recordfile import RecordSource
from kifuwiki.games.base import GameModule

#: Game id → module that exposes ``GAME`` (a :class:`GameModule`).
_MODULES = {
    "prime-daifugo": "kifuwiki.games.prime_daifugo",
    "catan": "kifuwiki.games.catan",
}

#: Spellings people use in front matter.
_ALIASES = {
    "prime_daifugo": "prime-daifugo",
    "primedaifugo": "prime-daifugo",
    "primeqk": "prime-daifugo",
    "素数大富豪": "prime-daifugo",
    "カタン": "catan",
}


def game_ids() -> tuple[str, ...]:
    return tuple(_MODULES)


def game_module_names() -> tuple[str, ...]:
    """The game packages' module names (for preloading them in worker processes)."""
    return tuple(_MODULES.values())


def normalise_game_id(name: str) -> str | None:
    key = name.strip().lower()
    key = _ALIASES.get(key, key)
    return key if key in _MODULES else None


@cache
def get_game(game_id: str) -> GameModule:
    module = importlib.import_module(_MODULES[game_id])
    game: GameModule = module.GAME
    return game


def game_for(source: RecordSource) -> str | None:
    """Which game a record is: front matter ``game``, else its folder, else detection."""
    declared = source.game_id
    if declared is not None:
        return normalise_game_id(declared)
    if source.path:
        for part in reversed(PurePath(source.path).parts[:-1]):
            found = normalise_game_id(part)
            if found:
                return found
    for game_id in _MODULES:
        try:
            game = get_game(game_id)
        except (ImportError, AttributeError):  # a game package that is not installed
            continue
        if game.detect(source):
            return game_id
    return None
