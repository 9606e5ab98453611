"""A 闘地主 bid out of turn is one error (DZ100), read or not: the next bid is in turn
when it follows the seat whose turn it was (the seat letter was the slip: ``C:bid1``
for ``B:bid1``, then ``C:bid2``) or the seat written (a seat left out: A, C, then A).
It gave a second DZ100 at the next bid, whichever way the slip went."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import pytest
from tests.cardgames import errors_and_warnings, with_line_replaced
from tests.doudizhu.helpers import FRONT, HANDS, errors, find, record

from kifuwiki.games.doudizhu import GAME

RECORD = Path(__file__).resolve().parents[2] / "records" / "doudizhu" / "spring-example.kifu"

_with = partial(with_line_replaced, GAME, RECORD)


@pytest.mark.parametrize(
    "written",
    [
        "C:bid1",  # a later seat's letter: C then bids in turn (A:bid-, C:bid1, C:bid2)
        "A:bid1",  # an earlier seat's letter (A:bid-, A:bid1, C:bid2)
        "C 1",  # not read, with the later seat's letter
        "A 1",  # not read, with the earlier seat's letter
    ],
)
def test_a_wrong_seat_letter_on_a_bid_is_one_error(written: str) -> None:
    rec, _ = _with("B:bid1", written)
    assert [c for c in errors_and_warnings(rec) if c != "DZ001"] == ["DZ100"]
    assert find(rec, "DZ100")[0] == 18  # the slip's line, not the next bid's


@pytest.mark.parametrize(
    "body",
    [
        "A:bid-\nC:bid1\nA:bid2\nB:bid3\n",  # B left out: the bids go on from C
        "A:bid-\nC:bid1\nC:bid2\nA:bid3\n",  # B's letter written as C: on from B
    ],
)
def test_after_a_bid_out_of_turn_either_order_goes_on(body: str) -> None:
    assert errors(record(HANDS + body, FRONT + "rules:\n  bidding: until-passes\n")) == ["DZ100"]


def test_a_second_bid_out_of_turn_is_still_said() -> None:
    """Neither the seat after the written one nor after the one whose turn it was."""
    body = HANDS + "A:bid-\nC:bid1\nB:bid2\n"
    assert errors(record(body)) == ["DZ100", "DZ100"]
