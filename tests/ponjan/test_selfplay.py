"""Thousands of generated hands validate with zero diagnostics (both presets, 2–4 seats)."""

from __future__ import annotations

from kifuwiki.core.recordfile import split_record_file
from kifuwiki.games.ponjan import GAME, PonjanData
from kifuwiki.games.ponjan.rules import HOUSE, SEED
from kifuwiki.games.ponjan.selfplay import session_text


def test_two_thousand_generated_hands_have_no_diagnostics() -> None:
    hands = 0
    results = {"ron": 0, "tsumo": 0}
    for seed in range(250):
        rules = SEED if seed % 2 else HOUSE
        text = session_text(seed, hands=8, players=2 + seed % 3, rules=rules)
        record = GAME.load(split_record_file(text, f"gen-{seed}.kifu")[0])
        assert record.diagnostics == [], (seed, [d.format_text() for d in record.diagnostics])
        assert isinstance(record.data, PonjanData)
        replay = record.data.replay
        assert sum(replay.chips.values()) == 100 * len(replay.chips)
        for hand in replay.hands:
            results[hand.ended or "none"] = results.get(hand.ended or "none", 0) + 1
        hands += len(replay.hands)
    assert hands == 2000
    assert results["ron"] > 100 and results["tsumo"] > 100  # both kinds of win are exercised


def test_self_play_is_deterministic_per_seed() -> None:
    assert session_text(7) == session_text(7)
    assert session_text(7) != session_text(8)


def test_a_small_tile_set_exhausts_the_wall_and_still_validates() -> None:
    from kifuwiki.games.ponjan.model import TileSet

    small = TileSet(copies={**{str(n): 6 for n in range(1, 7)}, "W": 2}, wild=frozenset({"W"}))
    front = "tiles: {kinds: 1-6, copies: 6, wild: {W: 2}}\n"
    exhausted = 0
    for seed in range(60):
        text = session_text(seed, hands=4, players=3, tile_set=small)
        text = text.replace("chips: 100\n", "chips: 100\n" + front)
        record = GAME.load(split_record_file(text, "x.kifu")[0])
        assert record.diagnostics == [], (seed, [d.format_text() for d in record.diagnostics])
        assert isinstance(record.data, PonjanData)
        exhausted += sum(h.ended == "exhausted" for h in record.data.replay.hands)
    assert exhausted > 0
