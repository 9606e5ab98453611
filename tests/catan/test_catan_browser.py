"""A Catan record page in Debian's chromium: stepping player turn by player turn.

A small site (plain ``mkdocs`` theme, the kifuwiki plugin, the Catan demo records) is
built into ``tmp_path`` (tests/browser/game_site.py) and served on 127.0.0.1. Every
position the browser shows is compared with the engine's own state for the same step.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.browser import stepping

from kifuwiki.games.base import RecordView

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
RECORDS = ROOT / "records" / "catan"
SEED = "seed-001-example"
BOARD = "practice-2026-board"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    records = [RECORDS / f"{name}.kifu" for name in (SEED, BOARD)]
    with stepping.served_site(tmp_path_factory, "catan", records) as url:
        yield url


def engine_view(name: str) -> RecordView:
    return stepping.engine_view(RECORDS / f"{name}.kifu")


def assert_shows(page: Any, view: RecordView, index: int) -> None:
    """The board area shows the engine's state ``index``: counts, current cell, holders."""
    viewer = page.locator(".kw-viewer").first
    assert viewer.get_attribute("data-kw-current") == str(index)
    state = view.steps[index].state
    board = page.locator(".kw-viewer .kw-board").first
    panel = board.locator(".kw-catan-state")
    # What the position says in words: robber, Longest Road, Largest Army (the last
    # three facts), each player's points, roads and knights.
    robber, lr, la = panel.locator(".kw-facts dd").all_inner_texts()[-3:]
    if state["robber"]:
        assert robber == state["robber"], index
    assert (lr, la) == (state["lr_name"] or "—", state["la_name"] or "—"), index
    if state["turn"] is not None:
        assert board.locator("tr:has(td.kw-current) > th").inner_text() == str(state["turn"])
    rows = board.locator(".kw-catan-state .kw-player")
    assert rows.count() == len(state["players"])
    for i, player in enumerate(state["players"]):
        row = rows.nth(i)
        assert row.locator("strong").inner_text().endswith(f"({player['key']})")
        assert f"— {player['vp_text']} " in row.inner_text(), (index, player["key"])
        counts = re.findall(r"≥?\d+|\?", row.locator(".kw-note").first.inner_text())
        assert (counts[0], counts[3]) == (player["roads_text"], player["knights_text"])
    current = board.locator("td.kw-current")
    if state["turn"] is None:
        assert current.count() == 0
    else:
        assert current.count() == 1
        # The cell's column is the player's: the header says "name (key)".
        column = current.evaluate(
            "td => [...td.parentElement.children].filter(c => c.tagName === 'TD').indexOf(td)"
        )
        header = board.locator(".kw-catan-grid thead th").nth(column + 1).inner_text()
        assert header.endswith(f"({state['player']})"), index
        assert current.get_attribute("data-step") == str(index)


def test_stepping_a_catan_record_follows_the_engine(site: str, open_page: Any) -> None:
    view = engine_view(SEED)
    page, problems = open_page(
        site + f"records/catan/{SEED}/", viewport={"width": 1280, "height": 900}
    )
    assert page.locator(".kw-viewer.kw-js .kw-controls").is_visible()
    page.keyboard.press("Home")
    assert_shows(page, view, 0)
    for index in range(1, len(view.steps)):
        page.keyboard.press("ArrowRight")
        assert_shows(page, view, index)
        assert page.locator(".kw-live").inner_text() == view.steps[index].label
    page.keyboard.press("Home")
    page.locator('[data-kw-jump="special"]').click()
    first_special = next(s.index for s in view.steps if "special" in s.flags)
    assert_shows(page, view, first_special)
    page.locator('[data-kw-go="last"]').click()
    assert_shows(page, view, len(view.steps) - 1)
    assert problems.all() == [], problems.all()


def test_deep_link_to_a_turn_of_the_board_game(site: str, open_page: Any) -> None:
    view = engine_view(BOARD)
    target = next(s.index for s in view.steps if "special" in s.flags)
    page, problems = open_page(site + f"records/catan/{BOARD}/#m{target}")
    assert_shows(page, view, target)
    page.keyboard.press("ArrowRight")
    assert_shows(page, view, target + 1)
    assert page.evaluate("location.hash") == f"#m{target + 1}"
    assert problems.all() == []


def test_page_without_javascript_shows_every_turn(site: str, open_page: Any) -> None:
    view = engine_view(BOARD)
    page, _ = open_page(site + f"records/catan/{BOARD}/", java_script_enabled=False)
    steps = page.locator("ol.kw-moves > li")
    assert steps.count() == len(view.steps)
    assert page.locator("ol.kw-moves .kw-catan-state").count() == len(view.steps)
