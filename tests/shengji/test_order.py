"""The trump order and the shapes: positions, tractors across the trump order, throws."""

from __future__ import annotations

from kifuwiki.cards import Suit, parse_card, parse_cards
from kifuwiki.games.shengji.order import TRUMP, Trumps
from kifuwiki.games.shengji.shapes import can_beat, decompose, longest_run, match_value, smallest

HEARTS_2 = Trumps(2, Suit.HEARTS)


def pos(trumps: Trumps, text: str) -> int:
    return trumps.position(parse_card(text))


def test_trump_order_high_to_low() -> None:
    order = ["RJ", "BJ", "H2", "S2", "HA", "HK", "H3"]
    values = [pos(HEARTS_2, c) for c in order]
    assert values == sorted(values, reverse=True)
    assert len(set(values)) == len(values)


def test_level_cards_of_other_suits_are_equal_trumps() -> None:
    assert pos(HEARTS_2, "S2") == pos(HEARTS_2, "C2") == pos(HEARTS_2, "D2")
    assert HEARTS_2.suit_of(parse_card("S2")) == TRUMP
    assert HEARTS_2.suit_of(parse_card("SA")) == "S"
    assert HEARTS_2.suit_of(parse_card("H9")) == TRUMP


def test_plain_suit_skips_the_level_rank() -> None:
    fives = Trumps(5, Suit.SPADES)
    assert pos(fives, "H6") - pos(fives, "H4") == 1
    assert longest_run(parse_cards("H4H4H6H6"), fives) == 2


def test_tractors_connect_across_the_trump_order() -> None:
    assert longest_run(parse_cards("HAHAS2S2"), HEARTS_2) == 2
    assert longest_run(parse_cards("S2S2H2H2"), HEARTS_2) == 2
    assert longest_run(parse_cards("H2H2BJBJRJRJ"), HEARTS_2) == 3
    assert longest_run(parse_cards("S2S2C2C2"), HEARTS_2) == 1  # equal rank: not consecutive


def test_no_trump_has_only_jokers_and_level_cards() -> None:
    nt = Trumps(7, None)
    assert nt.is_trump(parse_card("S7")) and nt.is_trump(parse_card("BJ"))
    assert not nt.is_trump(parse_card("SA"))
    assert longest_run(parse_cards("S7S7BJBJ"), nt) == 2


def test_permanent_twos_rank_below_level_cards() -> None:
    t = Trumps(9, Suit.CLUBS, permanent_twos=True)
    assert t.is_trump(parse_card("D2"))
    order = ["C9", "S9", "C2", "S2", "CA"]
    values = [pos(t, c) for c in order]
    assert values == sorted(values, reverse=True) and len(set(values)) == 5


def test_decompose_a_throw() -> None:
    parts = decompose(parse_cards("SASKSKSQSQ9S"), Trumps(2, Suit.HEARTS))
    assert [(p.kind, len(p.cards)) for p in parts] == [("tractor", 4), ("single", 1), ("single", 1)]


def test_match_value_needs_the_shape() -> None:
    lead = decompose(parse_cards("S3S3"), HEARTS_2)
    assert match_value(lead, parse_cards("H5H5"), HEARTS_2) is not None
    assert match_value(lead, parse_cards("H5H6"), HEARTS_2) is None
    tractor = decompose(parse_cards("S3S3S4S4"), HEARTS_2)
    assert match_value(tractor, parse_cards("H5H5H6H6"), HEARTS_2) == pos(HEARTS_2, "H6")
    assert match_value(tractor, parse_cards("H5H5H7H7"), HEARTS_2) is None


def test_can_beat_and_smallest() -> None:
    pair = decompose(parse_cards("SKSK"), HEARTS_2)[0]
    assert can_beat(pair, parse_cards("SASA"), HEARTS_2)
    assert not can_beat(pair, parse_cards("SAS3"), HEARTS_2)
    single = decompose(parse_cards("SQ"), HEARTS_2)[0]
    assert smallest([pair, single]) is single
