"""Full MkDocs builds of the fixture site in tmp_path, checked with BeautifulSoup."""

from __future__ import annotations

import json
import logging
import os
import shutil
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import pytest
from conftest import build_site, copy_site, edit_yaml, soup

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    # One build shared by the read-only tests below, with the fake game registered.
    from kw_fakegame import GAME

    from kifuwiki.games import registered_game

    with registered_game(GAME):
        return build_site(copy_site(tmp_path_factory.mktemp("site")))


def page(site: Path, url: str) -> Path:
    path = site / unquote(url) / "index.html"
    assert path.is_file(), f"missing page {url}"
    return path


def test_one_page_per_game_and_every_archive_page(built: Path) -> None:
    for url in (
        "records",
        "records/fake",
        "records/fake/alpha",
        "records/fake/beta-1",
        "records/fake/beta-2",
        "records/fake/broken",
        "records/players",
        "records/players/アリス",
        "records/players/bob",
        "records/events",
        "records/events/春の大会",
        "records/report",
    ):
        page(built, url)


def test_record_page_header_viewer_and_meta(built: Path) -> None:
    doc = soup(page(built, "records/fake/alpha"))
    article = doc.select_one("article.kw-record-page")
    assert article is not None
    assert article.select_one("h1").get_text(strip=True) == "春の大会 第1局"
    players = [li["data-player"] for li in article.select(".kw-record-players li")]
    assert players == ["アリス", "Bob"]
    winner = article.select_one(".kw-record-players li.kw-winner")
    assert winner is not None and winner["data-player"] == "アリス"
    assert winner["data-rank"] == "1"
    assert article.select_one(".kw-event a").get_text() == "春の大会"
    assert article.select_one(".kw-date").get_text(strip=True) == "2024-10-22"
    source = article.select_one(".kw-source a")
    assert source is not None and source["href"] == "https://example.org/games/1"
    assert article.select_one(".kw-license").get_text() == "CC BY 4.0"
    # The unknown front-matter key is shown, not dropped.
    meta_rows = {
        tr.th.get_text(): tr.td.get_text() for tr in article.select(".kw-meta-table tbody tr")
    }
    assert meta_rows == {"venue": "京都"}
    # The viewer: one step per move plus the deal, each with its own state.
    steps = article.select("ol.kw-moves > li")
    assert [li["id"] for li in steps] == ["m0", "m1", "m2", "m3", "m4", "m5"]
    assert steps[1].select_one(".kw-fake-state")["data-last"] == "opening"
    assert "A quiet" in steps[1].get_text()
    assert steps[1].find("strong") is not None  # comment Markdown rendered
    assert article.select_one(".kw-diagnostics-section .kw-note") is not None  # no problems


def test_diagnostics_link_to_their_moves(built: Path) -> None:
    doc = soup(page(built, "records/fake/broken"))
    items = doc.select(".kw-diagnostics-section li.kw-diagnostic")
    codes = {li["data-code"]: li for li in items}
    assert set(codes) == {"FK001", "FK002"}
    assert codes["FK001"]["data-line"] == "6"
    link = codes["FK002"].select_one("a.kw-diagnostic-move")
    assert link is not None and link["href"] == "#m2"
    assert doc.find(id="m2") is not None
    assert "records/fake/broken.kifu:7:7" in codes["FK002"].get_text()


def test_index_table_lists_every_game_with_working_links(built: Path) -> None:
    doc = soup(page(built, "records/fake"))
    table = doc.select_one("table.kw-index[data-kw-sortable]")
    assert table is not None
    assert doc.select_one("input[data-kw-filter]") is not None
    rows = table.select("tbody tr")
    titles = [row.td.get_text(strip=True) for row in rows]
    assert titles == [
        "春の大会 第2局 (一試合目)",
        "春の大会 第2局 (二試合目)",
        "春の大会 第1局",
        "Broken game",
    ]  # newest first
    broken = rows[3]
    assert broken["data-errors"] == "2"
    assert broken.select_one('[data-badge="error"]') is not None
    assert rows[2].select_one('[data-badge="GC"]') is not None


def test_every_internal_link_of_generated_pages_resolves(built: Path) -> None:
    assert check_links(built / "records", built) > 50


def test_links_resolve_without_directory_urls_and_with_another_prefix(tmp_path: Path) -> None:
    root = copy_site(tmp_path)
    edit_yaml(root, "docs_dir: docs", "docs_dir: docs\nuse_directory_urls: false")
    edit_yaml(root, "custom_templates: templates", "custom_templates: templates\n      url: 棋譜/")
    edit_yaml(root, "records/", "棋譜/")
    site = build_site(root)
    assert (site / "棋譜" / "fake" / "alpha.html").is_file()
    assert check_links(site / "棋譜", site, pattern="*.html") > 50


def check_links(folder: Path, built: Path, pattern: str = "index.html") -> int:
    """Follow every relative link of the generated pages; return how many were checked."""
    checked = 0
    for html in folder.rglob(pattern):
        for a in soup(html).select("article a[href], .kw-page a[href]"):
            href = a["href"]
            parts = urlsplit(href)
            if parts.scheme or not parts.path:
                continue
            target = (html.parent / unquote(parts.path)).resolve()
            if target.is_dir():
                target = target / "index.html"
            assert target.is_file(), f"{html.relative_to(built)} links to missing {href}"
            if parts.fragment:
                assert soup(target).find(id=parts.fragment) is not None, href
            checked += 1
    return checked


def test_download_links_are_the_record_files_byte_for_byte(built: Path) -> None:
    # A real file next to the pages (not the record as a base64 data: address in every
    # page): one copy per file, however many games it holds.
    records = built.parent / "records"
    seen: dict[Path, int] = {}
    for html in (built / "records").rglob("index.html"):
        link = soup(html).select_one("a.kw-download[download]")
        if link is None:
            continue
        assert not link["href"].startswith("data:")
        copied = (html.parent / unquote(link["href"])).resolve()
        original = records / copied.relative_to(built / "records")
        assert link["download"] == original.name
        assert copied.read_bytes() == original.read_bytes()
        seen[copied] = seen.get(copied, 0) + 1
    assert len(seen) == len(list(records.rglob("*.kifu")))
    assert max(seen.values()) > 1  # a file of several games: its pages share one copy


def test_player_page_statistics(built: Path) -> None:
    doc = soup(page(built, "records/players/アリス"))
    stats = {dd["data-stat"]: dd.get_text() for dd in doc.select("dd[data-stat]")}
    assert stats == {
        "games": "3",
        "wins": "2",
        "win_rate": "66.7%",
        "first_games": "2",
        "first_win_rate": "100.0%",
    }
    game_stats = {tr["data-stat"]: tr for tr in doc.select(".kw-player-game-stats tr")}
    assert game_stats["longest"].td.get_text() == "longestword"  # the max, shown as written
    assert game_stats["words"]["data-value"] == "6"  # summed over three games
    assert len(doc.select("table.kw-index tbody tr")) == 3


def test_event_and_report_pages(built: Path) -> None:
    event = soup(page(built, "records/events/春の大会"))
    assert len(event.select("table.kw-index tbody tr")) == 3
    report = soup(page(built, "records/report"))
    assert report.select_one('dd[data-count="errors"]').get_text() == "2"
    codes = [li["data-code"] for li in report.select("li.kw-diagnostic")]
    assert codes == ["FK001", "FK002"]
    move_link = report.select('li[data-code="FK002"] a')[-1]["href"]
    assert move_link == "../fake/broken/#m2"


def test_record_pages_stay_out_of_the_nav(built: Path) -> None:
    home = soup(built / "index.html")
    nav_links = [a["href"] for a in home.select(".navbar a[href], nav a[href]")]
    assert any("records/fake/" in href for href in nav_links)  # the index is in the nav
    for href in nav_links:
        assert "alpha" not in href and "players/" not in href


def test_search_indexes_comments(built: Path) -> None:
    index = json.loads((built / "search" / "search_index.json").read_text(encoding="utf-8"))
    texts = [
        doc["text"] for doc in index["docs"] if doc["location"].startswith("records/fake/alpha")
    ]
    assert any("A quiet" in text for text in texts)


def test_assets_are_copied_and_linked(built: Path) -> None:
    assert (built / "assets" / "kifuwiki" / "kifuwiki.css").is_file()
    assert (built / "assets" / "kifuwiki" / "kifuwiki.js").is_file()
    doc = soup(page(built, "records/fake/alpha"))
    css = [link["href"] for link in doc.select('link[rel="stylesheet"]')]
    assert any(href.endswith("assets/kifuwiki/kifuwiki.css") for href in css)
    scripts = [s["src"] for s in doc.select("script[src]")]
    assert any(src.endswith("assets/kifuwiki/kifuwiki.js") for src in scripts)


def test_fence_in_mkdocs(built: Path) -> None:
    doc = soup(page(built, "embed"))
    viewers = doc.select("section.kw-viewer")
    assert [v["id"] for v in viewers] == ["k1-viewer", "k2-viewer", "k3-viewer"]
    assert doc.find(id="k1-m2") is not None and doc.find(id="k2-m1") is not None
    assert "embedded" in viewers[0].get_text()
    boxes = doc.select(".kw-error-box")
    assert len(boxes) == 2
    assert "FK001" in boxes[0].get_text()
    assert "chess" in boxes[1].get_text()


def test_user_css_comes_after_ours(tmp_path: Path) -> None:
    root = copy_site(tmp_path)
    (root / "docs" / "custom.css").write_text("body{}", encoding="utf-8")
    edit_yaml(root, "markdown_extensions:", "extra_css:\n  - custom.css\nmarkdown_extensions:")
    site = build_site(root)
    css = [link["href"] for link in soup(site / "index.html").select('link[rel="stylesheet"]')]
    ours = next(i for i, href in enumerate(css) if "assets/kifuwiki/" in href)
    assert ours < css.index("custom.css")


def test_record_errors_are_logged_as_warnings_with_location(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.INFO, logger="mkdocs.plugins"):
        build_site(copy_site(tmp_path))
    warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert any("records/fake/broken.kifu:7:7: error FK002" in m for m in warnings)
    assert any("embed.md" in m and "FK001" in m for m in warnings)


def test_plugin_strict_fails_naming_file_and_line(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    from mkdocs.exceptions import Abort

    root = copy_site(tmp_path)
    edit_yaml(
        root, "custom_templates: templates", "custom_templates: templates\n      strict: true"
    )
    # MkDocs turns the plugin's PluginError into one clear error line and an Abort.
    with pytest.raises(Abort, match="BuildError"):
        build_site(root)
    errors = [r.getMessage() for r in caplog.records if r.levelno == logging.ERROR]
    assert any("records/fake/broken.kifu:6:1" in m and "strict" in m for m in errors)


def test_mkdocs_strict_fails_on_record_errors(tmp_path: Path) -> None:
    from mkdocs.exceptions import Abort

    root = copy_site(tmp_path)
    with pytest.raises(Abort, match="strict mode"):
        build_site(root, strict=True)


def test_clean_archive_passes_mkdocs_strict(tmp_path: Path) -> None:
    root = copy_site(tmp_path)
    (root / "records" / "fake" / "broken.kifu").unlink()
    (root / "docs" / "embed.md").write_text("# Embeds\n\n```kifu game=fake\nA: b\n```\n", "utf-8")
    site = build_site(root, strict=True)
    assert (site / "records" / "fake" / "alpha" / "index.html").is_file()
    assert not (site / "records" / "fake" / "broken").exists()


def test_serve_style_rebuild_picks_up_an_edited_record(tmp_path: Path) -> None:
    import kw_fakegame
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    root = copy_site(tmp_path)
    site = root / "site"
    loads: list[str] = []
    original = kw_fakegame.FakeGame.load

    def counting_load(self, source, rules=None):  # type: ignore[no-untyped-def]
        loads.append(f"{source.path}#{source.index}")
        return original(self, source, rules)

    mp = pytest.MonkeyPatch()
    mp.setattr(kw_fakegame.FakeGame, "load", counting_load)
    # Unique content, so no earlier test's cached records are reused.
    record = root / "records" / "fake" / "alpha.kifu"
    record.write_text(record.read_text("utf-8").replace("opening", "overture"), "utf-8")
    try:
        config = load_config(config_file=str(root / "mkdocs.yml"), site_dir=str(site))
        config.plugins.on_startup(command="serve", dirty=False)
        build(config)
        assert "overture" in (site / "records/fake/alpha/index.html").read_text("utf-8")
        first_loads = len(loads)
        record.write_text(record.read_text("utf-8").replace("overture", "prelude"), "utf-8")
        config2 = load_config(config_file=str(root / "mkdocs.yml"), site_dir=str(site))
        assert config2.plugins["kifuwiki"] is config.plugins["kifuwiki"]  # persistent
        build(config2)
        html = (site / "records/fake/alpha/index.html").read_text("utf-8")
        assert "prelude" in html and "overture" not in html
        # Only the edited file was parsed again (the rest came from the memory cache);
        # the ```kifu blocks of embed.md (path None) are rendered with their page.
        reloaded = [name for name in loads[first_loads:] if not name.startswith("None")]
        assert reloaded == ["records/fake/alpha.kifu#1"]
        watched: list[str] = []

        class Server:
            def watch(self, path: str) -> None:
                watched.append(path)

        config2.plugins.on_serve(Server(), config=config2, builder=lambda: None)  # type: ignore[arg-type]
        assert str(root / "records") in watched
        config.plugins.on_shutdown()
    finally:
        mp.undo()


def test_hostile_record_is_escaped_everywhere(tmp_path: Path) -> None:
    root = copy_site(tmp_path)
    hostile = root / "records" / "fake" / "hostile.kifu"
    hostile.write_text(
        "---\n"
        'title: "<img src=x onerror=alert(1)>"\n'
        'event: "<script>alert(2)</script>"\n'
        'source: "javascript:alert(3)"\n'
        'license: "<b onmouseover=alert(4)>CC</b>'
        '"\n'
        '"<i>key</i>": "<script>alert(5)</script>"\n'
        "players:\n"
        '  E: "<img src=x onerror=alert(6)>"\n'
        "---\n"
        "E: hello\n"
        "* <script>alert(7)</script> and [click](javascript:alert(8))"
        " <img src=x onerror=alert(9)>\n"
        "F: win\n",
        encoding="utf-8",
    )
    site = build_site(root)
    pages = list(site.rglob("*.html"))
    assert any("hostile" in str(p) for p in pages)
    for html in pages:
        raw = html.read_text(encoding="utf-8")
        assert "<img src=x" not in raw and "<script>alert" not in raw, html
        doc = soup(html)
        for element in doc.find_all(True):
            for attribute in element.attrs:
                assert not attribute.lower().startswith("on"), f"{html}: {element}"
        for a in doc.find_all("a", href=True):
            assert not a["href"].strip().lower().startswith("javascript:"), f"{html}: {a}"
        for script in doc.find_all("script"):
            if script.get("type") in ("application/json",):
                continue
            assert "alert(" not in (script.string or ""), f"{html}: {script}"
        assert doc.find("b") is None or "onmouseover" not in str(doc.find("b"))
    record = soup(page(site, "records/fake/hostile"))
    assert record.select_one("h1").get_text() == "<img src=x onerror=alert(1)>"
    assert record.select_one(".kw-source").find("a") is None
    assert record.select_one(".kw-source").get_text() == "javascript:alert(3)"
    # Themes print page titles unescaped: the plugin hands them escaped text.
    assert record.find("title").get_text().startswith("<img src=x onerror=alert(1)> - ")


def test_material_theme_build(tmp_path: Path) -> None:
    root = copy_site(tmp_path)
    edit_yaml(root, "  name: mkdocs\n  locale: ja", "  name: material\n  language: en")
    site = build_site(root)
    doc = soup(page(site, "records/fake/alpha"))
    article = doc.select_one("article.kw-record-page")
    assert article is not None
    # Material gets English labels from its `language`.
    assert article.select_one(".kw-record-header dt").get_text() == "Game"
    assert doc.select_one("h1").get_text(strip=True) == "春の大会 第1局"  # no duplicate title
    assert len(doc.select("h1")) == 1
    css = [link["href"] for link in doc.select('link[rel="stylesheet"]')]
    assert any(href.endswith("assets/kifuwiki/kifuwiki.css") for href in css)


def test_unknown_game_record_gets_a_page_with_its_error(tmp_path: Path) -> None:
    root = copy_site(tmp_path)
    (root / "records" / "fake" / "chess.kifu").write_text(
        "---\ngame: chess\ntitle: Not ours\n---\n1. e4 e5\n", encoding="utf-8"
    )
    site = build_site(root)
    # Filed under the game its folder names (a typo in game: moves nothing), with its
    # error; only a record whose folder names no game either goes under the name it wrote.
    assert not (site / "records" / "chess").exists()
    doc = soup(page(site, "records/fake/chess"))
    assert [li["data-code"] for li in doc.select("li.kw-diagnostic")] == ["RF010"]
    assert doc.select_one("li.kw-diagnostic")["data-line"] == "2"  # the `game:` line


def test_a_game_without_records_gets_an_index_only_where_the_site_asks(tmp_path: Path) -> None:
    root = copy_site(tmp_path)
    (root / "records" / "catan").mkdir()  # an archive being started: its folder
    text = (root / "mkdocs.yml").read_text("utf-8")
    (root / "mkdocs.yml").write_text(
        text.replace("  - Test game:", "  - Shengji: records/shengji/index.md\n  - Test game:"),
        "utf-8",
    )
    site = build_site(root)
    for asked in ("catan", "shengji"):  # the folder; the nav
        empty = soup(page(site, f"records/{asked}"))
        assert empty.select_one("table.kw-index") is None
        assert empty.select_one(".kw-note") is not None
    # Every other installed game: no page, so none in the nav, the search or the sitemap.
    assert sorted(p.name for p in (site / "records").iterdir() if (p / "index.html").is_file()) == [
        "catan",
        "events",
        "fake",
        "players",
        "report",
        "shengji",
    ]
    assert "records/doudizhu/" not in (site / "sitemap.xml").read_text("utf-8")


def test_a_site_without_a_nav_lists_only_its_games(tmp_path: Path) -> None:
    root = copy_site(tmp_path)
    text = (root / "mkdocs.yml").read_text("utf-8")
    start, end = text.index("nav:"), text.index("plugins:")
    (root / "mkdocs.yml").write_text(text[:start] + text[end:], "utf-8")
    site = build_site(root)
    # MkDocs' own nav (every page, here): the archive's pages of this site's one game.
    links = {a["href"] for a in soup(site / "index.html").select("a[href^='records/']")}
    assert links == {
        "records/",
        "records/events/",
        "records/fake/",
        "records/players/",
        "records/report/",
    }


def test_default_rules_option_reaches_the_engine(tmp_path: Path) -> None:
    root = copy_site(tmp_path)
    edit_yaml(
        root,
        "custom_templates: templates",
        "custom_templates: templates\n      rules: {fake: club}",
    )
    site = build_site(root)
    doc = soup(page(site, "records/fake/alpha"))
    assert doc.select_one(".kw-rules").get_text() == "club"


def test_rules_for_a_game_that_is_not_installed_warn_and_fail_strict(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    # A typo in a game id would otherwise give its rules to no game, without a word.
    root = copy_site(tmp_path)
    edit_yaml(
        root,
        "custom_templates: templates",
        "custom_templates: templates\n      rules: {fake: club, fkae: club}",
    )
    with caplog.at_level(logging.WARNING, logger="mkdocs.plugins"):
        site = build_site(root)
    warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert any("rules: 'fkae' is no installed game" in m for m in warnings), warnings
    assert not any("'fake'" in m for m in warnings)
    assert soup(page(site, "records/fake/alpha")).select_one(".kw-rules").get_text() == "club"
    # Without the broken record and fences the archive passes --strict, but not with this
    # option.
    from mkdocs.exceptions import Abort

    (root / "records" / "fake" / "broken.kifu").unlink()
    (root / "docs" / "embed.md").write_text("# Embeds\n", "utf-8")
    with pytest.raises(Abort, match="strict mode"):
        build_site(root, strict=True)
    edit_yaml(root, "rules: {fake: club, fkae: club}", "rules: {fake: club}")
    build_site(root, strict=True)


@pytest.mark.parametrize(
    ("records_dir", "warned"), [("recrods", True), ("records", False), ("./records", False)]
)
def test_a_missing_records_folder_warns_only_when_named(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, records_dir: str, warned: bool
) -> None:
    # A site of fences alone has no records folder; a folder named and missing is a typo.
    root = copy_site(tmp_path)
    shutil.rmtree(root / "records")
    edit_yaml(
        root,
        "custom_templates: templates",
        f"custom_templates: templates\n      records_dir: {records_dir}",
    )
    with caplog.at_level(logging.WARNING, logger="mkdocs.plugins"):
        build_site(root)
    warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert any("records_dir: no folder at" in m for m in warnings) is warned, warnings


def test_unchanged_record_pages_come_from_the_disk_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import kifuwiki.render.archive as render_archive

    root = copy_site(tmp_path)
    site = build_site(root)
    first = str(soup(site / "records/fake/alpha/index.html").select_one("article"))
    assert list((root / ".cache" / "kifuwiki").rglob("record-page/*/*"))

    def no_rendering(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise AssertionError("a record page was rendered again")

    monkeypatch.setattr(render_archive, "render_record_page", no_rendering)
    site = build_site(root)
    assert str(soup(site / "records/fake/alpha/index.html").select_one("article")) == first


def test_hand_written_pages_win_over_generated_ones(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    root = copy_site(tmp_path)
    (root / "docs" / "records" / "fake").mkdir(parents=True)
    (root / "docs" / "records" / "fake" / "index.md").write_text("# My own index\n", "utf-8")
    (root / "docs" / "records" / "fake" / "alpha.md").write_text("# Not a record\n", "utf-8")
    with caplog.at_level(logging.WARNING, logger="mkdocs.plugins"):
        site = build_site(root)
    assert soup(page(site, "records/fake")).find("h1").get_text() == "My own index"
    assert soup(page(site, "records/fake/alpha")).find("h1").get_text() == "Not a record"
    assert any("records/fake/alpha.md exists" in r.getMessage() for r in caplog.records)


def test_automatic_nav_gets_the_indexes_but_no_record_pages(tmp_path: Path) -> None:
    root = copy_site(tmp_path)
    config = root / "mkdocs.yml"
    text = config.read_text("utf-8")
    start, end = text.index("nav:\n"), text.index("plugins:\n")
    config.write_text(text[:start] + text[end:], encoding="utf-8")
    site = build_site(root)
    nav = [a["href"] for a in soup(site / "index.html").select(".navbar a[href], nav a[href]")]
    assert "records/fake/" in nav and "records/players/" in nav  # indexes: in
    assert not any("alpha" in href or "players/bob" in href for href in nav)  # the rest: out


def test_a_build_freezes_what_it_keeps_and_lets_go_at_its_end(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # sitebuild/collector.py: while pages are written, the archive (loaded and planned
    # in on_files) is out of the cycle collector's way; after the build, even a failed
    # one, nothing stays frozen.
    import gc

    from kifuwiki.mkdocs_plugin.plugin import KifuwikiPlugin

    seen: list[tuple[bool, bool]] = []
    page_html = KifuwikiPlugin._page_html

    def spy(self: KifuwikiPlugin, site_page: Any, url_of: Any) -> str:
        archive = self._build.archive
        seen.append((gc.get_freeze_count() > 0, any(o is archive for o in gc.get_objects())))
        if fail:
            raise RuntimeError("a page failed")
        return page_html(self, site_page, url_of)

    monkeypatch.setattr(KifuwikiPlugin, "_page_html", spy)
    fail = False
    build_site(copy_site(tmp_path, "games"))
    assert len(seen) > 3 and all(frozen and not tracked for frozen, tracked in seen)
    assert gc.get_freeze_count() == 0
    # A failed build lets go at once (on_build_error): `mkdocs serve` goes on serving
    # after it, without the shutdown that ends `mkdocs build`.
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    fail = True
    root = copy_site(tmp_path / "failing", "games")
    config = load_config(config_file=str(root / "mkdocs.yml"), site_dir=str(root / "site"))
    config.plugins.on_startup(command="build", dirty=False)
    try:
        with pytest.raises(RuntimeError, match="a page failed"):
            build(config)
        assert seen[-1] == (True, False)  # it failed while frozen
        assert gc.get_freeze_count() == 0
    finally:
        config.plugins.on_shutdown()


def test_record_files_are_copied_into_the_site_as_mkdocs_copies_them(tmp_path: Path) -> None:
    # mkdocs_plugin/linked_file.py: CopiedFile reads a record file whole and writes it
    # whole; the result is MkDocs' copy, byte for byte, whatever is there before.
    from mkdocs.structure.files import File

    from kifuwiki.mkdocs_plugin.linked_file import CopiedFile

    source = tmp_path / "records"
    (source / "pd").mkdir(parents=True)
    data = b"---\ngame: prime-daifugo\n---\nA: 23\n" + bytes(range(256)) * 40
    (source / "pd" / "game.kifu").write_bytes(data)

    def copy(cls: type[File], site: Path) -> bytes:
        file = cls("pd/game.kifu", str(source), str(site), use_directory_urls=True)
        file.copy_file()
        return (site / "pd" / "game.kifu").read_bytes()

    # Into a folder that does not exist yet, and over a longer file already there.
    assert copy(CopiedFile, tmp_path / "site") == copy(File, tmp_path / "mkdocs") == data
    (tmp_path / "site" / "pd" / "game.kifu").write_bytes(data * 2)
    assert copy(CopiedFile, tmp_path / "site") == data
    # The site inside the records folder, the file onto itself: left as it was, not
    # truncated and written again (its time unchanged, as under MkDocs' copy).
    os.utime(source / "pd" / "game.kifu", ns=(1_000_000_000, 1_000_000_000))
    assert copy(CopiedFile, source) == data
    assert (source / "pd" / "game.kifu").stat().st_mtime_ns == 1_000_000_000
    # A source that is gone: MkDocs' own error.
    (source / "pd" / "game.kifu").unlink()
    with pytest.raises(FileNotFoundError):
        copy(CopiedFile, tmp_path / "other")


#: ``mkdocs build`` in a fresh interpreter, with an exit handler registered before it
#: (so run after the plugin's own) that says whether the objects are frozen by the
#: time the interpreter's collections at exit start.
_BUILD_AT_EXIT = """
import atexit, gc, sys
atexit.register(lambda: print("frozen at exit:", gc.get_freeze_count() > 0, file=sys.stderr))
from mkdocs.__main__ import cli
cli(["build", "-q", "-f", sys.argv[1]])
"""


def test_after_mkdocs_build_the_interpreter_exits_without_collecting_what_is_left(
    tmp_path: Path,
) -> None:
    # sitebuild/collector.py freeze_at_exit, from on_shutdown: the collections at exit
    # skip the build's objects; the site is whole.
    import subprocess
    import sys

    root = copy_site(tmp_path, "games")
    done = subprocess.run(
        [sys.executable, "-c", _BUILD_AT_EXIT, str(root / "mkdocs.yml")],
        capture_output=True,
        text=True,
        check=False,
        cwd=root,
    )
    assert done.returncode == 0, done.stderr
    assert "frozen at exit: True" in done.stderr
    assert (root / "site" / "records" / "index.html").is_file()


def test_a_records_folder_beside_the_site_publishes_no_absolute_path(tmp_path: Path) -> None:
    # R13-12: with `records_dir: ../archive`, "Record file" and the page's text named the
    # build machine's absolute path. It is named from the site's folder, as inside it.
    root = copy_site(tmp_path / "site")
    archive = root.parent / "archive"
    shutil.move(root / "records", archive)
    edit_yaml(
        root,
        "custom_templates: templates",
        "custom_templates: templates\n      records_dir: ../archive",
    )
    built = build_site(root)
    pages = [p for p in built.rglob("index.html") if "kw-record-page" in p.read_text("utf-8")]
    assert pages
    for path in pages:
        text = path.read_text(encoding="utf-8")
        assert str(tmp_path) not in text, path
    files = [code.get_text() for code in soup(pages[0]).select(".kw-record-header dd code")]
    assert files and all(f.startswith("../archive/") for f in files), files
