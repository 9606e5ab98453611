"""Self-play games written in the notation validate with zero diagnostics, and round-trip."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.selaffesto.helpers import replay_of

from kifuwiki.core.diagnostics import DiagnosticBag
from kifuwiki.core.recordfile import split_record_file
from kifuwiki.games.selaffesto import GAME
from kifuwiki.games.selaffesto.analysis import best, best_available, legal_placements
from kifuwiki.games.selaffesto.rules import PRESETS, resolve_rules
from kifuwiki.games.selaffesto.selfplay import self_play_record


def _check(text: str, stuck_ok: bool = False) -> int:
    """Zero diagnostics, a finished game and a byte-identical round trip; ``stuck_ok``: the
    game may stop at two passes of a player left without a placement (``ending: all``)."""
    record = GAME.load(split_record_file(text, "selfplay.kifu")[0])
    assert record.diagnostics == [], [d.format_text() for d in record.diagnostics][:5]
    last_two = text.splitlines()[-2:]
    stuck = stuck_ok and all(line[2:].startswith("pass") for line in last_two)
    assert replay_of(record).complete or stuck
    assert GAME.format(record) == "\n".join(text.split("---\n", 2)[2].splitlines()) + "\n"
    return record.moves


def test_thousands_of_random_moves_validate() -> None:
    moves = sum(_check(self_play_record(seed)) for seed in range(20))
    assert moves > 2_000


@pytest.mark.parametrize("preset", ["original", "strict"])
def test_greedy_and_mixed_games_validate_under_both_presets(preset: str) -> None:
    rules = PRESETS[preset]
    for seed, strengths in enumerate([("greedy", "greedy"), ("random", "greedy")]):
        _check(self_play_record(seed, strengths, rules))


def test_short_decks_reach_the_final_action_with_blow_offs_and_chains() -> None:
    """Small decks and big first hands: blow-offs, full hands and LC chains come up often."""
    bag = DiagnosticBag()
    rules = resolve_rules({"preset": "original", "deck_size": 20, "first_hand": 11}, bag)
    seen: set[str] = set()
    for seed in range(20):
        text = self_play_record(seed, ("greedy", "random"), rules)
        _check(text)
        seen.update(token for token in ("@", "*", "[jump] x") if token in text)
        seen.update("chain" for line in text.splitlines() if line.count(">") >= 2)
    assert {"@", "[jump] x", "chain"} <= seen


def test_greedy_beats_random_and_the_same_seed_gives_the_same_game() -> None:
    assert self_play_record(7, ("greedy", "random")) == self_play_record(7, ("greedy", "random"))
    wins = 0
    for seed in range(3):
        record = GAME.load(split_record_file(self_play_record(seed, ("greedy", "random")))[0])
        wins += record.winner == record.players[0]
    assert wins == 3


def test_move_generator_lists_every_placement_and_the_best() -> None:
    record = GAME.load(split_record_file(self_play_record(3))[0])
    step = replay_of(record).steps[6]
    at_play = replay_of(record).at_play(6)
    assert at_play is not None and step.move is not None
    options = legal_placements(at_play, PRESETS["original"], step.move.player)
    assert options
    top = best(options)
    assert top is not None and all(top.gain >= o.gain for o in options)
    played = step.placements[0]
    assert any(o.cell == played.cell and o.card == played.card for o in options)


@pytest.mark.parametrize(("seed", "stride", "least"), [(5, 7, 10), (3, 2, 40)])
def test_best_available_is_the_best_of_all_placements(seed: int, stride: int, least: int) -> None:
    """The pruned scan the page uses picks what the full list of placements picks."""
    record = GAME.load(split_record_file(self_play_record(seed, ("greedy", "random")))[0])
    replay = replay_of(record)
    rules = PRESETS["original"]
    checked = 0
    for step in replay.steps[::stride]:
        at_play = replay.at_play(step.index)
        if at_play is None or step.move is None:
            continue
        options = legal_placements(at_play, rules, step.move.player)
        assert best_available(at_play, rules, step.move.player) == (best(options), len(options))
        checked += 1
    assert checked > least


@pytest.mark.parametrize("full_hand", ["fail", "jump"])
def test_best_available_breaks_ties_and_skips_bonuses_as_the_full_list(full_hand: str) -> None:
    """The scan visits the best-bounded cells first and drops the 4xFW bonus where no
    opponent can pay it (a hand past the limit): still the first of the best in cell and
    card order, as the full list gives, in positions with ties and with full hands."""
    spec = {
        "preset": "original",
        "full_hand": full_hand,
        "hand_limit": 11,
        "first_hand": 11,
        "deck_size": 24,
    }
    rules = resolve_rules(spec, DiagnosticBag())
    ties = full = checked = 0
    for seed in range(4):
        record = GAME.load(
            split_record_file(self_play_record(seed, ("greedy", "random"), rules))[0]
        )
        replay = replay_of(record)
        for step in replay.steps[::2]:
            at_play = replay.at_play(step.index)
            if at_play is None or step.move is None:
                continue
            options = legal_placements(at_play, replay.rules, step.move.player)
            top = best(options)
            assert best_available(at_play, replay.rules, step.move.player) == (top, len(options))
            checked += 1
            ties += top is not None and sum(o.gain == top.gain for o in options) > 1
            other = "B" if step.move.player == "W" else "W"
            full += at_play.hand_size(other) > replay.rules.hand_limit - 2
    assert checked > 40 and ties > 5 and full > 5, (checked, ties, full)


@settings(max_examples=12, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    preset=st.sampled_from(["original", "strict"]),
    relc=st.sampled_from(["forced", "optional"]),
    full_hand=st.sampled_from(["fail", "jump"]),
    final_round=st.sampled_from(["points", "tenths"]),
    relc_nh=st.sampled_from(["standing", "lifted"]),
    final_timing=st.sampled_from(["after", "before"]),
    passing=st.sampled_from(["stuck", "free"]),
    ending=st.sampled_from(["first", "all"]),
    first=st.sampled_from(["W", "B"]),
    white=st.sampled_from(["random", "greedy"]),
)
def test_every_rule_combination_self_plays_legally(
    seed: int,
    preset: str,
    relc: str,
    full_hand: str,
    final_round: str,
    relc_nh: str,
    final_timing: str,
    passing: str,
    ending: str,
    first: str,
    white: str,
) -> None:
    """Short decks and big hands under any options: blow-offs, full hands, kept LCs,
    passes by choice, games that go on after the first final action."""
    spec = {
        "preset": preset,
        "relc": relc,
        "full_hand": full_hand,
        "final_round": final_round,
        "relc_nh": relc_nh,
        "final_timing": final_timing,
        "passing": passing,
        "ending": ending,
        "first": first,
        "deck_size": 16,
        "first_hand": 11,
    }
    rules = resolve_rules(spec, DiagnosticBag())
    _check(self_play_record(seed, (white, "random"), rules), stuck_ok=ending == "all")


def test_optional_re_plays_are_sometimes_declined_and_validate() -> None:
    rules = resolve_rules({"preset": "strict", "deck_size": 16, "first_hand": 11}, DiagnosticBag())
    kept = 0
    for seed in range(6):
        text = self_play_record(seed, ("random", "random"), rules)
        _check(text)
        kept += sum(
            1
            for line in text.splitlines()
            if re.search(r"\[jump\] x[a-m][0-9]+(?![0-9>])", line) and "@" not in line
        )
    assert kept >= 2
