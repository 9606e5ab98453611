"""A ポンジャン win that could not be read (``A ロソ 6``, ``B ツモ!``) is one error: the line
may have ended the hand, so the hand's end and its payments are taken as written, said
once in a note (PJ204) at that line, instead of "the hand never ended" (PJ202),
"payments before the end" (PJ115) and wrong running totals (PJ112)."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import pytest
from tests.cardgames import errors_and_warnings, with_line_replaced

from kifuwiki.core.recordfile import split_record_file
from kifuwiki.games.base import GameRecord
from kifuwiki.games.ponjan import GAME, PonjanData
from kifuwiki.render.record import diagnostics_of

RECORD = Path(__file__).resolve().parents[2] / "records" / "ponjan" / "practice-2026-11-03.kifu"

_with = partial(with_line_replaced, GAME, RECORD)


@pytest.mark.parametrize(("old", "new", "line"), [("A ロン 6", "A ロソ 6", 52)])
def test_a_win_not_read_is_one_error_and_one_note(old: str, new: str, line: int) -> None:
    record, view = _with(old, new)
    assert errors_and_warnings(record) == ["PJ001"]
    (note,) = [d for d in record.diagnostics if d.code == "PJ204"]
    assert note.severity.value == "info" and note.line == line
    assert "a line that may have ended it was not read" in note.message
    assert "局を終えたかもしれない行が読めません" in note.message_ja
    (step,) = [s for s in view.steps if s.notation == new]
    (linked,) = [d for d in diagnostics_of(view) if d.code == "PJ204"]
    assert linked.step == step.index
    plain, _ = _with(old, old)
    assert record.moves == plain.moves


def test_a_tsumo_not_read_keeps_the_next_hands_dealer_and_totals() -> None:
    """``B ツモ!`` in the first hand: the payments as written, so the totals after it
    agree; the next hand's dealer is not checked (who won is not known)."""
    record, _ = _with("B ツモ", "B ツモ!")  # the first of two
    assert errors_and_warnings(record) == ["PJ001"]
    assert [d.code for d in record.diagnostics if d.code.startswith("PJ2")] == ["PJ204"]


def test_a_hand_not_ended_with_no_line_not_read_still_warns() -> None:
    """PJ202 stays for a hand whose last line was read and did not end it."""
    record, _ = _with("A ロン 6", "A 引 6")
    assert "PJ202" in errors_and_warnings(record)
    assert not [d for d in record.diagnostics if d.code == "PJ204"]


def test_a_riichi_not_read_is_one_error() -> None:
    """``A リーチx 2``: A's ron was "not in riichi" (PJ107) and its payments "should be
    A+12" (PJ111, riichi not counted). The line may have been A's riichi: neither is said;
    the payments may count riichi or not."""
    record, _ = _with("A リーチ 2", "A リーチx 2")
    assert errors_and_warnings(record) == ["PJ001"]
    assert [d.code for d in record.diagnostics] == ["PJ001"]


def test_a_ron_without_riichi_and_no_line_not_read_is_still_an_error() -> None:
    record, _ = _with("A リーチ 2", "A 捨 2")
    assert "PJ107" in errors_and_warnings(record)


_PAID = (
    "* 6 を引いてアガリ: 111 333 666。子のツモなので親の青木さんが倍払い (16 + 8 = 24)。\n"
    "* A child's tsumo: the dealer pays a double share.\n"
    "精算 A-16 B+24 C-8\n"
)


def _without(tail: str, written: str) -> GameRecord:
    """The record with its first ``B ツモ`` written as ``written`` and the lines after it
    up to ``tail`` (its payment, and perhaps its totals) left out."""
    text = RECORD.read_text(encoding="utf-8")
    assert f"\nB ツモ\n{tail}" in text
    (source,) = split_record_file(text.replace(f"\nB ツモ\n{tail}", f"\n{written}\n", 1), "x.kifu")
    return GAME.load(source)


@pytest.mark.parametrize("tail", [_PAID, _PAID + "計 A 84 B 124 C 92\n"])
def test_a_win_not_read_with_no_payment_line_is_one_error_and_one_true_note(tail: str) -> None:
    """``B ツモ!`` and no payment line: the totals after it were "the running chip totals
    are A 100 B 100 C 100" (PJ112, the chips it moved not being known), and the note said
    its payments were "taken as written" where none is written. Now the next totals line
    (this hand's, or the next hand's) is taken as written, as the note says."""
    record = _without(tail, "B ツモ!")
    assert errors_and_warnings(record) == ["PJ001"]
    (note,) = [d for d in record.diagnostics if d.code == "PJ204"]
    assert note.severity.value == "info" and note.line == 33
    assert "no payment line follows" in note.message
    assert "the next chip totals are taken as written" in note.message
    assert "payments are taken as written" not in note.message
    assert "精算の行もありません" in note.message_ja
    read = _without(tail, "B ツモ")  # the win read: its payments as the rules say (PJ201)
    assert errors_and_warnings(read) == ["PJ201"]
    assert isinstance(record.data, PonjanData) and isinstance(read.data, PonjanData)
    assert record.data.replay.chips == read.data.replay.chips
