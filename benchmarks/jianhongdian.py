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

from _cardgames import compare_with_tokenizer
from kifuwiki.games.jianhongdian import GAME
from kifuwiki.games.jianhongdian.selfplay import record

CARD = re.compile(r"[SHDC](?:10|[2-9JQKA])")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    texts = [
        record(seed, 2 + seed % 3, ("greedy", "random")[seed % 2]) for seed in range(args.games)
    ]

    def tokenize() -> int:
        return sum(len(CARD.findall(line)) for text in texts for line in text.splitlines())

    compare_with_tokenizer(texts, GAME, tokenize, args.runs, "turns")


if __name__ == "__main__":
    main()
