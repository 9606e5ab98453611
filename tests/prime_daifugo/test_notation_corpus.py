"""All 448 real games of the corpus parse without notation errors and agree with the
peer's independent parse (``expected.jsonl``) on everything the notation itself says."""

from __future__ import annotations

import json
from typing import Any

import pytest
from tests.prime_daifugo.shared_data import corpus_dir

from kifuwiki.core.diagnostics import Severity
from kifuwiki.core.recordfile import read_record_file
from kifuwiki.games.prime_daifugo.model import Action, Move, Special
from kifuwiki.games.prime_daifugo.notation import detect, parse_game

CORPUS = corpus_dir()
FILES = sorted(CORPUS.glob("*.kifu")) if CORPUS.is_dir() else []

pytestmark = pytest.mark.skipif(not FILES, reason="the shared corpus is not beside the repo")


def _expected() -> dict[str, dict[str, Any]]:
    result: dict[str, dict[str, Any]] = {}
    path = CORPUS / "expected.jsonl"
    if path.is_file():
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                entry = json.loads(line)
                result[entry["file"]] = entry
    return result


def _cards(cards: Any) -> str | None:
    return None if cards is None else "".join(str(card) for card in cards)


def _as_peer_sees_it(move: Move) -> dict[str, Any]:
    """The move in the peer's terms (see the peer's field names in expected.jsonl)."""
    play = len(move.number) if move.number is not None else 0
    factor_cards = sum(len(factor.cards) for factor in move.factors)
    if move.action is Action.PASS:
        kind = "pass"
    elif move.action is Action.TIMEOUT:
        kind = "timeout"
    elif move.action is Action.COMPOSITE:
        kind = "composite"
    elif move.tags == (Special.IN,):
        kind = "single-joker"
    else:
        kind = "prime-or-special"
    return {
        "player": move.player,
        "raw": move.raw,
        "action_kind": kind,
        "play_count": play,
        "consumed_count": play + factor_cards,
        "joker_values": list(move.joker_values),
        "judgments": sorted(tag.value for tag in move.tags),
        "penalty": _cards(move.penalty.cards) if move.penalty is not None else None,
        "draw": _cards(move.draw),
        "winner": move.out,
    }


def _peer_corrected(move: dict[str, Any]) -> dict[str, Any]:
    """The peer's move with its one known mistake corrected.

    The peer reads a time-out pass ``%%`` (素数大富豪オンライン's README; Mathpower杯
    records) as a "prime-or-special" play of no cards. It is a pass forced by the clock:
    nothing is played, so the counts agree; only the kind differs.
    """
    corrected = {**move, "judgments": sorted(move["judgments"])}
    if move["raw"].endswith("%%"):
        assert move["action_kind"] == "prime-or-special"
        assert move["play_count"] == move["consumed_count"] == 0
        corrected["action_kind"] = "timeout"
    return corrected


def test_the_peer_reads_time_outs_as_plays() -> None:
    timeouts = [
        move
        for entry in _expected().values()
        for move in entry["moves"]
        if move["raw"].endswith("%%")
    ]
    assert len(timeouts) == 23
    assert {move["action_kind"] for move in timeouts} == {"prime-or-special"}


def test_corpus_is_complete() -> None:
    assert len(FILES) == 448
    assert set(_expected()) == {path.name for path in FILES}


def test_every_corpus_game_parses_and_agrees_with_the_peer() -> None:
    expected = _expected()
    problems: list[str] = []
    moves = 0
    for path in FILES:
        sources = read_record_file(path)
        assert len(sources) == 1
        source = sources[0]
        assert detect(source), path.name
        game, diagnostics = parse_game(source, source.meta.get("players"))
        problems.extend(
            d.located(path.name).format_text()
            for d in diagnostics
            if d.severity is not Severity.INFO
        )
        peer = expected[path.name]
        hands = {key: _cards(hand.cards) for key, hand in game.initial_hands.items()}
        if hands != peer["initial_hands"]:
            problems.append(f"{path.name}: hands {hands} != {peer['initial_hands']}")
        if game.order[:1] != [peer["first_player"]]:
            problems.append(f"{path.name}: first player {game.order[:1]}")
        mine = [_as_peer_sees_it(move) for move in game.moves]
        peer_moves = [_peer_corrected(move) for move in peer["moves"]]
        if mine != peer_moves:
            diff = (
                next((a, b) for a, b in zip(mine, peer_moves, strict=False) if a != b)
                if len(mine) == len(peer_moves)
                else (len(mine), len(peer_moves))
            )
            problems.append(f"{path.name}: {diff}")
        winners = [move.player for move in game.moves if move.out]
        if winners[:1] != ([peer["winner"]] if peer["winner"] else []):
            problems.append(f"{path.name}: winner {winners[:1]} != {peer['winner']}")
        moves += len(game.moves)
    assert problems == []
    assert moves == sum(len(entry["moves"]) for entry in expected.values())


def test_fast_path_and_token_scanner_agree_on_every_corpus_move() -> None:
    """Standard lines are read by one regex; the general token scanner must read every
    such line the same way (it is what reads anything the regex does not fit)."""
    from kifuwiki.games.prime_daifugo.model import Dialect
    from kifuwiki.games.prime_daifugo.notation_moves import MoveScanner

    disagreements: list[str] = []
    for path in FILES:
        source = read_record_file(path)[0]
        game, _ = parse_game(source)
        for move in game.moves:
            scanned = MoveScanner(move.raw, move.column, Dialect.STANDARD).scan()
            fast = (
                move.action,
                move.draw,
                move.number,
                move.factors,
                move.joker_values,
                move.tags,
                move.penalty,
                move.out,
            )
            slow = (
                scanned.action,
                scanned.draw,
                scanned.number,
                scanned.factors,
                tuple(scanned.joker_values),
                tuple(scanned.tags),
                scanned.penalty,
                scanned.out,
            )
            if fast != slow or scanned.problems:
                disagreements.append(f"{path.name}:{move.line}: {move.raw}")
    assert disagreements == []
