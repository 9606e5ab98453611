"""A 升級 record page in Debian's chromium: stepping card by card follows the engine.

A small site (plain ``mkdocs`` theme, the kifuwiki plugin, the annotated demo record) is
built into ``tmp_path`` and served on 127.0.0.1. The site is
built by tests/browser/game_site.py.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.browser.conftest import serve
from tests.browser.game_site import build_site

from kifuwiki.archive import load_file
from kifuwiki.games import get_game
from kifuwiki.games.base import RecordView

pytestmark = [
    pytest.mark.browser,
    pytest.mark.slow,
]

ROOT = Path(__file__).resolve().parents[2]
RECORDS = ROOT / "records" / "shengji"
RECORD = "annotated-seed"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("shengji-site")
    site = build_site(root, "shengji", [RECORDS / f"{RECORD}.kifu"])
    with serve(site) as url:
        yield url


def engine_view() -> RecordView:
    record = load_file(RECORDS / f"{RECORD}.kifu")[0]
    return get_game("shengji").view(record)


def assert_shows(page: Any, view: RecordView, index: int) -> None:
    viewer = page.locator(".kw-viewer").first
    assert viewer.get_attribute("data-kw-current") == str(index)
    state = view.steps[index].state
    panel = page.locator(".kw-viewer .kw-board .kw-sj-state").first
    assert panel.get_attribute("data-attackers-points") == str(state["attackers_points"])
    assert panel.get_attribute("data-trick") == str(state["trick"]["number"])
    trick = panel.locator('[data-role="trick"]')
    assert trick.get_attribute("data-winner") == (state["trick"]["winner"] or "")
    assert trick.locator(".kw-sj-play").count() == len(state["trick"]["plays"])


def test_stepping_follows_the_engine(site: str, open_page: Any) -> None:
    view = engine_view()
    page, problems = open_page(
        site + f"records/shengji/{RECORD}/", viewport={"width": 1280, "height": 900}
    )
    page.keyboard.press("Home")
    assert_shows(page, view, 0)
    for index in range(1, len(view.steps)):
        page.keyboard.press("ArrowRight")
        assert_shows(page, view, index)
    page.keyboard.press("Home")
    page.locator('[data-kw-jump="ruff"]').click()
    first = next(s.index for s in view.steps if "ruff" in s.flags)
    assert_shows(page, view, first)
    page.locator('[data-kw-go="last"]').click()
    last = page.locator(".kw-viewer .kw-board .kw-sj-state").first
    assert last.locator('[data-role="kitty"] .kw-card').count() == 6  # revealed at the end
    assert problems.all() == [], problems.all()


def test_page_without_javascript_shows_every_play(site: str, open_page: Any) -> None:
    view = engine_view()
    page, _ = open_page(site + f"records/shengji/{RECORD}/", java_script_enabled=False)
    assert page.locator("ol.kw-moves > li.kw-step").count() == len(view.steps)
