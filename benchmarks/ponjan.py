"""ポンジャン validate throughput on self-play sessions, next to a bare tokenizer pass.

    python benchmarks/ponjan.py [--sessions 200] [--hands 10] [--runs 3] [--profile]

Seeded self-play sessions (4 seats, every tile shown) are generated once. Timed in one
process, best of ``--runs`` (CPU time, wall time next to it):

* ``tokenize``: a regex over the same lines (``seat verb tile``), the baseline;
* ``validate``: split the file, parse, replay under the rule set, collect diagnostics.

Prints actions/s for both and the ratio (validate / tokenize).
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import re

from _cardgames import best_of, validate_clean
from kifuwiki.games.ponjan import GAME
from kifuwiki.games.ponjan.selfplay import session_text

TOKEN = re.compile(r"^(\S+)\s+(\S+)(?:\s+(.*))?$", re.MULTILINE)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--sessions", type=int, default=200)
    parser.add_argument("--hands", type=int, default=10)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()

    texts = [session_text(seed, hands=args.hands) for seed in range(args.sessions)]

    def validate_all() -> int:
        return validate_clean(GAME, texts)

    def tokenize_all() -> int:
        return sum(len(TOKEN.findall(text)) for text in texts)

    if args.profile:
        profile = cProfile.Profile()
        profile.runcall(validate_all)
        pstats.Stats(profile).sort_stats("cumulative").print_stats(25)
        return

    token_cpu, token_wall, lines = best_of(args.runs, tokenize_all)
    valid_cpu, valid_wall, steps = best_of(args.runs, validate_all)
    hands = args.sessions * args.hands
    print(f"{args.sessions} sessions, {hands} hands, {steps} steps ({lines} tokenized lines)")
    token_times = f"CPU {token_cpu:.3f} s, wall {token_wall:.3f} s"
    valid_times = f"CPU {valid_cpu:.3f} s, wall {valid_wall:.3f} s"
    print(f"tokenize: {lines / token_cpu:12,.0f} lines/s  ({token_times})")
    print(f"validate: {steps / valid_cpu:12,.0f} steps/s  ({valid_times})")
    print(f"validate: {hands / valid_cpu:12,.0f} hands/s")
    print(f"ratio validate / tokenize (CPU): {valid_cpu / token_cpu:.1f}×")


if __name__ == "__main__":
    main()
