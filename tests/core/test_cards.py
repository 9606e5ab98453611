"""The shared playing-card model (kifuwiki.cards): written forms, columns, decks."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kifuwiki.cards import (
    BLACK_JOKER,
    RED_JOKER,
    Card,
    CardSyntaxError,
    Suit,
    format_cards,
    parse_card,
    parse_cards,
    standard_deck,
    tokens,
    too_many,
)


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("3", Card(3)),
        ("10", Card(10)),
        ("T", Card(10)),
        ("a", Card(1)),
        ("H3", Card(3, Suit.HEARTS)),
        ("S10", Card(10, Suit.SPADES)),
        ("DT", Card(10, Suit.DIAMONDS)),
        ("3h", Card(3, Suit.HEARTS)),
        ("Kd", Card(13, Suit.DIAMONDS)),
        ("♥3", Card(3, Suit.HEARTS)),
        ("A♠", Card(1, Suit.SPADES)),
        ("♡Q", Card(12, Suit.HEARTS)),
        ("BJ", Card(BLACK_JOKER)),
        ("jr", Card(RED_JOKER)),
        ("小王", Card(BLACK_JOKER)),
        ("大王", Card(RED_JOKER)),
        ("Ｈ１０", Card(10, Suit.HEARTS)),
        ("SJ", Card(11, Suit.SPADES)),  # the jack of spades, not a joker
    ],
)
def test_parse_card(text: str, card: Card) -> None:
    assert parse_card(text) == card


@pytest.mark.parametrize("text", ["", "1", "11", "Z", "H", "H1", "joker", "3 4"])
def test_parse_card_rejects(text: str) -> None:
    with pytest.raises(CardSyntaxError):
        parse_card(text)


def test_tokens_with_and_without_spaces_keep_columns() -> None:
    assert tokens("H3 S3,10") == [
        (Card(3, Suit.HEARTS), 0),
        (Card(3, Suit.SPADES), 3),
        (Card(10), 6),
    ]
    assert parse_cards("3334") == [Card(3), Card(3), Card(3), Card(4)]
    assert parse_cards("10JQKA") == [Card(10), Card(11), Card(12), Card(13), Card(1)]


def test_tokens_error_column() -> None:
    with pytest.raises(CardSyntaxError) as error:
        tokens("3 4 Z5")
    assert error.value.column == 4
    assert "'Z5'" in str(error.value)


def test_full_width_columns_stay_true() -> None:
    assert tokens("３　Ｈ４") == [(Card(3), 0), (Card(4, Suit.HEARTS), 2)]


def test_aliases_add_a_games_words_without_changing_standard_forms() -> None:
    aliases = {"X": Card(BLACK_JOKER), "B": Card(BLACK_JOKER), "R": Card(RED_JOKER)}
    assert parse_cards("X R 3", aliases) == [Card(BLACK_JOKER), Card(RED_JOKER), Card(3)]
    assert parse_cards("BJ", aliases) == [Card(BLACK_JOKER)]  # the standard form wins
    assert parse_cards("RJ B", aliases) == [Card(RED_JOKER), Card(BLACK_JOKER)]
    with pytest.raises(CardSyntaxError):
        parse_cards("X")  # no aliases, no X


def test_longest_alias_wins() -> None:
    aliases = {"Z": Card(3), "ZZ": Card(4)}
    assert parse_cards("ZZZ", aliases) == [Card(4), Card(3)]


def test_card_text_and_glyphs() -> None:
    assert str(Card(10, Suit.HEARTS)) == "H10"
    assert str(Card(1)) == "A"
    assert str(Card(BLACK_JOKER)) == "BJ"
    assert Card(1, Suit.SPADES).glyph() == "♠A"
    assert Card(RED_JOKER).glyph() == "RJ"
    assert format_cards([Card(3), Card(12, Suit.CLUBS)]) == "3 CQ"


def test_colour_and_order() -> None:
    assert Card(3, Suit.DIAMONDS).red and not Card(3, Suit.CLUBS).red
    assert Card(RED_JOKER).red and not Card(BLACK_JOKER).red
    assert not Card(3).red  # no suit, no colour
    assert Card(3).sort_key < Card(3, Suit.SPADES).sort_key < Card(3, Suit.CLUBS).sort_key
    assert Card(RED_JOKER).joker and not Card(13, Suit.SPADES).joker


def test_standard_deck() -> None:
    deck = standard_deck()
    assert deck.total() == 54
    assert deck[Card(5, Suit.CLUBS)] == 1
    assert standard_deck(2, jokers=False).total() == 104


def test_too_many() -> None:
    assert too_many([Card(3, Suit.HEARTS), Card(3, Suit.HEARTS)]) == [Card(3, Suit.HEARTS)]
    assert too_many([Card(3)] * 5) == [Card(3)]
    assert too_many([Card(3)] * 4) == []
    assert too_many([Card(3)] * 5, decks=2) == []
    assert too_many([Card(BLACK_JOKER)] * 2) == [Card(BLACK_JOKER)]
    assert too_many([Card(RED_JOKER)], jokers=False) == [Card(RED_JOKER)]


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from(sorted(standard_deck(), key=lambda c: c.sort_key)), max_size=12))
def test_written_cards_read_back(cards: list[Card]) -> None:
    assert parse_cards(format_cards(cards)) == cards
    assert parse_cards(format_cards(cards, sep="")) == cards
