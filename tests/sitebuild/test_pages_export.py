"""``kifuwiki pages``: the archive as Markdown files in a docs folder, incrementally."""

from __future__ import annotations

import json
import posixpath
import re
import shutil
from pathlib import Path
from urllib.parse import unquote, urlsplit

import markdown
import pytest
from bs4 import BeautifulSoup
from click.testing import CliRunner

from kifuwiki.cli import cli
from kifuwiki.render.site import page_url
from kifuwiki.sitebuild.export import MANIFEST

REPO = Path(__file__).resolve().parents[2]
FIXTURES = REPO / "tests" / "fixtures" / "prime-daifugo" / "rules"
MKDOCS_YML = """\
site_name: test
docs_dir: docs
markdown_extensions:
  - pymdownx.superfences:
      custom_fences:
        - name: kifu
          format: !!python/name:kifuwiki.markdown_fence.fence_format
plugins:
  - search
  - kifuwiki:
      url: archive/
      language: en
"""


@pytest.fixture
def site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    records = tmp_path / "records" / "prime-daifugo"
    records.mkdir(parents=True)
    for path in sorted(FIXTURES.glob("*.kifu")):
        shutil.copy(path, records / path.name)
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text("# Home\n", encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text(MKDOCS_YML, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def pages(*args: str) -> str:
    result = CliRunner().invoke(cli, ["pages", "-j", "1", *args])
    assert result.exit_code == 0, result.output
    return result.output


def generated(docs: Path) -> dict[str, float]:
    return {
        p.relative_to(docs).as_posix(): p.stat().st_mtime_ns
        for p in docs.rglob("*")
        if p.is_file() and p.name != MANIFEST and p.relative_to(docs).as_posix() != "index.md"
    }


def body(path: Path) -> str:
    front, _, rest = path.read_text(encoding="utf-8").partition("\n---\n")
    assert front.startswith("---\ntitle: ")
    return rest.strip()


def test_every_page_and_the_assets_are_written_with_the_site_settings(site: Path) -> None:
    pages()
    docs = site / "docs"
    files = generated(docs)
    assert "archive/index.md" in files and "archive/report.md" in files
    assert "assets/kifuwiki/kifuwiki.js" in files and "assets/kifuwiki/kifuwiki.css" in files
    records = [name for name in files if name.startswith("archive/prime-daifugo/")]
    assert len(records) >= 6  # one page per game, an index per game
    page = body(docs / "archive" / "prime-daifugo" / "fandom-two-games-2.md")
    assert 'class="kw-viewer"' in page and "Players" in page  # language: en
    assert json.loads((docs / MANIFEST).read_text(encoding="utf-8")) == sorted(files)
    # Python-Markdown (MkDocs, Zensical) passes every page through untouched.
    for name in files:
        if name.endswith(".md"):
            html = body(docs / name)
            assert markdown.markdown(html, extensions=["md_in_html"]).strip() == html, name


def test_only_the_games_the_site_has_or_names_get_an_index(site: Path) -> None:
    # The records are Prime Daifugo's; the nav names one other game's index.
    config = site / "mkdocs.yml"
    config.write_text(
        config.read_text("utf-8") + "nav:\n  - index.md\n  - archive/catan/index.md\n", "utf-8"
    )
    pages()
    indexes = sorted(p.parent.name for p in (site / "docs" / "archive").glob("*/index.md"))
    assert indexes == ["catan", "events", "players", "prime-daifugo"]


@pytest.mark.parametrize("links", ["source", "page"])
def test_every_link_between_pages_resolves(site: Path, links: str) -> None:
    pages("--links", links)
    docs = site / "docs"
    sources = [name for name in generated(docs) if name.endswith(".md")]
    urls = {page_url(name) for name in sources}
    checked = 0
    downloads: set[str] = set()
    for name in sources:
        base = posixpath.dirname(name) + "/" if links == "source" else page_url(name)
        for anchor in BeautifulSoup(body(docs / name), "lxml").select("a[href]"):
            href = str(anchor["href"]).partition("#")[0]
            if not href or urlsplit(href).scheme:  # http(s):
                continue
            target = posixpath.normpath(posixpath.join("/" + base, href)).lstrip("/")
            if "kw-download" in anchor.get("class", []):
                downloads.add(target)
                continue
            target = target + "/" if not target.endswith(".html") else target
            assert target.replace("//", "/") in urls | {"/"}, (name, href)
            checked += 1
    assert checked > 50
    # Each record page's download link is the record file, copied byte for byte.
    originals = {p.name: p.read_bytes() for p in FIXTURES.glob("*.kifu")}
    assert len(downloads) == len(originals)
    for target in downloads:
        copied = docs / unquote(target)
        assert copied.read_bytes() == originals[copied.name], target


def test_only_what_changed_is_written_again(site: Path) -> None:
    docs = site / "docs"
    pages()
    first = generated(docs)
    assert "0 written" in pages() and generated(docs) == first
    edited = site / "records" / "prime-daifugo" / "judge-errors.kifu"
    edited.write_text(edited.read_text(encoding="utf-8") + "* a new comment\n", encoding="utf-8")
    pages()
    after = generated(docs)
    changed = {name for name in first if after[name] != first[name]}
    # Its page, and its copy for the download link (the new bytes).
    assert changed == {
        "archive/prime-daifugo/judge-errors.md",
        "archive/prime-daifugo/judge-errors.kifu",
    }
    copied = docs / "archive" / "prime-daifugo" / "judge-errors.kifu"
    assert copied.read_bytes() == edited.read_bytes()


def test_pages_of_deleted_records_go_and_hand_written_files_stay(site: Path) -> None:
    docs = site / "docs"
    mine = docs / "archive" / "players" / "index.md"
    mine.parent.mkdir(parents=True)
    mine.write_text("# My own players page\n", encoding="utf-8")
    output = pages()
    assert mine.read_text(encoding="utf-8") == "# My own players page\n"
    assert "0 removed" in output
    (site / "records" / "prime-daifugo" / "judge-errors.kifu").unlink()
    pages()
    assert not (docs / "archive" / "prime-daifugo" / "judge-errors.md").exists()
    assert mine.read_text(encoding="utf-8") == "# My own players page\n"
    assert (docs / "index.md").read_text(encoding="utf-8") == "# Home\n"


def test_options_win_over_the_config(site: Path, tmp_path: Path) -> None:
    out = tmp_path / "elsewhere"
    pages("--docs-dir", str(out), "--url", "games/", "--lang", "ja")
    assert (out / "games" / "index.md").is_file()
    assert "プレイヤー" in body(out / "games" / "prime-daifugo" / "judge-errors.md")
    assert not (site / "docs" / "games").exists()


def test_rules_for_a_game_that_is_not_installed_are_a_warning(site: Path) -> None:
    config = site / "mkdocs.yml"
    config.write_text(
        config.read_text(encoding="utf-8").replace(
            "      language: en\n",
            "      language: en\n      rules: {prime-daifugo: online, chess: x}\n",
        ),
        encoding="utf-8",
    )
    result = CliRunner().invoke(cli, ["pages", "-j", "1"])
    assert result.exit_code == 0, result.output
    assert "warning: rules: 'chess' is no installed game" in result.output
    assert "prime-daifugo' is no" not in result.output


def test_a_missing_records_folder_is_a_usage_error(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["pages", "--records", str(tmp_path / "none")])
    assert result.exit_code == 2 and "no records folder" in result.output


def test_game_assets_are_copied_and_linked_where_a_viewer_is(site: Path) -> None:
    pages()
    docs = site / "docs"
    page = "archive/prime-daifugo/judge-errors.md"
    doc = BeautifulSoup(body(docs / page), "lxml")
    linked = [tag.get("href") or tag.get("src") for tag in doc.select("[data-kw-asset]")]
    assert linked, "a record page links its game's own CSS/JS"
    for href in linked:
        target = posixpath.normpath(posixpath.join(posixpath.dirname(page), str(href)))
        assert (docs / target).is_file(), href
    home = BeautifulSoup(body(docs / "archive" / "index.md"), "lxml")
    assert home.select("[data-kw-asset]") == []  # no viewer, no game assets


@pytest.mark.parametrize(
    ("config", "message"),
    [
        ("plugins:\n  - kifuwiki:\n      jobs: many\n", "jobs option"),
        ("plugins: [kifuwiki\n", "cannot read"),
        ("- just\n- a list\n", "not a mapping"),
    ],
)
def test_a_bad_config_is_a_usage_error(site: Path, config: str, message: str) -> None:
    (site / "mkdocs.yml").write_text(config, encoding="utf-8")
    result = CliRunner().invoke(cli, ["pages"])
    assert result.exit_code == 2 and message in result.output
    assert "Traceback" not in result.output


def _mkdocs_build(site: Path, out: str) -> dict[str, bytes]:
    import subprocess
    import sys

    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "-q", "-d", out],
        cwd=site,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    root = site / out
    # MkDocs' own theme writes the build time into every page.
    stamp = re.compile(rb"Build Date UTC : [^\n]*")
    return {
        p.relative_to(root).as_posix(): stamp.sub(b"", p.read_bytes())
        for p in root.rglob("*")
        if p.is_file() and not p.name.endswith(".gz")
    }


@pytest.mark.slow
def test_mkdocs_ignores_pages_exported_for_another_engine(site: Path) -> None:
    """`kifuwiki pages` (for Zensical) then `mkdocs build` in the same folder: the plugin
    leaves the exported files out and builds the same site as without them."""
    clean = _mkdocs_build(site, "clean")
    pages()
    assert (site / "docs" / MANIFEST).is_file()
    after_export = _mkdocs_build(site, "after")
    assert sorted(after_export) == sorted(clean)
    assert [name for name in clean if clean[name] != after_export[name]] == []
