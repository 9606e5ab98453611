"""cardkit.unread: whether a line naming no seat took a turn is what the next play says."""

from __future__ import annotations

from kifuwiki.cardkit import unread
from kifuwiki.cardkit.unread import took_turn, written


def test_the_next_play_says_whether_the_turn_was_taken() -> None:
    assert took_turn("A", "B", "B", over=False)  # B plays next: A's turn was taken
    assert not took_turn("A", "B", "A", over=False)  # A plays next: a line among plays
    assert not took_turn("A", "B", "C", over=False)  # out of order anyway: no turn taken


def test_after_a_tricks_last_play_any_other_seat_may_lead() -> None:
    assert took_turn("A", None, "C", over=False)
    assert not took_turn("A", None, "A", over=False)


def test_the_last_line_takes_a_turn_only_while_the_game_goes_on() -> None:
    assert took_turn("A", "B", None, over=False)
    assert not took_turn("A", "B", None, over=True)


def test_a_line_is_shown_as_written() -> None:
    assert written("  B C5 <b> ^HA \n") == "B C5 <b> ^HA"


def test_a_line_not_read_says_so_before_its_other_notes() -> None:
    note = ("trick 3 won by N", "N がトリック3を取る")
    assert unread.notes((note,), not_read=False) == (note,)
    assert unread.notes((note,), not_read=True) == (unread.NOT_READ, note)
    assert unread.notes((), not_read=True) == (unread.NOT_READ,)


def test_a_game_not_of_cards_says_what_was_not_played() -> None:
    tiles = ("not read (see its error): no tile moves", "読めない行です: 牌は動いていません")
    assert unread.notes((), not_read=True, said=tiles) == (tiles,)
    assert unread.notes((), not_read=False, said=tiles) == ()


def test_an_error_quotes_the_line_as_written_and_short() -> None:
    assert unread.quoted("  A 6 7 <b>  ") == "'A 6 7 <b>'"
    long = "W:g2 " + "4-8-6-12 " * 10
    assert unread.quoted(long) == repr(long.strip()[:39] + "…")
    # A Markdown table's escaped pipe is quoted as written, not doubled by repr.
    assert unread.quoted("| five | 6\\|R |") == "'| five | 6\\|R |'"
