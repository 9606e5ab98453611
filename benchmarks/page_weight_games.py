"""Page weight of every game: each demo record's page against its Markdown twin.

    python benchmarks/page_weight_games.py [--dump steps.json] [--records DIR] [--keep DIR]

Builds two sites with the same theme (Material) and nav: one with the demo records
(``records/``, or ``--records``) through kifuwiki, one with each record file as a plain
Markdown page (``_sites.markdown_twin``). Prints, per game, the record pages' bytes raw
and gzipped against their twins' (sums over the game's files; a file with several games
counts all its pages) and the ratios; the goal (issue 16) is ≤ 4× raw and ≤ 2× gzipped.

``--dump`` writes what each record page shows: per page, the number of steps and each
step's visible text (BeautifulSoup ``get_text``, whitespace collapsed), to compare two
commits (``--compare a.json b.json``) and prove a change kept what the page shows.
``--keep DIR`` copies the built record site to DIR (for screenshots).
"""

from __future__ import annotations

import argparse
import gzip
import json
import shutil
import sys
import tempfile
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from _sites import MKDOCS_YML, THEME, markdown_twin, timed_build

ROOT = Path(__file__).resolve().parent.parent

#: The kifuwiki plugin's options for the record site (the twin has no plugin but search).
RECORD_PLUGIN = """\
  - kifuwiki:
      records_dir: records
      url: records/
      rules: {catan: base}
"""


def gz(data: bytes) -> int:
    return len(gzip.compress(data, compresslevel=9))


def build_sites(records: Path, work: Path) -> tuple[Path, Path]:
    site, twin = work / "r", work / "t"
    for root, name, plugins in ((site, "records", RECORD_PLUGIN), (twin, "twin", "")):
        (root / "docs").mkdir(parents=True)
        (root / "docs" / "index.md").write_text("# Archive\n", encoding="utf-8")
        config = MKDOCS_YML.format(name=name, theme=THEME, extra_nav="", plugins=plugins)
        (root / "mkdocs.yml").write_text(config, encoding="utf-8")
    shutil.copytree(records, site / "records")
    for path in sorted(records.rglob("*.kifu")):
        game = path.parent.name
        page = twin / "docs" / game / f"{path.stem}.md"
        page.parent.mkdir(parents=True, exist_ok=True)
        page.write_text(markdown_twin(path.read_text(encoding="utf-8")), encoding="utf-8")
    timed_build(site)
    timed_build(twin)
    return site / "site", twin / "site"


def record_pages(site: Path) -> dict[str, list[Path]]:
    """Game folder → its record pages (every page with a viewer)."""
    found: dict[str, list[Path]] = defaultdict(list)
    for page in sorted((site / "records").rglob("index.html")):
        if 'class="kw-viewer"' in page.read_text(encoding="utf-8"):
            found[page.relative_to(site / "records").parts[0]].append(page)
    return found


def shown(page: Path) -> dict[str, Any]:
    """What a record page shows, step by step (the proof that a change lost nothing)."""
    from bs4 import BeautifulSoup

    soup = BeautifulSoup(page.read_text(encoding="utf-8"), "lxml")
    steps = soup.select("ol.kw-moves > li")

    def text(node: Any, sep: str = "") -> str:
        return " ".join(node.get_text(sep).split())

    board = soup.select_one(".kw-board")
    return {
        "steps": len(steps),
        "board": text(board) if board else "",
        "step_text": [text(step) for step in steps],
        "step_tokens": [text(step, " ") for step in steps],
        "page_tokens": text(soup.select_one("article") or soup, " "),
    }


def compare(before_path: str, after_path: str) -> int:
    before = json.loads(Path(before_path).read_text(encoding="utf-8"))
    after = json.loads(Path(after_path).read_text(encoding="utf-8"))
    problems = 0
    if sorted(before) != sorted(after):
        print("pages differ:", sorted(set(before) ^ set(after)))
        problems += 1
    for page in sorted(set(before) & set(after)):
        a, b = before[page], after[page]
        for key in ("steps", "board", "page_tokens"):
            if a[key] != b[key]:
                print(f"{page}: {key} differs")
                problems += 1
        for key in ("step_text", "step_tokens"):
            for i, (x, y) in enumerate(zip(a[key], b[key], strict=False)):
                if x != y:
                    print(f"{page}: step {i} {key} differs:\n  before {x!r}\n  after  {y!r}")
                    problems += 1
    steps = sum(p["steps"] for p in after.values())
    print(f"{len(after)} pages, {steps} steps compared: {problems} differences")
    return 1 if problems else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=Path, default=ROOT / "records")
    parser.add_argument("--dump", type=Path, help="write each page's visible text here")
    parser.add_argument("--compare", nargs=2, metavar=("BEFORE", "AFTER"))
    parser.add_argument("--keep", type=Path, help="copy the built record site here")
    args = parser.parse_args()
    if args.compare:
        return compare(*args.compare)
    work = Path(tempfile.mkdtemp(prefix="kifuwiki-weights-"))
    try:
        site, twin = build_sites(args.records, work)
        pages = record_pages(site)
        dump: dict[str, Any] = {}
        print(
            f"{'game':<18} {'pages':>5} {'raw':>10} {'twin':>9} {'×':>6}   "
            f"{'gzip':>8} {'twin':>7} {'×':>5}   bytes/step"
        )
        for game in sorted(pages):
            twins = sorted((twin / game).rglob("index.html"))
            raw = sum(len(p.read_bytes()) for p in pages[game])
            zipped = sum(gz(p.read_bytes()) for p in pages[game])
            t_raw = sum(len(p.read_bytes()) for p in twins)
            t_gz = sum(gz(p.read_bytes()) for p in twins)
            views = {str(p.relative_to(site)): shown(p) for p in pages[game]}
            dump.update(views)
            steps = sum(v["steps"] for v in views.values())
            print(
                f"{game:<18} {len(pages[game]):>5} {raw:>10,} {t_raw:>9,} {raw / t_raw:>6.2f}   "
                f"{zipped:>8,} {t_gz:>7,} {zipped / t_gz:>5.2f}   {raw / max(steps, 1):>8,.0f}"
            )
        if args.dump:
            args.dump.write_text(json.dumps(dump, ensure_ascii=False, indent=0), encoding="utf-8")
        if args.keep:  # to look at the pages in a browser
            shutil.rmtree(args.keep, ignore_errors=True)
            shutil.copytree(site, args.keep)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
