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
from kifuwiki.render.environment import make_environment
from kifuwiki.render.record import diagnostics_of, render_record_page

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
    if tail == _PAID:  # this hand's totals come next: said as such (a payment may follow)
        assert "no payment line comes before its chip totals (line 34)" in note.message
        assert "those chip totals are taken as written" in note.message
        assert "合計 (34行目) の前に精算の行がありません" in note.message_ja
    else:
        assert "no payment line follows" in note.message
        assert "the next chip totals are taken as written" in note.message
        assert "精算の行もありません" in note.message_ja
    assert "payments are taken as written" not in note.message
    read = _without(tail, "B ツモ")  # the win read: its payments as the rules say (PJ201)
    assert errors_and_warnings(read) == ["PJ201"]
    assert isinstance(record.data, PonjanData) and isinstance(read.data, PonjanData)
    assert record.data.replay.chips == read.data.replay.chips


# -- a payment line after the hand's totals, or twice, in a hand whose win was not read --

_TSUMO = ("B ツモ", "B ツモ!", "精算 A-16 B+24 C-8\n", "計 A 84 B 124 C 92\n")
_RON = ("A ロン 6", "A ロソ 6", "精算 A+24 B+0 C-24\n", "計 A 108 B 124 C 68\n")


def _reordered(win: str, payment: str, totals: str, after: str) -> GameRecord:
    """The record with ``win`` in place of its win and ``after`` in place of the hand's
    payment and totals lines."""
    text = RECORD.read_text(encoding="utf-8")
    old_win = _TSUMO[0] if payment == _TSUMO[2] else _RON[0]
    assert f"\n{old_win}\n" in text and payment + totals in text
    text = text.replace(f"\n{old_win}\n", f"\n{win}\n", 1).replace(payment + totals, after, 1)
    (source,) = split_record_file(text, "x.kifu")
    return GAME.load(source)


def _pj115(record: GameRecord) -> tuple[str, str]:
    (found,) = [d for d in record.diagnostics if d.code == "PJ115"]
    return found.message, found.message_ja


@pytest.mark.parametrize("hand", [_TSUMO, _RON], ids=["tsumo", "ron"])
def test_a_payment_after_the_totals_of_a_win_not_read_is_the_same_error_as_when_read(
    hand: tuple[str, str, str, str],
) -> None:
    """``B ツモ!``, then ``計``, then ``精算``: the note said "no payment line follows" (one
    does) and the payment line got "payments come … after its win" (PJ115 as if the hand
    had not ended, which the note says is taken as written). The record with the win read
    says this payment is out of order (PJ115); the typo adds only its PJ001, and the note
    says what is true: no payment line comes before the totals."""
    read_win, typo, payment, totals = hand
    typed = _reordered(typo, payment, totals, totals + payment)
    read = _reordered(read_win, payment, totals, totals + payment)
    # "ended without its payment line" (PJ201) is not said beside it: one line, one error
    assert errors_and_warnings(read) == ["PJ115"]
    assert errors_and_warnings(typed) == ["PJ001", "PJ115"]
    assert _pj115(typed) == _pj115(read)
    message, ja = _pj115(typed)
    assert "come before its chip totals (計)" in message and "after its win" not in message
    assert "精算は局の合計 (計) の前に書きます" in ja
    (note,) = [d for d in typed.diagnostics if d.code == "PJ204"]
    assert "no payment line follows" not in note.message
    assert "no payment line comes before its chip totals" in note.message
    assert "合計" in note.message_ja and "精算の行もありません" not in note.message_ja
    assert isinstance(typed.data, PonjanData) and isinstance(read.data, PonjanData)
    assert typed.data.replay.chips == read.data.replay.chips
    assert typed.data.replay.history == read.data.replay.history


@pytest.mark.parametrize("hand", [_TSUMO, _RON], ids=["tsumo", "ron"])
@pytest.mark.parametrize("twice", ["ppt", "ptp"])
def test_a_second_payment_line_of_a_win_not_read_is_the_same_error_as_when_read(
    hand: tuple[str, str, str, str], twice: str
) -> None:
    """A hand paid twice (before or after its totals): with the win not read the second
    line was "payments come … after its win" where the read record says "already paid"."""
    read_win, typo, payment, totals = hand
    after = "".join(payment if c == "p" else totals for c in twice)
    typed, read = (_reordered(w, payment, totals, after) for w in (typo, read_win))
    assert errors_and_warnings(read) == ["PJ115"]
    assert errors_and_warnings(typed) == ["PJ001", "PJ115"]
    assert _pj115(typed) == _pj115(read)
    assert "already paid" in _pj115(typed)[0]
    assert isinstance(typed.data, PonjanData) and isinstance(read.data, PonjanData)
    assert typed.data.replay.chips == read.data.replay.chips


def test_a_payment_after_the_totals_keeps_the_line_not_read_and_its_page() -> None:
    """``fmt`` keeps ``B ツモ!`` and the lines' order; the page shows the line not read
    and the same chips at the end as the record with the win read."""
    payment, totals = _TSUMO[2], _TSUMO[3]
    typed = _reordered("B ツモ!", payment, totals, totals + payment)
    read = _reordered("B ツモ", payment, totals, totals + payment)
    lines = GAME.format(typed).splitlines()
    at = lines.index("B ツモ!")
    assert [x for x in lines[at:] if not x.startswith("*")][:3] == [
        "B ツモ!",
        totals.rstrip(),
        payment.rstrip(),
    ]
    view, plain = GAME.view(typed), GAME.view(read)
    assert view.header == plain.header  # the chips at the end
    assert view.extra["chart"] == plain.extra["chart"]
    assert view.steps[-1].state["seats"] == plain.steps[-1].state["seats"]
    for lang in ("ja", "en"):
        html = render_record_page(view, make_environment(), lang)
        assert "B ツモ!" in html and "PJ204" in html and "PJ115" in html
