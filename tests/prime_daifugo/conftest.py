"""Fixtures for the Prime Daifugo notation and writer tests."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import pytest

from kifuwiki.core.diagnostics import Diagnostic
from kifuwiki.core.recordfile import RecordSource, kanji_heading, split_record_file
from kifuwiki.games.prime_daifugo.model import Dialect, ParsedGame
from kifuwiki.games.prime_daifugo.notation import parse_game, resolve_same_players
from kifuwiki.games.prime_daifugo.writer import write_game

ParseFile = Callable[..., tuple[list[ParsedGame], list[Diagnostic]]]


def parse_sources(
    sources: list[RecordSource], players: Mapping[str, str] | None = None
) -> tuple[list[ParsedGame], list[Diagnostic]]:
    games: list[ParsedGame] = []
    diagnostics: list[Diagnostic] = []
    for source in sources:
        meta_players = players if players is not None else source.meta.get("players")
        game, found = parse_game(source, meta_players)
        games.append(game)
        diagnostics.extend(source.diagnostics)
        diagnostics.extend(found)
    diagnostics.extend(resolve_same_players(games))
    return games, diagnostics


def _write_file(games: list[ParsedGame], dialect: Dialect | None = None) -> str:
    if len(games) == 1:
        return write_game(games[0], dialect)
    return "".join(
        f"{kanji_heading(index)}\n{write_game(game, dialect)}"
        for index, game in enumerate(games, start=1)
    )


@pytest.fixture
def write_file() -> Callable[..., str]:
    """A whole file body the way ``kifuwiki fmt`` joins games (headings between them)."""
    return _write_file


@pytest.fixture
def parse_file() -> ParseFile:
    """Parse record text (all its games): ``parse_file(text, players=None)``."""

    def parse(
        text: str, players: Mapping[str, str] | None = None
    ) -> tuple[list[ParsedGame], list[Diagnostic]]:
        return parse_sources(split_record_file(text), players)

    return parse


@pytest.fixture
def parse_one(parse_file: ParseFile) -> Callable[..., tuple[ParsedGame, list[Diagnostic]]]:
    """Parse record text holding one game."""

    def parse(text: str, players: Mapping[str, str] | None = None) -> tuple[ParsedGame, list[Any]]:
        games, diagnostics = parse_file(text, players)
        assert len(games) == 1
        return games[0], diagnostics

    return parse
