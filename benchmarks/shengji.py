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

from _cardgames import compare_with_tokenizer
from kifuwiki.games.shengji import GAME
from kifuwiki.games.shengji.selfplay import record

CARD = re.compile(r"[SHDC](?:10|[2-9JQKA])|BJ|RJ")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    texts = [record(seed, strength=("greedy", "random")[seed % 2]) for seed in range(args.games)]

    def tokenize() -> int:
        return sum(len(CARD.findall(line)) for text in texts for line in text.splitlines())

    compare_with_tokenizer(texts, GAME, tokenize, args.runs, "plays")


if __name__ == "__main__":
    main()
