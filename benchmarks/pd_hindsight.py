"""What the Prime Daifugo "what could have been played" annotations cost a build.

    python benchmarks/pd_hindsight.py [--corpus DIR] [--runs 3] [--profile]

For the demo records (``records/prime-daifugo``) and, when present, the 448 real games
of ``../shared/corpus/prime-daifugo``, one process, CPU time, best of ``--runs``:

* ``baseline``: what a build does per record without the annotations: load (parse +
  replay), the view, and the viewer's HTML in one language;
* ``hindsight``: the same with the annotations on (their memo emptied before every run,
  so each run pays the whole search, as a fresh build does).

Prints both times, the ratio hindsight / baseline, and how many plays were annotated
and how many answers ran into the search budget ("not searched").
``--profile`` prints the top of a cProfile of one annotated pass instead.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import time
from collections.abc import Callable
from pathlib import Path

from kifuwiki.archive import load_text
from kifuwiki.games.prime_daifugo import GAME
from kifuwiki.games.prime_daifugo import hindsight as hindsight_module
from kifuwiki.games.prime_daifugo import view as view_module
from kifuwiki.render.environment import make_environment
from kifuwiki.render.record import render_viewer

ROOT = Path(__file__).resolve().parents[1]
DEMO = ROOT / "records" / "prime-daifugo"


def default_corpus() -> Path | None:
    for ancestor in ROOT.parents:
        candidate = ancestor / "shared" / "corpus" / "prime-daifugo"
        if candidate.is_dir():
            return candidate
    return None


def texts_of(folder: Path) -> list[tuple[str, str]]:
    return [(str(path), path.read_text(encoding="utf-8")) for path in sorted(folder.glob("*.kifu"))]


def best_of(runs: int, func: Callable[[], tuple[int, int]]) -> tuple[float, tuple[int, int]]:
    best = float("inf")
    result = (0, 0)
    for _ in range(runs):
        hindsight_module.hindsight.cache_clear()
        start = time.process_time()
        result = func()
        best = min(best, time.process_time() - start)
    return best, result


def build_all(texts: list[tuple[str, str]], annotate: bool) -> tuple[int, int]:
    """Load, view and render every record; (annotated plays, answers not searched)."""
    view_module.HINDSIGHT = annotate
    env = make_environment()
    notes = unsearched = 0
    for path, text in texts:
        # The site switch (off by default): records that say nothing get annotated.
        for record in load_text(text, path, rules={"hindsight": True}):
            view = GAME.view(record)
            render_viewer(view, env, "ja")
            for step in view.steps:
                for note in step.annotations:
                    if note.startswith("hindsight:"):
                        notes += 1
                        unsearched += "not searched" in note
    return notes, unsearched


def measure(name: str, texts: list[tuple[str, str]], runs: int) -> None:
    build_all(texts, True)  # warm-up: imports, templates, the primality memo
    base, _ = best_of(runs, lambda: build_all(texts, False))
    with_notes, (notes, unsearched) = best_of(runs, lambda: build_all(texts, True))
    view_module.HINDSIGHT = True
    print(f"{name}: {len(texts)} files, {notes:,} plays annotated, {unsearched} not searched")
    print(f"  baseline  (load + view + HTML) : {base:7.3f} s CPU")
    print(f"  hindsight (the same, annotated): {with_notes:7.3f} s CPU")
    print(f"  ratio                          : {with_notes / base:7.2f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=default_corpus())
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    corpus = args.corpus if args.corpus is not None and args.corpus.is_dir() else None
    if args.profile:
        texts = texts_of(corpus or DEMO)
        profile = cProfile.Profile()
        profile.runcall(build_all, texts, True)
        pstats.Stats(profile).sort_stats("cumulative").print_stats(30)
        return
    measure("demo records", texts_of(DEMO), args.runs)
    if corpus is None:
        print("corpus: not found beside the repository (../shared/corpus/prime-daifugo); skipped")
    else:
        measure("corpus", texts_of(corpus), args.runs)


if __name__ == "__main__":
    main()
