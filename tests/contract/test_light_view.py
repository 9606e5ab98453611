"""A game's light view (``GameModule.light_view``) says what its whole view says.

A large build reads the index, player and event pages' data (players, badges,
statistics) from the light view in its first pass and renders each page from the whole
view later. Were the two to disagree, an index would list a badge or a winner the page
does not show. Every game that offers a light view is checked on every record in the
repository (demo records and test fixtures), the real corpus when it is beside the
checkout, generated games, self-play, and hostile records: self-play with lines dropped,
doubled or swapped, the fuzz harness's inputs, and each game's records with diagnostics.
Every badge a game gives (and the core's ``error`` and ``warning``) must be on one of
them, so that a light view dropping any badge fails here.
"""

from __future__ import annotations

import importlib
import importlib.util
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.fuzz.generators import GAME_GENERATORS
from tests.koutetsu.helpers import edge_sessions as koutetsu_edge_sessions
from tests.publish.kw_fakegame import FakeGame

from kifuwiki.archive import iter_record_paths, load_file, load_text
from kifuwiki.games import game_ids, get_game, registered_game
from kifuwiki.games.base import GameRecord, RecordView
from kifuwiki.render.prerender import (
    PrerenderJob,
    PrerenderSettings,
    first_pass,
    light_view_of,
    view_of,
)

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


#: Records with diagnostics written for a game's own tests (game id → texts by name).
EDGE_CASES: dict[str, Callable[[], dict[str, str]]] = {
    "koutetsu-no-niji": koutetsu_edge_sessions,
}

HOSTILE_SEEDS = range(1, 21)


def _module(package: str) -> Any:
    return importlib.import_module(f"kifuwiki.games.{package}.selfplay")


def _shuffled_lines(text: str, rng: random.Random) -> str:
    """``text`` with one to three of its body lines dropped, doubled or swapped: rolls
    out of order, results before goals, hands and tricks that no longer add up."""
    lines = text.split("\n")
    body = lines.index("---", 1) + 1 if lines[0] == "---" and "---" in lines[1:] else 0
    for _ in range(rng.randint(1, 3)):
        if len(lines) <= body:
            break
        i = rng.randrange(body, len(lines))
        action = rng.randrange(3)
        if action == 0:
            del lines[i]
        elif action == 1:
            lines.insert(i, lines[i])
        else:
            j = rng.randrange(body, len(lines))
            lines[i], lines[j] = lines[j], lines[i]
    return "\n".join(lines)


def _hostile_texts() -> Iterator[tuple[str, str]]:
    """(name, text) of broken records for the games with a light view."""
    for game_id, make in SELF_PLAY.items():
        if game_id in WITH_LIGHT_VIEW:
            for n in HOSTILE_SEEDS:
                yield f"{game_id}-shuffled-{n}", _shuffled_lines(make(n), random.Random(n))
    for game_id, generate in GAME_GENERATORS.items():
        if game_id in WITH_LIGHT_VIEW:
            for n in HOSTILE_SEEDS:
                text = generate(random.Random(n)).decode("utf-8", "replace")
                yield f"{game_id}-fuzz-{n}", text
    for game_id, cases in EDGE_CASES.items():
        if game_id in WITH_LIGHT_VIEW:
            for name, text in cases().items():
                yield f"{game_id}-{name}", text


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
    for name, text in _hostile_texts():
        found += load_text(text, f"hostile/{name}.kifu")
    return found


def _checked(records: list[GameRecord], game_id: str) -> list[GameRecord]:
    """The records of ``game_id`` its game read (the others have no view of the game's)."""
    return [record for record in records if record.game == game_id and record.data is not None]


def _disagreements(record: GameRecord, light: RecordView, whole: RecordView) -> list[str]:
    """What the light view of ``record`` says otherwise than its whole view."""
    found = [
        name
        for name in ("players", "badges", "player_stats")
        if getattr(light, name) != getattr(whole, name)
    ]
    if light.record is not record:
        found.append("record")
    if light.steps:
        found.append("steps")
    return found


def _check_game(records: list[GameRecord], game_id: str) -> None:
    """Asserts that the game's light view agrees with its whole view on every record."""
    mine = _checked(records, game_id)
    assert len(mine) >= 10, f"too few {game_id} records to check"
    for record in mine:
        before = list(record.diagnostics)
        light = get_game(game_id).light_view(record)
        whole = view_of(record)
        where = f"{record.path}#{record.index}"
        differing = _disagreements(record, light, whole)
        assert not differing, f"{where}: the light view's {', '.join(differing)} differ"
        assert record.diagnostics == before, where
        assert light_view_of(record) == light, where


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
    _check_game(records, game_id)


#: Badges no record above shows for a game: a light view could drop these unseen. Give
#: the game a record that shows one, then take it from here (the test asks for equality).
UNSEEN_BADGES: dict[str, set[str]] = {
    "doudizhu": {"redeal"},
    "jianhongdian": {"redeal"},
    "selaffesto": {"warning"},
}


@pytest.mark.parametrize("game_id", WITH_LIGHT_VIEW)
def test_the_records_checked_show_every_badge_of_the_game(
    records: list[GameRecord], game_id: str
) -> None:
    seen: set[str] = set()
    for record in _checked(records, game_id):
        seen |= view_of(record).badges
    wanted = set(get_game(game_id).badges) | {"error", "warning"}
    assert wanted - seen == UNSEEN_BADGES.get(game_id, set())


@pytest.mark.parametrize("game_id", WITH_LIGHT_VIEW)
def test_a_light_view_that_drops_a_badge_fails_the_check(
    records: list[GameRecord], game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = get_game(game_id)
    light_view = game.light_view
    shown = {badge for record in _checked(records, game_id) for badge in light_view(record).badges}
    for dropped in sorted(shown):

        def without(self: Any, record: GameRecord, dropped: str = dropped) -> RecordView:
            view = light_view(record)
            view.badges = view.badges - {dropped}
            return view

        monkeypatch.setattr(type(game), "light_view", without)
        with pytest.raises(AssertionError, match="the light view's badges differ"):
            _check_game(records, game_id)
        monkeypatch.undo()


def _first_pass_files(game_id: str) -> dict[str, str]:
    """Files of ``game_id`` for the first pass: its demo records, a few self-play and
    hostile ones, its edge cases (name → text)."""
    folder = REPO / "records" / game_id
    files = {path.name: path.read_text(encoding="utf-8") for path in sorted(folder.glob("*.kifu"))}
    if game_id in SELF_PLAY:
        for n in range(1, 4):
            text = SELF_PLAY[game_id](n)
            files[f"self-play-{n}.kifu"] = text
            files[f"shuffled-{n}.kifu"] = _shuffled_lines(text, random.Random(n))
    if game_id in EDGE_CASES:
        files.update({f"{name}.kifu": text for name, text in EDGE_CASES[game_id]().items()})
    return files


@pytest.mark.parametrize("game_id", WITH_LIGHT_VIEW)
def test_the_light_first_pass_gives_the_light_records_of_the_complete_one(game_id: str) -> None:
    # The build's first pass, light (a job not ``complete``: light views only, pages
    # later) and complete (whole views, pages now): the site plan gets the same data.
    files = _first_pass_files(game_id)
    assert files
    for name, text in files.items():
        path = f"records/{game_id}/{name}"
        light = first_pass(PrerenderJob(path, text.encode("utf-8"), complete=False))
        whole = first_pass(PrerenderJob(path, text.encode("utf-8"), complete=True))
        assert (light.rendered, whole.rendered) == (False, True), path
        assert light.records == whole.records, path


class FakeGameWithoutLightView(FakeGame):
    """The publishing tests' fake game (``fake``): it has no ``light_view``."""


class FakeGameWithLightViewNone(FakeGame):
    """The same, saying so (``light_view = None``, as ``ViewAndWriter`` does)."""

    light_view = None


@pytest.mark.parametrize("fake", [FakeGameWithoutLightView, FakeGameWithLightViewNone])
def test_a_game_without_a_light_view_asks_for_the_whole_view(fake: type[FakeGame]) -> None:
    # Its light record needs its whole view, so the first pass renders its pages too.
    game = fake()
    assert getattr(game, "light_view", None) is None
    text = f"---\ngame: {game.id}\n---\nA: word\nB: gc\nA: bad\n"
    with registered_game(game):
        (record,) = load_text(text, "fake.kifu")
        assert record.data is not None
        assert view_of(record).badges == {"GC"}
        assert light_view_of(record) is None
        # So the build's first pass renders the file's pages, asked or not.
        templates = REPO / "tests" / "fixtures" / "sites" / "basic" / "templates"
        settings = PrerenderSettings(custom_templates=str(templates))  # fake/state.html
        job = PrerenderJob("records/fake.kifu", text.encode(), "", settings, complete=False)
        done = first_pass(job)
        assert done.rendered and len(done.pages) == 1
        assert done.records[0]["badges"] == ["GC"]


def test_a_record_no_game_reads_has_the_minimal_view() -> None:
    record = load_text("---\ngame: no-such-game-xyz\n---\n1. x\n", "x.kifu")[0]
    light = light_view_of(record)
    assert light is not None and light == view_of(record)
