"""Thousands of generated deals validate with zero diagnostics; fmt round-trips them."""

from __future__ import annotations

from kifuwiki.core.recordfile import split_record_file
from kifuwiki.games.shengji import GAME
from kifuwiki.games.shengji.engine import Replay, points
from kifuwiki.games.shengji.rules import SEED, STANDARD
from kifuwiki.games.shengji.selfplay import game, record
from kifuwiki.games.shengji.writer import write


def _check(seed: int, body: str, preset: str | None) -> None:
    rec = GAME.load(split_record_file(body, "g.kifu")[0], {"preset": preset} if preset else None)
    assert rec.diagnostics == [], (seed, [d.format_text() for d in rec.diagnostics])
    replay = rec.data.replay
    assert replay.complete and rec.winner is not None
    assert sum(t.points for t in replay.tricks) == replay.rules.total_points - _buried(replay)


def _buried(replay: Replay) -> int:
    kitty = replay.steps[-1].snapshot.kitty
    return points(kitty) if kitty else 0


def test_generated_one_deck_deals_validate_cleanly() -> None:
    for seed in range(800):
        _check(seed, game(seed, SEED, ("random", "greedy")[seed % 2], hands=seed % 4 != 0), "seed")


def test_generated_two_deck_deals_validate_cleanly() -> None:
    for seed in range(300):
        _check(
            seed, game(seed, STANDARD, ("random", "greedy")[seed % 2], hands=seed % 5 != 0), None
        )


def test_round_trip_of_generated_records() -> None:
    for seed in range(30):
        text = record(seed)
        rec = GAME.load(split_record_file(text)[0])
        assert write(rec.data.record) == text.split("---\n", 2)[2]


def test_view_of_a_generated_deal() -> None:
    rec = GAME.load(split_record_file(record(7, strength="greedy"))[0])
    view = GAME.view(rec)
    assert len(view.steps) == rec.moves + 1
    last = view.steps[-1]
    assert "last-trick" in last.flags
    assert last.state["kitty"] is not None and len(last.state["kitty"]) == 8
    assert all(seat["hand"] == [] for seat in last.state["seats"].values())
    ruffs = [s for s in view.steps if "ruff" in s.flags]
    assert ruffs
    # The ruffing play's step; its trick closes, won by the ruff, within the next 3 plays.
    for ruff in ruffs:
        closing = view.steps[ruff.index : ruff.index + 4]
        assert any(s.state["trick"]["ruff"] for s in closing), ruff.index
    assert view.steps[1].state["kitty"] is None  # the kitty is shown only at the end


def test_view_counts_each_seats_tricks_as_they_are_won() -> None:
    rec = GAME.load(split_record_file(record(7, strength="greedy"))[0])
    replay = rec.data.replay
    view = GAME.view(rec)
    won = dict.fromkeys("NESW", 0)
    for step, shown in zip(replay.steps, view.steps, strict=True):
        if step.trick_end is not None:
            won[step.trick_end.winner] += 1
        assert {k: seat["tricks"] for k, seat in shown.state["seats"].items()} == won
    assert sum(won.values()) == len(replay.tricks) > 0


def test_generated_seed_deals_without_declaration_take_trumps_from_the_kitty() -> None:
    from kifuwiki.games.shengji.engine import turned_up_trump

    undeclared = 0
    for seed in range(200):
        body = game(seed, SEED, "random", hands=True)
        if ": declare " in body:
            continue
        undeclared += 1
        _check(seed, body, "seed")
        rec = GAME.load(split_record_file(body, "g.kifu")[0], {"preset": "seed"})
        kitty = next(e for e in rec.data.record.events if getattr(e, "bury", True) is False)
        level = rec.data.replay.trumps.level
        assert rec.data.replay.trumps.suit == turned_up_trump(kitty.cards, level)
        assert rec.data.replay.trumps.suit is not None
    assert undeclared >= 5
