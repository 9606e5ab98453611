"""Properties of the comparison rules over random sets of cards: a play that may follow
another is never beaten back by it, the rocket tops everything, a bomb beats every other
kind, and what a follow is read as always beats the table."""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from kifuwiki.games.doudizhu.combos import Combo, Kind, follow_reading, lead_reading, readings
from kifuwiki.games.doudizhu.ranks import BIG_JOKER, RANKS, SMALL_JOKER, Counts
from kifuwiki.games.doudizhu.rules import PRESETS


@st.composite
def plays(draw: st.DrawFn) -> Counts:
    """A set of cards one deck can hold (four of a rank, one of each joker)."""
    ranks = draw(st.lists(st.integers(0, RANKS - 1), min_size=1, max_size=14))
    counts = [0] * RANKS
    for rank in ranks:
        limit = 1 if rank in (SMALL_JOKER, BIG_JOKER) else 4
        counts[rank] = min(counts[rank] + 1, limit)
    return tuple(counts)


def _read(counts: Counts, preset: str) -> list[Combo]:
    return readings(counts, PRESETS[preset])


ROCKET: Counts = (0,) * SMALL_JOKER + (1, 1)
BOMB_OF_THREES: Counts = (4,) + (0,) * (RANKS - 1)
SINGLE_TWO: Counts = (0,) * 12 + (1, 0, 0)


@settings(max_examples=400, deadline=None)
@given(plays(), plays(), st.sampled_from(sorted(PRESETS)))
@example(ROCKET, BOMB_OF_THREES, "classic")
@example(BOMB_OF_THREES, ROCKET, "classic")
@example(ROCKET, ROCKET, "classic")
@example(SINGLE_TWO, BOMB_OF_THREES, "classic")
def test_a_play_that_beats_another_is_never_beaten_back_by_it(
    first: Counts, second: Counts, preset: str
) -> None:
    for a in _read(first, preset):
        if a.kind is not Kind.ROCKET:  # one deck holds one rocket: it never meets another
            assert not a.beats(a)
        for b in _read(second, preset):
            if a.kind is Kind.ROCKET and b.kind is Kind.ROCKET:
                continue
            assert not (a.beats(b) and b.beats(a)), (a, b)
            if b.kind is Kind.ROCKET:
                assert b.beats(a) or a.kind is Kind.ROCKET
            elif b.kind is Kind.BOMB and a.kind not in (Kind.BOMB, Kind.ROCKET):
                assert b.beats(a)
            elif a.kind is b.kind and a.size == b.size and a.main != b.main:
                assert a.beats(b) != b.beats(a)  # same shape: the higher main rank wins


@settings(max_examples=400, deadline=None)
@given(plays(), plays(), st.sampled_from(sorted(PRESETS)))
def test_what_a_follow_is_read_as_beats_the_table(
    table_cards: Counts, play_cards: Counts, preset: str
) -> None:
    table_readings = _read(table_cards, preset)
    if not table_readings:
        return
    table = lead_reading(table_readings)
    chosen = follow_reading(_read(play_cards, preset), table)
    if chosen is not None:
        assert chosen.beats(table)
        assert sum(chosen.main_counts) <= sum(play_cards)
        assert all(m <= c for m, c in zip(chosen.main_counts, play_cards, strict=True))
