"""The kit's card order, view and writer helpers."""

from __future__ import annotations

import pytest

from kifuwiki.cardkit import order, view, writer
from kifuwiki.cardkit.game import data_of, text_lines
from kifuwiki.cards import BLACK_JOKER, Card, Suit, parse_cards
from kifuwiki.core.diagnostics import Diagnostic, Severity
from kifuwiki.core.recordfile import split_record_file
from kifuwiki.games.base import GameRecord


def test_high_puts_the_ace_on_top() -> None:
    assert order.high(1) == 14
    assert order.high(13) == 13
    assert [order.rank_name(r) for r in (2, 10, 11, 14)] == ["2", "10", "J", "A"]


def test_card_key_is_equal_exactly_for_identical_cards() -> None:
    deck = [Card(rank, suit) for rank in range(1, 14) for suit in Suit]
    deck += [Card(BLACK_JOKER), Card(BLACK_JOKER + 1), Card(5)]
    keys = [order.card_key(card) for card in deck]
    assert len(set(keys)) == len(deck)
    assert order.card_key(Card(5, Suit.HEARTS)) == order.card_key(Card(5, Suit.HEARTS))


def test_sort_by_suit_groups_suits_in_the_given_order() -> None:
    cards = parse_cards("HA S3 BJ H2 SK")
    ordered = order.sort_by_suit(cards, {"S": 0, "H": 1}, lambda c: order.high(c.rank))
    assert [str(c) for c in ordered] == ["S3", "SK", "H2", "HA", "BJ"]


def test_card_data_has_the_template_keys_then_the_games() -> None:
    data = view.card_data(Card(10, Suit.HEARTS), points=10)
    assert data == {"text": "♥10", "code": "H10", "red": True, "points": 10}
    assert list(data) == ["text", "code", "red", "points"]


def test_notes_split_comments_and_bookmarks() -> None:
    (source,) = split_record_file("N: SA\n* well played\n*&mark\n")
    assert view.notes(source.lines[1:]) == (("well played",), ("mark",))


def _diagnostic(severity: Severity, line: int, step: int | None = None) -> Diagnostic:
    return Diagnostic(severity, "XX001", "m", line, step=step)


def test_problem_flags_prefer_the_own_step_then_the_line_then_the_move_before() -> None:
    """A line after a move that no move starts on (a result line) is that move's; only a
    line before every move is the deal's (review13 R13-4: it was the deal's always)."""
    flagged = view.problem_flags(
        [
            _diagnostic(Severity.ERROR, 5, step=2),
            _diagnostic(Severity.WARNING, 7),
            _diagnostic(Severity.ERROR, 99),
            _diagnostic(Severity.INFO, 7),
            _diagnostic(Severity.WARNING, 3),
        ],
        {7: 3},
    )
    assert dict(flagged) == {2: {"error"}, 3: {"warning", "error"}, 0: {"warning"}}


def test_step_flags_add_comment_only_for_comments() -> None:
    assert view.step_flags(1, {1: {"error"}}, ("hi",), "ruff") == {"error", "comment", "ruff"}
    assert view.step_flags(2, {1: {"error"}}, ()) == frozenset()


def test_seats_line() -> None:
    assert view.seats_line([("N", "Ann"), ("E", "Bob")]) == "Ann (N) → Bob (E)"


def test_writer_keeps_unknown_lines_and_drops_trailing_blanks() -> None:
    (source,) = split_record_file("N: sa\n* note\n\n")
    body = writer.write_items(
        source.lines, lambda item: "N: SA" if getattr(item, "text", "") == "N: sa" else None
    )
    assert body == "N: SA\n* note\n"
    assert writer.with_marks("N: SA", "!?") == "N: SA !?"
    assert writer.with_marks("N: SA", "") == "N: SA"
    assert writer.token(parse_cards("SA SK SK")) == "SASKSK"


def test_text_lines_and_data_of() -> None:
    (source,) = split_record_file("* c\nN: SA\n")
    assert text_lines(source) == ["N: SA"]
    record = GameRecord("x", source, "", [], None, None, [], 0, [], "r", data=3)
    assert data_of(record, int, "X") == 3
    with pytest.raises(TypeError, match="not a X record"):
        data_of(record, str, "X")


def test_note_lines_strip_indentation() -> None:
    (source,) = split_record_file("N: SA\n   * a note  \n*&mark\n")
    assert writer.note_lines(source.lines[1:3]) == ["* a note", "*&mark"]
