"""One wrong or missing card in a 闘地主 play is one error. A card the seat does not
hold (DZ103) left that card in its hand: the last play's '#' was a second error
(DZ110), then "no spring" (DZ114) and "the record ends before anyone went out"
(DZ200). A card mistyped into no combination (DZ104) is a play not read. A card left
out of a play left it in the hand: '#' on the last line is its one error (DZ110), and
the game ends there as written. A '#' on a play that is not the last is still DZ110
and does not end the game."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import pytest
from tests.cardgames import errors_and_warnings, with_line_replaced

from kifuwiki.core.recordfile import split_record_file
from kifuwiki.games.doudizhu import GAME, DdzData

RECORD = Path(__file__).resolve().parents[2] / "records" / "doudizhu" / "spring-example.kifu"

_with = partial(with_line_replaced, GAME, RECORD)


@pytest.mark.parametrize(
    ("old", "written", "code"),
    [
        ("C:3 3 3 4 4 4 + 5 7", "C:3 3 3 4 4 4 + 5 8", "DZ103"),  # 8 for 7
        # J for 10: no combination, a play not read (the passes after it were "the
        # leader may not pass", the J it took "not held" in C's J J J later)
        ("C:8 8 9 9 10 10", "C:8 8 9 9 10 J", "DZ104"),
        ("C:J J J + Q Q", "C:J J J + Q", "DZ110"),  # a Q left out: still held at '#'
    ],
)
def test_one_card_slip_is_one_error(old: str, written: str, code: str) -> None:
    record, _ = _with(old, written)
    assert errors_and_warnings(record) == [code]
    assert isinstance(record.data, DdzData)
    assert record.data.replay.outcome.winner == "C"


def test_the_record_ending_without_a_mark_after_a_card_not_held() -> None:
    """No '#' written: the hand holding the card not played does not make the record
    end "before anyone went out" (DZ200)."""
    text = RECORD.read_text(encoding="utf-8")
    text = text.replace("+ 5 7\n", "+ 5 8\n").replace("C:RJ # [spring] !", "C:RJ !")
    (source,) = split_record_file(text, "x.kifu")
    assert errors_and_warnings(GAME.load(source)) == ["DZ103"]


def test_a_mark_on_a_play_that_is_not_the_last_does_not_end_the_game() -> None:
    record, _ = _with("C:3 3 3 4 4 4 + 5 7", "C:3 3 3 4 4 4 + 5 7 #")
    assert errors_and_warnings(record) == ["DZ110"]
    assert isinstance(record.data, DdzData)
    assert record.data.replay.outcome.spring  # the game went on to C's last play
