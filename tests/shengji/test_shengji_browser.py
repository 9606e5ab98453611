"""A 升級 record page in Debian's chromium: stepping card by card follows the engine.

A small site (plain ``mkdocs`` theme, the kifuwiki plugin, the annotated demo record) is
built into ``tmp_path`` and served on 127.0.0.1. Skipped, with the reason, until the game
registry knows the game (the contract's entry points).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.browser.conftest import serve

from kifuwiki.archive import load_file
from kifuwiki.games import get_game, normalise_game_id
from kifuwiki.games.base import RecordView

pytestmark = [
    pytest.mark.browser,
    pytest.mark.slow,
    pytest.mark.skipif(
        normalise_game_id("shengji") is None,
        reason="the game registry does not know shengji yet (contract phase 1 not merged)",
    ),
]

ROOT = Path(__file__).resolve().parents[2]
RECORDS = ROOT / "records" / "shengji"
RECORD = "annotated-seed"

MKDOCS_YML = """site_name: kifuwiki shengji
docs_dir: docs
theme:
  name: mkdocs
  highlightjs: false
nav:
  - Home: index.md
plugins:
  - search
  - kifuwiki:
      language: en
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("shengji-site")
    (root / "docs").mkdir()
    (root / "docs" / "index.md").write_text("# 升級\n", encoding="utf-8")
    (root / "mkdocs.yml").write_text(MKDOCS_YML, encoding="utf-8")
    (root / "records" / "shengji").mkdir(parents=True)
    shutil.copy(RECORDS / f"{RECORD}.kifu", root / "records" / "shengji" / f"{RECORD}.kifu")
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(root / "site")],
        cwd=root,
        env=dict(os.environ, NO_MKDOCS_2_WARNING="1"),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    with serve(root / "site") as url:
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
