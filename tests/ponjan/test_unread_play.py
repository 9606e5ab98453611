"""One typo in a ポンジャン draw or discard line (a seat, a verb or a tile not read) is one
error. The engine guesses what the line was (cardkit's resync: a hidden draw or discard);
what followed from the guess made more errors:

* a riichi after a draw not read threw "the tile drawn" (a riichi throws any tile), so its
  tile was counted twice (PJ103) and stayed in the hand ("not ready", PJ105);
* a discard not read hid the seat's tiles, and each one thrown later was counted again
  ("copy 7 of tile 3", PJ103 on every later discard);
* the ron on a discard not read was "cannot ron now" (PJ107), with PJ104 and PJ111, and the
  exhaustive draw after one "B has drawn the last tile" (PJ109);
* a riichi whose seat was not read (``b リーチ 4``) could not be the riichi of its seat:
  the win's riichi share was "should be …" (PJ111), a ron "not in riichi" (PJ107).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.cardgames import errors_and_warnings

from kifuwiki.core.recordfile import split_record_file
from kifuwiki.games.base import GameRecord
from kifuwiki.games.ponjan import GAME, PonjanData
from kifuwiki.games.ponjan.selfplay import session_text

RECORDS = Path(__file__).resolve().parents[2] / "records" / "ponjan"
PRACTICE = RECORDS / "practice-2026-11-03.kifu"
FOUR = RECORDS / "four-players-own-view.kifu"


def _load(path: Path, old: str = "", new: str = "") -> GameRecord:
    text = path.read_text(encoding="utf-8")
    if old:
        assert f"\n{old}\n" in text
        text = text.replace(f"\n{old}\n", f"\n{new}\n", 1)
    (source,) = split_record_file(text, "x.kifu")
    return GAME.load(source)


def _history(record: GameRecord) -> list[dict[str, int]]:
    assert isinstance(record.data, PonjanData)
    return record.data.replay.history


@pytest.mark.parametrize(
    ("path", "old", "new", "code"),
    [
        # a draw not read before a riichi (was PJ105, PJ104 / PJ103, PJ105)
        (PRACTICE, "B 引 3", "B 引x 3", "PJ001"),
        (PRACTICE, "B 引 2", "b 引 2", "PJ002"),
        (PRACTICE, "A 引 W", "A 引 XW", "PJ003"),
        # a discard not read, the seat's later discards (was PJ103 ×2 or ×3)
        (PRACTICE, "A 捨 3", "A 捨x 3", "PJ001"),
        (PRACTICE, "B 捨 6", "b 捨 6", "PJ002"),
        # a discard not read, then a ron on it (was PJ107, PJ104, PJ111)
        (PRACTICE, "C 捨 6", "C 捨 X6", "PJ003"),
        (FOUR, "C 捨 3", "c 捨 3", "PJ002"),
        # the last discard not read, then 流局 (was PJ109)
        (PRACTICE, "B 捨 1", "B 捨x 1", "PJ001"),
        # a riichi whose seat is not read (was PJ111 / PJ107, PJ111)
        (PRACTICE, "B リーチ 4", "b リーチ 4", "PJ002"),
        (PRACTICE, "A リーチ 2", "a リーチ 2", "PJ002"),
    ],
)
def test_a_draw_or_discard_not_read_is_one_error(path: Path, old: str, new: str, code: str) -> None:
    record, plain = _load(path, old, new), _load(path)
    assert errors_and_warnings(plain) == []
    assert errors_and_warnings(record) == [code]
    assert _history(record) == _history(plain)
    assert GAME.format(record) == GAME.format(plain).replace(f"\n{old}\n", f"\n{new}\n", 1)


def test_a_riichi_after_a_hidden_draw_throws_from_the_hand() -> None:
    """``B 引 ?`` then ``B リーチ 1``: the 1 comes out of the known tiles (the riichi tile
    is chosen), the hidden draw stays hidden: no PJ103, no PJ105."""
    record = _load(PRACTICE, "B 引 2", "B 引 ?")
    assert errors_and_warnings(record) == []


def test_a_copy_beyond_the_set_is_still_counted_after_a_discard_not_read() -> None:
    """Tiles counted while known are not counted again; a copy beyond them still is: A
    (dealt one W) throws two after its discard not read, and B's W is the third of 2."""
    text = PRACTICE.read_text(encoding="utf-8")
    hand4 = text.index("第4局")
    tail = text[hand4:].replace("A 捨 3\n", "A 捨x 3\n", 1)
    tail = tail.replace("A 捨 2\n", "A 捨 W\n", 1).replace("A 捨 3\n", "A 捨 W\n", 1)
    (source,) = split_record_file(text[:hand4] + tail, "x.kifu")
    record = GAME.load(source)
    (over,) = [d for d in record.diagnostics if d.code == "PJ103"]
    assert "copy 3 of tile W" in over.message


@pytest.mark.parametrize(
    ("old", "new", "code"),
    [
        # a draw or riichi tile mistyped as another tile: "not ready" (PJ105), then the
        # win "not three sets" (PJ104)
        ("B 引 3", "B 引 1", "PJ105"),
        ("B リーチ 4", "B リーチ 1", "PJ105"),
        ("A リーチ 2", "A リーチ 1", "PJ105"),
        # a copy beyond the set drawn (PJ103), then "not ready" (PJ105) and PJ104
        ("B 引 2", "B 引 1", "PJ103"),
        ("A 引 W", "A 引 1", "PJ103"),
        # in riichi: a draw mistyped (PJ103) was also "must discard the tile drawn"
        # (PJ106); a discard mistyped (PJ106) also "does not hold it" (PJ102)
        ("B 引 4", "B 引 1", "PJ103"),
        ("B 捨 4", "B 捨 1", "PJ106"),
        # the discard a ron names differs (PJ107): its shape was "not three sets" (PJ104)
        ("C 捨 6", "C 捨 1", "PJ107"),
    ],
)
def test_a_tile_mistyped_as_another_tile_is_one_error(old: str, new: str, code: str) -> None:
    """The line reads, so the engine cannot tell it is the typo; once what a seat holds
    is known to be wrong, the checks that need its tiles are not made again this hand."""
    record, plain = _load(PRACTICE, old, new), _load(PRACTICE)
    assert errors_and_warnings(record) == [code]
    assert _history(record) == _history(plain)


def test_a_seat_with_a_tile_error_is_checked_again_in_the_next_hand() -> None:
    """The tiles hidden after an error are hidden for that hand only."""
    text = PRACTICE.read_text(encoding="utf-8")
    hand2 = text.index("第2局")
    wrong = text[:hand2].replace("\nB 引 3\n", "\nB 引 1\n", 1)
    wrong += text[hand2:].replace("\nB リーチ 1\n", "\nB リーチ 2\n", 1)
    (source,) = split_record_file(wrong, "x.kifu")
    assert [d.line for d in GAME.load(source).diagnostics if d.code == "PJ105"] == [26, 43]


def _session(seed: int, line: int, old: str, new: str) -> tuple[GameRecord, GameRecord]:
    """A generated session with its ``line`` (``old``) written as ``new``, and as it was."""
    lines = session_text(seed, hands=3, players=2 + seed % 3).split("\n")
    assert lines[line - 1] == old
    plain = "\n".join(lines)
    lines[line - 1] = new
    loaded = [GAME.load(split_record_file(t, "x.kifu")[0]) for t in ("\n".join(lines), plain)]
    return loaded[0], loaded[1]


@pytest.mark.parametrize(
    ("seed", "line", "old", "new", "code"),
    [
        # the discard a ron takes, mistyped: "does not hold it" (PJ102), then the ron
        # "the last discard is 1, not 9" (PJ107)
        (1, 92, "C リーチ 9", "C リーチ 1", "PJ102"),
        (3, 76, "B 捨 3", "B 捨 1", "PJ102"),
        # in riichi, a discard mistyped: "must discard the tile drawn" (PJ106), then the
        # ron "the last discard is 1, not 5" (PJ107)
        (6, 55, "A 捨 5", "A 捨 1", "PJ106"),
        # in riichi, a draw mistyped into a winning hand: "won there" (PJ120), then "must
        # discard the tile drawn" (PJ106) on the same line
        (2, 59, "C 引 5", "C 引 1", "PJ120"),
    ],
)
def test_a_tile_mistyped_in_a_generated_session_is_one_error(
    seed: int, line: int, old: str, new: str, code: str
) -> None:
    record, plain = _session(seed, line, old, new)
    assert errors_and_warnings(plain) == []
    assert errors_and_warnings(record) == [code]
    assert _history(record) == _history(plain)
