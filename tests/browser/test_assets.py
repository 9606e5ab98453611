"""Budget for what a page downloads: the shared viewer JS + CSS and its games' own, gzipped."""

from __future__ import annotations

import gzip
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import rjsmin

import kifuwiki
from kifuwiki.games import game_ids
from kifuwiki.render.assets import (
    add_game_assets,
    asset_content,
    page_asset_files,
    prebuilt_copy,
    prebuilt_header,
    shared_assets,
)
from kifuwiki.render.resources import assets_dir

#: What a page of one game downloads, as served (minified, then gzipped). It rose to
#: 14 KB when the viewer modes (issue 14) came; served minified it is back to 12 KB.
BUDGET = 12 * 1024


def _gzipped(files: list[Path]) -> int:
    return sum(len(gzip.compress(asset_content(path), 9)) for path in files)


def test_shared_assets_are_the_viewer_script_and_stylesheet() -> None:
    assert sorted(uri for uri, _ in shared_assets()) == [
        "assets/kifuwiki/kifuwiki.css",
        "assets/kifuwiki/kifuwiki.js",
    ]


@pytest.mark.parametrize("game_id", game_ids())
def test_a_page_of_each_game_fits_the_gzip_budget(game_id: str) -> None:
    files = page_asset_files([game_id])
    size = _gzipped(files)
    names = ", ".join(path.name for path in files)
    assert size <= BUDGET, f"{names} = {size} bytes gzipped (budget {BUDGET})"


def test_a_page_with_two_games_carries_only_their_assets() -> None:
    """The budget is per game page (the shared viewer plus one game's own files): the
    registry is open, so a page that embeds every installed game has no fixed bound.
    What holds instead is that a page never carries a game it does not show."""
    ids = sorted(game_ids())[:2]
    files = page_asset_files(ids)
    others = {g for g in game_ids() if g not in ids}
    assert not [p for p in files if p.parent.parent.name in others or p.stem in others]
    assert _gzipped(files) <= _gzipped(page_asset_files([ids[0]])) + _gzipped(
        page_asset_files([ids[1]])
    )


def test_assets_make_no_requests() -> None:
    for path in page_asset_files(list(game_ids())):
        text = path.read_text(encoding="utf-8")
        if path.suffix == ".js":
            for needle in ("fetch(", "XMLHttpRequest", "import(", "http://", "https://"):
                assert needle not in text, (path.name, needle)
        else:
            assert "@import" not in text, path.name
            # Only data: images (the viewer's button icons): nothing is fetched.
            for target in re.findall(r"url\(\s*['\"]?([^'\")]*)", text):
                assert target.startswith("data:image/svg+xml,"), (path.name, target)


def test_game_assets_are_linked_only_before_that_games_viewer() -> None:
    viewer = '<section class="kw-viewer" id="{0}viewer" data-kw-prefix="{0}" data-kw-game="{1}">'
    page = "<p>intro</p>" + viewer.format("k1-", "prime-daifugo") + "</section>"
    page += viewer.format("k2-", "prime-daifugo") + "</section>"
    html = add_game_assets(page, "notes/page/")
    assert html.count("prime-daifugo.css") == 1
    assert html.count("prime-daifugo.js") == 1
    assert html.index("prime-daifugo.css") < html.index('id="k1-viewer"')
    assert 'href="../../assets/kifuwiki/prime-daifugo/prime-daifugo.css"' in html
    # A page without a viewer (an index) gets nothing.
    assert add_game_assets("<table></table>", "records/") == "<table></table>"


def _code_of(source: str) -> str:
    """A script's code without its comments (whose words need not survive)."""
    code = re.sub(r"/\*.*?\*/", "", source, flags=re.S)
    return "\n".join(line.split("// ")[0] for line in code.splitlines())


def test_assets_are_served_minified(tmp_path: Path) -> None:
    """Minified at build time, files lose comments and indentation but keep their code:
    every name and word of the script's code lines survives. (Each file is copied
    alone, so a built-in script's prebuilt copy is not what is checked here.)"""
    for path in page_asset_files(list(game_ids())):
        source = path.read_text(encoding="utf-8")
        alone = tmp_path / path.name
        alone.write_text(source, encoding="utf-8")
        served = asset_content(alone).decode("utf-8")
        assert len(served) < len(source), path.name
        assert "\n  " not in served, path.name
        if path.suffix != ".js":
            continue
        missing = set(re.findall(r"[\w$]+", _code_of(source))) - set(re.findall(r"[\w$]+", served))
        assert not missing, (path.name, missing)


def test_built_in_scripts_are_served_from_their_prebuilt_copies() -> None:
    """A built-in script is served from its ``.min`` copy, made from today's source:
    shorter than rjsmin's (local names shortened) and with every property name kept
    (the browser tests then run this text)."""
    package = Path(kifuwiki.__file__).parent
    scripts = [
        path
        for path in page_asset_files(list(game_ids()))
        if path.suffix == ".js"
        and (path.is_relative_to(package) or path.is_relative_to(assets_dir()))
    ]  # not a plug-in game's (the example game's): it may ship a copy or not
    assert len(scripts) >= 2
    for path in scripts:
        source = path.read_bytes()
        copy = prebuilt_copy(path, source)
        assert copy is not None, f"{path.name}: no prebuilt copy of this source"
        assert asset_content(path) == copy
        plain = rjsmin.jsmin(source.decode("utf-8"), keep_bang_comments=True).encode()
        assert len(copy) < len(plain), path.name
        properties = set(re.findall(r"\.([A-Za-z_$][\w$]*)", _code_of(source.decode())))
        assert not properties - set(re.findall(r"\.([A-Za-z_$][\w$]*)", copy.decode())), path.name


def test_prebuilt_copies_are_what_the_minifier_writes() -> None:
    """``scripts/minify-assets --check``: every copy is byte for byte what the tool
    writes from today's source (an edited script whose copy was not written again
    fails here, not silently on the site)."""
    tool = Path(__file__).resolve().parents[2] / "scripts" / "minify-assets"
    done = subprocess.run(
        [sys.executable, str(tool), "--check"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr


def test_a_copy_made_from_another_source_is_not_served(tmp_path: Path) -> None:
    script = tmp_path / "x.js"
    script.write_text("var answer = 42; // the answer\n", encoding="utf-8")
    copy = tmp_path / "x.js.min"
    copy.write_bytes(prebuilt_header(b"var answer = 41;\n") + b"\nvar a=41;")
    assert asset_content(script) == b"var answer=42;"
    copy.write_bytes(prebuilt_header(script.read_bytes()) + b"\nvar a=42;")
    os.utime(copy, ns=(2, 2))  # a different modification time, whatever the clock says
    assert asset_content(script) == b"var a=42;"
    copy.write_bytes(prebuilt_header(script.read_bytes()))  # no newline: no body
    os.utime(copy, ns=(3, 3))
    assert asset_content(script) == b"var answer=42;"


def test_an_edited_asset_is_minified_again(tmp_path: Path) -> None:
    path = tmp_path / "x.css"
    path.write_text("/* note */\n.a {\n  color: red;\n}\n", encoding="utf-8")
    assert asset_content(path) == b".a{color:red}"
    path.write_text(".b { color: blue; }\n", encoding="utf-8")
    os.utime(path, ns=(1, 1))  # a different modification time, whatever the clock says
    assert asset_content(path) == b".b{color:blue}"
