"""Card faces on record pages: joker values, suits, the revolution cue, seat markup."""

from __future__ import annotations

from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.seat_hands import mark_hands

from kifuwiki.archive import load_text
from kifuwiki.games.base import RecordView
from kifuwiki.games.prime_daifugo import GAME, glyphs
from kifuwiki.games.prime_daifugo.glyphs import cards_html, cards_text, parse_faces
from kifuwiki.render.environment import make_environment
from kifuwiki.render.record import render_viewer

#: A Prime Daifugo hand: the <div> in a player's box (no class at every step; the
#: game's templates/state.html, its seat_hands rule).
PD_HAND = ":is(details,.kw-state)>div>div:first-child>div>div"

DEMO = Path(__file__).resolve().parents[2] / "records" / "prime-daifugo" / "faces-demo.kifu"


def view_of(text: str, path: str = "records/prime-daifugo/faces.kifu") -> RecordView:
    (record,) = load_text(text, path)
    return GAME.view(record)


@pytest.fixture(scope="module")
def demo() -> RecordView:
    return view_of(DEMO.read_text(encoding="utf-8"), str(DEMO))


def soup_of(view: RecordView, lang: str) -> BeautifulSoup:
    return BeautifulSoup(str(render_viewer(view, make_environment(), lang)), "html.parser")


def test_faces_parse_rank_suit_and_joker_value() -> None:
    assert parse_faces("9♥X(=7)3?") == [
        ("9", "h", ""),
        ("X", "", "7"),
        ("3", "", ""),
        ("?", "", ""),
    ]
    glyphs = BeautifulSoup(str(cards_html("9♥X(=13)")), "html.parser").select(".kw-card")
    # The text says the rank, the class and symbol the suit, the title a joker's value.
    assert [g.contents[0] for g in glyphs] == ["9", "X"]
    assert "kw-suit-h" in glyphs[0]["class"] and not glyphs[0].attrs.keys() - {"class"}
    assert glyphs[0].get_text() == "9♥"
    assert glyphs[1]["title"] == "X=13" and glyphs[1].get_text() == "X=13"
    # Compact text: the faces once, as text, with no attribute repeating them.
    assert str(cards_text("9♥X(=7)")) == "<i>9♥X(=7)</i>"
    assert str(cards_text("8AJ", " kw-consumed")) == '<i class="kw-consumed">8AJ</i>'
    assert "<script>" not in str(cards_html("<script>"))


def test_a_joker_shows_the_value_it_stands_for(demo: RecordView) -> None:
    step = demo.steps[5]  # A:X3s;X=8 — 83
    assert step.state["field"]["faces"] == "X(=8)3♠"
    assert step.state["field"]["cards"] == "X3"  # ranks stay ranks for data-cards
    assert "X(=8)3" in step.label and "X(=8)3" in step.label_ja
    assert step.annotations[0] == "joker X = 8"
    assert step.annotations_ja[0] == "ジョーカー X = 8"
    soup = soup_of(demo, "en")
    li = soup.select_one("li#m5")
    assert li is not None
    field = li.select_one(":is(details,.kw-state)>div>div~div")
    assert field is not None and "X(=8)3♠" in field.get_text()
    assert "joker X = 8" in li.select_one(":scope > ul").get_text()


def test_a_joker_value_in_a_standard_record_reaches_the_board() -> None:
    view = view_of("a:(KQ254A37TJX)\nb:(23457TJQKA9)\na:T3X|X=9\n")
    assert view.steps[1].state["field"]["faces"] == "T3X(=9)"
    board = soup_of(view, "ja").select_one(".kw-board :is(details,.kw-state)>div>div~div")
    assert board is not None
    joker = board.select_one(".kw-card.kw-joker")
    assert joker is not None and joker["title"] == "X=9" and joker.get_text() == "X=9"


def test_suits_written_in_the_record_reach_the_faces(demo: RecordView) -> None:
    deal = demo.steps[0].state["players"]
    assert deal[0]["cards"] == "A2345779JKX"
    assert deal[0]["faces"] == "A♥2♦3♠4♥5♣7♠7♦9♣J♠K♣X"
    # After A♥7♠2♦9♣ is played, those suits leave the hand; the field keeps them.
    after = demo.steps[1].state
    assert after["players"][0]["faces"] == "3♠4♥5♣7♦J♠K♣X"
    assert after["field"]["faces"] == "A♥7♠2♦9♣"
    soup = soup_of(demo, "ja")
    board = soup.select_one(".kw-board")
    assert board is not None
    hearts = board.select(".kw-card.kw-suit-h")
    assert hearts and all(card.select_one(".kw-suit").get_text() == "♥" for card in hearts)
    # The per-step text keeps the suit.
    text = soup.select_one("li#m1 :is(details,.kw-state)>div>div~div i")
    assert text is not None and text.get_text() == "A♥7♠2♦9♣"


def test_records_without_suits_stay_as_they_were() -> None:
    view = view_of("a:(KQ254A37TJX)\nb:(23457TJQKA9)\na:KQ\n")
    for step in view.steps:
        for player in step.state["players"]:
            assert player["faces"] == player["cards"]
    assert view.steps[1].state["field"]["faces"] == "KQ"
    assert not soup_of(view, "en").select("[class*=kw-suit]")


def test_the_revolution_is_flagged_and_shown(demo: RecordView) -> None:
    assert "revolution" in demo.steps[1].flags
    assert not any("revolution" in step.flags for step in demo.steps[2:])
    ja, en = soup_of(demo, "ja"), soup_of(demo, "en")
    assert not ja.select("li#m0 .kw-pd-revolution")
    for index in range(1, len(demo.steps)):
        (banner,) = ja.select(f"li#m{index} .kw-pd-revolution")
        assert "革命中" in banner.get_text() and banner["role"] == "note"
    (banner,) = en.select("li#m3 .kw-pd-revolution")
    assert "lower numbers beat higher" in banner.get_text()
    # The viewer can jump to it (a "next revolution" button with its key).
    jump = en.select_one('[data-kw-jump="revolution"]')
    assert jump is not None and jump["data-kw-key"] == "r"
    assert "Next revolution" in jump.get_text()
    # Its key told as the other buttons' are (review13 R13-16: it was a bare "R").
    assert jump["aria-keyshortcuts"] == "R" and jump["title"] == "Next revolution (R)"


def test_a_second_revolution_shows_that_it_is_over() -> None:
    view = view_of("a:(A729A729KQ5)\nb:(23457TJQKA9)\na:A729[RR]\nb:%\na:A729[RR]\n")
    assert [("revolution" in s.flags, s.state["revolution"]) for s in view.steps[1:]] == [
        (True, True),
        (False, True),
        (True, False),
    ]
    soup = soup_of(view, "en")
    (banner,) = soup.select("li#m3 .kw-pd-revolution")
    assert "kw-pd-revolution-end" in banner["class"] and "over" in banner.get_text()


def test_hands_carry_their_seat_and_read_as_text(demo: RecordView) -> None:
    soup = mark_hands(soup_of(demo, "en"))  # the seat as the script finds it
    li = soup.select_one("li#m1")
    assert li is not None
    hands = li.select(PD_HAND)
    assert [h["data-kw-seat"] for h in hands] == ["A", "B"]
    # How many cards to show face down in seat view (the badge says it in words).
    assert [h["data-kw-count"] for h in hands] == ["7", "11"]
    # Public areas (field, deck bottom) carry no seat.
    assert not li.select(
        ":is(details,.kw-state)>div>div~div[data-kw-seat],"
        " :is(details,.kw-state)>div>dl [data-kw-seat]"
    )
    # As text: the name and count, then the cards (what "copy position" copies).
    player = li.select_one(":is(details,.kw-state)>div>div:first-child>div")
    assert player is not None
    lines = [line.strip() for line in player.get_text("\n").split("\n") if line.strip()]
    assert lines[0] == "Ana" and lines[1] == "7 cards"
    assert "3♠4♥5♣7♦J♠K♣X" in lines


_GLYPH_TEXT = st.text(alphabet="<>&\"' 9TX?♥a", max_size=3)


@settings(max_examples=200, deadline=None)
@given(
    rank=_GLYPH_TEXT,
    suit=st.sampled_from(["", "d", "c", "h", "s"]),
    value=st.sampled_from(["", "7", "13"]),
    extra=_GLYPH_TEXT,
)
def test_a_remembered_glyph_is_the_glyph_written_afresh(
    rank: str, suit: str, value: str, extra: str
) -> None:
    fresh = glyphs._glyph.__wrapped__(rank, suit, value, extra)
    assert glyphs._glyph(rank, suit, value, extra) == fresh
    assert glyphs._glyph(rank, suit, value, extra) == fresh  # from the cache now
    assert glyphs._glyph.cache_info().maxsize is not None  # bounded
