"""The built demo site in Debian's chromium: stepping, deep links, dark mode, escaping.

The site is built once per module with the README's command (``mkdocs build --strict``)
into ``tmp_path`` and served on 127.0.0.1. Every position the browser shows is compared
with the engine's own states for the same record (``GAME.view`` in Python), so the page
cannot drift from the rules engine.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from kifuwiki.archive import load_file
from kifuwiki.games import get_game
from kifuwiki.games.base import RecordView, step_label

from .conftest import screenshot, serve
from .game_site import build_site

#: A Prime Daifugo hand: the <div> in a player's box (no class at every step; the
#: game's templates/state.html, its seat_hands rule).
PD_HAND = ":is(details,.kw-state)>div>div:first-child>div>div"

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
RECORD = "kongo1-m006-g45"
RECORD_URL = f"records/prime-daifugo/{RECORD}/"

XSS = "<img src=x onerror=window.__kwXss=1>"
XSS_RECORD = f"""---
game: prime-daifugo
title: "<script>window.__kwXss=2</script> escaping"
event: "<img src=x onerror=window.__kwXss=3>"
rules: fandom
source: "javascript:window.__kwXss=4"
players:
  A: "{XSS}"
  B: Baa
---
A:(223QA3)
B:(69AKQK)
A:223
* <img src=x onerror=window.__kwXss=5> and [a link](javascript:window.__kwXss=6)
*&<b>mark</b>
B:69A
A:QA3#
"""


@pytest.fixture(scope="module")
def plain_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A test-only site on the plain ``mkdocs`` theme with a hostile record."""
    root = tmp_path_factory.mktemp("plain-site")
    hostile = tmp_path_factory.mktemp("hostile-record") / "xss.kifu"
    hostile.write_text(XSS_RECORD, encoding="utf-8")
    source = ROOT / "records" / "prime-daifugo" / f"{RECORD}.kifu"
    with serve(build_site(root, "prime-daifugo", [hostile, source])) as url:
        yield url


def engine_view(name: str = RECORD) -> RecordView:
    record = load_file(ROOT / "records" / "prime-daifugo" / f"{name}.kifu")[0]
    return get_game(record.game).view(record)


def assert_board_shows(page: Any, view: RecordView, index: int) -> None:
    """The board's hands, field, deck and revolution are the engine's state ``index``."""
    # Material may route a link through its instant navigation, which shows the step a
    # moment later: wait for the viewer to get there (fails after the default timeout).
    page.wait_for_function(
        "i => document.querySelector('.kw-viewer')?.dataset.kwCurrent === i", arg=str(index)
    )
    state = view.steps[index].state
    board = page.locator(".kw-viewer .kw-board").first
    for player in state["players"]:
        hand = board.locator(f'{PD_HAND}[data-kw-seat="{player["key"]}"]')
        assert hand.get_attribute("data-kw-count") == str(player["count"]), (index, player["key"])
        # The step's compact text is drawn as card glyphs in the board.
        glyphs = hand.locator(".kw-card:not(.kw-consumed)").evaluate_all(
            "cards => cards.map(c => c.dataset.rank).join('')"
        )
        assert glyphs == player["cards"] + "?" * player["unknown"], (index, player["key"])
    field = state["field"]
    shown = board.locator(
        ":is(details,.kw-state)>div>div~div:not([data-factor-cards]) .kw-card"
    ).evaluate_all("cards => cards.map(c => c.dataset.rank).join('')")
    assert shown == (field["cards"] if field else ""), index
    panel = board.locator(":is(details,.kw-state)>div")
    deck = "山札" if "山札" in panel.inner_text() else "Deck"
    deck_text = panel.locator(f"dt:text-is('{deck}') + dd").inner_text()
    assert deck_text.rstrip("枚") == str(state["deck"]), index
    # Written only while a revolution is in force.
    assert panel.get_attribute("data-revolution") == ("on" if state["revolution"] else None)


def test_record_page_steps_through_the_engine_states(demo_site: str, open_page: Any) -> None:
    view = engine_view()
    page, problems = open_page(demo_site + RECORD_URL, viewport={"width": 1280, "height": 900})
    assert page.locator(".kw-viewer.kw-js .kw-controls").is_visible()
    assert_board_shows(page, view, 0)
    # Every step with the keyboard, checked against the engine.
    for index in range(1, len(view.steps)):
        page.keyboard.press("ArrowRight")
        assert_board_shows(page, view, index)
        # The demo site is Japanese: the announcement is the step's Japanese label.
        assert page.locator(".kw-live").inner_text() == step_label(view.steps[index], "ja")
    page.keyboard.press("ArrowRight")  # past the end: stays
    assert_board_shows(page, view, len(view.steps) - 1)
    page.keyboard.press("Home")
    assert_board_shows(page, view, 0)
    page.keyboard.press("End")
    assert_board_shows(page, view, len(view.steps) - 1)
    # And with the buttons.
    page.locator('[data-kw-go="first"]').click()
    assert_board_shows(page, view, 0)
    for index in (1, 2, 3):
        page.locator('[data-kw-go="next"]').click()
        assert_board_shows(page, view, index)
    page.locator('[data-kw-go="prev"]').click()
    assert_board_shows(page, view, 2)
    page.locator('[data-kw-go="last"]').click()
    assert_board_shows(page, view, len(view.steps) - 1)
    # Jump to the next special play from the start.
    page.keyboard.press("Home")
    page.locator('[data-kw-jump="special"]').click()
    first_special = next(s.index for s in view.steps if "special" in s.flags)
    assert_board_shows(page, view, first_special)
    # Letter keys are ours on a record page (Material binds p and s to page/search).
    page.evaluate("document.activeElement.blur()")  # keys now go to the page, not a button
    page.keyboard.press("Home")
    page.keyboard.press("p")
    first_penalty = next(s.index for s in view.steps if "penalty" in s.flags)
    assert_board_shows(page, view, first_penalty)
    page.keyboard.press("s")
    assert_board_shows(
        page, view, next(s.index for s in view.steps[first_penalty + 1 :] if "special" in s.flags)
    )
    assert page.url.split("#")[0] == demo_site + RECORD_URL
    page.keyboard.press("?")
    assert page.locator(".kw-help").is_visible()
    screenshot(page, "record-desktop.png")
    assert problems.all() == []


def test_hash_opens_move_12_and_follows_the_steps(demo_site: str, open_page: Any) -> None:
    view = engine_view()
    page, problems = open_page(demo_site + RECORD_URL + "#m12")
    assert_board_shows(page, view, 12)
    assert page.locator("#m12").get_attribute("aria-current") == "step"
    page.keyboard.press("ArrowRight")
    assert page.evaluate("location.hash") == "#m13"
    page.locator('[data-kw-go="prev"]').click()
    page.locator('[data-kw-go="prev"]').click()
    assert page.evaluate("location.hash") == "#m11"
    assert_board_shows(page, view, 11)
    # A click on a move's number (a link; Material routes it through pushState) shows it.
    page.locator("#m3 > div > a").click()
    assert_board_shows(page, view, 3)
    assert page.evaluate("location.hash") == "#m3"
    # A bookmark is a link to its move.
    page.goto(demo_site + RECORD_URL + "#bm-革命")
    page.reload()
    bookmarked = next(s.index for s in view.steps if "革命" in s.bookmarks)
    assert_board_shows(page, view, bookmarked)
    assert problems.all() == []


def test_dark_mode_and_phone_layout(demo_site: str, open_page: Any) -> None:
    page, problems = open_page(
        demo_site + RECORD_URL + "#m9", viewport={"width": 390, "height": 844}
    )
    card = page.locator(".kw-board .kw-card:not(.kw-joker):not(.kw-unknown)").first
    light = card.evaluate("el => getComputedStyle(el).backgroundColor")
    scheme = "document.body.getAttribute('data-md-color-scheme')"
    assert page.evaluate(scheme) == "default"
    page.locator("form[data-md-component=palette] label:visible").first.click()
    assert page.evaluate(scheme) == "slate"
    dark = card.evaluate("el => getComputedStyle(el).backgroundColor")
    assert dark != light
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(page, "record-phone-dark.png")
    assert problems.all() == []


def test_instant_navigation_reinitialises_the_viewer(demo_site: str, open_page: Any) -> None:
    page, problems = open_page(demo_site + "records/prime-daifugo/")
    table = page.locator("table[data-kw-sortable]").first
    assert table.locator("tbody tr").count() >= 12
    # Sort and filter the index in the browser.
    table.locator("thead th button").first.click()
    assert table.locator("thead th").first.get_attribute("aria-sort") == "ascending"
    page.locator("input[data-kw-filter]").first.fill("さしみ")
    visible = table.locator("tbody tr:not([hidden])")
    assert 0 < visible.count() < table.locator("tbody tr").count()
    for i in range(visible.count()):
        assert "さしみ" in visible.nth(i).inner_text()
    # Follow a link: Material swaps the page in without reloading the scripts (once it
    # has fetched the sitemap, which on a busy machine can come after a quick click).
    page.wait_for_load_state("networkidle")
    page.evaluate("window.__kwSamePage = true")
    page.locator(f'a[href*="{RECORD}"]').first.click()
    page.wait_for_selector(".kw-viewer.kw-js")
    assert page.evaluate("window.__kwSamePage") is True, "expected instant navigation"
    view = engine_view()
    assert_board_shows(page, view, 0)
    page.keyboard.press("ArrowRight")
    assert_board_shows(page, view, 1)
    assert problems.all() == []


def test_plain_theme_and_hostile_record_execute_nothing(plain_site: str, open_page: Any) -> None:
    page, problems = open_page(plain_site + "records/prime-daifugo/xss/")
    assert page.locator(".kw-viewer.kw-js").count() == 1
    page.keyboard.press("End")
    page.keyboard.press("Home")
    page.keyboard.press("ArrowRight")
    assert page.locator(".kw-viewer").get_attribute("data-kw-current") == "1"
    assert XSS in page.locator(".kw-viewer .kw-board").inner_text()
    for url in ("records/prime-daifugo/xss/", "records/prime-daifugo/", "records/players/"):
        page.goto(plain_site + url)
        page.wait_for_load_state("load")
        assert page.evaluate("window.__kwXss") is None, url
        assert page.locator("img[src=x]").count() == 0, url
    assert problems.dialogs == []
    assert problems.exceptions == []
    # The real record works on the plain theme too.
    view = engine_view()
    page.goto(plain_site + f"records/prime-daifugo/{RECORD}/#m12")
    page.reload()
    assert_board_shows(page, view, 12)
    page.keyboard.press("ArrowLeft")
    assert_board_shows(page, view, 11)
    assert page.evaluate("location.hash") == "#m11"
    assert problems.all() == []
