"""Reading the notation: every line kind, every spelling, and errors with line and column."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from tests.doudizhu.helpers import FRONT, codes, find, record

from kifuwiki.cards import BLACK_JOKER, RED_JOKER, Card, Suit, tokens
from kifuwiki.core.diagnostics import DiagnosticBag
from kifuwiki.core.recordfile import split_record_file
from kifuwiki.games.doudizhu.model import Bid, Hand, Kitty, Pass, Play, Score, Unreadable
from kifuwiki.games.doudizhu.notation import _CANONICAL as _CANONICAL_WORDS
from kifuwiki.games.doudizhu.notation import JOKER_ALIASES, _read_cards, parse

HEAD = "---\ngame: doudizhu\n" + FRONT + "---\n"  # the body starts on line 8


def items(body: str):
    parsed = parse(split_record_file(HEAD + body)[0])
    return parsed.record.items, parsed.bag


def test_line_kinds() -> None:
    found, bag = items(
        "A:(3 4 ?)\nkitty:(?)\nA:bid2\nB:bid-\nA:3 3 3 + 4\nB:%\nC:-\nA:pass\nB:不要\n"
        "score: A +2, B -1, C -1\n"
    )
    assert [type(i) for i in found] == [Hand, Kitty, Bid, Bid, Play, Pass, Pass, Pass, Pass, Score]
    assert bag.items == []
    hand = found[0]
    assert isinstance(hand, Hand) and hand.unknown == 15 and len(hand.cards) == 2
    kitty = found[1]
    assert isinstance(kitty, Kitty) and kitty.unknown == 3
    assert isinstance(found[2], Bid) and found[2].value == 2
    assert isinstance(found[3], Bid) and found[3].value == 0
    play = found[4]
    assert isinstance(play, Play) and play.split == 3 and len(play.cards) == 4
    score = found[9]
    assert isinstance(score, Score) and score.values == {"A": 2, "B": -1, "C": -1}


def test_cards_with_and_without_suits_and_every_joker_spelling() -> None:
    found, bag = items("A:H3 S3 D3 C4\nB:3334\nC:BJ RJ\nA:X R\nB:B RJ\nC:10 T\nA:小王 大王\n")
    assert bag.items == []
    plays = [i for i in found if isinstance(i, Play)]
    assert plays[0].cards[0] == Card(3, Suit.HEARTS)
    assert plays[1].cards == [Card(3), Card(3), Card(3), Card(4)]
    jokers = [Card(BLACK_JOKER), Card(RED_JOKER)]
    assert plays[2].cards == plays[3].cards == plays[4].cards == plays[6].cards == jokers
    assert plays[5].cards == [Card(10), Card(10)]


def test_columns_of_cards() -> None:
    found, _ = items("A: 3  H4 BJ\n")
    play = found[0]
    assert isinstance(play, Play)
    assert play.columns == [4, 7, 10]


def test_marks_claims_and_going_out() -> None:
    found, bag = items("A:4 4 # [bomb] !?\n")
    play = found[0]
    assert isinstance(play, Play)
    assert (play.out, play.claims, play.marks) == (True, ("bomb",), "!?")
    assert bag.items == []


def test_comments_and_bookmarks_follow_their_line() -> None:
    found, _ = items("A:bid1\n* good bid\n*&start the play\nB:bid-\n")
    notes = found[0].notes
    assert [n.comment for n in notes] == ["good bid", "the play"]
    assert notes[1].bookmark == "start"


def test_not_a_card() -> None:
    rec = record("A:3 3 Z\n")
    assert find(rec, "DZ003") == (8, 7)


def test_bad_bid() -> None:
    rec = record("A:bid4\n")
    assert find(rec, "DZ004") == (8, 3)


def test_unknown_seat() -> None:
    rec = record("D:3\n")
    assert find(rec, "DZ002") == (8, 1)


def test_line_without_a_seat_is_kept() -> None:
    found, bag = items("hello there\n")
    assert isinstance(found[0], Unreadable)
    assert [d.code for d in bag.items] == ["DZ001"]


def test_two_plus_signs() -> None:
    rec = record("A:3 + 3 + 3\n")
    assert "DZ008" in codes(rec)


def test_bad_score_line() -> None:
    rec = record("score: A lots\n")
    assert find(rec, "DZ009")[0] == 8


def test_unknown_claim() -> None:
    rec = record("A:3 [great]\n")
    assert "DZ001" in codes(rec)


def test_seats_from_lines_when_front_matter_has_none() -> None:
    text = "---\ngame: doudizhu\n---\nN:(?)\nE:(?)\nS:(?)\nN:bid1\nE:bid-\nS:bid-\n"
    parsed = parse(split_record_file(text)[0])
    assert parsed.record.seats == ["N", "E", "S"]
    assert parsed.bag.items == []


def test_two_players_is_reported() -> None:
    rec = record("A:3\n", "players: A B\n")
    assert "DZ010" in codes(rec)


def test_bad_players_and_bid_front_matter() -> None:
    rec = record("A:3\n", "players: 3\nbid: 5\n")
    assert codes(rec).count("DZ006") == 2


@settings(max_examples=100, deadline=None)
@given(
    st.lists(
        st.sampled_from(sorted(_CANONICAL_WORDS)),
        max_size=20,
    )
)
def test_the_canonical_fast_path_reads_as_the_shared_tokenizer(words: list[str]) -> None:
    text = " ".join(words)
    bag = DiagnosticBag()
    fast = _read_cards(text, 1, 1, bag, allow_unknown=False)
    slow = [(card, col + 1) for card, col in tokens(text, JOKER_ALIASES)]
    assert fast is not None and bag.items == []
    assert list(zip(fast[0], fast[1], strict=True)) == slow


FRONT_DEAL = """---
game: doudizhu
players:
  A: Alice
  B: Bob
  C: Carol
hands:
  A: 3 4 5 5 6 7 8 9 10 J Q Q K K K BJ RJ
  B: [3, 3, 4, 4, 5, 6, 7, 8, 8, 9, 10, 10, J, J, Q, K, A]
  C: 3 4 5 6 6 7 8 9 9 10 J Q A A 2 2 Z
kitty: 7 A 2
---
A:bid-
B:bid-
C:bid1
C:2 2 2 2
"""


def test_hands_and_bottom_cards_in_the_front_matter() -> None:
    from kifuwiki.games.doudizhu import GAME

    good = FRONT_DEAL.replace("2 2 Z", "2 2 2")
    rec = GAME.load(split_record_file(good)[0])
    assert [d.code for d in rec.diagnostics] == ["DZ200"]  # only: nobody went out yet
    assert rec.moves == 4  # the deal in the front matter makes no step of its own
    assert GAME.format(rec) == "A:bid-\nB:bid-\nC:bid1\nC:2 2 2 2\n"  # it stays there
    bad = GAME.load(split_record_file(FRONT_DEAL)[0])
    assert [(d.code, d.line, d.column) for d in bad.diagnostics][:1] == [("DZ003", 10, 39)]


def test_bottom_cards_that_are_not_cards_are_dz006_at_their_line() -> None:
    """``kitty: {a: 1}`` was read as nothing without a word; the page's "More
    information" no longer shows the key (the deal is the first position), so it says."""
    from kifuwiki.games.doudizhu import GAME

    good = FRONT_DEAL.replace("2 2 Z", "2 2 2")
    rec = GAME.load(split_record_file(good.replace("kitty: 7 A 2", "kitty: {a: 1}"))[0])
    found = [(d.code, d.line, d.severity.value) for d in rec.diagnostics if d.code == "DZ006"]
    assert found == [("DZ006", 11, "error")]
    assert "three bottom cards" in next(d.message for d in rec.diagnostics if d.code == "DZ006")
