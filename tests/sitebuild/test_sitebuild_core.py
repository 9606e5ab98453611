"""The build outside MkDocs: SiteBuild plans and renders a whole archive on its own."""

from __future__ import annotations

import shutil
from pathlib import Path

from bs4 import BeautifulSoup
from tests.fresh_python import run_fresh

from kifuwiki.sitebuild import BuildSettings, SiteBuild

REPO = Path(__file__).resolve().parents[2]
FIXTURES = REPO / "tests" / "fixtures" / "prime-daifugo" / "rules"


def _site(tmp_path: Path) -> Path:
    records = tmp_path / "records" / "prime-daifugo"
    records.mkdir(parents=True)
    for path in sorted(FIXTURES.glob("*.kifu")):
        shutil.copy(path, records / path.name)
    return tmp_path


def test_core_never_imports_mkdocs(tmp_path: Path) -> None:
    """Every module outside ``kifuwiki.mkdocs_plugin``, and a whole build and validate
    run through them."""
    root = _site(tmp_path)
    code = (
        "import sys\n"
        "from pathlib import Path\n"
        "import importlib, pkgutil\n"
        "import kifuwiki\n"
        "# Every module but the MkDocs adapter (a hand-kept list misses new ones).\n"
        "core = [m.name for m in pkgutil.walk_packages(kifuwiki.__path__, 'kifuwiki.')\n"
        "        if not m.name.startswith('kifuwiki.mkdocs_plugin')\n"
        "        and not m.name.endswith('__main__')]\n"
        "assert 'kifuwiki.render.partials' in core and len(core) > 100, core\n"
        "for name in core:\n"
        "    importlib.import_module(name)\n"
        "from kifuwiki.sitebuild import BuildSettings, SiteBuild\n"
        "from kifuwiki.sitebuild.reports import report_paths\n"
        f"root = Path({str(root)!r})\n"
        "build = SiteBuild()\n"
        "build.configure(BuildSettings(root / 'records', root, jobs=1))\n"
        "pages = [build.render(page) for page in build.prepare().plan.pages]\n"
        "build.close()\n"
        "assert pages and list(report_paths([root / 'records'], jobs=1))\n"
        "kifuwiki.load(next((root / 'records').rglob('*.kifu')))[0].to_html()\n"
        "bad = sorted(m for m in sys.modules if m == 'mkdocs' or m.startswith('mkdocs.'))\n"
        "print(bad)\n"
        "sys.exit(1 if bad else 0)\n"
    )
    run_fresh(code)


def test_a_site_build_renders_every_page_with_links_between_them(tmp_path: Path) -> None:
    root = _site(tmp_path)
    build = SiteBuild()
    build.configure(BuildSettings(root / "records", root, url="archive/", lang="en", jobs=1))
    try:
        archive = build.prepare()
        pages = {page.src_uri: page for page in archive.plan.pages}
        assert all(uri.startswith("archive/") for uri in pages)
        kinds = {page.kind for page in pages.values()}
        assert {"home", "index", "record", "player", "report"} <= kinds
        records = [page for page in pages.values() if page.kind == "record"]
        # fandom-two-games.kifu holds two games: one page each.
        assert len(records) == len(build.records) >= 5
        for page in records:
            assert build.ready(page)
            html = build.render(page)
            assert "kwlink-" not in html  # every placeholder became a link
            links = [a["href"] for a in BeautifulSoup(html, "lxml").select("a[href]")]
            assert any(href.startswith("../") for href in links), page.src_uri
            search = build.search_text(page)
            assert search and build.search_text(page) is None  # handed over once
        home = build.render(archive.plan.special["home"])
        assert all(page.title in home for page in records)
    finally:
        build.close()
    # The disk cache holds every page: a new build of the same records renders nothing.
    assert list((root / ".cache" / "kifuwiki").rglob("record-page/*/*"))


def test_a_second_build_reuses_records_from_memory(tmp_path: Path) -> None:
    root = _site(tmp_path)
    build = SiteBuild()
    settings = BuildSettings(root / "records", root, jobs=1)
    build.configure(settings)
    first = [build.render(page) for page in build.prepare().plan.pages]
    memory = dict(build._loader.memory)
    build.configure(settings)
    second = [build.render(page) for page in build.prepare().plan.pages]
    assert first == second
    assert all(build._loader.memory[key] is items for key, items in memory.items())
    build.close()
