"""What Prime Daifugo's view remembers between steps (``view.hand_text``,
``view.kind_of``) against what the engine computes each time (``HandState.cards`` and
``size``, ``Step.kind``), and the positions' player rows against the engine."""

from __future__ import annotations

import importlib.util
import itertools
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from kifuwiki.archive import load_source
from kifuwiki.core.recordfile import split_record_file
from kifuwiki.games.prime_daifugo import view as pd_view
from kifuwiki.games.prime_daifugo.state import CARD_ORDER, KIND_ORDER, HandState, Step
from kifuwiki.render.prerender import view_of

REPO = Path(__file__).resolve().parents[2]
GENERATOR = REPO / "benchmarks" / "gen_games.py"


@given(
    st.lists(st.integers(0, 9), min_size=len(CARD_ORDER), max_size=len(CARD_ORDER)),
    st.integers(0, 5),
)
def test_hand_text_is_the_hands_cards_and_size(counts: list[int], unknown: int) -> None:
    hand = HandState(tuple(counts), unknown)
    assert pd_view.hand_text(hand) == (hand.cards, hand.size)
    # Remembered: a second hand with the same counts and another unknown count.
    other = HandState(tuple(counts), unknown + 3)
    assert pd_view.hand_text(other) == (other.cards, other.size)


def test_hand_text_cache_is_bounded() -> None:
    # More distinct hands than the limit (each n its own counts, digit by digit), so
    # the cache must have been emptied on the way: without the bound it would hold them
    # all, and this test would fail.
    hands = pd_view._HAND_TEXT_LIMIT + 10
    pd_view._HAND_TEXT.clear()
    for n in range(hands):
        counts = tuple(int(digit) for digit in f"{n:0{len(CARD_ORDER)}d}")
        hand = HandState(counts, 0)
        assert pd_view.hand_text(hand) == (hand.cards, hand.size)
        assert len(pd_view._HAND_TEXT) <= pd_view._HAND_TEXT_LIMIT
    assert len(pd_view._HAND_TEXT) < hands


def test_kind_of_every_set_of_kinds_is_the_steps_kind() -> None:
    names = (*KIND_ORDER, "other")
    for size in range(4):
        for kinds in itertools.combinations(names, size):
            step = Step(0, None, None, frozenset(kinds), None)  # type: ignore[arg-type]
            assert pd_view.kind_of(frozenset(kinds)) == step.kind


def _generated(n: int) -> list[tuple[str, str]]:
    spec = importlib.util.spec_from_file_location("gen_games", GENERATOR)
    assert spec is not None and spec.loader is not None
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    return [(f"generated-{i}", gen.record_text(i, 7)) for i in range(1, n + 1)]


def test_every_position_matches_the_engine() -> None:
    seen = 0
    for name, text in _generated(30):
        for source in split_record_file(text, name):
            view = view_of(load_source(source))
            replay = view.record.data.replay
            for step_view, step in zip(view.steps, replay.steps, strict=True):
                state, engine = step_view.state, step.state
                out = list(engine.out)
                assert step_view.kind == step.kind == state["kind"]
                assert [p["cards"] for p in state["players"]] == [h.cards for h in engine.hands]
                assert [p["count"] for p in state["players"]] == [h.size for h in engine.hands]
                assert [p["rank"] for p in state["players"]] == [
                    out.index(seat) + 1 if seat in out else None
                    for seat in range(len(engine.hands))
                ]
                seen += 1
    assert seen > 500
