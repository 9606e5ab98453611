"""A selaffesto record page in Debian's chromium: stepping action by action.

The page is rendered by kifuwiki's own record template with the package's state and
extra partials, wrapped with the packaged CSS and viewer script, and served on
127.0.0.1. Every position the browser shows is compared with the engine's state.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.browser.conftest import serve

from kifuwiki.core.recordfile import read_record_file
from kifuwiki.games.base import RecordView
from kifuwiki.games.selaffesto import GAME
from kifuwiki.render.environment import make_environment
from kifuwiki.render.record import render_record_page
from kifuwiki.render.resources import templates_dir

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "plugins" / "kifuwiki" / "games" / "selaffesto"
RECORD = ROOT / "records" / "selaffesto" / "worked-example.kifu"


def engine_view() -> RecordView:
    return GAME.view(GAME.load(read_record_file(RECORD, "records/selaffesto/worked.kifu")[0]))


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("selaffesto-page")
    partials = root / "templates"
    partials.mkdir()
    (partials / "selaffesto").symlink_to(PACKAGE / "templates", target_is_directory=True)
    body = render_record_page(engine_view(), make_environment(partials), "en")
    assets = templates_dir() / "assets"
    css = (assets / "kifuwiki.css").read_text(encoding="utf-8")
    css += (PACKAGE / "assets" / "selaffesto.css").read_text(encoding="utf-8")
    script = (assets / "kifuwiki.js").read_text(encoding="utf-8")
    page = (
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>"
        "<meta name='viewport' content='width=device-width,initial-scale=1'>"
        "<link rel='icon' href='data:,'>"
        f"<style>{css}</style></head><body>{body}<script>{script}</script></body></html>"
    )
    (root / "index.html").write_text(page, encoding="utf-8")
    with serve(root) as url:
        yield url


def assert_shows(page: Any, view: RecordView, index: int) -> None:
    """The board shows the engine's step ``index``: cards, marks, points, hands."""
    viewer = page.locator(".kw-viewer").first
    assert viewer.get_attribute("data-kw-current") == str(index)
    state = view.steps[index].state
    panel = page.locator(".kw-viewer .kw-board .kw-sf-state")
    assert panel.get_attribute("data-cards") == str(len(state["cards"]))
    assert panel.get_attribute("data-last") == " ".join(c["cell"] for c in state["last"])
    assert panel.get_attribute("data-removed") == " ".join(c["cell"] for c in state["removed"])
    for player in state["players"]:
        row = panel.locator(f'.kw-player[data-player="{player["key"]}"]')
        assert row.get_attribute("data-points") == str(player["points"]), (index, player)
        assert row.get_attribute("data-hand") == str(player["hand_count"])
    uses = panel.locator("use[href^='#sfw-'], use[href^='#sfb-']")
    assert uses.count() == len(state["cards"])
    if state["cards"]:  # the symbols (defined once, in step 0) really draw
        box = uses.first.bounding_box()
        assert box is not None and box["width"] > 10


def test_stepping_the_worked_example_follows_the_engine(site: str, open_page: Any) -> None:
    view = engine_view()
    page, problems = open_page(site, viewport={"width": 1280, "height": 900})
    assert page.locator(".kw-viewer.kw-js .kw-controls").is_visible()
    page.keyboard.press("Home")
    assert_shows(page, view, 0)
    for index in range(1, len(view.steps)):
        page.keyboard.press("ArrowRight")
        assert_shows(page, view, index)
        assert page.locator(".kw-live").inner_text() == view.steps[index].label
    page.keyboard.press("Home")
    page.locator('[data-kw-jump="special"]').click()
    assert_shows(page, view, next(s.index for s in view.steps if "special" in s.flags))
    assert problems.all() == [], problems.all()


def test_deep_link_on_a_phone(site: str, open_page: Any) -> None:
    view = engine_view()
    page, problems = open_page(site + "#m13", viewport={"width": 390, "height": 800})
    assert_shows(page, view, 13)
    width = page.evaluate("document.documentElement.scrollWidth")
    wide = page.evaluate(
        "() => [...document.querySelectorAll('body *')].filter(e =>"
        " e.getBoundingClientRect().right > 391 && !e.closest('.kw-sf-scroll'))"
        ".map(e => e.tagName + ' ' + e.getAttribute('class'))"
    )
    assert width <= 390, wide  # the board scrolls inside its own box, the page does not
    page.keyboard.press("ArrowRight")
    assert_shows(page, view, 14)
    assert problems.all() == []


def test_without_javascript_every_step_has_its_board(site: str, open_page: Any) -> None:
    view = engine_view()
    page, _ = open_page(site, java_script_enabled=False)
    assert page.locator("ol.kw-moves > li.kw-step").count() == len(view.steps)
    assert page.locator("ol.kw-moves .kw-sf-board").count() == len(view.steps)
    assert page.locator(".kw-board .kw-sf-state").get_attribute("data-cards") == "12"
