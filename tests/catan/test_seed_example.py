"""Seed 001's worked example, as the log sheet's own prose tells it."""

from __future__ import annotations

from pathlib import Path

from kifuwiki.archive import load_file
from kifuwiki.games import get_game
from kifuwiki.games.catan.model import Card

SEED = Path(__file__).resolve().parents[2] / "records" / "catan" / "seed-001-example.kifu"


def load():  # type: ignore[no-untyped-def]
    return load_file(SEED)[0]


def step_of(rec, number: int, player: str):  # type: ignore[no-untyped-def]
    for step in rec.data.replay.steps:
        if step.turn is not None and (step.turn.number, step.turn.player) == (number, player):
            return step
    raise AssertionError((number, player))


def test_seed_validates_with_only_the_omission_warning() -> None:
    rec = load()
    assert rec.errors == 0
    assert [d.code for d in rec.diagnostics] == ["CT224"]
    assert rec.moves == 12
    assert rec.players == ["青", "黄", "赤", "白"]


def test_turn_1() -> None:
    rec = load()
    blue = step_of(rec, 1, "B")
    assert blue.turn.dice.value == 6 and [a.build.value for a in blue.turn.after] == ["R"]
    yellow = step_of(rec, 1, "Y")
    assert yellow.turn.dice.robbery.text == "T8(R)" and yellow.turn.after == ()
    white = step_of(rec, 1, "W")
    assert white.turn.dice.robbery.text == "T5(Y)"
    assert white.snapshot.robber == "T5"


def test_turn_11_white_knight_before_the_roll_then_longest_road() -> None:
    white = step_of(load(), 11, "W")
    assert white.turn.before[0].card is Card.KNIGHT
    assert white.turn.before[0].robbery.text == "G8(B)"
    assert white.rolled == 8
    assert white.took == frozenset({"LR"})
    assert white.snapshot.lr_holder == "W"


def test_turn_12_blue_road_building_takes_longest_road_back() -> None:
    blue = step_of(load(), 12, "B")
    assert blue.rolled == 11
    assert blue.turn.after[0].card is Card.ROAD_BUILDING
    assert blue.snapshot.lr_holder == "B"
    assert any("from 白" in en for _, en in blue.annotations)


def test_turn_12_white_knight_largest_army_three_roads_longest_road_eleven_points() -> None:
    rec = load()
    white = step_of(rec, 12, "W")
    assert white.rolled == 4
    assert white.turn.after[0].card is Card.KNIGHT
    assert white.turn.after[0].robbery.text == "S4n(B)"
    english = [en for _, en in white.annotations]
    assert "plays knight" in english
    assert any(en.startswith("takes Largest Army") for en in english)
    assert "builds 3 roads" in english
    assert any(en.startswith("takes Longest Road") and "from 青" in en for en in english)
    assert white.took == frozenset({"LR", "LA"})
    assert (white.snapshot.lr_holder, white.snapshot.la_holder) == ("W", "W")
    assert rec.data.replay.totals == {"B": 5, "Y": 5, "R": 7, "W": 11}
    assert rec.winner == "白"
    assert rec.ranking[0] == "白"


def test_yellow_had_a_victory_point_card() -> None:
    assert load().data.replay.bonus == {"Y": 1}


def test_seed_view_marks_the_omission_and_the_cards() -> None:
    rec = load()
    view = get_game("catan").view(rec)
    assert {"LR", "LA", "omitted"} <= view.badges
    after_gap = view.steps[5]
    assert after_gap.annotations[0] == "turns omitted before this one"
    assert after_gap.state["exact"] is False
    final = view.steps[-1]
    assert "special" in final.flags
    assert final.bookmarks == ("finish",)
    white = next(p for p in final.state["players"] if p["key"] == "W")
    assert (white["lr"], white["la"], white["current"]) == (True, True, True)
