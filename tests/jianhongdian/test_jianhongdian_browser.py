"""A 撿紅點 record page in Debian's chromium: stepping turn by turn follows the engine.

A small site (plain ``mkdocs`` theme, the kifuwiki plugin, two demo records) is built
into ``tmp_path`` (tests/browser/game_site.py) and served on 127.0.0.1.
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
RECORDS = ROOT / "records" / "jianhongdian"
RECORD = "annotated-2p"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with served_site(tmp_path_factory, "jianhongdian", [RECORDS / f"{RECORD}.kifu"]) as url:
        yield url


def engine_view() -> RecordView:
    return stepping.engine_view(RECORDS / f"{RECORD}.kifu")


def assert_shows(page: Any, view: RecordView, index: int) -> None:
    viewer = page.locator(".kw-viewer").first
    assert viewer.get_attribute("data-kw-current") == str(index)
    state = view.steps[index].state
    panel = page.locator(".kw-viewer .kw-board .kw-jh-state").first
    # What the board says: the stock, the table's cards, each player's name and score.
    table = panel.locator(".kw-jh-table")
    stock = table.locator(":scope > .kw-note").last.inner_text()
    assert stock.split()[-1] == str(state["stock"]), index
    # (the board shows the step's own position: cards as text, red ones marked)
    cards = table.locator(":scope > span:not(.kw-badge):not(.kw-note)").all_inner_texts()
    assert " ".join(cards).split() == [c["text"] for c in state["table"]], index
    rows = panel.locator(".kw-players > .kw-player")
    assert rows.count() == len(state["seats"])
    for i, seat in enumerate(state["seats"]):
        row = rows.nth(i)
        assert row.locator("strong").inner_text() == seat["name"], (index, seat["key"])
        score = row.locator(":scope > div > .kw-badge").first.inner_text()
        assert score in (f"{seat['score']}点", f"{seat['score']} pts"), (index, seat["key"])


def test_stepping_follows_the_engine(site: str, open_page: Any) -> None:
    view = engine_view()
    page, problems = open_page(
        site + f"records/jianhongdian/{RECORD}/", viewport={"width": 1280, "height": 900}
    )
    stepping.step_through(page, view, assert_shows)
    stepping.jump(page, view, "special", assert_shows)
    assert problems.all() == [], problems.all()


def test_page_without_javascript_shows_every_turn(site: str, open_page: Any) -> None:
    view = engine_view()
    page, _ = open_page(site + f"records/jianhongdian/{RECORD}/", java_script_enabled=False)
    assert page.locator("ol.kw-moves > li").count() == len(view.steps)


@pytest.fixture(scope="module")
def broken(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """The demo record with one turn written without its colon."""
    record = RECORDS / f"{RECORD}.kifu"
    with stepping.served_with_a_line(
        tmp_path_factory, "jianhongdian", record, "broken-2p", "B: C5 ^HA", "B C5 <b> ^HA"
    ) as served:
        yield served


def test_a_line_not_read_is_a_step_the_next_error_lands_on(
    broken: tuple[str, Path], open_page: Any
) -> None:
    """The line was not in the move list: its error's "move n" went to the move before."""
    stepping.check_an_unread_line(
        open_page, broken, "jianhongdian", "B C5 <b> ^HA", "JH001", assert_shows
    )
