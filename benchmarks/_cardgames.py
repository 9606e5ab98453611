"""What the card-game benchmarks share: timing (best of N runs), a clean validate pass,
and the throughput report against a tokenizer baseline measured in the same run.

Imported by the game benchmarks as ``from _cardgames import …`` (they run as scripts from
this folder, like ``_sites``).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from kifuwiki.core.recordfile import split_record_file
from kifuwiki.games.base import GameModule


def best_cpu(runs: int, func: Callable[[], int]) -> tuple[float, int]:
    """The least CPU time of ``runs`` calls of ``func``, and what the last call returned."""
    best, result = float("inf"), 0
    for _ in range(runs):
        start = time.process_time()
        result = func()
        best = min(best, time.process_time() - start)
    return best, result


def best_of(runs: int, func: Callable[[], int]) -> tuple[float, float, int]:
    """The least CPU and the least wall time of ``runs`` calls, and the last result."""
    best_cpu = best_wall = float("inf")
    result = 0
    for _ in range(runs):
        wall, cpu = time.perf_counter(), time.process_time()
        result = func()
        best_cpu = min(best_cpu, time.process_time() - cpu)
        best_wall = min(best_wall, time.perf_counter() - wall)
    return best_cpu, best_wall, result


def validate_clean(game: GameModule, texts: Sequence[str]) -> int:
    """Load every game of every text as ``kifuwiki validate`` does; self-play records
    must come out clean. The number of moves read."""
    moves = 0
    for text in texts:
        for source in split_record_file(text, "bench.kifu"):
            rec = game.load(source)
            assert not rec.diagnostics, rec.diagnostics[:3]
            moves += rec.moves
    return moves


def compare_with_tokenizer(
    texts: Sequence[str], game: GameModule, tokenize: Callable[[], int], runs: int, unit: str
) -> None:
    """Time ``tokenize`` (the baseline: a regex pass over the same text) and a clean
    validate, then print ``unit``/s for both and their ratio."""
    token_time, cards = best_cpu(runs, tokenize)
    validate_time, moves = best_cpu(runs, lambda: validate_clean(game, texts))
    print(f"{len(texts)} games, {moves} {unit}, {cards} cards written")
    print(f"tokenize: {moves / token_time:12,.0f} {unit}/s ({token_time:.3f} s CPU)")
    print(f"validate: {moves / validate_time:12,.0f} {unit}/s ({validate_time:.3f} s CPU)")
    print(f"ratio validate / tokenize: {validate_time / token_time:.1f}x")
