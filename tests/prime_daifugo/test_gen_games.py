"""The benchmark generator writes games the engine accepts (it models the same deck)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

from kifuwiki import api

GENERATOR = Path(__file__).resolve().parents[2] / "benchmarks" / "gen_games.py"


@pytest.fixture(scope="module")
def gen_games() -> ModuleType:
    if not GENERATOR.is_file():
        pytest.skip(f"benchmarks/gen_games.py is not next to the tests ({GENERATOR})")
    spec = importlib.util.spec_from_file_location("gen_games", GENERATOR)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_flushed_cards_are_drawn_in_the_order_they_were_flushed(gen_games: ModuleType) -> None:
    deck = ["old-bottom", "top"]
    gen_games._to_bottom(deck, ["first", "second"])
    drawn = [deck.pop() for _ in range(len(deck))]
    assert drawn == ["top", "old-bottom", "first", "second"]


# Seed 1, games 49 and 643 draw flushed cards back late in a long game: with the
# flushed cards reversed the engine saw a fifth 9 / 7 (PD121) and many PD128 warnings.
@pytest.mark.parametrize("index", [49, 643, 696, 699])
def test_long_generated_games_validate_clean(gen_games: ModuleType, index: int) -> None:
    (record,) = api.loads(gen_games.record_text(index, 1), f"game-{index:05d}.kifu")
    assert [f"{d.code} {d.message}" for d in record.diagnostics] == []
