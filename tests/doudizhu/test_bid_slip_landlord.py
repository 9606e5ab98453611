"""A 闘地主 bid with a mistyped seat or value can make the wrong seat the landlord
(``B:bid2`` for ``C:bid2``; ``C:bid1`` for ``C:bid2``, too low): every play after it was
out of turn or "not held" (eight errors, review18). After a bidding with such an error,
the first to play is taken as the landlord, with the bottom cards: one error and a note
(DZ204, at the bid; the score is not checked). A bidding without an error keeps its
landlord, and a first play by another seat is out of turn (DZ100)."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import pytest
from tests.cardgames import errors_and_warnings, with_line_replaced
from tests.doudizhu.helpers import HANDS, codes, data, errors, record

from kifuwiki.core.recordfile import split_record_file
from kifuwiki.games.doudizhu import GAME

RECORD = Path(__file__).resolve().parents[2] / "records" / "doudizhu" / "spring-example.kifu"

_with = partial(with_line_replaced, GAME, RECORD)


@pytest.mark.parametrize(
    ("written", "code"),
    [
        ("B:bid2", "DZ100"),  # the seat letter
        ("C:bid1", "DZ101"),  # the value: does not beat B's 1
    ],
)
def test_a_mistyped_winning_bid_is_one_error_and_a_note(written: str, code: str) -> None:
    rec, _ = _with("C:bid2", written)
    found = errors_and_warnings(rec)
    assert found == [code]  # not C's plays out of turn, nor the bottom cards "not held"
    (note,) = [d for d in rec.diagnostics if d.code == "DZ204"]
    assert note.line == 19 and note.severity.value == "info"
    assert "C is taken as the landlord" in note.message and "C を" in note.message_ja
    assert data(rec).replay.outcome.landlord == data(rec).replay.outcome.winner == "C"


def test_the_score_is_not_checked_then() -> None:
    text = RECORD.read_text(encoding="utf-8").replace("\nC:bid2\n", "\nB:bid2\n")
    text = text.replace("C +8", "C +9").replace("A -4", "A -5")
    (source,) = split_record_file(text, "x.kifu")
    assert "DZ113" not in codes(GAME.load(source))


def test_a_clean_bidding_keeps_its_landlord() -> None:
    rec = record(HANDS + "A:bid1\nB:bid2\nC:bid-\nA:3\n")
    assert errors(rec) == ["DZ100"] and "DZ204" not in codes(rec)
    assert data(rec).replay.outcome.landlord == "B"
