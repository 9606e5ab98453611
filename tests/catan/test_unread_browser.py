"""A Catan table row not read, in Debian's chromium: at its step no seat is marked as
the current player and each seat the row took says "turn not read", with the script
(stepped to it, at a desktop and a phone width) and without it (its position opened);
axe-core finds nothing there. Material's light scheme only: this small site configures
no palette, so the dark one is not whole here (tests/browser/test_accessibility.py
checks it on the demo site, whose palette is configured).

The record is tests/catan/test_unread_table.py's three-player table with the border
after the turn number of row 5 written as a word (``| five |``): one CT124, and a step
that takes Rin's, Ben's and Olga's turns.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.browser.conftest import screenshot, serve
from tests.browser.game_site import build_site
from tests.browser.test_accessibility import axe_violations
from tests.catan.test_unread_table import THREE

pytestmark = [pytest.mark.browser, pytest.mark.slow]

NAME = "row-not-read"
#: The row's step: the setup, then four rounds of three turns.
STEP = 13
#: What axe reads: the page's content, the positions but the row's and its neighbours'
#: left out (the others are the clean record's, which the demo site's review reads).
CONTEXT = {
    "include": [[".md-content"]],
    "exclude": [[f".kw-moves > li:not(#m{STEP - 1}, #m{STEP}, #m{STEP + 1}) > details"]],
}


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder = tmp_path_factory.mktemp("catan-row")
    record = folder / f"{NAME}.kifu"
    line = next(x for x in THREE.splitlines() if x.startswith("| 5 |"))
    record.write_text(THREE.replace(line, line.replace("| 5 |", "| five |")), encoding="utf-8")
    root = folder / "build"
    root.mkdir()
    with serve(build_site(root, "catan", [Path(record)], theme="material")) as url:
        yield url + f"records/catan/{NAME}/"


def _says_no_one_seat_moves(panel: Any) -> None:
    """The position's player panel: three seats, none current, each "turn not read"."""
    seats = panel.locator(".kw-player")
    assert seats.count() == 3
    assert panel.locator(".kw-player.kw-current").count() == 0
    for i in range(3):
        seat = seats.nth(i)
        assert seat.locator(".kw-badge").inner_text() == "turn not read"
        assert seat.locator(".kw-badge").is_visible()
        # Not by colour alone: the seat's border is drawn dashed, the current seat's is not.
        assert seat.evaluate("e => getComputedStyle(e).borderTopStyle") == "dashed"


@pytest.mark.parametrize("width", [1280, 390])
def test_the_row_step_with_the_script(site: str, open_page: Any, width: int) -> None:
    page, problems = open_page(site + f"#m{STEP}", viewport={"width": width, "height": 900})
    viewer = page.locator(".kw-viewer").first
    assert viewer.get_attribute("data-kw-current") == str(STEP)
    board = viewer.locator(".kw-board")
    assert board.locator(".kw-board-caption").inner_text().startswith("Turn 5, Rin–Olga;")
    _says_no_one_seat_moves(board.locator(".kw-catan-state .kw-players"))
    # The step before is Olga's own turn: one seat current, no badge.
    page.keyboard.press("ArrowLeft")
    assert viewer.get_attribute("data-kw-current") == str(STEP - 1)
    assert board.locator(".kw-player.kw-current strong").inner_text().endswith("Olga (O)")
    assert board.locator(".kw-player .kw-badge").count() == 0
    page.keyboard.press("ArrowRight")
    board.locator(".kw-catan-state .kw-players").scroll_into_view_if_needed()
    screenshot(page, f"catan-row-not-read-{width}.png")
    assert axe_violations(page, CONTEXT) == []
    assert problems.all() == []


def test_the_row_step_without_the_script(site: str, browser: Any) -> None:
    # The site's scripts are not loaded (a context without JavaScript cannot run axe
    # itself): the page is what a reader without the script gets.
    context = browser.new_context(viewport={"width": 390, "height": 900})
    context.route("**/*.js", lambda route: route.abort())
    try:
        page = context.new_page()
        page.goto(site + f"#m{STEP}")
        assert page.locator(".kw-js").count() == 0
        page.evaluate(f"document.querySelector('#m{STEP} > details').open = true")
        panel = page.locator(f"#m{STEP} > details .kw-players")
        _says_no_one_seat_moves(panel)
        panel.scroll_into_view_if_needed()
        screenshot(page, "catan-row-not-read-390-nojs.png")
        assert axe_violations(page, CONTEXT) == []
    finally:
        context.close()
