"""One mistyped seat letter in a 升級 play is one error (review18): the play was taken as
the seat written's, so that seat won the trick and every later lead was out of turn."""

from __future__ import annotations

from functools import partial
from pathlib import Path

from tests.cardgames import errors_and_warnings, with_line_replaced

from kifuwiki.games.shengji import GAME

RECORD = Path(__file__).resolve().parents[2] / "records" / "shengji" / "annotated-seed.kifu"

_with = partial(with_line_replaced, GAME, RECORD)


def test_a_seat_letter_mistyped_is_one_error_and_the_play_is_the_holders() -> None:
    """``N: CA`` for ``E: CA``: the ♣A is in E's hand and it is E's turn: one SJ104 (not
    also SJ103 and seven more out of turn), and the result line still checks."""
    good, good_view = _with("E: CA", "E: CA")
    record, view = _with("E: CA", "N: CA")
    assert errors_and_warnings(record) == ["SJ104"]
    (problem,) = record.diagnostics
    assert "taken as E's play" in problem.message
    (step,) = [s for s in view.steps if s.notation == "N: CA"]
    assert step.player == "東家"
    assert view.steps[-1].state == good_view.steps[-1].state
    assert record.winner == good.winner
    replay, good_replay = record.data.replay, good.data.replay
    assert (replay.points, replay.levels_after) == (good_replay.points, good_replay.levels_after)
    assert replay.levels_after == {"NS": 12, "EW": 7}


def test_a_seat_written_that_holds_the_cards_is_kept() -> None:
    """The cards in the written seat's hand: the seat is not changed (its cards leave its
    own hand), as before."""
    record, _ = _with("E: CA", "N: C9")
    assert "SJ104" in errors_and_warnings(record)
    assert all("taken as" not in d.message for d in record.diagnostics)
