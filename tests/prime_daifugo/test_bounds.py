"""Numbers without bounds (issue 17, item 11): every rule option has a documented range,
and numbers in a record are bounded before anything is computed from them."""

from __future__ import annotations

import pytest

from kifuwiki.archive import load_text
from kifuwiki.core.diagnostics import DiagnosticBag
from kifuwiki.games.prime_daifugo.rules import OPTION_RANGES, STANDARD, resolve_rules

HUGE = "1" + "0" * 5000  # past Python's 4,300-digit limit for reading an int


@pytest.mark.parametrize(
    ("spec", "option"),
    [
        ({"hand_size": 100_000_000}, "hand_size"),
        ({"deck_size": -5}, "deck_size"),
        ({"deck_size": 0}, "deck_size"),
        ({"max_draws_per_turn": 10**9}, "max_draws_per_turn"),
        ({"joker_max": 99}, "joker_max"),
        ({"deck_size": 10**6000}, "deck_size"),
    ],
)
def test_an_option_outside_its_range_is_ignored_with_a_warning(
    spec: dict[str, object], option: str
) -> None:
    bag = DiagnosticBag()
    rules = resolve_rules(spec, bag)
    assert getattr(rules, option) == getattr(STANDARD, option)
    (warning,) = bag.items
    low, high = OPTION_RANGES[option]
    assert warning.code == "PD102" and f"from {low} to {high}" in warning.message
    assert len(warning.message) < 200 and warning.message_ja


def test_the_largest_options_still_replay_quickly() -> None:
    text = "---\nrules: {hand_size: 1000, deck_size: 1000}\n---\na:2,P\nb:5\n"
    (record,) = load_text(text, "x.kifu")
    assert record.moves == 2


@pytest.mark.parametrize(
    "move",
    [f"2,P({HUGE})", f"2,P{HUGE}", "2,P(100000000)", "4=2^67096", "KQ=2^" + "K" * 300],
)
def test_huge_numbers_in_a_move_are_diagnostics_not_tracebacks(move: str) -> None:
    (record,) = load_text(f"a:(2)\nb:(5)\na:{move}\n", "x.kifu")
    assert record.diagnostics  # each says what is wrong; none is a traceback or a hang


def test_a_huge_penalty_count_is_not_read_and_a_large_one_not_drawn() -> None:
    (record,) = load_text("a:(2)\nb:(5)\na:2,P(100000000)\n", "x.kifu")
    assert "PD015" in [d.code for d in record.diagnostics]
    (record,) = load_text("a:(2)\nb:(5)\na:2,P(9999)\n", "x.kifu")
    assert "PD140" in [d.code for d in record.diagnostics]
    assert record.data.replay.steps[-1].state.hands[0].size < 60  # type: ignore[union-attr]


@pytest.mark.parametrize("heading", [f"{HUGE}試合目", f"Game {HUGE}", f"第{HUGE}セット"])
def test_a_heading_with_a_huge_number_is_not_a_heading(heading: str) -> None:
    records = load_text(f"---\ngame: prime-daifugo\n---\n{heading}\na:2\n", "x.kifu")
    assert len(records) == 1
