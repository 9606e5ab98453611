"""``templates/viewer.html`` without a browser: the server-rendered contract the JS relies on."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest
from bs4 import BeautifulSoup
from tests.render.test_step_player import script_player
from tests.seat_hands import mark_hands

from kifuwiki.archive import load_file
from kifuwiki.games import get_game
from kifuwiki.render.environment import make_environment
from kifuwiki.render.record import render_viewer as site_render_viewer

from .harness import harness_view, render_viewer

#: A Prime Daifugo hand: the <div> in a player's box (no class at every step; the
#: game's templates/state.html, its seat_hands rule).
PD_HAND = ":is(details,.kw-state)>div>div:first-child>div>div"

ROOT = Path(__file__).resolve().parents[2]
HOSTILE = '<img src=x onerror="alert(1)">'


def soup(html: str) -> BeautifulSoup:
    """The page as the script sees it once it marked the hands (tests/seat_hands.py)."""
    return mark_hands(BeautifulSoup(html, "lxml"))


def test_every_step_is_an_anchored_item_with_its_own_state() -> None:
    view = harness_view()
    doc = soup(render_viewer(view, "en"))
    viewer = doc.select_one("section.kw-viewer")
    assert viewer is not None
    items = viewer.select("ol.kw-moves > li")
    assert [li["id"] for li in items] == [f"m{s.index}" for s in view.steps]
    for li, step in zip(items, view.steps, strict=True):
        # The script numbers a step by its place in the list: no attribute repeats it.
        assert not li.has_attr("data-step")
        assert li.select_one(":scope > div > a").get_text() == str(step.index)
        # Written only when the step has flags (the script reads a missing one as none).
        assert li.get("data-flags", "") == " ".join(sorted(step.flags))
        assert li.has_attr("data-flags") == bool(step.flags)
        hands = li.select(":scope > details .kw-hand")
        assert {h["data-player"]: h["data-cards"] for h in hands} == step.state["hands"]
        assert li.select_one(":scope > div > a")["href"] == f"#m{step.index}"
    # The board shows the final position; the controls wait for the script.
    board = viewer.select_one(".kw-board .kw-field")
    assert board["data-cards"] == view.steps[-1].state["field"]
    assert viewer.select_one(".kw-controls").has_attr("hidden")
    # What the script reads per step sits on its <li>; no inline script, no JSON copy.
    items = viewer.select("ol.kw-moves > li")
    assert [li["id"] for li in items] == [f"m{s.index}" for s in view.steps]
    assert [li.select_one(":scope > div > a")["title"] for li in items] == [
        s.label for s in view.steps
    ]
    assert items[3]["data-flags"] == "comment penalty"
    assert viewer.find("script") is None
    assert not viewer.has_attr("data-kw-steps")


def test_prefix_keeps_embedded_viewers_apart() -> None:
    doc = soup(render_viewer(harness_view(), "ja", "k2-"))
    viewer = doc.select_one("section.kw-viewer")
    assert viewer["id"] == "k2-viewer"
    assert viewer.select_one("ol.kw-moves > li")["id"] == "k2-m0"
    assert viewer.select_one("#k2-m3 > div > a")["href"] == "#k2-m3"
    assert viewer.select_one("#k2-bm-blunder")["href"] == "#k2-bm-blunder"
    assert viewer.select("ol.kw-moves > li")[5]["id"] == "k2-m5"


def test_marks_comments_and_annotations() -> None:
    view = harness_view()
    step = dataclasses.replace(view.steps[3], notation="Q ?")
    view.steps[3] = step
    doc = soup(render_viewer(view, "en"))
    item = doc.select_one("#m3")
    assert "kw-mark-mistake" in item["class"]
    assert item.select_one(":scope > div > code").get_text() == "Q"  # the mark is shown once
    assert item.select_one(".kw-marks").get_text() == "?"
    assert item.select_one(".kw-marks")["title"] == "mistake"
    assert item.select_one(":scope > ul > li").get_text() == "12 is not prime"
    assert item.select_one(".kw-comment").get_text().strip() == "12 is not prime: <b>penalty</b>"
    assert doc.select_one("#m1 .kw-comment strong").get_text() == "small"


def test_everything_from_the_record_is_escaped() -> None:
    view = harness_view({"alice": HOSTILE, "bob": "bob"})
    view.steps[1] = dataclasses.replace(
        view.steps[1],
        notation=HOSTILE,
        label=HOSTILE + "'",
        comments=(HOSTILE,),
        annotations=(HOSTILE,),
        bookmarks=("x\"'><img>",),
    )
    view.record.title = HOSTILE
    html = render_viewer(view, "en")
    doc = soup(html)
    assert doc.find("img") is None
    assert "<img" not in html
    assert not any(attr.startswith("on") for tag in doc.find_all(True) for attr in tag.attrs)
    assert doc.select_one("#m1 > div > a")["title"] == HOSTILE + "'"
    assert doc.select_one("#m1 > div > a + span").get_text() == HOSTILE
    assert doc.select_one("#m1 > div > code").get_text() == HOSTILE


def test_labels_follow_the_language() -> None:
    ja = soup(render_viewer(harness_view(), "ja"))
    en = soup(render_viewer(harness_view(), "en"))
    assert ja.select_one('[data-kw-go="next"]')["aria-label"] == "次へ"
    assert en.select_one('[data-kw-go="next"]')["aria-label"] == "Next"
    assert ja.select_one("section.kw-viewer")["lang"] == "ja"


def test_real_record_in_the_site_environment_matches_the_engine() -> None:
    record = load_file(ROOT / "records" / "prime-daifugo" / "kongo1-m006-g45.kifu")[0]
    view = get_game(record.game).view(record)
    html = str(site_render_viewer(view, make_environment(), "ja"))
    doc = soup(html)
    items = doc.select("ol.kw-moves > li")
    assert len(items) == len(view.steps)
    for li, step in zip(items, view.steps, strict=True):
        # Each hand as written (its compact text; cards just played are a run of their own).
        hands = {
            h["data-kw-seat"]: "".join(r.get_text() for r in h.select("i:not(.kw-consumed)"))
            for h in li.select(f":scope > {PD_HAND}")
        }
        assert hands == {p["key"]: p["faces"] + "?" * p["unknown"] for p in step.state["players"]}
        assert li.select_one(".kw-comment") is not None or "comment" not in step.flags
    assert doc.select_one("#bm-革命") is not None
    assert doc.select_one('[data-kw-go="next"]')["aria-label"] == "次へ"


# ---- viewer modes (issue 14): the page without the script, the seat markup of the games ----

MODE_CONTROLS = (
    '[data-kw-go="copy-text"]',
    "label.kw-seat-view",
    '[data-kw-go="guess"]',
    "form.kw-guess",
)


def test_viewer_modes_wait_for_the_script() -> None:
    """Without JavaScript the modes cannot work: each is hidden, inside hidden controls."""
    doc = soup(render_viewer(harness_view({"alice": HOSTILE, "bob": "bob"}), "en"))
    viewer = doc.select_one("section.kw-viewer")
    assert viewer.select_one(".kw-controls").has_attr("hidden")
    for selector in MODE_CONTROLS:
        control = viewer.select_one(selector)
        assert control is not None, selector
        assert control.has_attr("hidden"), selector
        assert control.find_parent(class_="kw-controls") is not None
    # Nothing is face down on the server: every hand is in the page.
    assert not viewer.select(".kw-face-down")
    # The seat choice: everyone, then each player (names escaped like all record text).
    options = viewer.select(".kw-seat-view option")
    assert [(o["value"], o.get_text()) for o in options] == [
        ("", "everyone (all cards)"),
        ("alice", HOSTILE),
        ("bob", "bob"),
    ]
    assert "<img" not in str(viewer.select_one(".kw-seat-view"))
    # The keys are on the controls and in the help.
    keys = [kbd.get_text() for kbd in viewer.select(".kw-help kbd")]
    assert {"X", "V", "G", "?"} <= set(keys)
    assert viewer.select_one('[data-kw-go="copy-text"]')["aria-keyshortcuts"] == "X"
    assert viewer.select_one('[data-kw-go="guess"]')["aria-pressed"] == "false"
    assert viewer["data-kw-title"] == harness_view().record.title


def test_viewer_mode_labels_in_both_languages() -> None:
    ja = soup(render_viewer(harness_view(), "ja"))
    en = soup(render_viewer(harness_view(), "en"))
    assert ja.select_one('[data-kw-go="copy-text"]')["aria-label"] == "局面をテキストでコピー"
    assert en.select_one('[data-kw-go="copy-text"]')["aria-label"] == "Copy the position as text"
    assert ja.select_one(".kw-seat-view select")["data-kw-face-down"] == "伏せ札 {n} 枚"
    assert (
        en.select_one(".kw-seat-view select")["data-kw-face-down"]
        == "{n} card face down|{n} cards face down"
    )
    assert ja.select_one("form.kw-guess")["data-kw-score"] == "正解 {right} / {tried}"
    assert en.select_one("form.kw-guess")["data-kw-prompt"] == "Move {n} ({player}):"


#: game → a record whose hands are recorded, and how its compact hands list cards.
SEATED = {
    "doudizhu": ("selfplay-greedy-01", "text"),
    "shengji": ("selfplay-standard-11", "text"),
    "jianhongdian": ("annotated-2p", "text"),
    "ponjan": ("practice-2026-11-03", "i"),
    "selaffesto": ("worked-example", "text"),
}


def _seat(seats: list[dict[str, Any]], key: object) -> dict[str, Any]:
    return next(seat for seat in seats if seat["key"] == key)


#: The engine's card count of a seat's hand, for games whose hands carry no
#: data-kw-count (the script counts the words of the hand's text).
HELD = {
    "shengji": lambda state, key: len(state["seats"][key]["hand"]),
    "jianhongdian": lambda state, key: len(_seat(state["seats"], key)["hand"]),
    "selaffesto": lambda state, key: len(_seat(state["players"], key)["hand"]),
}


@pytest.mark.parametrize("game", list(SEATED))
def test_games_mark_each_players_hand_with_its_seat(game: str) -> None:
    """SEAT.md: every private hand carries data-kw-seat (a player key) and its card count;
    a step names its mover by key or by name, which the script maps to the seat."""
    record_name, kind = SEATED[game]
    record = load_file(ROOT / "records" / game.replace("_", "-") / f"{record_name}.kifu")[0]
    view = get_game(record.game).view(record)
    doc = soup(str(site_render_viewer(view, make_environment(), "en")))
    keys = {p.key for p in view.players}
    names = {p.name for p in view.players}
    seen: set[str] = set()
    for li, step in zip(doc.select("ol.kw-moves > li"), view.steps, strict=True):
        if step.player:
            assert script_player(li) == step.player  # the attribute, or the name shown
            assert step.player in keys | names
        for hand in li.select(":scope > details [data-kw-seat]"):
            assert hand["data-kw-seat"] in keys
            seen.add(hand["data-kw-seat"])
            cards = hand.select("i") if kind == "i" else hand.get_text().split()
            count = hand.get("data-kw-count")
            if count is None:  # the script counts the words of the hand's text
                assert kind == "text"
                held = HELD[game](step.state, hand["data-kw-seat"])
                assert len(cards) == held, (step.index, hand)
            else:
                assert int(str(count)) == len(cards), (step.index, hand)
    assert seen == keys
