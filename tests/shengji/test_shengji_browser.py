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
from tests.browser import stepping
from tests.browser.stepping import served_site

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
    with served_site(tmp_path_factory, "shengji", [RECORDS / f"{RECORD}.kifu"]) as url:
        yield url


def engine_view() -> RecordView:
    return stepping.engine_view(RECORDS / f"{RECORD}.kifu")


def assert_shows(page: Any, view: RecordView, index: int) -> None:
    viewer = page.locator(".kw-viewer").first
    assert viewer.get_attribute("data-kw-current") == str(index)
    state = view.steps[index].state
    panel = page.locator(".kw-viewer .kw-board .kw-sj-state").first
    # What the board shows: the attackers' points, the trick's number, its winner.
    points = panel.locator(".kw-sj-facts dd").nth(1).inner_text()
    assert points.split()[0] == str(state["attackers_points"]), index
    trick = panel.locator(".kw-sj-trick")
    assert trick.locator(".kw-badge").first.inner_text().split()[-1] == str(
        state["trick"]["number"]
    )
    winner = trick.locator(".kw-sj-winner > .kw-note")
    shown = winner.first.inner_text() if winner.count() else ""
    assert shown == (state["trick"]["winner"] or ""), index
    assert trick.locator(".kw-sj-play").count() == len(state["trick"]["plays"])


def test_stepping_follows_the_engine(site: str, open_page: Any) -> None:
    view = engine_view()
    page, problems = open_page(
        site + f"records/shengji/{RECORD}/", viewport={"width": 1280, "height": 900}
    )
    stepping.step_through(page, view, assert_shows)
    stepping.jump(page, view, "ruff", assert_shows)
    page.locator('[data-kw-go="last"]').click()
    last = page.locator(".kw-viewer .kw-board .kw-sj-state").first
    assert last.locator(".kw-sj-kitty .kw-card").count() == 6  # revealed at the end
    assert problems.all() == [], problems.all()


def test_page_without_javascript_shows_every_play(site: str, open_page: Any) -> None:
    view = engine_view()
    page, _ = open_page(site + f"records/shengji/{RECORD}/", java_script_enabled=False)
    assert page.locator("ol.kw-moves > li").count() == len(view.steps)


@pytest.fixture(scope="module")
def broken(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """The demo record with one play written without its colon."""
    record = RECORDS / f"{RECORD}.kifu"
    with stepping.served_with_a_line(
        tmp_path_factory, "shengji", record, "broken-seed", "E: CA", "E CA <b>"
    ) as served:
        yield served


def test_a_line_not_read_is_a_step_the_next_error_lands_on(
    broken: tuple[str, Path], open_page: Any
) -> None:
    """The line was not in the move list: its error's "move n" went to the move before."""
    stepping.check_an_unread_line(open_page, broken, "shengji", "E CA <b>", "SJ001", assert_shows)
