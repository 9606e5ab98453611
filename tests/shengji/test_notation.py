"""Reading 升級 notation: every element, and bad input answered with line and column."""

from __future__ import annotations

from tests.shengji.helpers import codes, find, load

from kifuwiki.cards import Card, Suit
from kifuwiki.games.shengji.model import Declare, Kitty, Play
from kifuwiki.games.shengji.writer import write


def test_header_lines() -> None:
    rec = load("levels: NS=10 EW=A\ndeclarer: W\ntrump: none\n")
    record = rec.data.record
    assert record.levels == {"NS": 10, "EW": 14}
    assert record.declarer == "W" and record.trump == (None, 7)


def test_events() -> None:
    rec = load(
        "levels: NS=2 EW=2\nE: declare H2\nW: declare S2S2 !\nN: kitty\nN: bury (S3 S4)\n"
        "N: SASKSK>SK ?\n"
    )
    events = rec.data.record.events
    assert isinstance(events[0], Declare) and events[0].cards == (Card(2, Suit.HEARTS),)
    assert isinstance(events[1], Declare) and events[1].marks == "!"
    assert isinstance(events[2], Kitty) and events[2].cards is None and not events[2].bury
    assert isinstance(events[3], Kitty) and events[3].bury and len(events[3].cards or ()) == 2
    play = events[4]
    assert (
        isinstance(play, Play) and len(play.cards) == 3 and play.forced == (Card(13, Suit.SPADES),)
    )
    assert play.marks == "?"


def test_alternative_spellings_read_the_same() -> None:
    a = load("levels: NS=2 EW=2\nN: SASK\nW: declare H2")
    b = load("levels:  ns=2, ew=2\n北：As Ks\n西: 亮 2h")
    assert write(a.data.record) == write(b.data.record)


def test_bad_card_column() -> None:
    rec = load("levels: NS=2 EW=2\nN: SAZZ")
    assert find(rec, "SJ002") == (2, 6)


def test_suitless_card_is_refused() -> None:
    assert "SJ002" in codes(load("levels: NS=2 EW=2\nN: 7"))


def test_bad_lines() -> None:
    rec = load("levels: NS=2\nX: SA\ntrump: Z\nresult: lots\nnonsense line\nN: kitty S3\n")
    found = set(codes(rec))
    assert {"SJ004", "SJ005", "SJ006", "SJ007", "SJ001", "SJ008"} <= found
    assert find(rec, "SJ005") == (2, 1)
    assert find(rec, "SJ001") == (5, 1)


def test_hand_twice() -> None:
    assert "SJ009" in codes(load("levels: NS=2 EW=2\nN: (SA SK)\nN: (SA SK)"))


def test_unreadable_lines_and_comments_are_kept() -> None:
    body = "levels: NS=2 EW=2\n* a comment\n*&start here\nnonsense line\nN: SA\n"
    rec = load(body)
    assert write(rec.data.record) == body
    notes = rec.data.record.notes[0]
    assert notes[1].bookmark == "start"


def test_writer_is_canonical_and_idempotent() -> None:
    rec = load("levels: ns=10, ew=a\n北：As Ks Ks\n西: 亮 2h\nN: bury (3s 4s)\nresult: 85 ew + 1")
    text = write(rec.data.record)
    assert text == (
        "levels: NS=10 EW=A\nN: SASKSK\nW: declare H2\nN: bury (S3 S4)\nresult: 85 EW+1\n"
    )
    assert write(load(text).data.record) == text


def test_an_unreadable_play_keeps_its_place_in_the_trick() -> None:
    rec = load("levels: NS=2 EW=2\ndeclarer: N\ntrump: H\nN: SQZ\nW: D3\nS: H3\nE: S3\nN: SK")
    assert codes(rec) == ["SJ002", "SJ201"]
    # the trick still has its four plays; with its lead unreadable, the leader keeps it
    assert len(rec.data.replay.tricks[0].plays) == 4
    assert rec.data.replay.tricks[0].winner == "N"
    assert "N: SQZ" in write(rec.data.record)
