"""Thousands of generated games validate with zero diagnostics, and fmt round-trips them."""

from __future__ import annotations

from kifuwiki.core.recordfile import split_record_file
from kifuwiki.games.jianhongdian import GAME
from kifuwiki.games.jianhongdian.selfplay import game, record
from kifuwiki.games.jianhongdian.writer import write


def test_generated_games_validate_cleanly() -> None:
    for seed in range(1000):
        players = 2 + seed % 3
        hands = seed % 4 != 0  # every fourth game without hands or stock
        body = game(seed, players, ("greedy", "random")[seed % 2], hands=hands)
        rec = GAME.load(split_record_file(body, "g.kifu")[0])
        assert rec.diagnostics == [], (seed, [d.format_text() for d in rec.diagnostics])
        assert (rec.moves == 24 and rec.winner is not None) or len(
            set(rec.data.replay.scores.values())
        ) < players


def test_round_trip_of_generated_records() -> None:
    for seed in range(50):
        text = record(seed, 2 + seed % 3)
        rec = GAME.load(split_record_file(text)[0])
        body = text.split("---\n", 2)[2]
        assert write(rec.data.record) == body


def test_view_has_one_step_per_turn() -> None:
    rec = GAME.load(split_record_file(record(4, 4))[0])
    view = GAME.view(rec)
    assert len(view.steps) == 25
    last = view.steps[-1].state
    assert sum(seat["score"] for seat in last["seats"]) == sum(rec.data.replay.scores.values())
    assert all(seat["hand_count"] == 0 for seat in last["seats"])
    big = [s for s in view.steps if "special" in s.flags]
    assert all(s.state["gained"] >= 20 for s in big)


def test_view_counts_down_unrecorded_hands_turn_by_turn() -> None:
    body = game(5, 3, hands=False)
    rec = GAME.load(split_record_file(body, "g.kifu")[0])
    view = GAME.view(rec)
    seats = rec.data.replay.seats
    left = dict.fromkeys(seats, 24 // len(seats))
    assert all(s["hand"] is None for s in view.steps[0].state["seats"])  # counted, not shown
    for step in view.steps:
        if step.index > 0:
            left[rec.data.replay.steps[step.index].turn.player] -= 1
        assert {s["key"]: s["hand_count"] for s in step.state["seats"]} == left
    assert set(left.values()) == {0}


def test_generated_seed_games_capture_whenever_a_hand_card_can() -> None:
    from kifuwiki.games.jianhongdian.rules import SEED

    for seed in range(300):
        players = 2 + seed % 3
        body = game(seed, players, ("greedy", "random")[seed % 2], SEED)
        rec = GAME.load(split_record_file(body, "g.kifu")[0], {"preset": "seed"})
        assert rec.diagnostics == [], (seed, [d.format_text() for d in rec.diagnostics])
