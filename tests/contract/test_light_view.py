"""A game's light view (``GameModule.light_view``) says what its whole view says.

A large build reads the index, player and event pages' data (players, badges,
statistics) from the light view in its first pass and renders each page from the whole
view later. Were the two to disagree, an index would list a badge or a winner the page
does not show. Every game that offers a light view is checked on every record in the
repository (demo records and test fixtures), the real corpus when it is beside the
checkout, and generated games.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from kifuwiki.archive import iter_record_paths, load_file, load_text
from kifuwiki.games import game_ids, get_game
from kifuwiki.games.base import GameRecord
from kifuwiki.render.prerender import light_view_of, view_of

REPO = Path(__file__).resolve().parents[2]
CORPUS = REPO.parent / "shared" / "corpus" / "prime-daifugo"
GENERATOR = REPO / "benchmarks" / "gen_games.py"

WITH_LIGHT_VIEW = [
    game_id for game_id in game_ids() if getattr(get_game(game_id), "light_view", None) is not None
]


#: Self-play records for games with few records in the repository (seed → file text).
SELF_PLAY: dict[str, Callable[[int], str]] = {
    "doudizhu": lambda n: _module("doudizhu").generate(n, suits=n % 2 == 0).text(),
    "jianhongdian": lambda n: _module("jianhongdian").record(n, players=2 + n % 3),
    "koutetsu-no-niji": lambda n: _module("koutetsu").session_text(n),
    "ponjan": lambda n: _module("ponjan").session_text(n, hands=2),
    "selaffesto": lambda n: _module("selaffesto").self_play_record(n, max_lines=60),
    "shengji": lambda n: _module("shengji").record(n),
}


def _module(package: str) -> Any:
    return importlib.import_module(f"kifuwiki.games.{package}.selfplay")


def _records() -> list[GameRecord]:
    folders = [REPO / "records", REPO / "tests"]
    if CORPUS.is_dir():
        folders.append(CORPUS)
    found: list[GameRecord] = []
    for path in iter_record_paths(folders, []):
        found += load_file(path, str(path.relative_to(path.anchor)))
    if GENERATOR.is_file():
        spec = importlib.util.spec_from_file_location("gen_games", GENERATOR)
        assert spec is not None and spec.loader is not None
        gen = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(gen)
        for n in range(1, 31):
            found += load_text(gen.record_text(n, 3 + n % 4), f"generated-{n}.kifu")
    for game_id, make in SELF_PLAY.items():
        if game_id in WITH_LIGHT_VIEW:
            for n in range(1, 13):
                found += load_text(make(n), f"self-play/{game_id}-{n}.kifu")
    return found


@pytest.fixture(scope="module")
def records() -> list[GameRecord]:
    return _records()


def test_a_built_in_game_offers_a_light_view() -> None:
    # Without one the test below checks nothing, and a large build renders every page
    # in its first pass (slower, not wrong).
    assert WITH_LIGHT_VIEW


@pytest.mark.parametrize("game_id", WITH_LIGHT_VIEW)
def test_the_light_view_gives_what_the_whole_view_gives(
    records: list[GameRecord], game_id: str
) -> None:
    mine = [record for record in records if record.game == game_id and record.data is not None]
    assert len(mine) >= 10, f"too few {game_id} records to check"
    for record in mine:
        before = list(record.diagnostics)
        light = get_game(game_id).light_view(record)
        whole = view_of(record)
        where = f"{record.path}#{record.index}"
        assert light.record is record, where
        assert light.steps == [], where
        assert light.players == whole.players, where
        assert light.badges == whole.badges, where
        assert light.player_stats == whole.player_stats, where
        assert record.diagnostics == before, where
        assert light_view_of(record) == light, where


def test_a_game_without_a_light_view_asks_for_the_whole_view(records: list[GameRecord]) -> None:
    # Its light record needs its whole view, so the first pass renders its pages too.
    without = [
        record
        for record in records
        if record.game not in WITH_LIGHT_VIEW and record.data is not None
    ]
    assert without, "every game has a light view: check this with a game that has none"
    for record in without:
        assert light_view_of(record) is None, f"{record.path}#{record.index}"


def test_a_record_no_game_reads_has_the_minimal_view() -> None:
    record = load_text("---\ngame: no-such-game-xyz\n---\n1. x\n", "x.kifu")[0]
    light = light_view_of(record)
    assert light is not None and light == view_of(record)
