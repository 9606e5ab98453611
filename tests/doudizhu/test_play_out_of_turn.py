"""A 闘地主 play or pass out of turn is one error (DZ100): the next one is in turn when
it follows the seat whose turn it was (the seat letter was the slip: ``B:%`` for
``A:%``, then ``B:%``) or the seat written, as for the bids (test_bid_out_of_turn). The
wrong letter gave a second DZ100 at the next line."""

from __future__ import annotations

from functools import partial
from pathlib import Path

from tests.cardgames import errors_and_warnings, with_line_replaced
from tests.doudizhu.helpers import HANDS, errors, find, record

from kifuwiki.games.doudizhu import GAME

RECORD = Path(__file__).resolve().parents[2] / "records" / "doudizhu" / "spring-example.kifu"

_with = partial(with_line_replaced, GAME, RECORD)


def test_a_wrong_seat_letter_on_a_pass_is_one_error() -> None:
    """A's pass written B:%, then B's own pass: the trick still ends at the two passes."""
    rec, _ = _with("A:%", "B:%")
    assert errors_and_warnings(rec) == ["DZ100"]
    assert find(rec, "DZ100")[0] == 31


def test_after_a_play_out_of_turn_either_order_goes_on() -> None:
    bids = HANDS + "A:bid3\n"
    # B's letter written C: C's pass, then C in turn after B.
    assert errors(record(bids + "A:3\nC:%\nC:4\nA:5\n")) == ["DZ100"]
    # B left out: the play goes on from C.
    assert errors(record(bids + "A:3\nC:4\nA:5\n")) == ["DZ100"]
    # Neither: still said.
    assert errors(record(bids + "A:3\nC:4\nB:5\n")) == ["DZ100", "DZ100"]
