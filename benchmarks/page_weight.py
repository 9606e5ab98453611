"""Benchmark 5: page weight — the viewer's JS + CSS, and a 60-move record page vs its twin.

    python benchmarks/page_weight.py [--keep DIR]

``--keep DIR`` copies the built record site to DIR (to look at the page in a browser).

Prints the viewer assets' bytes as written and as served (minified), gzipped, and what a
page of each game downloads (goal ≤ 12 KB gzipped), then the raw and
gzipped bytes of a generated record page of about 60 moves against the same game as a
plain Markdown page, both built with the same theme, and where the page's bytes are, by
part (the theme around the article, the header, the download link, the viewer's
controls, the board, the per-step positions, the move lines…: raw, and each part
gzipped on its own).
"""

from __future__ import annotations

import gzip
import random
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from _sites import make_record_site, make_twin_site, timed_build
from gen_games import play_game

ROOT = Path(__file__).resolve().parent.parent


def gz(data: bytes) -> int:
    return len(gzip.compress(data, compresslevel=9))


def page_parts(html: str) -> list[tuple[str, int, int]]:
    """A record page's bytes by part: (part, raw bytes, the part gzipped on its own)."""
    from bs4 import BeautifulSoup

    soup = BeautifulSoup(html, "html.parser")
    article = soup.select_one("article.kw-record-page")
    assert article is not None, "not a record page"
    parts: dict[str, list[Any]] = {}

    def take(name: str, *nodes: Any) -> None:
        for node in nodes:
            if node is not None:
                parts.setdefault(name, []).append(str(node))
                node.extract()

    take("header (title, links, facts)", *article.select("h1, .kw-archive-nav, .kw-record-meta"))
    take("download link", article.select_one("a.kw-download"))
    viewer = article.select_one("section.kw-viewer")
    assert viewer is not None
    take("viewer controls", viewer.select_one(".kw-controls"))
    take("board (final position)", viewer.select_one(".kw-board"))
    for step in viewer.select("ol.kw-moves > li"):
        # By place (the step's <details>, its first <div>): the classes went (round ten).
        take("per-step positions", step.select_one(":scope > details"))
        take("move lines", step.select_one(":scope > div"))
        take("annotations", *step.select(":scope > ul"))
        take("comments, side lines", *step.select(".kw-comment, .kw-variation"))
        take("step items (<li>)", step)
    take("the rest of the article", article)
    take("theme (Material)", soup)
    return [
        (name, len(text := "".join(chunks).encode()), gz(text)) for name, chunks in parts.items()
    ]


def sixty_move_seed() -> int:
    """The first generator seed whose game has 55–65 moves."""
    for seed in range(1, 10_000):
        body = play_game(random.Random(seed * 1_000_003 + 1))
        moves = sum(1 for line in body.splitlines()[2:] if line and not line.startswith("*"))
        if 55 <= moves <= 65:
            return seed
    raise SystemExit("no 60-move game found")


def main() -> None:
    from kifuwiki.games import game_ids
    from kifuwiki.render.assets import page_asset_files

    try:
        from kifuwiki.render.assets import asset_content
    except ImportError:  # a checkout from before minified assets: served as written

        def asset_content(path: Path) -> bytes:
            return path.read_bytes()

    # The served files only (not a script's prebuilt .min copy, which is served in its stead).
    assets = sorted(
        p for p in (ROOT / "templates" / "assets").glob("*.*") if p.suffix in {".css", ".js"}
    )
    total_raw = total_gz = served_raw = served_gz = 0
    print("viewer assets (source -> served, minified):")
    for path in assets:
        data, served = path.read_bytes(), asset_content(path)
        total_raw += len(data)
        total_gz += gz(data)
        served_raw += len(served)
        served_gz += gz(served)
        print(
            f"  {path.name:<20} {len(data):8,d} B gzip {gz(data):7,d} B"
            f"  ->  {len(served):8,d} B gzip {gz(served):7,d} B"
        )
    print(
        f"  {'together':<20} {total_raw:8,d} B gzip {total_gz:7,d} B"
        f"  ->  {served_raw:8,d} B gzip {served_gz:7,d} B"
    )
    print("a page of one game downloads (shared + the game's own, served, gzip; goal <= 12,288 B):")
    for game_id in game_ids():
        files = page_asset_files([game_id])
        print(f"  {game_id:<20} {sum(gz(asset_content(f)) for f in files):7,d} B")

    seed = sixty_move_seed()
    work = Path(tempfile.mkdtemp(prefix="kifuwiki-weight-"))
    try:
        records = make_record_site(work / "r", 1, seed)
        twin = make_twin_site(work / "t", 1, seed)
        timed_build(records)
        timed_build(twin)
        record_page = next(
            (records / "site" / "records" / "prime-daifugo").rglob("game-*/index.html")
        )
        twin_page = next((twin / "site" / "records").rglob("game-*/index.html"))
        if "--keep" in sys.argv:
            keep = Path(sys.argv[sys.argv.index("--keep") + 1])
            shutil.rmtree(keep, ignore_errors=True)
            shutil.copytree(records / "site", keep)
        r, t = record_page.read_bytes(), twin_page.read_bytes()
        print("a ~60-move record page (Material theme):")
        print(f"  kifuwiki page       : {len(r):8,d} B   gzip {gz(r):7,d} B")
        print(f"  Markdown twin       : {len(t):8,d} B   gzip {gz(t):7,d} B")
        print(f"  ratio               : {len(r) / len(t):8.2f}x raw, {gz(r) / gz(t):.2f}x gzip")
        print("where the record page's bytes are (raw, and each part gzipped alone):")
        for name, raw, zipped in page_parts(r.decode("utf-8")):
            print(f"  {name:<30} {raw:8,d} B   gzip alone {zipped:7,d} B")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
