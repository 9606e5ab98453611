"""The Prime Daifugo RecordView and its state partial, compared with the engine's states."""

from __future__ import annotations

import json

import pytest
from bs4 import BeautifulSoup, Tag
from tests.prime_daifugo.shared_data import corpus_dir
from tests.seat_hands import mark_hands

from kifuwiki.archive import load_text
from kifuwiki.games.base import GameRecord, RecordView
from kifuwiki.games.prime_daifugo import GAME, LoadedGame
from kifuwiki.render.environment import make_environment
from kifuwiki.render.record import render_viewer

#: A Prime Daifugo hand: the <div> in a player's box (no class at every step; the
#: game's templates/state.html, its seat_hands rule).
PD_HAND = ":is(details,.kw-state)>div>div:first-child>div>div"

CORPUS = corpus_dir()

RECORD = """---
title: 見本
players:
  k: カステラ
  m: もりしー
---
* 練習の一局
k:(KK57A729Q7X)
m:(2345TJQA789)
k:A729[RR]
*&turn 革命！
m:%
k:57[GC]
k:K
m:A,P(6)
k:Q7 !
m:%
k:KX|X=A,P(44)
"""


def load(text: str) -> GameRecord:
    (record,) = load_text(text, "records/prime-daifugo/view.kifu")
    return record


@pytest.fixture
def view() -> RecordView:
    (record,) = load_text(RECORD, "records/prime-daifugo/view.kifu", rules={"hindsight": True})
    return GAME.view(record)


def test_steps_anchors_kinds_and_flags(view: RecordView) -> None:
    assert [s.anchor for s in view.steps] == [f"m{i}" for i in range(len(view.steps))]
    assert [s.kind for s in view.steps] == [
        "deal",
        "RR",
        "pass",
        "GC",
        "lead",
        "penalty",
        "lead",
        "pass",
        "penalty",
    ]
    deal, rr, _passed, gc, *_ = view.steps
    assert deal.comments == ("練習の一局",) and "comment" in deal.flags
    assert rr.bookmarks == ("turn",) and rr.comments == ("革命！",)
    assert rr.flags == {"comment", "special", "revolution"} and gc.flags == {"special"}
    assert view.steps[5].flags == {"penalty"}
    assert view.steps[6].marks == "!"
    assert view.steps[8].flags == {"penalty", "error"}  # 131 is prime: penalised wrongly
    assert rr.player == "k" and rr.notation == "A729[RR]" and rr.line == 10
    assert rr.label.startswith("カステラ Ramanujan revolution A729 (1729)")
    assert gc.annotations[0] == "57: Grothendieck cut, field flushed"
    # Under the revolution, leading from K K 5 7 Q 7 X, every card could have gone out.
    assert gc.annotations[1].startswith("hindsight: could have gone out with ")


def test_players_badges_header_and_stats(view: RecordView) -> None:
    assert [(p.key, p.name) for p in view.players] == [("k", "カステラ"), ("m", "もりしー")]
    assert view.record.players == ["カステラ", "もりしー"]
    assert {"RR", "GC", "penalty", "error"} <= view.badges
    assert ("ルール / Rules", "standard") in view.header
    stats = {stat.key: stat for stat in view.player_stats["カステラ"]}
    assert stats["rr"].value == 1 and stats["gc"].value == 1 and stats["penalties"].value == 1
    assert stats["cards_played"].value == 4 + 2 + 1 + 2
    assert stats["largest_prime"].value == 127 and stats["largest_prime"].aggregate == "max"
    assert stats["largest_prime"].display == "127"
    other = {stat.key: stat.value for stat in view.player_stats["もりしー"]}
    assert other["penalties"] == 1 and "largest_prime" not in other


def test_state_mappings_are_json_and_match_the_engine(view: RecordView) -> None:
    replay = view.record.data.replay
    for step_view, step in zip(view.steps, replay.steps, strict=True):
        state = step_view.state
        json.dumps(state)
        assert [p["cards"] for p in state["players"]] == [h.cards for h in step.state.hands]
        assert [p["count"] for p in state["players"]] == [h.size for h in step.state.hands]
        assert state["deck"] == step.state.deck and state["bottom"] == step.state.bottom
        assert state["revolution"] == step.state.revolution
    after_rr = view.steps[1].state
    assert after_rr["field"]["number"] == "1729" and after_rr["revolution"] is True
    assert after_rr["players"][1]["current"] is True
    assert view.steps[3].state["field"] is None and view.steps[3].state["flushed"]


def _soup(view: RecordView, lang: str = "ja") -> BeautifulSoup:
    html = str(render_viewer(view, make_environment(), lang))
    return mark_hands(BeautifulSoup(html, "html.parser"))


def test_rendered_page_matches_every_state(view: RecordView) -> None:
    soup = _soup(view)
    steps = soup.select("ol.kw-moves > li")
    assert len(steps) == len(view.steps)
    for li, step_view in zip(steps, view.steps, strict=True):
        assert isinstance(li, Tag)
        assert li["id"] == step_view.anchor
        state = step_view.state
        hands = li.select(PD_HAND)
        # The hand as written (the compact text), the count from the seat view's hook.
        written = [
            "".join(run.get_text() for run in h.select("i:not(.kw-consumed)")) for h in hands
        ]
        assert written == [p["faces"] + "?" * p["unknown"] for p in state["players"]]
        assert [h["data-kw-count"] for h in hands] == [str(p["count"]) for p in state["players"]]
        current = [p["key"] for p in state["players"] if p["current"]]
        # The stylesheet's rule: the box whose second badge is not a rank is to move.
        shown = [
            str(box.select_one(":scope>div")["data-kw-seat"])
            for box in li.select(":is(details,.kw-state)>div>div:first-child>div")
            if (badges := box.select(":scope>b"))[1:]
            and "kw-pd-rank" not in badges[1].get("class", [])
        ]
        assert shown == current
        field = li.select_one(":is(details,.kw-state)>div>div~div")
        assert field is not None
        run = field.select_one("i")
        assert (run.get_text() if run else "") == (
            state["field"]["faces"] if state["field"] else ""
        )
    # Per-step positions are compact: the ranks as text (only once: no data-cards on the
    # run), drawn as glyphs only in the board.
    runs = soup.select("li#m0 [data-kw-seat='k'] i")
    assert "".join(run.get_text() for run in runs) == state_ranks(view)
    assert not any(run.has_attr("data-cards") for run in runs)
    assert not soup.select("ol.kw-moves .kw-card")


def state_ranks(view: RecordView) -> str:
    return str(view.steps[0].state["players"][0]["cards"])


def test_the_board_shows_the_final_position_as_card_glyphs() -> None:
    record = load("a:(KQ254A37TJX)\nb:(23457TJQKA9)\na:X[IN]\n")
    soup = _soup(GAME.view(record), "en")
    board_hand = soup.select_one(".kw-board [data-kw-seat='a']")
    assert board_hand is not None
    glyphs = "".join(card.get_text() for card in board_hand.select(".kw-card"))
    assert glyphs.startswith(GAME.view(record).steps[-1].state["players"][0]["cards"])
    assert not board_hand.select("i")


def test_consumed_and_factor_cards_are_marked() -> None:
    record = load("a:(KQ254A37TJX)\nb:(23457TJQKA9)\na:KQ=2^5*4A\n")
    soup = _soup(GAME.view(record), "en")
    step = soup.select_one("li#m1")
    assert step is not None
    consumed = "".join(c.get_text() for c in step.select("i.kw-consumed"))
    assert consumed == "KQ254A"
    factor = step.select_one("[data-factor-cards]")
    assert factor is not None and factor["data-factor-cards"] == "254A"
    assert "2^5 × 41" in factor.get_text()
    assert "Factor field" in step.get_text()


def test_record_text_is_escaped() -> None:
    record = load("---\nplayers: {a: '<script>x</script>'}\n---\na:(7)\nb:(K)\na:7#\n")
    html = str(render_viewer(GAME.view(record), make_environment(), "en"))
    assert "<script>x</script>" not in html
    assert "&lt;script&gt;x&lt;/script&gt;" in html


def test_unknown_hands_render_unknown_cards() -> None:
    record = load("a:(不明)\nb:(不明)\na:7\n")
    soup = _soup(GAME.view(record))
    hand = soup.select_one("li#m1 [data-kw-seat='a']")
    assert hand is not None
    assert hand["data-kw-count"] == "10"
    (run,) = hand.select("i:not(.kw-consumed)")
    assert run.get_text() == "?" * 10


@pytest.mark.skipif(not CORPUS.is_dir(), reason="the shared corpus is not here")
def test_every_corpus_view_is_consistent() -> None:
    for path in sorted(CORPUS.glob("*.kifu"))[::16]:
        (record,) = load_text(path.read_text(encoding="utf-8"), str(path))
        view = GAME.view(record)
        assert isinstance(record.data, LoadedGame)
        assert len(view.steps) == record.moves + 1
        assert sum(p.winner for p in view.players) == 1
        winner = next(p for p in view.players if p.winner)
        assert winner.name == record.winner and winner.rank == 1
        assert view.steps[-1].state["ranking"][0] == record.winner


def test_last_flush_is_remembered(view: RecordView) -> None:
    assert [s.state["last_flush"] for s in view.steps] == [None, None, 2, 3, 3, 5, 5, 7, 7]
    soup = _soup(view, "en")
    link = soup.select_one("li#m4 :is(details,.kw-state)>div>dl a")
    assert link is not None and link["href"] == "#m3"


def test_hands_are_found_by_name_unless_two_players_share_one() -> None:
    """The positions leave a hand's seat and count to its text (``seat_hands``, written
    once on the seat select); players who share a name get data-kw-seat on every hand."""
    record = load("a:(KQ254A37TJX)\nb:(23457TJQKA9)\na:X[IN]\n")
    view = GAME.view(record)
    counts = [(p["key"], str(p["count"])) for p in view.steps[1].state["players"]]
    html = str(render_viewer(view, make_environment(), "en"))
    assert "data-kw-seat" not in html and "data-kw-count" not in html
    raw = BeautifulSoup(html, "html.parser")
    select = raw.select_one(".kw-seat-view select")
    assert select is not None and select["data-kw-hands"] == GAME.seat_hands
    marked = mark_hands(raw).select("li#m1 [data-kw-seat]")
    assert [(h["data-kw-seat"], h["data-kw-count"]) for h in marked] == counts
    twins = load("---\nplayers: {a: Sam, b: Sam}\n---\na:(KQ254A37TJX)\nb:(23457TJQKA9)\na:X[IN]\n")
    doc = _soup(GAME.view(twins), "en")
    hands = doc.select(f"li#m1 {PD_HAND}")
    assert [(h["data-kw-seat"], h["data-kw-count"]) for h in hands] == counts


def test_a_lone_joker_has_one_name_on_every_part_of_a_page() -> None:
    # The badge said インフィニティ / Infinity, the player stats ジョーカー単騎 (IN), the move
    # ジョーカー1枚出し (∞) and the rules page ジョーカー1枚出し: a reader could not tell
    # they were one play.
    record = load_text(
        "a:(A7295X3TJQK)\nb:(2345TJQKA78)\na:5\nb:X[IN]\nb:%\n"
        "a:(A7295X3TJQK)\nb:(2345TJQKA78)\na:5\nb:7\na:X[GC]\n",
        "records/prime-daifugo/t.kifu",
    )[0]
    view = GAME.view(record)
    ja, en = GAME.badges["IN"]
    stat = next(s for s in view.player_stats["b"] if s.key == "in")
    move = next(a for step in view.steps for a in step.annotations_ja if "∞" in a)
    for where in (ja, stat.label_ja, move):
        assert where.startswith("ジョーカー1枚出し"), where
    assert en.startswith("lone joker") and stat.label_en.startswith("lone joker")
