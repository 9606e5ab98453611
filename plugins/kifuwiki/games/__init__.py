"""The game registry: every game is found through the ``kifuwiki.games`` entry points.

A game package names its :class:`~kifuwiki.games.base.GameModule` in its
``pyproject.toml`` (``[project.entry-points."kifuwiki.games"]``, ``<id> =
"<module>:GAME"``); the built-in games do the same in kifuwiki's own. Nothing else in
kifuwiki lists games: pages, commands and messages all ask this module.

An entry point is loaded when its game is needed: a record that names a game by id loads
that game alone (a one-game archive imports one engine); an alias, detection, an unknown
game and listing every game load them all (see "Loading on demand" in ``base.py``).

:func:`register_game` / :func:`registered_game` add a game at run time (tests, and
programs that host a game without installing it).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from functools import cache
from typing import TYPE_CHECKING, Any, Protocol

from kifuwiki.core.entrypoints import scan_entry_points
from kifuwiki.core.recordfile import RecordSource
from kifuwiki.games.base import GameModule, contract_gaps

if TYPE_CHECKING:
    import logging


def _log() -> logging.Logger:
    """This module's logger; :mod:`logging` (~3 ms with ``traceback``, ``string`` and
    their patterns) is imported only when there is something to log."""
    import logging

    return logging.getLogger(__name__)


ENTRY_POINT_GROUP = "kifuwiki.games"

#: The attribute by which a game claims what names no game: a ```kifu block without a
#: ``game`` and a site ``rules:`` option that names no game (:func:`untagged_game`).
UNTAGGED_CLAIM = "claims_untagged"

#: Games added at run time, by id; they win over an installed game of the same id.
_registered: dict[str, GameModule] = {}
#: Bumped on every run-time change, so caches keyed by it (aliases, environments) renew.
_generation = 0


class _EntryPoint(Protocol):
    """What the registry reads of an entry point (``importlib.metadata``'s or a scanned one)."""

    @property
    def name(self) -> str: ...
    @property
    def value(self) -> str: ...
    def load(self) -> Any: ...


@cache
def _entries() -> dict[str, _EntryPoint]:
    """The installed games' entry points by name (a game's id), none loaded yet.

    Found by listing ``sys.path`` (:mod:`kifuwiki.core.entrypoints`, the same answer
    as ``importlib.metadata`` without its ~15 ms import); ``importlib.metadata``
    itself answers where the installation is not plain (zip imports, eggs …)."""
    scanned = scan_entry_points(ENTRY_POINT_GROUP)
    entries: Sequence[_EntryPoint]
    if scanned is None:
        from importlib.metadata import entry_points

        entries = tuple(entry_points(group=ENTRY_POINT_GROUP))
    else:
        entries = scanned
    found: dict[str, _EntryPoint] = {}
    for entry in sorted(entries, key=lambda e: e.name):
        found.setdefault(entry.name, entry)
    return found


@cache
def _load_entry(name: str) -> GameModule | None:
    """The game behind one entry point, loaded once (``None``: it is left out). A game
    that fails to load is logged and left out: one broken plug-in must not take the
    others (or the CLI) down."""
    entry = _entries()[name]
    game: GameModule | None = None
    game_id = name
    try:
        game = entry.load()
        game_id = str(game.id)
    except Exception as exc:  # a plug-in's own bug or missing dependency
        _log().warning("kifuwiki: game plug-in '%s' (%s) cannot be loaded: %r", entry.name,
                       entry.value, exc)  # fmt: skip
        game = None
    if game is not None:
        gaps = contract_gaps(game)
        if gaps:
            _log().warning("kifuwiki: game plug-in '%s' (%s) is left out: it lacks %s",
                           entry.name, entry.value, ", ".join(gaps))  # fmt: skip
            game = None
        elif game_id != entry.name:
            _log().warning("kifuwiki: game plug-in '%s' says its id is '%s'; using '%s'",
                           entry.name, game_id, game_id)  # fmt: skip
    return game


@cache
def _installed() -> dict[str, GameModule]:
    """Every installed game, by id (each entry point loaded once)."""
    loaded = [(name, _load_entry(name)) for name in _entries()]
    found: dict[str, GameModule] = {}
    # A game under its own entry point's name first: the one :func:`_installed_game`
    # finds by id alone, without loading the others, is the one this table holds.
    for name, game in loaded:
        if game is not None and game.id == name:
            found[name] = game
    for _name, game in loaded:
        if game is not None:
            found.setdefault(game.id, game)
    return found


def _installed_game(game_id: str) -> GameModule | None:
    """The game with id ``game_id`` loading as little as possible: the run-time one, else
    the entry point of that name alone (an archive of one game imports one game's
    package), else every installed game (a plug-in whose id is not its entry's name)."""
    if game_id in _registered:
        return _registered[game_id]
    if game_id in _entries():
        game = _load_entry(game_id)
        if game is not None and game.id == game_id:
            return game
    return _installed().get(game_id)


def _known_id(key: str) -> bool:
    """Whether ``key`` is a game's id, loading only that game when it is."""
    return (key in _registered or key in _entries()) and _installed_game(key) is not None


def _games() -> dict[str, GameModule]:
    return {**_installed(), **_registered}


def all_games() -> tuple[GameModule, ...]:
    """Every available game, by id."""
    games = _games()
    return tuple(games[game_id] for game_id in sorted(games))


def game_ids() -> tuple[str, ...]:
    return tuple(sorted(_games()))


def installed_games_text() -> str:
    """``catan (カタン), prime-daifugo (素数大富豪)``: for messages that list the games."""
    return ", ".join(f"{game.id} ({game.names.get('ja') or game.id})" for game in all_games())


@cache
def _alias_table(generation: int) -> dict[str, str]:
    table: dict[str, str] = {}
    for game in all_games():
        for name in (*game.aliases, game.names.get("ja", ""), game.names.get("en", "")):
            key = _key(name)
            if key:
                table.setdefault(key, game.id)
    return table


def _key(name: str) -> str:
    return name.strip().lower()


def normalise_game_id(name: str) -> str | None:
    """The id of the game ``name`` names (its id, an alias or a display name), if any."""
    key = _key(name)
    if _known_id(key) or key in _games():
        return key
    return _alias_table(_generation).get(key) or _alias_table(_generation).get(
        key.replace("_", "-")
    )


def get_game(game_id: str) -> GameModule:
    """The game with id ``game_id``; :class:`KeyError` for an unknown one."""
    game = _installed_game(game_id)
    if game is None:
        raise KeyError(f"unknown game '{game_id}' (installed: {installed_games_text()})")
    return game


def register_game(game: GameModule) -> None:
    """Make ``game`` available in this process, as if it were installed."""
    global _generation
    gaps = contract_gaps(game)
    if gaps:
        raise TypeError(f"game '{getattr(game, 'id', game)}' lacks {', '.join(gaps)}")
    _registered[game.id] = game
    _generation += 1


def unregister_game(game_id: str) -> None:
    global _generation
    _registered.pop(game_id, None)
    _generation += 1


@contextmanager
def registered_game(game: GameModule) -> Iterator[GameModule]:
    """``with registered_game(GAME): …``: the game is available inside the block only."""
    previous = _registered.get(game.id)
    register_game(game)
    try:
        yield game
    finally:
        if previous is None:
            unregister_game(game.id)
        else:
            register_game(previous)


@cache
def _untagged_claims(generation: int) -> tuple[str, ...]:
    claims = tuple(game.id for game in all_games() if getattr(game, UNTAGGED_CLAIM, False) is True)
    if len(claims) > 1:
        _log().warning(
            "kifuwiki: games %s all claim what names no game (%s = True), so none of them "
            "takes it: name the game (```kifu game=…, rules: {game: …})",
            ", ".join(f"'{game_id}'" for game_id in claims),
            UNTAGGED_CLAIM,
        )
    return claims


def untagged_claims() -> tuple[str, ...]:
    """The ids of the available games that claim what names no game
    (``claims_untagged = True``), sorted. Several are a conflict, logged once."""
    return _untagged_claims(_generation)


def untagged_game() -> str | None:
    """The game that takes what names no game: a ```kifu block without a ``game`` (and no
    ``game:`` in it) is its record, and a site ``rules:`` option that names no game
    (``rules: standard``, ``{preset: online, …}``) is its rule set.

    That is the one available game that claims it (``claims_untagged = True``, see
    "Records that name no game" in ``base.py``). When no game claims it, or several do
    (no install order decides), there is none: such a block's game is detected as a
    record file's is (RF010 when no game recognises it), and such a ``rules:`` option
    applies to no game and is reported (:func:`untagged_problem`)."""
    claims = untagged_claims()
    return claims[0] if len(claims) == 1 else None


def untagged_problem() -> str | None:
    """Why no game takes what names no game, for messages; ``None`` when one does."""
    claims = untagged_claims()
    if len(claims) == 1:
        return None
    if not claims:
        return "no installed game takes what names no game"
    names = ", ".join(f"'{game_id}'" for game_id in claims)
    return f"games {names} all claim what names no game, so none of them takes it"


def registry_generation() -> int:
    """Changes whenever a game is registered or removed at run time (cache keys)."""
    return _generation


def game_for(source: RecordSource) -> str | None:
    """Which game a record is: front matter ``game``, else its folder, else detection."""
    declared = source.game_id
    if declared is not None:
        return normalise_game_id(declared)
    if source.path:
        from pathlib import PurePath  # here: a record naming its game needs no pathlib

        for part in reversed(PurePath(source.path).parts[:-1]):
            found = normalise_game_id(part)
            if found:
                return found
    # The game that claims what names no game takes what no other recognises, so its
    # detector may be the broadest: it is asked last, and a record another game
    # recognises is that game's whatever order the games sort in (review13 R13-1: two
    # games' records were read as the claimant's, which sorted before them).
    claims = untagged_claims()
    for game in sorted(all_games(), key=lambda game: game.id in claims):
        if game.detect(source):
            return game.id
    return None
