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
from kifuwiki.render.environment import make_environment
from kifuwiki.render.record import render_record_page

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


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("第2局 親 B", "第2曲 親 B"),
        ("第2局 親 B", "第２局 親 B"),
        ("第2局 親 B", "第2局 B"),
        ("第2局 親 B", "hand 2 dealr B"),
        ("第1局 親 A", "第1曲 親 A"),
    ],
)
def test_a_heading_with_a_typo_is_one_error_and_the_hand_is_read(old: str, new: str) -> None:
    """The line was a seat's action (``'第2曲' is not a seat``), the hand's starting hands
    came "after its first action" (PJ008) and every line of it "after the hand ended"
    (PJ115): 18 errors; the first hand's, "write the hand heading first" (PJ005) on every
    line up to the next heading: 17. Now PJ001 says how the line was read."""
    record, plain = _load((old, new)), _load()
    assert errors_and_warnings(record) == ["PJ001"]
    (error,) = record.diagnostics
    number, dealer = old[1], old[-1]
    assert f"read as hand {number}, dealt by {dealer}" in error.message
    assert f"第{number}局 (親 {dealer}) の見出しとして読みます" in error.message_ja
    assert record.moves == plain.moves
    assert _data(record).replay.history == _data(plain).replay.history
    assert [h.dealer for h in _data(record).replay.hands] == ["A", "B", "C", "A"]
    # fmt keeps the line as written, and reads back the same
    written = GAME.format(record)
    assert written == GAME.format(plain).replace(f"{old}\n", f"{new}\n", 1)
    front = RECORD.read_text(encoding="utf-8").split("---\n", 2)[1]
    (again,) = split_record_file(f"---\n{front}---\n{written}", "x.kifu")
    assert GAME.format(GAME.load(again)) == written
    for lang in ("ja", "en"):
        html = render_record_page(GAME.view(record), make_environment(), lang)
        assert new in html and "PJ001" in html


def test_a_line_not_ending_with_a_seat_is_not_read_as_a_heading() -> None:
    """``第2局の前に休憩`` names no dealer: a line not read inside hand 2, not a heading."""
    record = _load(("B 引 4", "第2局の前に休憩"))
    assert errors_and_warnings(record)[0] == "PJ001"
    assert "read as hand" not in record.diagnostics[0].message
    assert len(_data(record).record.hands) == 4
