"""A 闘地主 play, pass, hand or bottom-cards line with its colon left out or written ``;``
(``C 3 3 3``, ``A %``, ``C;8 8``, ``B (4 5 …)``, ``kitty (5 Q RJ)``), or its seat
letter in the wrong case (``c:8 8``), is one error that says the line as meant: "did
you mean 'C:3 3 3'?" (English and Japanese), only when that line reads. A play-shaped
line in the bidding takes a bid's turn and gets no play hint (test_unread_bid_hint).
A hand without its colon took a bid's turn: B's bids were out of turn, the bidding
over too soon, and the plays cascaded (eight errors for one colon)."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import pytest
from tests.cardgames import errors_and_warnings, with_line_replaced

from kifuwiki.games.doudizhu import GAME

RECORD = Path(__file__).resolve().parents[2] / "records" / "doudizhu" / "spring-example.kifu"
B_HAND = "B:(4 5 6 6 7 8 9 10 J Q K K A A 2 2 BJ)"

_with = partial(with_line_replaced, GAME, RECORD)


@pytest.mark.parametrize(
    ("old", "written", "meant"),
    [
        ("C:8 8 9 9 10 10", "C 8 8 9 9 10 10", "C:8 8 9 9 10 10"),
        ("C:8 8 9 9 10 10", "C 3", "C:3"),  # after the plays: a play, not a bid
        ("C:8 8 9 9 10 10", "C;8 8 9 9 10 10", "C:8 8 9 9 10 10"),
        ("C:3 3 3 4 4 4 + 5 7", "C 3 3 3 4 4 4 + 5 7", "C:3 3 3 4 4 4 + 5 7"),
        ("C:RJ # [spring] !", "C RJ # [spring] !", "C:RJ # [spring] !"),
        ("A:%", "A %", "A:%"),
        ("A:%", "A pass", "A:pass"),
        ("A:%", "A -", "A:-"),
        (B_HAND, B_HAND.replace(":", " "), B_HAND),
        ("kitty:(5 Q RJ)", "kitty (5 Q RJ)", "kitty:(5 Q RJ)"),
    ],
)
def test_a_line_without_its_colon_says_the_line_meant(old: str, written: str, meant: str) -> None:
    record, _ = _with(old, written)
    assert errors_and_warnings(record) == ["DZ001"]
    (error,) = [d for d in record.diagnostics if d.code == "DZ001"]
    assert error.message.endswith(f"; did you mean '{meant}'?")
    assert error.message_ja.endswith(f"。'{meant}' のことですか?")


def test_a_hand_without_its_colon_takes_no_bidding_turn() -> None:
    record, _ = _with(B_HAND, B_HAND.replace(":", " "))
    assert errors_and_warnings(record) == ["DZ001"]


def test_a_seat_letter_in_another_case_says_the_seat() -> None:
    record, _ = _with("C:8 8 9 9 10 10", "c:8 8 9 9 10 10")
    assert errors_and_warnings(record) == ["DZ002"]
    (error,) = record.diagnostics
    assert error.message.endswith("; did you mean 'C:8 8 9 9 10 10'?")
    assert error.message_ja.endswith("。'C:8 8 9 9 10 10' のことですか?")


@pytest.mark.parametrize(
    ("old", "written"),
    [
        ("C:8 8 9 9 10 10", "C 8 8 9 9 10 1O"),  # with its colon it is still no play
        ("C:8 8 9 9 10 10", "D 8 8 9 9 10 10"),  # no seat of the record
        ("C:8 8 9 9 10 10", "C 1"),  # a bid's value, after the plays: no play either
        ("A:%", "A [bomb]"),  # nothing played
        ("C:8 8 9 9 10 10", "d:8 8 9 9 10 10"),  # no seat in any case
    ],
)
def test_no_line_is_suggested_that_would_not_read(old: str, written: str) -> None:
    record, _ = _with(old, written)
    for error in record.diagnostics:
        assert "did you mean" not in error.message and "のことですか" not in error.message_ja
