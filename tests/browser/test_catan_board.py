"""The Catan board steps with the game, in Debian's chromium (issue 14).

One small site per theme (MkDocs' default, Material with instant navigation), desktop
and phone: stepping moves the robber and adds the pieces exactly as the engine's state
for each step says; the holder chart's links go to their turns; without JavaScript the
open steps still show a board. Screenshots go to ``test-artifacts/``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.browser.conftest import screenshot, serve
from tests.browser.game_site import build_site

from kifuwiki.archive import load_file
from kifuwiki.games import get_game

pytestmark = [pytest.mark.browser, pytest.mark.slow]

RECORD = Path(__file__).resolve().parents[2] / "records" / "catan" / "practice-2026-board.kifu"
SIZES = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}
#: Steps 0–6 cover a robber move (step 4) and new roads (steps 2 and 5).
STEPS = range(7)


@pytest.fixture(scope="module", params=["mkdocs", "material"])
def site(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[str, str]]:
    theme = str(request.param)
    root = tmp_path_factory.mktemp(f"catan-board-{theme}")
    www = root / "www"
    www.mkdir()
    (root / "build").mkdir()
    # Serve first, then build with the server's address as site_url: Material turns its
    # instant navigation on only for a site that knows its address.
    with serve(www) as url:
        site = build_site(root / "build", "catan", [RECORD], theme=theme, site_url=url)
        for item in site.iterdir():
            item.rename(www / item.name)
        yield url + f"records/catan/{RECORD.stem}/", theme


def own(problems: list[str]) -> list[str]:
    """The page's problems but the offline site's: Material asks Google for its fonts
    (no network here)."""
    return [p for p in problems if "ERR_NAME_NOT_RESOLVED" not in p]


def engine_maps() -> list[dict[str, Any]]:
    view = get_game("catan").view(load_file(RECORD)[0])
    return [dict(step.state["map"]) for step in view.steps]


def shown(page: Any) -> dict[str, Any]:
    board = page.locator(".kw-viewer .kw-board svg.kw-catan-map").first
    # The board's title says it in words: "Board: robber W12; B roads 3, settlements 2, …".
    title = board.locator("title").first.text_content() or ""
    roads = {key: int(n) for key, n in re.findall(r"; (\w+) (?:roads|街道) (\d+)", title)}
    robber = re.search(r"(?:robber|泥棒) ([^;]+)", title)
    return {
        "robber": robber.group(1) if robber else None,
        "roads": roads,
        "box": board.bounding_box(),
    }


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_board_steps_with_the_record(site: tuple[str, str], size: str, open_page: Any) -> None:
    url, theme = site
    maps = engine_maps()
    page, problems = open_page(url, viewport=SIZES[size])
    page.keyboard.press("Home")
    seen = []
    for index in STEPS:
        if index:
            page.keyboard.press("ArrowRight")
        viewer = page.locator(".kw-viewer").first
        assert viewer.get_attribute("data-kw-current") == str(index)
        now = shown(page)
        want = {p["key"]: p["counts"][0] for p in maps[index]["players"]}
        assert now["robber"] == maps[index]["robber"]
        assert now["roads"] == want
        assert now["box"]["width"] > 200 and now["box"]["width"] <= SIZES[size]["width"]
        seen.append(now)
        if index == 4:
            screenshot(page, f"catan-board-{theme}-{size}-step4.png")
    # The record moves the robber at step 4 (7-G2) and builds Y's third road at step 2.
    assert seen[3]["robber"] == "D" and seen[4]["robber"] == "G2"
    assert seen[1]["roads"]["Y"] == 2 and seen[2]["roads"]["Y"] == 3
    # The island is drawn once and only step 0's copy in the move list keeps its id.
    assert page.locator("#kw-catan-island").count() == 1
    page.locator('[data-kw-go="last"]').click()
    screenshot(page, f"catan-board-{theme}-{size}-last.png")
    assert shown(page)["robber"] == maps[-1]["robber"]
    assert own(problems.all()) == []


def test_holder_links_go_to_their_turn(site: tuple[str, str], open_page: Any) -> None:
    url, _theme = site
    page, problems = open_page(url, viewport=SIZES["desktop"])
    link = page.locator(".kw-catan-holders li a").first
    # Material's instant navigation makes same-page links absolute (…/#m18).
    target = (link.get_attribute("href") or "").rpartition("#")[2]
    link.click()
    page.wait_for_function(
        "n => document.querySelector('.kw-viewer').getAttribute('data-kw-current') === n",
        arg=target.removeprefix("m"),
    )
    assert own(problems.all()) == []


def test_without_javascript_the_open_steps_show_the_board(
    site: tuple[str, str], open_page: Any
) -> None:
    url, theme = site
    page, _ = open_page(url, viewport=SIZES["phone"], java_script_enabled=False)
    last = page.locator("ol.kw-moves > li").last
    board = last.locator("svg.kw-catan-map")
    board.scroll_into_view_if_needed()
    box = board.bounding_box()
    assert box is not None and box["width"] > 200
    # The island itself is drawn there (the <use> reaches step 0's closed details).
    hexes = board.locator("use").evaluate("u => u.getBBox().width")
    assert hexes > 200
    screenshot(page, f"catan-board-{theme}-nojs-last.png")
