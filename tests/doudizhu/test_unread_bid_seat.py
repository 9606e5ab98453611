"""A 闘地主 bidding line without ``bid`` (``B 1``: the colon and the word left out) is one
error: in the bidding, before any play, a line opening with a seat takes that turn as a
bid not read (as ``B:bid1x`` does). Its step says a bid was not read, not that no card
was played; going round (``bidding: until-passes``), the guess that it was no bid does
not close the bidding when a bid follows, nor a play find the bidding still open."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import pytest
from tests.cardgames import errors_and_warnings, with_line_replaced
from tests.doudizhu.helpers import FRONT, HANDS, codes, data, errors, record

from kifuwiki.cardkit import unread
from kifuwiki.games.doudizhu import GAME
from kifuwiki.games.doudizhu.view import BID_NOT_READ

RECORD = Path(__file__).resolve().parents[2] / "records" / "doudizhu" / "spring-example.kifu"

_with = partial(with_line_replaced, GAME, RECORD)
ROUNDS = FRONT + "rules:\n  bidding: until-passes\n"


def test_a_bid_not_read_says_so_in_both_languages() -> None:
    """Its step said "no card is played" (cardkit.unread's words for a play)."""
    for written in ("B 1", "B:bid1x"):
        _, view = _with("B:bid1", written)
        (step,) = [s for s in view.steps if s.notation == written]
        assert step.annotations[0] == BID_NOT_READ[0] != unread.NOT_READ[0]
        assert step.annotations_ja[0] == BID_NOT_READ[1] != unread.NOT_READ[1]
        assert "bid" in step.annotations[0] and "競り" in step.annotations_ja[0]


def test_a_line_opening_with_a_seat_after_a_play_is_not_a_bid() -> None:
    """Once a play is read the bidding is over: ``C 3 3 3 …`` is a play not read."""
    record_, view = _with("C:8 8 9 9 10 10", "C 8 8 9 9 10 10")
    assert errors_and_warnings(record_) == ["DZ001"]
    (step,) = [s for s in view.steps if s.notation == "C 8 8 9 9 10 10"]
    assert step.annotations[0] == unread.NOT_READ[0]


def test_going_round_a_bid_after_a_bid_not_read_keeps_the_bidding_open() -> None:
    """``B bid2`` taken as no bid closed the bidding after C's pass (1, -, -): A's 3
    was "the bidding is over" (DZ101) and A's plays "before the bidding ended"."""
    body = HANDS + "A:bid1\nB:bid2x\nC:bid-\nA:bid3\nA:3\n"
    assert errors(record(body, ROUNDS)) == ["DZ004"]
    assert data(record(body, ROUNDS)).replay.outcome.landlord == "A"
    # Once round, a fourth bid is the record's error, not the guess's.
    assert errors(record(body)) == ["DZ004", "DZ101"]


def test_a_play_after_a_bid_not_read_that_may_have_closed_the_bidding() -> None:
    """``B bid3`` not read left the bidding open (1, -): B's play was "before the
    bidding ended" (DZ102); now B is taken as the landlord (DZ203), as the plays say."""
    for front in (FRONT, ROUNDS):
        rec = record(HANDS + "A:bid1\nB 3\nB:3\n", front)
        assert errors(rec) == ["DZ001"]
        assert "DZ203" in codes(rec)
        assert data(rec).replay.outcome.landlord == "B"


def _said(written: str, old: str = "B:bid1") -> list[tuple[int, str, str]]:
    record_, _ = _with(old, written)
    return [(d.line, d.code, d.message) for d in record_.diagnostics]


@pytest.mark.parametrize("written", ["B 1", "B1", "B bid1", "B:bid5"])
def test_a_bid_not_read_by_the_seat_whose_turn_it_is_is_in_turn(written: str) -> None:
    record_, view = _with("B:bid1", written)
    assert len(errors_and_warnings(record_)) == 1  # DZ001, or DZ004 for bid5
    (step,) = [s for s in view.steps if s.notation == written]
    assert step.player == "別府"  # B


@pytest.mark.parametrize(("written", "read"), [("C 1", "C:bid1"), ("C:bid5", "C:bid1")])
def test_a_bid_not_read_by_another_seat_is_out_of_turn_as_a_read_bid_is(
    written: str, read: str
) -> None:
    """``C 1`` where B bids was taken as B's bid (the bid order), in silence: C's
    letter is what was written, so C bid out of turn (DZ100), as ``C:bid1`` says."""
    record_, view = _with("B:bid1", written)
    (step,) = [s for s in view.steps if s.notation == written]
    assert step.player == "千葉"  # C
    (wrong, *_) = [d for d in record_.diagnostics if d.code == "DZ100"]
    assert (wrong.line, wrong.message) == (18, "it is B's turn, not C's")
    assert wrong.message_ja == "C ではなく B の番です"
    # Beside the line's own error, what the read bid gives (its columns aside).
    unread_said = [(line, code, text) for line, code, text in _said(written) if code == "DZ100"]
    assert unread_said == [said for said in _said(read) if said[1] == "DZ100"]


def test_the_first_bid_not_read_takes_its_written_seat() -> None:
    """No bid before it: the first bidder is free (as for a read bid); the next bid
    says whose turn it was."""
    unread_said = [said for said in _said("C 0", "A:bid-") if said[1] != "DZ001"]
    assert unread_said == _said("C:bid-", "A:bid-")
    _, view = _with("A:bid-", "C 0")
    (step,) = [s for s in view.steps if s.notation == "C 0"]
    assert step.player == "千葉"
