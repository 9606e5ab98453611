"""Reading 撿紅點 notation: every element, and bad input answered with line and column."""

from __future__ import annotations

from tests.jianhongdian.helpers import codes, find, load

from kifuwiki.cards import Card, Suit
from kifuwiki.games.jianhongdian.writer import write

H, S, D, C = Suit.HEARTS, Suit.SPADES, Suit.DIAMONDS, Suit.CLUBS

OPENING = """
seats: A B
table: H5 C9 DK S3
A: H5xD5? ^C9xSA
"""


def test_turn_with_capture_and_flip() -> None:
    rec = load("table: D5 C9 DK SA\nA: H5xD5 ^C9xSA !\nB: S7 ^HK")
    turns = rec.data.record.turns
    assert turns[0].play.card == Card(5, H) and turns[0].play.taken == Card(5, D)
    assert turns[0].flip is not None and turns[0].flip.taken == Card(1, S)
    assert turns[0].marks == "!"
    assert turns[1].play.taken is None and turns[1].flip is not None
    assert turns[1].flip.card == Card(13, H)
    assert rec.data.record.seats == ["A", "B"]


def test_alternative_spellings_read_the_same() -> None:
    a = load("table: D5 C9 DK SA\nA: H5xD5 ^C9xSA")
    b = load("場札: ♦5 ♣9 ♦K ♠A\nA：5h × 5d  ^9c×As")
    assert write(a.data.record) == write(b.data.record)


def test_columns_of_a_bad_card() -> None:
    rec = load("table: D5 C9 DK SA\nA: H5xZ5 ^C9")
    assert find(rec, "JH002") == (5, 7)


def test_joker_and_suitless_cards_are_refused() -> None:
    rec = load("table: D5 C9 DK SA\nA: RJ ^C9\nB: 7 ^C8")
    assert codes(rec).count("JH002") == 2


def test_table_must_hold_four_cards() -> None:
    rec = load("table: D5 C9 DK\nA: H2 ^C8")
    assert "JH003" in codes(rec)


def test_unreadable_line_is_kept_and_reported() -> None:
    rec = load("table: D5 C9 DK SA\nthis is not a move\nA: H2 ^C8")
    assert find(rec, "JH001") == (5, 1)
    assert "this is not a move" in write(rec.data.record)


def test_hand_needs_closing_bracket() -> None:
    rec = load("table: D5 C9 DK SA\nA: (H2 H3")
    assert "JH001" in codes(rec)


def test_turn_without_played_card() -> None:
    rec = load("table: D5 C9 DK SA\nA: ^C8")
    assert find(rec, "JH010")[0] == 5


def test_twice_written_table() -> None:
    rec = load("table: D5 C9 DK SA\ntable: D5 C9 DK SA\nA: H2 ^C8")
    assert find(rec, "JH004") == (5, 1)


def test_result_line_must_pair_players_and_points() -> None:
    rec = load("table: D5 C9 DK SA\nA: H2 ^C8\nresult: A ten")
    assert "JH006" in codes(rec)


def test_comments_and_bookmarks_attach_to_the_turn_above() -> None:
    rec = load("* before\ntable: D5 C9 DK SA\nA: H2 ^C8\n* after the first\n*&key mark")
    notes = rec.data.record.notes
    assert [line.comment for line in notes[0]] == ["before"]
    assert [line.comment for line in notes[1]] == ["after the first", "mark"]
    assert notes[1][1].bookmark == "key"


def test_writer_is_canonical_and_idempotent() -> None:
    rec = load("場札: ♦5 ♣9 ♦K ♠A\nA：5h × 5d  ^9c×As ?\n* kept\nB: 7s ^Kh")
    text = write(rec.data.record)
    assert text == "table: D5 C9 DK SA\nA: H5xD5 ^C9xSA ?\n* kept\nB: S7 ^HK\n"
    assert write(load(text).data.record) == text


def test_an_unreadable_turn_keeps_its_place_in_the_seat_order() -> None:
    rec = load("seats: A B\ntable: D5 C9 DK SA\nA: H4 ^C2\nB: Z9 ^H2\nA: H2 ^C3")
    assert codes(rec).count("JH002") == 1
    assert "JH101" not in codes(rec)  # A's next turn is still A's
    assert rec.moves == 3
    assert "B: Z9 ^H2" in write(rec.data.record)
