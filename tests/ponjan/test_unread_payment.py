"""A ポンジャン payment line with a typo (``精算 A-16 D+24 C-8``, ``清算 …``, ``B=24``) is one
error and a note (PJ205) that the chips moved as the rules say: the line may have been the
payment line, so "the hand ended without its payment line" (PJ201, a warning) is not said."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.cardgames import errors_and_warnings

from kifuwiki.core.recordfile import split_record_file
from kifuwiki.games.base import GameRecord
from kifuwiki.games.ponjan import GAME, PonjanData

RECORD = Path(__file__).resolve().parents[2] / "records" / "ponjan" / "practice-2026-11-03.kifu"


def _load(old: str = "", new: str = "") -> GameRecord:
    text = RECORD.read_text(encoding="utf-8")
    assert f"\n{old}" in text
    (source,) = split_record_file(text.replace(f"\n{old}", f"\n{new}", 1), "x.kifu")
    return GAME.load(source)


def _history(record: GameRecord) -> list[dict[str, int]]:
    assert isinstance(record.data, PonjanData)
    return record.data.replay.history


@pytest.mark.parametrize(
    ("old", "new", "code"),
    [
        ("精算 A-16 B+24 C-8\n", "精算 A-16 D+24 C-8\n", "PJ002"),
        ("精算 A-16 B+24 C-8\n", "清算 A-16 B+24 C-8\n", "PJ002"),
        ("精算 A-16 B+24 C-8\n", "精算 A-16 B=24 C-8\n", "PJ006"),
        ("精算 A+24 B+0 C-24\n", "精算 A+24 B+O C-24\n", "PJ006"),
        # with the totals line after it gone too: the hand closes at the next heading
        ("精算 A-16 B+24 C-8\n計 A 84 B 124 C 92\n", "精算 A-16 D+24 C-8\n", "PJ002"),
    ],
)
def test_a_payment_line_not_read_is_one_error_and_one_note(old: str, new: str, code: str) -> None:
    record, plain = _load(old, new), _load()
    assert errors_and_warnings(record) == [code]
    (note,) = [d for d in record.diagnostics if d.code == "PJ205"]
    line = 1 + RECORD.read_text(encoding="utf-8").split(f"\n{old}")[0].count("\n") + 1
    assert note.severity.value == "info" and note.line == line
    assert "may have been its payments; the chips move as the rules say" in note.message
    assert "精算の行だったかもしれません" in note.message_ja
    assert _history(record) == _history(plain)
    assert GAME.format(record) == GAME.format(plain).replace(old, new, 1)


def test_a_win_with_no_payment_line_still_warns() -> None:
    """PJ201 stays for a hand with no line after its win but its totals."""
    record = _load("精算 A-16 B+24 C-8\n", "")
    assert errors_and_warnings(record) == ["PJ201"]
    assert not [d for d in record.diagnostics if d.code == "PJ205"]


@pytest.mark.parametrize(
    ("old", "new", "code", "said"),
    [
        # a digit: the sum is off (PJ113) and the payments wrong (PJ111), then the totals
        # that follow the rules were "the running totals are …" (PJ112): three errors
        ("精算 A-16 B+24 C-8\n", "精算 A-26 B+24 C-8\n", "PJ113", "they should be A-16 B+24 C-8"),
        ("精算 A+24 B+0 C-24\n", "精算 A+34 B+0 C-24\n", "PJ113", "they should be A+24 B+0 C-24"),
        # two seats swapped: the sum is right, the payments wrong (and PJ112 after them)
        ("精算 A-16 B+24 C-8\n", "精算 A-8 B+24 C-16\n", "PJ111", "should be A-16 B+24 C-8"),
    ],
)
def test_a_payment_line_with_a_wrong_number_is_one_error(
    old: str, new: str, code: str, said: str
) -> None:
    record, plain = _load(old, new), _load()
    assert errors_and_warnings(record) == [code]
    (error,) = record.diagnostics
    assert said in error.message
    assert _history(record) == _history(plain)


def test_chips_written_after_an_exhaustive_draw_are_one_error() -> None:
    """``精算 A+5 B-5`` after 流局: PJ119; the totals after it (no chips moved) agree."""
    text = RECORD.read_text(encoding="utf-8")
    head, tail = text.rsplit("計 A 100 B 148 C 52\n", 1)
    (source,) = split_record_file(f"{head}精算 A+5 B-5\n計 A 100 B 148 C 52\n{tail}", "x.kifu")
    record = GAME.load(source)
    assert errors_and_warnings(record) == ["PJ119"]
    assert _history(record) == _history(_load())


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("精算 A-16 B+24 C-8\n", "精算 A-16 C+24 C-8\n"),
        ("計 A 84 B 124 C 92\n", "計 A 84 A 124 C 92\n"),
    ],
)
def test_a_seat_named_twice_is_one_error_and_fmt_keeps_the_line(old: str, new: str) -> None:
    """``精算 A-16 C+24 C-8`` kept the last C: "add up to -24" (PJ113, where the line adds
    up to 0), and ``fmt`` wrote ``精算 A-16 C-8``, losing what was written."""
    record, plain = _load(old, new), _load()
    assert errors_and_warnings(record) == ["PJ006"]
    assert "named twice" in record.diagnostics[-1].message
    assert _history(record) == _history(plain)
    assert GAME.format(record) == GAME.format(plain).replace(old, new, 1)
