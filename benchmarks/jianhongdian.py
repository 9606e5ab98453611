"""撿紅點 validate throughput on self-play games, next to a bare tokenizer pass.

    python benchmarks/jianhongdian.py [--games 2000] [--runs 3]

Seeded self-play games (2, 3 and 4 players; hands and stock recorded) are generated
once. Timed in one process, best CPU time of ``--runs``:

* ``tokenize``: a regex over the same lines that picks out every card (the baseline);
* ``validate``: split the file, parse, replay under the rules, collect diagnostics.

Prints turns/s for both and the ratio validate / tokenize.
"""

from __future__ import annotations

import argparse
import re
import time
from collections.abc import Callable

from kifuwiki.core.recordfile import split_record_file
from kifuwiki.games.jianhongdian import GAME
from kifuwiki.games.jianhongdian.selfplay import record

CARD = re.compile(r"[SHDC](?:10|[2-9JQKA])")


def best_cpu(runs: int, func: Callable[[], int]) -> tuple[float, int]:
    best, result = float("inf"), 0
    for _ in range(runs):
        start = time.process_time()
        result = func()
        best = min(best, time.process_time() - start)
    return best, result


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    texts = [
        record(seed, 2 + seed % 3, ("greedy", "random")[seed % 2]) for seed in range(args.games)
    ]

    def validate() -> int:
        turns = 0
        for text in texts:
            for source in split_record_file(text, "bench.kifu"):
                rec = GAME.load(source)
                assert not rec.diagnostics
                turns += rec.moves
        return turns

    def tokenize() -> int:
        return sum(len(CARD.findall(line)) for text in texts for line in text.splitlines())

    token_time, cards = best_cpu(args.runs, tokenize)
    validate_time, turns = best_cpu(args.runs, validate)
    print(f"{args.games} games, {turns} turns, {cards} cards written")
    print(f"tokenize: {turns / token_time:12,.0f} turns/s ({token_time:.3f} s CPU)")
    print(f"validate: {turns / validate_time:12,.0f} turns/s ({validate_time:.3f} s CPU)")
    print(f"ratio validate / tokenize: {validate_time / token_time:.1f}x")


if __name__ == "__main__":
    main()
