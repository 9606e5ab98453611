"""selaffesto: validate throughput on self-play games next to a bare tokenizer pass, and
the cost of a board page against its Markdown twin.

    python benchmarks/selaffesto.py [--games 40] [--runs 3] [--pages 3]

Self-play games (seeded: half random vs random, half greedy vs random) are generated
first, then timed in one process, best of ``--runs`` (CPU time; wall time next to it):

* ``tokenize``: one regex pass over the same move lines (player, cells, cards, tokens),
  the least any reader must do (the baseline);
* ``validate``: what ``kifuwiki validate`` does per record: split the file, parse, replay
  under the rule set, collect diagnostics (``GAME.load``);
* ``page``: the record page (view with the move generator's analysis + templates) for
  ``--pages`` games, against ``markdown``: the same record as a Markdown document (one
  list item per move, with the same labels) through Python-Markdown.
"""

from __future__ import annotations

import argparse
import re
import tempfile
from pathlib import Path

import markdown

from _cardgames import best_of
from kifuwiki.core.recordfile import split_record_file
from kifuwiki.games.selaffesto import GAME
from kifuwiki.games.selaffesto.selfplay import self_play_record
from kifuwiki.render.environment import make_environment
from kifuwiki.render.record import render_record_page

TOKEN = re.compile(r"[^:\s]+:|\([^)]*\)|\{[^}]*\}|\[[a-z]+\]|[+*x]?[a-m]?[0-9-]+(?:@[WB])?|\S+")
TEMPLATES = Path(__file__).resolve().parents[1] / "plugins/kifuwiki/games/selaffesto/templates"


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--pages", type=int, default=3)
    args = parser.parse_args()

    texts = [
        self_play_record(seed, ("random", "random") if seed % 2 else ("greedy", "random"))
        for seed in range(args.games)
    ]
    moves = sum(len(GAME.load(split_record_file(t)[0]).data.record.moves) for t in texts)

    def tokenize_all() -> int:
        return sum(len(TOKEN.findall(line)) for t in texts for line in t.splitlines())

    def validate_all() -> int:
        return sum(GAME.load(split_record_file(t, "bench.kifu")[0]).errors for t in texts)

    tok_cpu, tok_wall, _ = best_of(args.runs, tokenize_all)
    val_cpu, val_wall, errors = best_of(args.runs, validate_all)
    print(f"{args.games} self-play games, {moves} move lines, {errors} errors")
    print(f"tokenize  {moves / tok_cpu:>10,.0f} moves/s CPU ({moves / tok_wall:,.0f} wall)")
    print(f"validate  {moves / val_cpu:>10,.0f} moves/s CPU ({moves / val_wall:,.0f} wall)")
    print(f"ratio     {val_cpu / tok_cpu:>10.1f}x the tokenizer")

    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / "selaffesto").symlink_to(TEMPLATES, target_is_directory=True)
        env = make_environment(Path(folder))
        records = [GAME.load(split_record_file(t, "bench.kifu")[0]) for t in texts[: args.pages]]
        twins = [
            "\n".join(f"- {s.label} `{s.notation}`" for s in GAME.view(record).steps)
            for record in records
        ]

        def pages() -> int:
            return sum(len(render_record_page(GAME.view(r), env, "en")) for r in records)

        def markdown_twins() -> int:
            return sum(len(markdown.markdown(text)) for text in twins)

        page_cpu, _, size = best_of(args.runs, pages)
        md_cpu, _, md_size = best_of(args.runs, markdown_twins)
    print(
        f"page      {page_cpu / len(records) * 1000:>10.1f} ms per record page, "
        f"{size / len(records) / 1024:,.0f} KiB"
    )
    print(
        f"markdown  {md_cpu / len(records) * 1000:>10.1f} ms per Markdown twin, "
        f"{md_size / len(records) / 1024:,.0f} KiB"
    )
    print(f"ratio     {page_cpu / md_cpu:>10.1f}x the Markdown twin")


if __name__ == "__main__":
    main()
