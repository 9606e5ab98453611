"""A 鋼鉄の虹 session page in Debian's chromium: stepping through the structured lines,
jumping to failed rolls and the result, and reading the prose without JavaScript."""

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

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "records" / "koutetsu-no-niji" / "kiri-no-toka-ten.kifu"
PAGE = "records/koutetsu-no-niji/kiri-no-toka-ten/"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    built = build_site(tmp_path_factory.mktemp("koutetsu-site"), "koutetsu-no-niji", [DEMO], "ja")
    with serve(built) as url:
        yield url


def engine_view() -> RecordView:
    return get_game("koutetsu-no-niji").view(load_file(DEMO)[0])


def assert_shows(page: Any, view: RecordView, index: int) -> None:
    assert page.locator(".kw-viewer").first.get_attribute("data-kw-current") == str(index)
    state = view.steps[index].state
    board = page.locator(".kw-viewer .kw-board .kw-kr-state")
    # The clock says the mode (its badge) and the time.
    clock = board.locator(".kw-kr-clock")
    mode = {"combat": ".kw-kr-combat", "operation": ".kw-kr-operation"}
    for name, badge in mode.items():
        assert clock.locator(badge).count() == (1 if state["mode"] == name else 0), index
    if state["time"]:
        assert state["time"] in clock.inner_text(), index
    roll = state["roll"]
    line = board.locator(".kw-kr-roll")
    if roll is not None:
        assert line.locator("strong").inner_text() == roll["character"], index
        text = line.inner_text()
        assert f" {roll['check']}" in text and f"= {roll['total']}" in text, index
    else:
        assert line.count() == 0
    rows = board.locator(".kw-kr-tally tbody tr")
    assert rows.count() == len(state["characters"])
    for i, character in enumerate(state["characters"]):
        cells = rows.nth(i).locator("th, td").all_inner_texts()
        assert cells[0].split()[0] == character["key"], (index, character["key"])
        assert (cells[1], cells[2]) == (str(character["rolls"]), str(character["successes"]))


def test_stepping_through_rolls_and_modes(site: str, open_page: Any) -> None:
    view = engine_view()
    page, problems = open_page(site + PAGE, viewport={"width": 1280, "height": 900})
    page.keyboard.press("Home")
    for index in range(1, len(view.steps)):
        page.keyboard.press("ArrowRight")
        assert_shows(page, view, index)
        assert page.locator(".kw-live").inner_text() == view.steps[index].label_ja
    page.keyboard.press("Home")
    page.locator('[data-kw-jump="failure"]').click()
    assert_shows(page, view, next(s.index for s in view.steps if "failure" in s.flags))
    page.locator('[data-kw-jump="result"]').click()
    assert_shows(page, view, len(view.steps) - 1)
    assert problems.all() == [], problems.all()


def test_the_session_reads_without_javascript(site: str, open_page: Any) -> None:
    view = engine_view()
    page, _ = open_page(
        site + PAGE, java_script_enabled=False, viewport={"width": 390, "height": 844}
    )
    assert page.locator("ol.kw-moves > li").count() == len(view.steps)
    document = page.locator(".kw-kr-document")
    assert document.locator("h3").first.inner_text() == "ブリーフィング"
    badges = document.locator(".kw-kr-event .kw-badge.kw-kr-ng")
    assert badges.count() == sum(1 for s in view.steps if "failure" in s.flags)
    link = document.locator(".kw-kr-event a").first.get_attribute("href")
    assert link == "#m1"
    assert page.locator(".kw-kr-timeline rect[data-phase='combat']").count() == 1
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
