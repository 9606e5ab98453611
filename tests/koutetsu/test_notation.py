"""Reading session records: the structured lines, English aliases, prose kept in place, and
bad input as diagnostics with line and column."""

from __future__ import annotations

from tests.koutetsu.helpers import BODY_LINE, FRONT, SESSION, codes, data, load, where

from kifuwiki.games.koutetsu import GAME
from kifuwiki.games.koutetsu.model import Kind, Outcome, Unread


def test_structured_lines_and_prose_are_read() -> None:
    record = data(load(SESSION)).record
    kinds = [event.kind for event in record.events]
    assert kinds[:3] == [Kind.GOAL, Kind.OPERATION, Kind.ROLL]
    roll = record.events[2].roll
    assert roll is not None and roll.dice == (5, 3) and roll.total == 8 and roll.target == 9
    assert record.events[1].minutes == 6 * 60
    assert (
        record.events[-1].outcome is Outcome.SUCCESS and record.events[-1].words == "橋を押さえた"
    )
    assert [line.text for line in record.intro] == ["はじまり。", ""]
    assert record.characters["リーゼ"].checks == {"射撃": 7, "回避": 9}


def test_english_keywords_read_the_same() -> None:
    english = (
        SESSION.replace("@目的", "@goal")
        .replace("@作戦", "@operation")
        .replace("@戦闘 開始", "@combat start")
        .replace("@戦闘 終了", "@combat end")
        .replace("@ターン", "@turn")
        .replace("@結果 成功", "@result success")
        .replace("成功", "success")
        .replace("失敗", "failure")
    )
    record = load(english)
    assert codes(record) == []
    assert GAME.format(record) == GAME.format(load(SESSION))


def test_short_rolls_without_total_target_or_result() -> None:
    record = load(SESSION.replace("2d6=5+3=8 ≤ 9 成功", "2d6=5+3"))
    assert codes(record) == []
    assert data(record).session.tallies["ハンス"].successes == 1


def test_unknown_at_word_is_kr001_and_the_line_is_kept() -> None:
    record = load(SESSION.replace("@作戦 06:00", "@行軍 06:00"))
    assert where(record, "KR001")[0] == BODY_LINE + 3
    assert any(isinstance(i, Unread) for i in data(record).record.items)
    assert "@行軍 06:00" in GAME.format(record)


def test_bad_dice_are_kr004_at_the_dice() -> None:
    record = load(SESSION.replace("2d6=5+3=8", "2d6=7+3=10"))
    assert where(record, "KR004") == (BODY_LINE + 4, 14)  # the column of "2d6"
    assert "KR004" in codes(load(SESSION.replace("2d6=5+3=8", "1d6=5")))


def test_bad_front_matter_is_kr005() -> None:
    front = "---\ngame: koutetsu-no-niji\ncharacters: {ハンス: {checks: {射撃: many}}}\n---\n"
    record = load(SESSION, front)
    assert "KR005" in codes(record) and where(record, "KR005") == (3, 1)
    assert "KR005" in codes(load(SESSION, "---\ngame: koutetsu-no-niji\n---\n"))


def test_bad_time_is_kr006() -> None:
    assert "KR006" in codes(load(SESSION.replace("@作戦 06:00", "@作戦 6時")))


def test_bad_roll_result_is_kr007_and_bad_goal_result_kr008() -> None:
    assert "KR007" in codes(load(SESSION.replace("≤ 9 成功", "≤ 9 大成功")))
    assert "KR008" in codes(load(SESSION.replace("@結果 成功", "@結果 引き分け")))


def test_markdown_prose_survives_formatting_verbatim() -> None:
    body = SESSION.replace("はじまり。", "## 導入\n\n> 「行くぞ」\n\n* 箇条書き\n*&mark しおり")
    record = load(body)
    written = GAME.format(record)
    assert "## 導入\n\n> 「行くぞ」\n\n* 箇条書き\n*&mark しおり\n" in written
    assert FRONT  # the front matter is not the writer's business


BLOCK_FRONT = """---
game: koutetsu-no-niji
characters:
  ハンス:
    checks: {射撃: 9, 格闘: 7, 索敵: 6}
  リーゼ:
    player: 高橋
    checks:
      射撃: seven
      回避: 9
---
"""


def test_one_bad_check_drops_only_that_check_where_it_is_written() -> None:
    """review13 R13-6: リーゼ's unreadable 射撃 dropped the whole character, so every
    roll of hers was KR002 "not a character of this session", and KR005 pointed at the
    ``characters:`` line. Now only the check goes, KR005 is at its own line, and a roll
    of that check is not reported again (the sheet is what is wrong)."""
    body = SESSION.replace("@roll リーゼ 回避", "@roll リーゼ 射撃").replace(
        "2d6=6+5=11 ≤ 9 失敗", "2d6=6+5=11 ≤ 9 失敗\n@roll リーゼ 回避 2d6=1+1=2 ≤ 9 成功"
    )
    record = load(body, BLOCK_FRONT)
    assert codes(record) == ["KR005"]
    assert where(record, "KR005") == (9, 1)  # 射撃: seven
    assert data(record).record.characters["リーゼ"].checks == {"回避": 9}


def test_front_matter_messages_are_japanese_in_japanese() -> None:
    """review13 R13-5: the Japanese KR005 carried the English reason inside it."""
    record = load(SESSION, BLOCK_FRONT)
    (problem,) = [d for d in record.diagnostics if d.code == "KR005"]
    assert problem.message_ja is not None
    assert "must" not in problem.message_ja and "判定値" in problem.message_ja


def test_a_character_field_nothing_reads_is_kr202_at_its_line() -> None:
    """The page shows each character in its own table, not the front matter's text, so
    a field nothing reads (a note, a misspelt ``jager:``) would be lost without a word."""
    front = BLOCK_FRONT.replace("    player: 高橋\n", "    player: 高橋\n    jager: シュトルヒ\n")
    record = load(SESSION, front)
    found = [d for d in record.diagnostics if d.code == "KR202"]
    assert [(d.line, d.column, d.severity.value) for d in found] == [(8, 12, "warning")]
    assert "リーゼ: 'jager' is not read" in found[0].message and found[0].message_ja
    assert "KR202" not in codes(load(SESSION))  # every field of FRONT is read
