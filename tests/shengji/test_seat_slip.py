"""One mistyped seat letter, or a play left out or written twice, in a 升級 record is one
error (review18). A mistyped seat: the play was taken as
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


def test_a_play_left_out_is_one_error() -> None:
    """``E: CA`` dropped (and the lead ``E: S8`` dropped): one SJ104 each; the seat
    skipped takes its turn with cards not known, so the trick's winner is not known and the
    record goes on in turn (it was 30 errors, wrong turns and revokes to the end)."""
    for dropped, follow in (("E: CA", "N: C9"), ("E: S8", "N: S5")):
        text = RECORD.read_text(encoding="utf-8")
        assert f"\n{dropped}\n{follow}\n" in text
        record, _ = _with(f"{dropped}\n{follow}", follow)
        assert errors_and_warnings(record) == ["SJ104"], dropped
        assert "left out" in record.diagnostics[0].message
        assert record.data.replay.change is None  # the points are not known


def test_a_play_written_twice_is_one_error() -> None:
    """``E: CA`` written twice: the second takes no turn (it was SJ103 and a wrong turn at
    every later play)."""
    good, _ = _with("E: CA", "E: CA")
    record, _ = _with("E: CA", "E: CA\nE: CA")
    assert errors_and_warnings(record) == ["SJ104"]
    assert "written twice" in record.diagnostics[0].message
    assert record.data.replay.levels_after == good.data.replay.levels_after
    assert record.data.replay.points == good.data.replay.points == 100
