"""A 闘地主 line without its colon that is taken as a bid (``B 1``) says how a bid is
written: its DZ001 ends "did you mean 'B:bid1'?" (English and Japanese). Only the rules
stage knows that the line was a bid (in the bidding, before any play): the same ``B 3``
after the plays is a play not read and gets a play's hint (test_unread_play_hint), nor
does a play-shaped line in the bidding get one."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import pytest
from tests.cardgames import errors_and_warnings, with_line_replaced

from kifuwiki.core.diagnostics import Diagnostic
from kifuwiki.games.base import GameRecord
from kifuwiki.games.doudizhu import GAME

RECORD = Path(__file__).resolve().parents[2] / "records" / "doudizhu" / "spring-example.kifu"

_with = partial(with_line_replaced, GAME, RECORD)


def _dz001(record: GameRecord) -> Diagnostic:
    assert errors_and_warnings(record) == ["DZ001"]
    (error,) = [d for d in record.diagnostics if d.code == "DZ001"]
    return error


@pytest.mark.parametrize(
    ("old", "written", "meant"),
    [
        ("B:bid1", "B 1", "B:bid1"),
        ("B:bid1", "B1", "B:bid1"),
        ("B:bid1", "B bid1", "B:bid1"),
        ("B:bid1", "Bbid1", "B:bid1"),
        ("C:bid2", "C 2", "C:bid2"),
        ("A:bid-", "A 0", "A:bid-"),
        ("A:bid-", "A -", "A:bid-"),
        ("A:bid-", "A bid-", "A:bid-"),
        ("A:bid-", "A;bid-", "A:bid-"),  # ';' for ':'
        ("B:bid1", "B;bid1", "B:bid1"),
    ],
)
def test_a_colonless_bid_gets_the_right_spelling(old: str, written: str, meant: str) -> None:
    error = _dz001(_with(old, written)[0])
    assert f"; did you mean '{meant}'" in error.message and error.message.endswith("?")
    assert f"。'{meant}'" in error.message_ja and error.message_ja.endswith("のことですか?")
    assert f"'{written}' is not 'seat: action'" in error.message  # what was written first


def test_no_bid_is_said_to_be_no_bid() -> None:
    error = _dz001(_with("A:bid-", "A 0")[0])
    assert "'A:bid-' (no bid)" in error.message and "'A:bid-' (競らない)" in error.message_ja


@pytest.mark.parametrize(
    ("old", "written"),
    [
        ("A:bid-", "A 3 3"),  # play-shaped: taken as the bidding turn, no spelling guessed
        ("A:bid-", "A bidx"),  # says "bid", but no value to suggest
    ],
)
def test_a_line_that_is_no_bid_or_has_no_value_gets_no_bid_hint(old: str, written: str) -> None:
    error = _dz001(_with(old, written)[0])
    assert "did you mean" not in error.message and "のことですか" not in error.message_ja
