"""A 闘地主 hand or bottom cards with a card too few or too many (DZ108) is one error
there: the cards lacking are taken as cards not known (a card left out of C's hand was
"not held" at each play of it, in the variation too; of the bottom cards, C went out a
card early and the next line came "after the end"), and with a card too many the
landlord's '#' is taken as written (not "still holds 1 card")."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import pytest
from tests.cardgames import errors_and_warnings, with_line_replaced

from kifuwiki.games.doudizhu import GAME

RECORD = Path(__file__).resolve().parents[2] / "records" / "doudizhu" / "spring-example.kifu"
C_HAND = "C:(3 3 3 4 4 4 7 8 8 9 9 10 10 J J J Q)"

_with = partial(with_line_replaced, GAME, RECORD)


@pytest.mark.parametrize(
    ("old", "written", "found"),
    [
        (C_HAND, C_HAND.replace(" Q)", ")"), ["DZ108"]),  # the Q C plays later
        ("kitty:(5 Q RJ)", "kitty:(5 Q)", ["DZ108"]),
        # 'RK' read as the red joker and K: the K is also one too many (DZ107)
        ("kitty:(5 Q RJ)", "kitty:(5 Q RK)", ["DZ108", "DZ107"]),
    ],
)
def test_a_card_too_few_or_too_many_is_said_once(old: str, written: str, found: list[str]) -> None:
    record, _ = _with(old, written)
    assert errors_and_warnings(record) == found


def test_the_bottom_cards_have_their_own_grammar() -> None:
    record, _ = _with("kitty:(5 Q RJ)", "kitty:(5 Q)")
    (error,) = record.diagnostics
    assert error.message == "the bottom cards have 2 cards; they should have 3"
