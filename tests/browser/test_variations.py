"""Variations in a real browser: a side line is a viewer inside a step of the main one.

One small site per theme (MkDocs' default, Material with instant navigation), the demo
Dou Dizhu record that holds a variation (with a variation nested in it), desktop and phone.
Stepping the side line moves only the side line; the main viewer stays where it was.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.browser.conftest import screenshot, serve
from tests.browser.game_site import build_site

import kifuwiki

pytestmark = [pytest.mark.browser, pytest.mark.slow]

RECORD = Path(__file__).resolve().parents[2] / "records" / "doudizhu" / "spring-example.kifu"
URL = "records/doudizhu/spring-example/"
_GAME = kifuwiki.load(RECORD)[0]
MAIN_LINE = _GAME.steps
SIDE_LINE = _GAME.side_line(_GAME.variations[0])
SIZES = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}


@pytest.fixture(scope="module")
def sites(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    plain = build_site(tmp_path_factory.mktemp("var-mkdocs"), "doudizhu", [RECORD], "en")
    # Material swaps pages in by instant navigation only on a site that knows its address:
    # serve the (empty) folder first, then build the site for that address.
    root = tmp_path_factory.mktemp("var-material")
    (root / "site").mkdir()
    with serve(plain) as plain_url, serve(root / "site") as material_url:
        build_site(root, "doudizhu", [RECORD], "en", "material", site_url=material_url)
        yield {"mkdocs": plain_url, "material": material_url}


def _script_errors(problems: Any) -> list[str]:
    # Material asks for web fonts from another host, which this offline machine refuses.
    return [text for text in problems.all() if "Failed to load resource" not in text]


#: The place in its list of the main-line step a side line branches from (the script's
#: step number: a side line's list counts from 0 too).
_PLACE_IN_LIST = (
    "el => { const li = el.closest('.kw-moves > li'); "
    "return String([...li.parentElement.children].indexOf(li)); }"
)


def _current(page: Any, selector: str) -> str:
    return str(page.get_attribute(selector, "data-kw-current"))


@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize("theme", ["mkdocs", "material"])
def test_step_into_a_side_line_and_step_it(
    sites: dict[str, str], open_page: Any, theme: str, size: str
) -> None:
    page, problems = open_page(sites[theme] + URL, viewport=SIZES[size])
    main = "section#viewer"
    side = "section[id$='-v1-viewer']"
    page.wait_for_selector(f"{side}.kw-js")
    branch = page.eval_on_selector(side, _PLACE_IN_LIST)
    # Go to the branch step in the main line (a move-number link), then into the side line.
    page.click(f"{main} > .kw-moves > li:nth-child({int(branch) + 1}) > div > a")
    assert _current(page, main) == branch
    page.locator(side).scroll_into_view_if_needed()
    page.click(f"{side} [data-kw-go='next']")
    page.click(f"{side} [data-kw-go='next']")
    assert _current(page, side) == "2"
    assert _current(page, main) == branch  # the main viewer did not move
    # Keys pressed in the side line step it, not the main line.
    page.focus(f"{side} [data-kw-go='next']")
    page.keyboard.press("ArrowLeft")
    assert _current(page, side) == "1"
    assert _current(page, main) == branch
    # The side line's board shows its own position (its first move, not the main line's).
    assert page.text_content(f"{side} .kw-board-caption") == SIDE_LINE[1].label
    assert page.text_content(f"{main} .kw-board-caption") == MAIN_LINE[int(branch)].label
    page.eval_on_selector(side, "el => el.closest('.kw-variation').scrollIntoView()")
    screenshot(page, f"variations-{theme}-{size}.png")
    # Keys on the main viewer move the main line only.
    page.focus(f"{main} > .kw-stage [data-kw-go='next']")
    page.keyboard.press("ArrowRight")
    assert _current(page, main) == str(int(branch) + 1)
    assert _current(page, side) == "1"
    assert _script_errors(problems) == []


def test_a_link_to_a_side_line_step_opens_both_viewers(
    sites: dict[str, str], open_page: Any
) -> None:
    page, problems = open_page(sites["mkdocs"] + URL, viewport=SIZES["desktop"])
    anchor = page.eval_on_selector(
        "section[id$='-v1-viewer'] > .kw-moves > li:nth-child(3)", "el => el.id"
    )
    page.goto(sites["mkdocs"] + URL + "#" + anchor)
    page.wait_for_selector("section[id$='-v1-viewer'].kw-js")
    side = "section[id$='-v1-viewer']"
    branch = page.eval_on_selector(side, _PLACE_IN_LIST)
    assert _current(page, side) == "2"
    assert _current(page, "section#viewer") == branch
    assert _script_errors(problems) == []


def test_without_javascript_the_side_line_reads_as_a_list(
    sites: dict[str, str], open_page: Any
) -> None:
    page, _ = open_page(sites["material"] + URL, viewport=SIZES["phone"], java_script_enabled=False)
    side = page.locator("section[id$='-v1-viewer']")
    assert side.locator("ol.kw-moves > li").count() >= 3
    assert "C:8 8 9 9 10 10" in (side.text_content() or "")
    side.scroll_into_view_if_needed()
    screenshot(page, "variations-nojs-material-phone.png")


def test_a_side_line_steps_after_instant_navigation(sites: dict[str, str], open_page: Any) -> None:
    """Material swaps the record page in without a reload: the side line's viewer starts
    on the new page all the same."""
    page, problems = open_page(sites["material"] + "records/doudizhu/", viewport=SIZES["phone"])
    # Material intercepts links only once it has its sitemap (a busy machine clicks first).
    page.wait_for_load_state("networkidle")
    page.evaluate("window.__kwSamePage = true")
    page.locator('a[href*="spring-example"]').first.click()
    side = "section[id$='-v1-viewer']"
    page.wait_for_selector(f"{side}.kw-js")
    assert page.evaluate("window.__kwSamePage === true"), "the page was not swapped in"
    page.locator(side).scroll_into_view_if_needed()
    page.click(f"{side} [data-kw-go='next']")
    assert _current(page, side) == "1"
    assert page.text_content(f"{side} .kw-board-caption") == SIDE_LINE[1].label
    assert _script_errors(problems) == []
