"""Every combination, and every edge of what beats what."""

from __future__ import annotations

from dataclasses import replace

import pytest
from tests.doudizhu.helpers import read

from kifuwiki.games.doudizhu.combos import Combo, Kind, follow_reading, lead_reading
from kifuwiki.games.doudizhu.ranks import ACE, TWO
from kifuwiki.games.doudizhu.rules import PRESETS

CLASSIC = PRESETS["classic"]
LOOSE = PRESETS["douzero"]


def kinds(text: str, options=CLASSIC) -> set[Kind]:
    return {combo.kind for combo in read(text, options)}


@pytest.mark.parametrize(
    ("cards", "kind", "main", "chain"),
    [
        ("7", Kind.SINGLE, 4, 1),
        ("BJ", Kind.SINGLE, 13, 1),
        ("7 7", Kind.PAIR, 4, 1),
        ("2 2", Kind.PAIR, TWO, 1),
        ("7 7 7", Kind.TRIO, 4, 1),
        ("7 7 7 3", Kind.TRIO_SINGLE, 4, 1),
        ("7 7 7 BJ", Kind.TRIO_SINGLE, 4, 1),
        ("7 7 7 3 3", Kind.TRIO_PAIR, 4, 1),
        ("3 4 5 6 7", Kind.STRAIGHT, 0, 5),
        ("3 4 5 6 7 8 9 10 J Q K A", Kind.STRAIGHT, 0, 12),
        ("10 J Q K A", Kind.STRAIGHT, 7, 5),
        ("3 3 4 4 5 5", Kind.PAIR_STRAIGHT, 0, 3),
        ("Q Q K K A A", Kind.PAIR_STRAIGHT, 9, 3),
        ("3 3 3 4 4 4", Kind.PLANE, 0, 2),
        ("K K K A A A", Kind.PLANE, 10, 2),
        ("3 3 3 4 4 4 5 7", Kind.PLANE_SINGLES, 0, 2),
        ("3 3 3 4 4 4 5 5 7 7", Kind.PLANE_PAIRS, 0, 2),
        ("5 5 5 6 6 6 7 7 7 3 9 J", Kind.PLANE_SINGLES, 2, 3),
        ("9 9 9 9 3 5", Kind.FOUR_SINGLES, 6, 1),
        ("9 9 9 9 3 3 5 5", Kind.FOUR_PAIRS, 6, 1),
        ("9 9 9 9", Kind.BOMB, 6, 1),
        ("BJ RJ", Kind.ROCKET, 14, 1),
    ],
)
def test_each_combination_is_read(cards: str, kind: Kind, main: int, chain: int) -> None:
    found = read(cards)
    assert Combo(kind, main, chain, len(cards.split())) in found


@pytest.mark.parametrize(
    "cards",
    [
        "3 4",  # two singles
        "BJ BJ",  # (impossible, but) jokers never pair
        "3 4 5 6",  # a straight needs five
        "J Q K A 2",  # no 2 in a straight
        "10 J Q K A 2",
        "Q K A 2 BJ",  # no joker in a straight
        "3 4 5 6 8",  # a gap
        "3 3 4 4",  # a pair straight needs three pairs
        "K K A A 2 2",  # no 2 in a pair straight
        "A A A 2 2 2",  # no 2 in a plane
        "7 7 7 3 4",  # trio + two singles
        "3 3 3 4 4 4 5 6 6",  # plane + a single and a pair: wings of mixed kinds
        "3 3 3 4 4 4 5 5 6",  # again the other way round
        "3 3 3 4 4 4 5",  # one wing for two trios
        "3 3 3 4 4 4 BJ RJ",  # the rocket as wings (classic forbids it)
        "9 9 9 9 BJ RJ",  # four with the rocket (classic forbids it)
        "9 9 9 9 3 3",  # four with two singles that pair (classic forbids it)
        "3 3 3 3 4 4 4 4",  # two quads as four with two pairs (classic forbids it)
        "3 3 3 4 4 4 5 5 5 5 6 6",  # 3 trios + pair wings where one "pair" is a trio rank
    ],
)
def test_no_combination(cards: str) -> None:
    assert read(cards) == []


def test_looser_rules_allow_the_disputed_kickers() -> None:
    assert Kind.PLANE_SINGLES in kinds("3 3 3 4 4 4 BJ RJ", LOOSE)
    assert Kind.FOUR_SINGLES in kinds("9 9 9 9 BJ RJ", LOOSE)
    assert Kind.FOUR_SINGLES in kinds("9 9 9 9 3 3", LOOSE)
    assert {c.main for c in read("3 3 3 3 4 4 4 4", LOOSE) if c.kind is Kind.FOUR_PAIRS} == {0, 1}


def test_four_with_two_can_be_turned_off() -> None:
    no_four = replace(CLASSIC, four_with_two=False)
    assert read("9 9 9 9 3 5", no_four) == []
    assert read("9 9 9 9 3 3 5 5", no_four) == []
    assert kinds("9 9 9 9", no_four) == {Kind.BOMB}


def test_a_trio_never_carries_its_own_fourth_card() -> None:
    assert kinds("3 3 3 3", LOOSE) == {Kind.BOMB}


def test_twelve_cards_of_four_trios_read_two_ways_when_kickers_may_repeat() -> None:
    cards = "3 3 3 4 4 4 5 5 5 6 6 6"
    assert kinds(cards) == {Kind.PLANE}
    assert kinds(cards, LOOSE) == {Kind.PLANE, Kind.PLANE_SINGLES}
    lead = lead_reading(read(cards, LOOSE))
    assert (lead.kind, lead.chain) == (Kind.PLANE, 4)


def test_straight_ending_at_ace_is_the_highest_of_its_length() -> None:
    top = read("10 J Q K A")[0]
    below = read("9 10 J Q K")[0]
    assert top.main == ACE - 4
    assert top.beats(below)
    assert not below.beats(top)


def _one(cards: str, options=CLASSIC) -> Combo:
    found = read(cards, options)
    assert len(found) == 1, found
    return found[0]


@pytest.mark.parametrize(
    ("higher", "lower"),
    [
        ("8", "7"),
        ("2", "A"),
        ("BJ", "2"),
        ("RJ", "BJ"),
        ("2 2", "A A"),
        ("4 4 4 3", "3 3 3 A"),  # a trio + single compares by the trio only
        ("4 4 4 3 3", "3 3 3 2 2"),
        ("4 5 6 7 8", "3 4 5 6 7"),
        ("4 4 5 5 6 6", "3 3 4 4 5 5"),
        ("4 4 4 5 5 5 3 6", "3 3 3 4 4 4 A 2"),
        ("4 4 4 4 3 5", "3 3 3 3 A 2"),
        ("3 3 3 3", "J J Q Q K K A A"),  # any bomb beats a long chain of pairs
        ("3 3 3 3", "9 9 9 9 3 5"),  # a bomb beats four-with-two (which is no bomb)
        ("4 4 4 4", "3 3 3 3"),
        ("2 2 2 2", "A A A A"),
        ("BJ RJ", "2 2 2 2"),  # the rocket beats every bomb
        ("BJ RJ", "3"),
    ],
)
def test_beats(higher: str, lower: str) -> None:
    assert _one(higher).beats(_one(lower))
    assert not _one(lower).beats(_one(higher))


@pytest.mark.parametrize(
    ("play", "table"),
    [
        ("4 5 6 7 8 9", "3 4 5 6 7"),  # a longer straight does not beat a shorter one
        ("4 5 6 7 8", "3 4 5 6 7 8"),
        ("8 8", "7"),  # another kind
        ("8 8 8 3", "7 7 7 3 3"),  # trio + single against trio + pair
        ("5 5 5 6 6 6 3 4", "3 3 3 4 4 4 5 5 6 6"),  # single wings against pair wings
        ("7 7", "7 7"),  # equal does not beat
        ("9 9 9 9 3 5", "3 3 3 3"),  # four-with-two is no bomb
        ("A A A A", "BJ RJ"),  # nothing beats the rocket
    ],
)
def test_does_not_beat(play: str, table: str) -> None:
    assert not _one(play).beats(_one(table))


def test_following_picks_the_reading_that_beats() -> None:
    table = _one("3 3 3 4 4 4 5 5 5 7 8 9")  # a plane of three with single wings
    # A plane of four, or of three with 6 6 6 or 9 9 9 as wings: the strongest that beats.
    options = read("6 6 6 7 7 7 8 8 8 9 9 9", LOOSE)
    assert {(c.kind, c.main) for c in options} == {
        (Kind.PLANE, 3),
        (Kind.PLANE_SINGLES, 3),
        (Kind.PLANE_SINGLES, 4),
    }
    chosen = follow_reading(options, table)
    assert chosen is not None
    assert (chosen.kind, chosen.main, chosen.chain) == (Kind.PLANE_SINGLES, 4, 3)


def test_strength_orders_rocket_then_bombs_then_rank() -> None:
    ordered = sorted(
        [_one("2"), _one("3 3 3 3"), _one("BJ RJ"), _one("A A A A")], key=lambda c: c.strength
    )
    assert [c.kind for c in ordered] == [Kind.SINGLE, Kind.BOMB, Kind.BOMB, Kind.ROCKET]
    assert ordered[2].main == ACE
