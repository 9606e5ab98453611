"""A ポンジャン starting hand not read (``A 配 11123336``) is one error: the starting hands
after it were "after the hand's first action" (PJ008, one a seat), as if the line not read
had been an action; and the line, taken for a possible riichi, hid a real "not in riichi"
(PJ107) later in the hand."""

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


def _load(text: str, *changes: tuple[str, str]) -> GameRecord:
    for old, new in changes:
        assert f"\n{old}\n" in text
        text = text.replace(f"\n{old}\n", f"\n{new}\n", 1)
    (source,) = split_record_file(text, "x.kifu")
    return GAME.load(source)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("A 配牌 11123336", "A 配 11123336"),
        ("A 配牌 11123336", "A 配牌: 11123336"),
        ("B 配牌 12244455", "B 配 12244455"),
    ],
)
def test_a_starting_hand_not_read_is_one_error(old: str, new: str) -> None:
    text = RECORD.read_text(encoding="utf-8")
    record, plain = _load(text, (old, new)), _load(text)
    assert errors_and_warnings(record) == ["PJ001"]
    assert isinstance(record.data, PonjanData) and isinstance(plain.data, PonjanData)
    assert record.data.replay.history == plain.data.replay.history
    # fmt keeps the line where it was, among the starting hands
    written = GAME.format(record)
    assert written == GAME.format(plain).replace(f"\n{old}\n", f"\n{new}\n", 1)
    front = text.split("---\n", 2)[1]
    (again,) = split_record_file(f"---\n{front}---\n{written}", "x.kifu")
    assert GAME.format(GAME.load(again)) == written
    html = render_record_page(GAME.view(record), make_environment(), "en")
    assert new in html


def test_a_starting_hand_not_read_is_no_riichi() -> None:
    """A's ron without riichi is PJ107 (and its payments PJ111) with or without the typo."""
    text = RECORD.read_text(encoding="utf-8").replace("\nA リーチ 2\n", "\nA 捨 2\n", 1)
    plain = _load(text)
    assert errors_and_warnings(plain) == ["PJ107", "PJ111"]
    record = _load(text, ("A 配牌 11123336", "A 配 11123336"))
    assert errors_and_warnings(record) == ["PJ001", "PJ107", "PJ111"]
