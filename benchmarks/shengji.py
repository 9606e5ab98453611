"""升級 validate throughput on self-play deals, next to a bare tokenizer pass.

    python benchmarks/shengji.py [--games 500] [--runs 3]

Seeded self-play deals (two decks, hands recorded, random and greedy players) are generated
once. Timed in one process, best CPU time of ``--runs``:

* ``tokenize``: a regex over the same lines that picks out every card (the baseline);
* ``validate``: split the file, parse, replay under the rules, collect diagnostics.

Prints plays/s for both and the ratio validate / tokenize.
"""

from __future__ import annotations

import argparse
import re
import time
from collections.abc import Callable

from kifuwiki.core.recordfile import split_record_file
from kifuwiki.games.shengji import GAME
from kifuwiki.games.shengji.selfplay import record

CARD = re.compile(r"[SHDC](?:10|[2-9JQKA])|BJ|RJ")


def best_cpu(runs: int, func: Callable[[], int]) -> tuple[float, int]:
    best, result = float("inf"), 0
    for _ in range(runs):
        start = time.process_time()
        result = func()
        best = min(best, time.process_time() - start)
    return best, result


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    texts = [record(seed, strength=("greedy", "random")[seed % 2]) for seed in range(args.games)]

    def validate() -> int:
        plays = 0
        for text in texts:
            for source in split_record_file(text, "bench.kifu"):
                rec = GAME.load(source)
                assert not rec.diagnostics
                plays += rec.moves
        return plays

    def tokenize() -> int:
        return sum(len(CARD.findall(line)) for text in texts for line in text.splitlines())

    token_time, cards = best_cpu(args.runs, tokenize)
    validate_time, plays = best_cpu(args.runs, validate)
    print(f"{args.games} games, {plays} plays, {cards} cards written")
    print(f"tokenize: {plays / token_time:12,.0f} plays/s ({token_time:.3f} s CPU)")
    print(f"validate: {plays / validate_time:12,.0f} plays/s ({validate_time:.3f} s CPU)")
    print(f"ratio validate / tokenize: {validate_time / token_time:.1f}x")


if __name__ == "__main__":
    main()
