"""448 real tournament games (金剛戦 第1期) against the engine and a peer's independent parse.

``expected.jsonl`` is the primeqk_database's own parse of the same games: a peer, not an
oracle. Where the engine reads a game differently, a test below says so and why.
"""

from __future__ import annotations

import json
from functools import cache
from itertools import pairwise
from typing import Any

import pytest
from tests.prime_daifugo.shared_data import corpus_dir

from kifuwiki.archive import load_file
from kifuwiki.core.diagnostics import Severity
from kifuwiki.games.base import GameRecord
from kifuwiki.games.prime_daifugo import LoadedGame
from kifuwiki.games.prime_daifugo.numbers import joker_value

CORPUS = corpus_dir()

pytestmark = pytest.mark.skipif(not CORPUS.is_dir(), reason="the shared corpus is not here")

#: Games whose last line is ``#`` although the player still holds cards: the game was
#: stopped and adjudicated (tournaments play 15-minute games), the record marks the
#: declared winner. The engine warns (PD162) instead of calling it going out.
ADJUDICATED = {"kongo1-m011-g23.kifu": 25, "kongo1-m014-g07.kifu": 26}


@cache
def expected() -> dict[str, dict[str, Any]]:
    with (CORPUS / "expected.jsonl").open(encoding="utf-8") as lines:
        return {game["file"]: game for game in map(json.loads, lines)}


@cache
def corpus() -> dict[str, GameRecord]:
    records: dict[str, GameRecord] = {}
    for path in sorted(CORPUS.glob("*.kifu")):
        (record,) = load_file(path)
        records[path.name] = record
    return records


def loaded(record: GameRecord) -> LoadedGame:
    assert isinstance(record.data, LoadedGame)
    return record.data


def test_the_whole_corpus_is_there() -> None:
    assert len(corpus()) == len(expected()) == 448


def test_every_game_validates_without_errors() -> None:
    failing = {
        name: [d.format_text() for d in record.diagnostics if d.severity is Severity.ERROR]
        for name, record in corpus().items()
        if record.errors
    }
    assert failing == {}


def test_warnings_are_only_the_adjudicated_ends() -> None:
    warned = {
        name: [d.code for d in record.diagnostics if d.severity is Severity.WARNING]
        for name, record in corpus().items()
        if record.warnings
    }
    assert warned == {name: ["PD162"] for name in ADJUDICATED}


def test_winner_and_first_player_agree_with_the_peer() -> None:
    for name, record in corpus().items():
        peer = expected()[name]
        assert (name, record.winner) == (name, peer["winner"])
        assert (name, record.first_player) == (name, peer["first_player"])
        assert record.ranking[0] == peer["winner"]
        assert record.moves == len(peer["moves"])


def test_per_move_counts_and_details_agree_with_the_peer() -> None:
    moves = 0
    for name, record in corpus().items():
        steps = loaded(record).replay.steps[1:]
        peer_moves = expected()[name]["moves"]
        assert len(steps) == len(peer_moves), name
        for step, peer in zip(steps, peer_moves, strict=True):
            where = (name, peer["raw"])
            assert (where, step.play_count) == (where, peer["play_count"])
            assert (where, step.consumed) == (where, peer["consumed_count"])
            assert (where, step.drawn) == (where, peer["draw"] or "")
            assert (where, step.penalty_drawn) == (where, peer["penalty"] or "")
            assert (where, step.joker_values) == (
                where,
                tuple(joker_value(v) for v in peer["joker_values"]),
            )
            kinds = step.kinds
            if peer["raw"].endswith("%%"):  # the peer's time-out kind: see the test below
                assert (where, step.kind) == (where, "timeout")
                continue_checks = False
            else:
                assert (where, "pass" in kinds) == (where, peer["action_kind"] == "pass")
                continue_checks = True
            if continue_checks:
                assert (where, "composite" in kinds) == (
                    where,
                    peer["action_kind"] == "composite",
                )
            # The peer copies the tags as written; the engine infers them from the play.
            # They agree on every move, penalised ones included (a tag is never written
            # on a penalised play in this corpus).
            assert (where, sorted(kinds & {"GC", "RR", "IN"})) == (
                where,
                sorted(peer["judgments"]),
            )
            moves += 1
    assert moves == sum(len(game["moves"]) for game in expected().values())


@pytest.mark.parametrize(("name", "cards_left"), sorted(ADJUDICATED.items()))
def test_the_peer_calls_an_adjudicated_end_going_out(name: str, cards_left: int) -> None:
    """Where we disagree with the peer: it marks the last move ``winner: true`` as if it
    went out. That move cannot empty the hand (one is even a penalised play, after which
    the cards come back), so the engine reads ``#`` as the record's declared winner of a
    game stopped by the clock: same winner, but no "goes out" step and a PD162 warning."""
    record = corpus()[name]
    last = loaded(record).replay.steps[-1]
    assert expected()[name]["moves"][-1]["winner"] is True
    assert last.state.hands[last.seat or 0].size == cards_left
    assert [d.code for d in record.diagnostics if d.severity is Severity.WARNING] == ["PD162"]
    assert record.winner == expected()[name]["winner"]


def test_the_peer_calls_a_time_out_a_play() -> None:
    """Where we disagree with the peer: ``%%`` is a pass forced by the clock (the online
    server and Mathpower杯 records write a time-out so), yet the peer gives it the action
    kind ``prime-or-special``. It agrees that no card was played (play_count 0), so
    this is a labelling slip; the engine calls these steps ``timeout``."""
    timeouts = 0
    for name, record in corpus().items():
        steps = loaded(record).replay.steps[1:]
        for step, peer in zip(steps, expected()[name]["moves"], strict=True):
            if peer["raw"].endswith("%%"):
                assert peer["action_kind"] == "prime-or-special"
                assert peer["play_count"] == 0
                assert step.kind == "timeout" and step.play_count == 0
                timeouts += 1
    assert timeouts == 23


def test_flush_order_predicts_every_draw_from_the_known_bottom() -> None:
    """Flushed cards go to the deck's bottom in play order; once the unknown part of the
    deck is used up, every draw and penalty card must be the next known card. A wrong
    model would produce PD128 warnings on the long games; there are none."""
    from_bottom = 0
    for record in corpus().values():
        steps = loaded(record).replay.steps
        for before, step in pairwise(steps):
            known = max(0, len(step.drawn + step.penalty_drawn) - before.state.deck_unknown)
            from_bottom += min(known, len(before.state.bottom))
    assert from_bottom > 1000
    assert not any(d.code == "PD128" for record in corpus().values() for d in record.diagnostics)


def test_initial_hands_agree_with_the_peer() -> None:
    for name, record in corpus().items():
        game = loaded(record)
        hands = {
            key: "".join(card.rank for card in hand.cards or ())
            for key, hand in game.parsed.initial_hands.items()
        }
        assert hands == expected()[name]["initial_hands"], name
