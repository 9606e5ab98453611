"""The demo site under Zensical: `kifuwiki pages`, then `zensical build -f zensical.yml`.

Zensical runs no MkDocs plugins, so this is the path archives take after Material's end
of life: kifuwiki writes the pages as files, Zensical builds them. The test does exactly
what the README says on a copy of the demo site, then steps a record page in Chromium and
follows every link on it.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .conftest import screenshot, serve

pytestmark = [pytest.mark.browser, pytest.mark.slow]
pytest.importorskip("zensical")

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
RECORD_URL = "records/prime-daifugo/kongo1-m006-g45/"


def _run(*args: str | Path, cwd: Path) -> None:
    result = subprocess.run(
        [str(a) for a in args], cwd=cwd, capture_output=True, text=True, timeout=600
    )
    assert result.returncode == 0, (result.stdout + result.stderr)[-3000:]


@pytest.fixture(scope="module")
def zensical_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    work = tmp_path_factory.mktemp("zensical")
    for name in ("mkdocs.yml", "zensical.yml"):
        shutil.copy(ROOT / name, work / name)
    shutil.copytree(ROOT / "records", work / "records")
    shutil.copytree(
        ROOT / "site_src",
        work / "site_src",
        ignore=shutil.ignore_patterns("records", "assets", ".kifuwiki-pages.json"),
    )
    _run(sys.executable, "-m", "kifuwiki", "pages", "-j", "1", cwd=work)
    _run(BIN / "zensical", "build", "-f", "zensical.yml", cwd=work)
    site = work / "site-zensical"
    assert (site / RECORD_URL / "index.html").is_file()
    with serve(site) as url:
        yield url


def test_a_record_page_built_by_zensical_steps_and_its_links_resolve(
    zensical_site: str, open_page: Any
) -> None:
    page, problems = open_page(zensical_site + RECORD_URL, viewport={"width": 1280, "height": 900})
    assert page.locator(".kw-viewer.kw-js").count() == 1  # the viewer's script ran
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert page.evaluate("location.hash") == "#m2"
    screenshot(page, "zensical-record.png")
    hrefs = page.eval_on_selector_all(
        "a[href]", "links => links.map(a => a.href).filter(h => h.startsWith(location.origin))"
    )
    targets = sorted({href.split("#")[0] for href in hrefs})
    assert any("/records/players/" in t for t in targets)
    broken = []
    for target in targets:
        try:
            with urllib.request.urlopen(target, timeout=10) as response:
                assert response.status == 200
        except Exception as exc:  # collect them all, then fail once
            broken.append(f"{target}: {exc}")
    assert broken == []
    assert problems.all() == []


def test_the_fence_renders_a_viewer_on_a_hand_written_page(
    zensical_site: str, open_page: Any
) -> None:
    page, problems = open_page(zensical_site + "notation/")
    assert page.locator(".kw-viewer").count() >= 1
    assert page.locator("code.language-kifu").count() == 0
    assert problems.all() == []
