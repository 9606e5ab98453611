"""Benchmark 3: ``kifuwiki validate`` moves per second on a generated archive.

    python benchmarks/validate_archive.py [N]     (default N = 2000 games)

Measures, in this one run: a bare tokenizer pass over the same text (the baseline),
validation in one process, and validation with one worker process per core
(``validate -j``). Prints moves/s, moves/s per core and the ratios. Goal: ≥ 50,000
moves/s per core.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from gen_games import write_archive
from kifuwiki.archive import default_jobs, report_paths
from kifuwiki.games.prime_daifugo.notation import tokenize


def best_of(runs: int, func):  # type: ignore[no-untyped-def]
    times = []
    result = None
    for _ in range(runs):
        start = time.perf_counter()
        result = func()
        times.append(time.perf_counter() - start)
    return min(times), result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("n", nargs="?", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="kifuwiki-validate-"))
    try:
        paths = write_archive(work / "records", args.n)
        texts = [p.read_text(encoding="utf-8") for p in paths]

        def tokenize_all() -> int:
            return sum(tokenize(t) for t in texts)

        def validate(jobs: int) -> tuple[int, int]:
            moves = errors = 0
            for report in report_paths([work / "records"], jobs=jobs):
                moves += int(report.summary["moves"])
                errors += report.errors
            return moves, errors

        tok_time, tokens = best_of(args.runs, tokenize_all)
        one_time, (moves, errors) = best_of(args.runs, lambda: validate(1))
        jobs = default_jobs()
        many_time, _ = best_of(args.runs, lambda: validate(jobs))
        print(f"validate, {args.n} generated games, {moves} moves, {errors} errors")
        print(f"  bare tokenizer      : {moves / tok_time:12,.0f} moves/s  ({tokens} tokens)")
        print(
            f"  validate -j 1       : {moves / one_time:12,.0f} moves/s   "
            f"{one_time / tok_time:5.2f}x the tokenizer time"
        )
        print(
            f"  validate -j {jobs:<2}      : {moves / many_time:12,.0f} moves/s   "
            f"{moves / many_time / jobs:,.0f} per core, speed-up {one_time / many_time:.2f}x"
        )
        print(f"  goal                : >= 50,000 moves/s per core (cores here: {os.cpu_count()})")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
