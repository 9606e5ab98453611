"""A ポンジャン session page in Debian's chromium: stepping action by action.

Every position the browser shows is compared with the engine's own state for the same
step: each seat's tiles, drawn tile, discards, riichi and chips, and the wall.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.browser import stepping
from tests.browser.conftest import serve
from tests.browser.game_site import build_site

from kifuwiki.archive import load_file
from kifuwiki.games import get_game
from kifuwiki.games.base import RecordView

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "records" / "ponjan" / "practice-2026-11-03.kifu"
PAGE = "records/ponjan/practice-2026-11-03/"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    built = build_site(tmp_path_factory.mktemp("ponjan-site"), "ponjan", [DEMO])
    with serve(built) as url:
        yield url


def engine_view() -> RecordView:
    return get_game("ponjan").view(load_file(DEMO)[0])


#: What the board shows, read from its text and glyphs (no data-* copy of it).
SHOWN = """() => {
  const board = document.querySelector('.kw-viewer .kw-board .kw-pj-state');
  const text = (el) => (el ? el.textContent.trim() : '');
  const tiles = (els) => Array.from(els, (el) => el.textContent.trim()).join(' ');
  const seats = [];
  for (const seat of board.querySelectorAll('.kw-pj-seat')) {
    const hand = seat.querySelector('.kw-pj-tiles:not(.kw-pj-river)');
    seats.push([
      text(seat.querySelector('.kw-pj-name')),
      text(seat.querySelector('.kw-pj-chips')),
      hand ? tiles(hand.querySelectorAll('i:not(.h):not(.d)')) : '',
      text(seat.querySelector('.kw-pj-tiles i.d')),
      tiles(seat.querySelectorAll('.kw-pj-river i')),
      seat.querySelector('.kw-pj-riichi-mark') ? 'true' : 'false',
    ]);
  }
  const facts = board.querySelectorAll('.kw-pj-facts strong');
  return {current: document.querySelector('.kw-viewer').dataset.kwCurrent,
          wall: text(board.querySelector('.kw-pj-wall')),
          ended: facts.length > 1 ? text(facts[1]) : '', seats};
}"""


def assert_shows(page: Any, view: RecordView, index: int) -> None:
    """What the board shows (read in one call) is the engine's state ``index``."""
    state = view.steps[index].state
    shown = page.evaluate(SHOWN)
    assert shown["current"] == str(index)
    if state["hand"]:
        assert shown["wall"] == str(state["wall"]), index
    assert shown["ended"] == (state["ended"] or ""), index  # an English site: ron, tsumo…
    assert len(shown["seats"]) == len(state["seats"]), index
    for (name, *values), seat in zip(shown["seats"], state["seats"], strict=True):
        # The seat's key is in its name line: "青木 (A) dealer · 100 chips".
        assert f"{seat['name']} ({seat['key']})" in name, (index, seat["key"])
        expected = [
            str(seat["chips"]),
            " ".join(seat["tiles"]) if state["hand"] else "",
            (seat["drawn"] or "") if state["hand"] else "",
            " ".join(d["tile"] for d in seat["discards"]) if state["hand"] else "",
            "true" if seat["riichi"] else "false",
        ]
        assert values == expected, (index, seat["key"])


def test_stepping_a_session_follows_the_engine(site: str, open_page: Any) -> None:
    view = engine_view()
    page, problems = open_page(site + PAGE, viewport={"width": 1280, "height": 900})
    assert page.locator(".kw-viewer.kw-js .kw-controls").is_visible()
    stepping.step_through(page, view, assert_shows, live=True)
    stepping.jump(page, view, "riichi", assert_shows)
    stepping.jump(page, view, "win", assert_shows, from_start=False)
    assert page.locator(".kw-board .kw-pj-seat.kw-pj-winner").count() == 1
    assert problems.all() == [], problems.all()


def test_a_phone_sees_the_tiles_as_glyphs_and_the_chart(site: str, open_page: Any) -> None:
    view = engine_view()
    page, problems = open_page(site + PAGE + "#m5", viewport={"width": 390, "height": 844})
    assert_shows(page, view, 5)
    tile = page.locator(".kw-board .kw-pj-tiles i").first
    box = tile.bounding_box()
    assert box is not None and box["width"] >= 18 and box["height"] >= 24  # a tile, not text
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    chart = page.locator(".kw-pj-chart svg g[data-seat]")
    assert chart.count() == 3
    assert problems.all() == []


def test_page_without_javascript_shows_every_step(site: str, open_page: Any) -> None:
    view = engine_view()
    page, _ = open_page(site + PAGE, java_script_enabled=False)
    assert page.locator("ol.kw-moves > li").count() == len(view.steps)
    assert page.locator("ol.kw-moves .kw-pj-state").count() == len(view.steps)


@pytest.fixture(scope="module")
def broken(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """The demo session with one discard mistyped (拾 for 捨)."""
    with stepping.served_with_a_line(
        tmp_path_factory, "ponjan", DEMO, "broken-practice", "A 捨 5", "A 拾 5 <b>"
    ) as served:
        yield served


def test_a_line_not_read_is_a_step_the_next_error_lands_on(
    broken: tuple[str, Path], open_page: Any
) -> None:
    """The line was not in the move list: its error's "move n" went to the draw before."""
    stepping.check_an_unread_line(open_page, broken, "ponjan", "A 拾 5 <b>", "PJ001", assert_shows)
