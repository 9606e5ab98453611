"""Validate throughput on the real corpus: moves/s next to a bare tokenizer pass.

    python benchmarks/validate.py [--corpus DIR] [--moves 100000] [--runs 3] [--profile]

The 448 real games of ``/work/shared/corpus/prime-daifugo`` are repeated until they hold
at least ``--moves`` move lines. Timed in one process, on one core, best of ``--runs``:

* ``tokenize``: the notation's bare tokenizer over the same record text (the baseline);
* ``validate``: what ``kifuwiki validate`` does per file: split the file, parse, replay
  under the rule set, collect diagnostics (``archive.load_text``).

Prints moves/s for both and the ratio. Goal (issue 2): ≥ 50,000 moves/s and ≤ 3× the
tokenizer. ``--profile`` prints the top of a cProfile of one validate pass instead.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
from pathlib import Path

from _cardgames import best_of  # best CPU and wall time of some runs (shared)
from kifuwiki.archive import load_text
from kifuwiki.games.prime_daifugo.notation import tokenize

DEFAULT_CORPUS = Path(__file__).resolve().parents[1].parent / "shared" / "corpus" / "prime-daifugo"


def corpus_texts(folder: Path) -> list[tuple[str, str]]:
    return [(str(path), path.read_text(encoding="utf-8")) for path in sorted(folder.glob("*.kifu"))]


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--moves", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()

    texts = corpus_texts(args.corpus)
    moves_once = sum(record.moves for path, text in texts for record in load_text(text, path))
    repeats = -(-args.moves // moves_once)
    workload = texts * repeats
    total_moves = moves_once * repeats

    def validate_all() -> int:
        errors = 0
        for path, text in workload:
            for record in load_text(text, path):
                errors += record.errors
        return errors

    def tokenize_all() -> int:
        return sum(tokenize(text) for _, text in workload)

    if args.profile:
        profile = cProfile.Profile()
        profile.runcall(validate_all)
        pstats.Stats(profile).sort_stats("cumulative").print_stats(30)
        return

    # Warm-up (imports, regex compilation, primality cache as in a real archive run).
    validate_all()
    tok_cpu, tok_wall, tokens = best_of(args.runs, tokenize_all)
    val_cpu, val_wall, errors = best_of(args.runs, validate_all)
    print(
        f"corpus: {len(texts)} games × {repeats} = {len(workload)} records, "
        f"{total_moves:,} moves, {tokens:,} tokens; best of {args.runs}, one process"
    )
    for name, cpu, wall in (("tokenize", tok_cpu, tok_wall), ("validate", val_cpu, val_wall)):
        print(
            f"{name:9}: {total_moves / cpu:10,.0f} moves/s CPU ({cpu:.2f} s)"
            f"  {total_moves / wall:10,.0f} moves/s wall ({wall:.2f} s)"
        )
    print(f"errors   : {errors}")
    print(f"ratio    : validate takes {val_cpu / tok_cpu:.2f}× the tokenizer's CPU time")


if __name__ == "__main__":
    main()
