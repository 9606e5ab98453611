"""A ポンジャン hand heading with a typo is one error: the hand's dealer not read (``第2局 親
Q``) is the seat the deal passes to (the first seat to act in the first hand). It was the
winner, so every win was paid as a dealer's (PJ111, ×1.5) and the next dealer went
unchecked."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.cardgames import errors_and_warnings

from kifuwiki.core.recordfile import split_record_file
from kifuwiki.games.base import GameRecord
from kifuwiki.games.ponjan import GAME, PonjanData

RECORD = Path(__file__).resolve().parents[2] / "records" / "ponjan" / "practice-2026-11-03.kifu"


def _load(*changes: tuple[str, str]) -> GameRecord:
    text = RECORD.read_text(encoding="utf-8")
    for old, new in changes:
        assert f"\n{old}\n" in text
        text = text.replace(f"\n{old}\n", f"\n{new}\n", 1)
    (source,) = split_record_file(text, "x.kifu")
    return GAME.load(source)


def _data(record: GameRecord) -> PonjanData:
    assert isinstance(record.data, PonjanData)
    return record.data


@pytest.mark.parametrize(
    ("old", "new"),
    [("第1局 親 A", "第1局 親 Ａ"), ("第2局 親 B", "第2局 親 Q"), ("第3局 親 C", "第3局 親 c")],
)
def test_a_dealer_not_read_is_one_error(old: str, new: str) -> None:
    record, plain = _load((old, new)), _load()
    assert errors_and_warnings(plain) == []
    assert errors_and_warnings(record) == ["PJ002"]
    assert [h.dealer for h in _data(record).replay.hands] == ["A", "B", "C", "A"]
    assert _data(record).replay.history == _data(plain).replay.history
    assert GAME.format(record) == GAME.format(plain).replace(f"\n{old}\n", f"\n{new}\n", 1)


def test_the_dealer_after_a_dealer_not_read_is_still_checked() -> None:
    """Hand 3 dealt by A, not C: the same errors as with hand 2's dealer read, and PJ002."""
    wrong = _load(("第3局 親 C", "第3局 親 A"))
    assert "PJ114" in errors_and_warnings(wrong)
    record = _load(("第2局 親 B", "第2局 親 Q"), ("第3局 親 C", "第3局 親 A"))
    assert errors_and_warnings(record) == ["PJ002", *errors_and_warnings(wrong)]
