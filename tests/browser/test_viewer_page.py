"""The record page as a reader meets it (issue 14, "broken or confusing today").

The demo site is built once for this module with ``site_url`` = the test server *and* a
path (``/kifuwiki/``), as a site is published: that is where Material's instant navigation
rewrites links and where move-number links used to stop moving the board. A small site on
MkDocs' own theme checks the same page without Material.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from .conftest import screenshot, serve
from .test_demo_site import RECORD, RECORD_URL, mkdocs_build

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
CURRENT = "document.querySelector('.kw-viewer').dataset.kwCurrent"


@pytest.fixture(scope="module")
def material_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The committed ``mkdocs.yml`` built into ``/kifuwiki/`` of a local server."""
    root = tmp_path_factory.mktemp("material-site")
    (root / "www").mkdir()
    with serve(root / "www") as url:
        site_url = url + "kifuwiki/"
        config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
        config["docs_dir"] = str(ROOT / "site_src")
        config["site_url"] = site_url
        for plugin in config["plugins"]:
            if isinstance(plugin, dict) and "kifuwiki" in plugin:
                plugin["kifuwiki"]["records_dir"] = str(ROOT / "records")
        (root / "mkdocs.yml").write_text(yaml.safe_dump(config, allow_unicode=True), "utf-8")
        mkdocs_build(root / "mkdocs.yml", root / "www" / "kifuwiki")
        yield site_url


@pytest.fixture(scope="module")
def plain_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """One real record on MkDocs' own theme (no instant navigation, no Material CSS)."""
    root = tmp_path_factory.mktemp("plain-viewer-site")
    (root / "docs").mkdir()
    (root / "docs" / "index.md").write_text("# Plain theme\n", encoding="utf-8")
    records = root / "records" / "prime-daifugo"
    records.mkdir(parents=True)
    source = ROOT / "records" / "prime-daifugo" / f"{RECORD}.kifu"
    (records / f"{RECORD}.kifu").write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
    (root / "mkdocs.yml").write_text(
        "site_name: plain\n"
        "theme:\n  name: mkdocs\n  highlightjs: false\n  locale: en\n"
        "plugins:\n  - search\n  - kifuwiki\n",
        encoding="utf-8",
    )
    mkdocs_build(root / "mkdocs.yml", root / "site")
    with serve(root / "site") as url:
        yield url


def wait_for_step(page: Any, index: int) -> None:
    page.wait_for_function(f"i => {CURRENT} === i", arg=str(index))


def test_move_numbers_move_the_board_after_instant_navigation(
    material_site: str, open_page: Any
) -> None:
    page, problems = open_page(material_site + "records/prime-daifugo/", viewport=DESKTOP)
    page.evaluate("window.__kwSamePage = true")
    page.locator(f'a[href*="{RECORD}"]').first.click()
    page.wait_for_selector(".kw-viewer.kw-js")
    assert page.evaluate("window.__kwSamePage") is True, "expected instant navigation"
    viewer = page.evaluate("window.__kwViewer = document.querySelector('.kw-viewer')")
    assert viewer is not None
    for index in (3, 7, 5):
        page.locator(f"#m{index} a.kw-num").click()
        wait_for_step(page, index)
        assert page.evaluate("location.hash") == f"#m{index}"
        assert page.locator(f"#m{index}").get_attribute("aria-current") == "step"
        # The page was not swapped in again behind the viewer's back.
        assert page.evaluate("window.__kwViewer === document.querySelector('.kw-viewer')")
    screenshot(page, "viewer-instant-links.png")
    # A direct visit (links already rewritten by Material): the same three clicks.
    page.goto(material_site + RECORD_URL)
    for index in (2, 9, 4):
        page.locator(f"#m{index} a.kw-num").click()
        wait_for_step(page, index)
    assert problems.all() == []


def test_move_numbers_on_the_plain_theme(plain_site: str, open_page: Any) -> None:
    page, problems = open_page(plain_site + RECORD_URL, viewport=PHONE)
    for index in (3, 7, 5):
        page.locator(f"#m{index} a.kw-num").click()
        wait_for_step(page, index)
        assert page.evaluate("location.hash") == f"#m{index}"
    assert problems.all() == []
