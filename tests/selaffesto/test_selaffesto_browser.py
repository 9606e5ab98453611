"""A selaffesto record page in Debian's chromium: stepping action by action.

A small site (plain ``mkdocs`` theme, the kifuwiki plugin, the worked example) is built
into ``tmp_path`` and served on 127.0.0.1. Every position the browser shows is compared
with the engine's state for the same step.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.browser import stepping

from kifuwiki.core.diagnostics import counted
from kifuwiki.core.recordfile import read_record_file
from kifuwiki.games.base import RecordView
from kifuwiki.games.selaffesto import GAME

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
RECORD = ROOT / "records" / "selaffesto" / "worked-example.kifu"
ANNOTATED = ROOT / "records" / "selaffesto" / "selfplay-greedy-vs-random-annotated.kifu"
PAGE = "records/selaffesto/worked-example/"


def engine_view() -> RecordView:
    return GAME.view(GAME.load(read_record_file(RECORD)[0]))


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with stepping.served_site(tmp_path_factory, "selaffesto", [RECORD, ANNOTATED]) as url:
        yield url + PAGE


#: The cards a board draws, (x, y) → symbol id, resolved in the page as the browser
#: does: a <use> of an earlier step's card group draws that group, a cover rectangle
#: empties its cell, a card's <use> draws the card (see templates/state.html).
DRAWN = """board => {
  const cells = {};
  const at = (el, d) => (el.getAttribute('x') - d) + ',' + (el.getAttribute('y') - d);
  const walk = g => {
    for (const el of g.children) {
      const href = (el.getAttribute('xlink:href') || '').slice(1);
      if (el.tagName === 'rect') delete cells[at(el, 2)];
      else if (/^sf[wb]-/.test(href)) cells[at(el, 0)] = href;
      else if (href && href !== 'sf-grid') walk(document.getElementById(href));
    }
  };
  walk(board.querySelector('.kw-sf-board > g'));
  return cells;
}"""


def assert_shows(page: Any, view: RecordView, index: int) -> None:
    """The board shows the engine's step ``index``: cards, marks, points, hands."""
    viewer = page.locator(".kw-viewer").first
    assert viewer.get_attribute("data-kw-current") == str(index)
    state = view.steps[index].state
    panel = page.locator(".kw-viewer .kw-board .kw-sf-state")
    board = panel.locator(".kw-sf-board")
    assert board.get_attribute("aria-label") == f"Board ({counted(len(state['cards']), 'card')})"
    assert panel.get_attribute("data-last") == " ".join(c["cell"] for c in state["last"])
    assert panel.locator(".kw-sf-removed").count() == len(state["removed"])
    for player in state["players"]:
        row = panel.locator(f".kw-player:has(> strong > .kw-sf-sw-{player['key']})")
        assert row.count() == 1, (index, player["key"])
        text = row.inner_text()
        assert f"— {player['points_text']} points" in text, (index, player)
        assert f"hand {player['hand_count']} · mount {player['mount']}" in text
    cards = state["cards"]
    expected = {
        f"{c['x'] * 100},{c['y'] * 100}": f"sf{c['owner'].lower()}-{c['id']}" for c in cards
    }
    assert panel.evaluate(DRAWN) == expected, index
    # The card group really draws (its earlier steps' groups and the symbols resolve):
    # as wide as the grid it starts from.
    box, grid = board.locator(":scope > g").bounding_box(), board.bounding_box()
    assert box is not None and grid is not None and box["width"] > 0.8 * grid["width"]


def test_stepping_the_worked_example_follows_the_engine(site: str, open_page: Any) -> None:
    view = engine_view()
    page, problems = open_page(site, viewport={"width": 1280, "height": 900})
    assert page.locator(".kw-viewer.kw-js .kw-controls").is_visible()
    stepping.step_through(page, view, assert_shows, live=True)
    stepping.jump(page, view, "jump", assert_shows)
    assert problems.all() == [], problems.all()


def test_deep_link_on_a_phone(site: str, open_page: Any) -> None:
    view = engine_view()
    page, problems = open_page(site + "#m13", viewport={"width": 390, "height": 800})
    assert_shows(page, view, 13)
    width = page.evaluate("document.documentElement.scrollWidth")
    wide = page.evaluate(
        "() => [...document.querySelectorAll('body *')].filter(e =>"
        " e.getBoundingClientRect().right > 391 && !e.closest('.kw-sf-scroll'))"
        ".map(e => e.tagName + ' ' + e.getAttribute('class'))"
    )
    assert width <= 390, wide  # the board scrolls inside its own box, the page does not
    page.keyboard.press("ArrowRight")
    assert_shows(page, view, 14)
    assert problems.all() == []


def test_phone_board_scrolls_to_the_placement(site: str, open_page: Any) -> None:
    """The package's script scrolls the board sideways so the step's placement is seen."""
    record = GAME.load(read_record_file(ANNOTATED)[0])
    view = GAME.view(record)
    far = next(s for s in view.steps if s.state.get("last") and s.state["last"][0]["x"] >= 11)
    url = site.replace(PAGE, f"records/selaffesto/{ANNOTATED.stem}/#{far.anchor}")
    page, problems = open_page(url, viewport={"width": 390, "height": 800})
    box = page.locator(".kw-viewer .kw-board .kw-sf-last").first.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, box
    assert problems.all() == []


def test_without_javascript_every_step_has_its_board(site: str, open_page: Any) -> None:
    view = engine_view()
    page, _ = open_page(site, java_script_enabled=False)
    assert page.locator("ol.kw-moves > li").count() == len(view.steps)
    assert page.locator("ol.kw-moves .kw-sf-board").count() == len(view.steps)
    label = page.locator(".kw-board .kw-sf-board").get_attribute("aria-label")
    assert label == "Board (12 cards)"


#: How wide a board's card group draws, against its grid: a group that draws nothing
#: (an earlier step's group it refers to did not resolve) has no width.
GROUP_SHARE = """board => {
  const g = board.querySelector(':scope > g').getBoundingClientRect();
  return g.width / board.getBoundingClientRect().width;
}"""


def test_without_javascript_a_step_opened_directly_draws_its_cards(
    site: str, open_page: Any
) -> None:
    """A step's compact board refers to the step before it (state.html): opened straight
    from a link, with every other step's position closed, it still draws its cards."""
    view = engine_view()
    step = view.steps[13]
    page, _ = open_page(site + f"#{step.anchor}", java_script_enabled=False)
    item = page.locator(f"ol.kw-moves > li#{step.anchor}")
    item.locator(":scope > details > summary").click()
    board = item.locator(".kw-sf-board")
    assert (
        board.get_attribute("aria-label") == f"Board ({counted(len(step.state['cards']), 'card')})"
    )
    assert board.evaluate(GROUP_SHARE) > 0.8
    assert page.locator(".kw-moves > li > details[open]").count() < len(view.steps)


def test_printed_positions_draw_their_cards(site: str, open_page: Any) -> None:
    """In print only the positions written open show (kifuwiki.css); the last one refers
    through every earlier step's group, all of them hidden, and still draws."""
    page, problems = open_page(site, viewport={"width": 1280, "height": 900})
    page.emulate_media(media="print")
    board = page.locator("ol.kw-moves > li").last.locator(".kw-sf-board")
    assert board.is_visible()
    assert board.evaluate(GROUP_SHARE) > 0.8
    hidden = page.locator(".kw-moves > li > details:not([data-kw-print])").first
    assert hidden.evaluate("d => getComputedStyle(d).display") == "none"
    assert problems.all() == []
