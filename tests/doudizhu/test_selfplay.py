"""Thousands of generated games replay with no diagnostic; the generator and the reader agree."""

from __future__ import annotations

import random

from kifuwiki.core.recordfile import split_record_file
from kifuwiki.games.doudizhu import GAME, DdzData
from kifuwiki.games.doudizhu.combos import readings
from kifuwiki.games.doudizhu.moves import all_plays, plays_beating
from kifuwiki.games.doudizhu.ranks import RANKS
from kifuwiki.games.doudizhu.rules import PRESETS
from kifuwiki.games.doudizhu.selfplay import generate


def test_two_thousand_generated_games_have_no_diagnostics() -> None:
    landlord_wins = 0
    for seed in range(2_000):
        strength = "random" if seed % 2 else "greedy"
        game = generate(seed, strength, suits=seed % 4 == 0)
        rec = GAME.load(split_record_file(game.text(), f"gen-{seed}.kifu")[0])
        assert rec.diagnostics == [], (seed, [d.format_text() for d in rec.diagnostics])
        assert isinstance(rec.data, DdzData)
        outcome = rec.data.replay.outcome
        assert outcome.winner == game.winner and outcome.landlord == game.landlord
        assert sum(outcome.score.values()) == 0
        landlord_wins += bool(outcome.landlord_won)
    assert 200 < landlord_wins < 1_800  # both sides win some games


def test_douzero_rules_games_validate_under_those_rules() -> None:
    options = PRESETS["douzero"]
    for seed in range(150):
        game = generate(seed, "random", options=options)
        text = game.text().replace("game: doudizhu\n", "game: doudizhu\nrules: douzero\n")
        rec = GAME.load(split_record_file(text)[0])
        assert rec.diagnostics == [], seed


def _random_hand(rng: random.Random) -> tuple[int, ...]:
    deck = [r for r in range(RANKS) for _ in range(4 if r < 13 else 1)]
    counts = [0] * RANKS
    for rank in rng.sample(deck, 20):
        counts[rank] += 1
    return tuple(counts)


def test_every_generated_play_is_read_as_what_it_was_built_as() -> None:
    rng = random.Random(7)
    for options in (PRESETS["classic"], PRESETS["douzero"]):
        for _ in range(60):
            hand = _random_hand(rng)
            plays = all_plays(hand, options)
            assert plays
            assert len(set(plays)) == len(plays)  # each play once
            for combo, cards in plays:
                assert combo in readings(cards, options), (combo, cards)
                assert all(h >= c for h, c in zip(hand, cards, strict=True))


def test_plays_beating_agrees_with_filtering_all_plays() -> None:
    rng = random.Random(11)
    options = PRESETS["classic"]
    for _ in range(40):
        hand = _random_hand(rng)
        for table, _ in all_plays(_random_hand(rng), options)[::7]:
            fast = set(plays_beating(hand, table, options))
            slow = {p for p in all_plays(hand, options) if p[0].beats(table)}
            assert fast == slow


def test_generator_is_deterministic() -> None:
    assert generate(5).text() == generate(5).text()
    assert generate(5).text() != generate(6).text()
