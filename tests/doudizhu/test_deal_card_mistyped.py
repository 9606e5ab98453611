"""A card of a 闘地主 deal mistyped as another (C's J written Q; the red joker of the
bottom cards written BJ) is one error, the card dealt twice (DZ107): the card it stood
for, played later, was also "not held" (DZ103, in a variation too), and the hand's '#'
"still holds 1 card", no spring, the record ending before anyone went out. A card
not held whose rank the deal does not lack is still DZ103."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import pytest
from tests.cardgames import errors_and_warnings, with_line_replaced

from kifuwiki.core.recordfile import split_record_file
from kifuwiki.games.doudizhu import GAME

RECORD = Path(__file__).resolve().parents[2] / "records" / "doudizhu" / "spring-example.kifu"
C_HAND = "C:(3 3 3 4 4 4 7 8 8 9 9 10 10 J J J Q)"

_with = partial(with_line_replaced, GAME, RECORD)


@pytest.mark.parametrize(
    ("old", "written"),
    [
        (C_HAND, C_HAND.replace("J J J Q", "J J Q Q")),
        ("kitty:(5 Q RJ)", "kitty:(5 Q BJ)"),
    ],
)
def test_a_card_of_the_deal_mistyped_is_one_error(old: str, written: str) -> None:
    record, _ = _with(old, written)
    assert errors_and_warnings(record) == ["DZ107"]


def test_a_card_not_held_that_the_deal_does_not_lack_is_still_said() -> None:
    """The deal has a card twice (a 2 too many in A's hand, DZ108 and DZ107); C's 8 for
    7 is its own slip: every 8 is dealt."""
    text = RECORD.read_text(encoding="utf-8")
    text = text.replace("A A 2 2)", "A A 2 2 2)", 1).replace("+ 5 7\n", "+ 5 8\n")
    (source,) = split_record_file(text, "x.kifu")
    assert errors_and_warnings(GAME.load(source)) == ["DZ108", "DZ107", "DZ103"]
