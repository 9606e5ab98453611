"""The stepper in a real browser, on a page rendered by the harness (no MkDocs, no engine)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .conftest import screenshot, serve
from .harness import harness_view, write_site

pytestmark = pytest.mark.browser

TABLE_PAGE = """<!doctype html><html><head><meta charset="utf-8">
<link rel="icon" href="data:,"><link rel="stylesheet" href="kifuwiki.css"></head><body>
<input id="flt" type="search" data-kw-filter="#games">
<span data-kw-filter-count="flt"></span>
<table id="games" class="kw-table" data-kw-sortable>
<thead><tr><th>Date</th><th>Players</th><th>Moves</th></tr></thead>
<tbody>
<tr><td>2024-10-22</td><td>はち – nishimura</td><td data-sort="4">4</td></tr>
<tr><td>2024-11-02</td><td>alice – bob</td><td data-sort="12">12</td></tr>
<tr><td>2024-09-30</td><td>carol – はち</td><td data-sort="9">9</td></tr>
</tbody></table>
<script src="kifuwiki.js"></script></body></html>
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    directory = tmp_path_factory.mktemp("harness")
    write_site(directory, [(harness_view(), ""), (harness_view(), "k2-")])
    (directory / "table.html").write_text(TABLE_PAGE, encoding="utf-8")
    with serve(directory) as url:
        yield url


def board_hands(page: Any, viewer: str = "#viewer") -> dict[str, str]:
    hands = page.locator(f"{viewer} .kw-board .kw-hand")
    return {
        hands.nth(i).get_attribute("data-player"): hands.nth(i).get_attribute("data-cards")
        for i in range(hands.count())
    }


def board_matches(page: Any, index: int, viewer: str = "#viewer") -> None:
    state = harness_view().steps[index].state
    assert page.locator(viewer).get_attribute("data-kw-current") == str(index)
    assert board_hands(page, viewer) == state["hands"]
    field = page.locator(f"{viewer} .kw-board .kw-field").get_attribute("data-cards")
    assert field == state["field"]


def test_steps_with_keys_and_buttons(site: str, open_page: Any) -> None:
    page, problems = open_page(site)
    assert page.locator("#viewer .kw-controls").is_visible()
    board_matches(page, 0)
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    board_matches(page, 3)
    assert page.evaluate("location.hash") == "#m3"
    assert page.locator("#m3").get_attribute("aria-current") == "step"
    assert page.locator("#viewer .kw-live").text_content() == "Move 3: alice Q"
    page.keyboard.press("End")
    board_matches(page, 14)
    page.keyboard.press("Home")
    board_matches(page, 0)
    page.locator('#viewer [data-kw-go="last"]').click()
    board_matches(page, 14)
    page.locator('#viewer [data-kw-go="prev"]').click()
    board_matches(page, 13)
    page.locator('#viewer [data-kw-go="first"]').click()
    page.locator('#viewer [data-kw-go="next"]').click()
    board_matches(page, 1)
    assert page.evaluate("location.hash") == "#m1"
    # Clicking a move in the list shows it.
    page.locator("#m8 > div > code").click()
    board_matches(page, 8)
    # Tapping the board's right and left thirds (phones).
    board = page.locator("#viewer .kw-board")
    box = board.bounding_box()
    board.click(position={"x": box["width"] * 0.9, "y": box["height"] / 2})
    board_matches(page, 9)
    board.click(position={"x": box["width"] * 0.1, "y": box["height"] / 2})
    board.click(position={"x": box["width"] * 0.1, "y": box["height"] / 2})
    board_matches(page, 7)
    board.click(position={"x": box["width"] * 0.5, "y": box["height"] / 2})
    board_matches(page, 7)
    # The slider.
    page.locator("#viewer .kw-slider").fill("5")
    board_matches(page, 5)
    assert problems.all() == []


def test_jumps_help_and_autoplay(site: str, open_page: Any) -> None:
    page, problems = open_page(site)
    page.locator("#viewer").focus()
    page.keyboard.press("p")
    board_matches(page, 3)
    page.keyboard.press("s")
    board_matches(page, 6)
    page.keyboard.press("c")
    board_matches(page, 8)
    page.keyboard.press("Shift+C")
    board_matches(page, 3)
    page.locator('#viewer [data-kw-jump="penalty"]').click()
    board_matches(page, 3)  # no later penalty: stays
    assert page.locator("#viewer .kw-help").is_hidden()
    page.keyboard.press("?")
    assert page.locator("#viewer .kw-help").is_visible()
    page.keyboard.press("Escape")
    assert page.locator("#viewer .kw-help").is_hidden()
    page.locator("#viewer .kw-speed select").select_option("300")
    page.locator("#viewer").focus()
    page.keyboard.press(" ")
    assert page.locator('#viewer [data-kw-go="play"]').get_attribute("aria-pressed") == "true"
    page.wait_for_function("document.querySelector('#viewer').dataset.kwCurrent === '14'")
    page.wait_for_function(
        "document.querySelector('#viewer [data-kw-go=play]').getAttribute('aria-pressed')"
        " === 'false'"
    )
    board_matches(page, 14)
    assert problems.all() == []


def test_hash_opens_a_step_in_the_right_viewer(site: str, open_page: Any) -> None:
    page, problems = open_page(site + "#m12")
    board_matches(page, 12)
    assert page.locator("#viewer .kw-slider").input_value() == "12"
    board_matches(page, 0, "#k2-viewer")
    page.goto(site + "#k2-m5")
    page.reload()
    board_matches(page, 5, "#k2-viewer")
    # A link on the page to another move (hashchange) moves that viewer.
    page.evaluate("location.hash = '#k2-m9'")
    page.wait_for_function("document.querySelector('#k2-viewer').dataset.kwCurrent === '9'")
    # Bookmarks are anchors too.
    page.evaluate("location.hash = '#bm-middle'")
    page.wait_for_function("document.querySelector('#viewer').dataset.kwCurrent === '8'")
    # Keys go to the viewer used last.
    page.locator('#k2-viewer [data-kw-go="next"]').click()
    board_matches(page, 10, "#k2-viewer")
    assert page.evaluate("location.hash") == "#k2-m10"
    assert problems.all() == []


def test_page_is_complete_without_javascript(site: str, open_page: Any) -> None:
    page, _ = open_page(site, java_script_enabled=False)
    assert page.locator("#viewer .kw-controls").is_hidden()
    board = page.locator("#viewer .kw-board .kw-field")
    assert board.get_attribute("data-cards") == harness_view().steps[-1].state["field"]
    assert page.locator("#viewer .kw-moves > li").count() == 15
    # A commented step shows its position already; another one opens on a click.
    assert page.locator("#m3 > details .kw-hand").first.is_visible()
    assert not page.locator("#m4 > details .kw-hand").first.is_visible()
    page.locator("#m4 summary").click()
    assert page.locator("#m4 > details .kw-hand").first.is_visible()
    # The comment's HTML was escaped by the safe Markdown subset.
    assert page.locator("#m3 .kw-comment b").count() == 0
    assert "<b>penalty</b>" in page.locator("#m3 .kw-comment").inner_text()


def test_phone_screenshot(site: str, open_page: Any) -> None:
    page, problems = open_page(
        site + "#m6", viewport={"width": 390, "height": 844}, device_scale_factor=2
    )
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, "the viewer must not scroll sideways on a phone"
    path = screenshot(page, "harness-phone.png")
    assert Path(path).stat().st_size > 0
    assert problems.all() == []


def test_index_table_sorts_and_filters(site: str, open_page: Any) -> None:
    page, problems = open_page(site + "table.html")

    def column(n: int) -> list[str]:
        cells = page.locator(f"#games tbody tr:not([hidden]) td:nth-child({n})")
        return [cells.nth(i).inner_text() for i in range(cells.count())]

    page.locator("#games th:nth-child(3) button").click()
    assert column(3) == ["4", "9", "12"]
    page.locator("#games th:nth-child(3) button").click()
    assert column(3) == ["12", "9", "4"]
    assert page.locator("#games th:nth-child(3)").get_attribute("aria-sort") == "descending"
    page.locator("#games th:nth-child(1) button").click()
    assert column(1) == ["2024-09-30", "2024-10-22", "2024-11-02"]
    page.locator("#flt").fill("はち")
    assert column(1) == ["2024-09-30", "2024-10-22"]
    assert page.locator("[data-kw-filter-count]").inner_text() == "2"
    page.locator("#flt").fill("はち nishimura")
    assert column(2) == ["はち – nishimura"]
    page.locator("#flt").fill("")
    assert len(column(1)) == 3
    assert problems.all() == []


def test_print_shows_the_moves_with_comments_not_the_controls(site: str, open_page: Any) -> None:
    page, problems = open_page(site)
    page.emulate_media(media="print")
    assert page.locator("#viewer .kw-stage").is_hidden()
    assert page.locator("#viewer .kw-controls").is_hidden()
    assert page.locator("#m14 .kw-comment").is_visible()
    assert page.locator("#m14").is_visible()
    assert (
        page.evaluate("getComputedStyle(document.querySelector('#viewer .kw-moves')).overflowY")
        == "visible"
    )
    assert problems.all() == []
