"""selaffesto's long records: page bytes per step and the view's CPU (issue 16).

    python benchmarks/page_weight_selaffesto.py [--games 6]

Seeded self-play games of about 120 steps (even seeds random vs random, odd seeds
greedy vs random); for each, the record page's bytes (raw, per step, gzipped) and the
CPU time of the view (with its "best available" analysis at every step) and of the
HTML. Run from two checkouts (``PYTHONPATH=<other>/plugins``) to compare.
"""

from __future__ import annotations

import argparse
import gzip
import time

from kifuwiki.core.recordfile import split_record_file
from kifuwiki.games.selaffesto import GAME
from kifuwiki.games.selaffesto.selfplay import self_play_record
from kifuwiki.render.environment import make_environment
from kifuwiki.render.record import render_record_page


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    args = parser.parse_args()
    env = make_environment()
    for seed in range(args.games):
        players = ("greedy", "random") if seed % 2 else ("random", "random")
        record = GAME.load(split_record_file(self_play_record(seed, players))[0])
        start = time.process_time()
        view = GAME.view(record)
        view_cpu = time.process_time() - start
        start = time.process_time()
        page = render_record_page(view, env, "en").encode()
        html_cpu = time.process_time() - start
        steps = len(view.steps)
        print(
            f"seed {seed} ({players[0]} vs {players[1]}): {steps} steps, {len(page):,} B "
            f"({len(page) / steps:,.0f} B a step), gzip {len(gzip.compress(page, 9)):,} B; "
            f"view {view_cpu * 1000:.0f} ms, HTML {html_cpu * 1000:.0f} ms CPU"
        )


if __name__ == "__main__":
    main()
