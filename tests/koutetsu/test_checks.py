"""Every check of a session record: a clean case and the broken one."""

from __future__ import annotations

from fractions import Fraction

import pytest
from tests.koutetsu.helpers import BODY_LINE, SESSION, codes, data, edge_sessions, load, where

from kifuwiki.core.recordfile import split_record_file
from kifuwiki.games.koutetsu import GAME
from kifuwiki.games.koutetsu.model import chance_at_most
from kifuwiki.games.koutetsu.selfplay import session_text


def test_a_clean_session_has_no_diagnostics() -> None:
    record = load(SESSION)
    assert codes(record) == []
    session = data(record).session
    assert session.tallies["ハンス"].rolls == 1 and session.tallies["ハンス"].successes == 1
    assert session.tallies["リーゼ"].successes == 0
    assert [p.kind for p in session.phases] == ["operation", "combat", "operation"]
    assert session.phases[0].minutes == 60 and session.phases[1].minutes == 2


@pytest.mark.parametrize(
    ("value", "ways"), [(1, 0), (2, 1), (5, 10), (7, 21), (9, 30), (11, 35), (12, 36), (15, 36)]
)
def test_exact_2d6_chances(value: int, ways: int) -> None:
    assert chance_at_most(value) == Fraction(ways, 36)


def test_dice_that_do_not_add_up_are_kr100() -> None:
    record = load(SESSION.replace("2d6=5+3=8", "2d6=5+3=9"))
    assert where(record, "KR100") == (BODY_LINE + 4, 1)


def test_a_target_other_than_the_front_matter_value_is_kr101() -> None:
    assert "KR101" in codes(load(SESSION.replace("≤ 9 成功", "≤ 10 成功")))


def test_a_modifier_changes_the_value_rolled_against() -> None:
    body = SESSION.replace("射撃 2d6=5+3=8 ≤ 9 成功", "射撃-2 2d6=5+3=8 ≤ 7 失敗")
    assert codes(load(body)) == []
    wrong = SESSION.replace("射撃 2d6=5+3=8 ≤ 9 成功", "射撃-2 2d6=5+3=8 ≤ 7 成功")
    assert codes(load(wrong)) == ["KR102"]


def test_a_result_that_does_not_follow_from_the_dice_is_kr102() -> None:
    record = load(SESSION.replace("≤ 9 成功", "≤ 9 失敗"))
    message = next(d for d in record.diagnostics if d.code == "KR102")
    assert "2d6 = 8 against 9 succeeds" in message.message and message.message_ja


def test_a_roll_equal_to_the_value_succeeds() -> None:
    assert codes(load(SESSION.replace("2d6=5+3=8 ≤ 9", "2d6=5+4=9 ≤ 9"))) == []


def test_an_unknown_character_or_check_is_kr002_or_kr003() -> None:
    assert "KR002" in codes(load(SESSION.replace("@roll ハンス", "@roll カール")))
    assert "KR003" in codes(load(SESSION.replace("ハンス 射撃", "ハンス 回避")))


def test_operation_time_moves_forward_in_whole_hours() -> None:
    assert "KR103" in codes(load(SESSION.replace("@作戦 07:00", "@作戦 07:30")))
    assert "KR103" in codes(load(SESSION.replace("@作戦 07:00", "@作戦 05:00")))
    assert codes(load(SESSION.replace("@作戦 07:00", "@作戦 09:00"))) == []


def test_combat_turns_count_one_two_three() -> None:
    record = load(SESSION.replace("@ターン 2", "@ターン 3"))
    assert "KR104" in codes(record)
    assert "this is turn 2, not 3" in record.diagnostics[0].message


def test_turns_and_combat_ends_outside_combat_are_kr105() -> None:
    assert "KR105" in codes(load(SESSION.replace("@戦闘 開始\n", "")))
    assert "KR105" in codes(load(SESSION.replace("@ターン 1\n", "@ターン 1\n@戦闘 開始\n")))
    assert "KR105" in codes(load(SESSION.replace("@戦闘 終了\n", "")))


def test_an_operation_before_a_long_combat_ended_is_kr106() -> None:
    turns = "".join(f"@ターン {n}\n" for n in range(3, 71))
    record = load(SESSION.replace("@ターン 2\n", "@ターン 2\n" + turns))
    assert codes(record) == ["KR106"]  # 70 minutes of combat from 06:00: 07:00 is too early
    assert (
        codes(load(SESSION.replace("@ターン 2\n", "@ターン 2\n" + turns).replace("07:00", "08:00")))
        == []
    )


def test_the_goal_needs_a_result_and_the_session_a_goal() -> None:
    assert codes(load(SESSION.replace("@結果 成功 橋を押さえた\n", ""))) == ["KR107"]
    assert (
        where(load(SESSION.replace("@結果 成功 橋を押さえた\n", "")), "KR107")[0] == BODY_LINE + 2
    )
    assert "KR108" in codes(load(SESSION.replace("@目的 橋を押さえる\n", "")))


def test_goal_or_result_twice_is_kr109() -> None:
    assert "KR109" in codes(load(SESSION + "@結果 失敗\n"))
    assert "KR109" in codes(load(SESSION.replace("@作戦 06:00", "@目的 もう一つ\n@作戦 06:00")))


def test_a_combat_still_running_at_the_end_warns_kr200() -> None:
    body = SESSION.replace("@戦闘 終了\n@作戦 07:00\n", "")
    assert codes(load(body)) == ["KR200"]


def test_a_roll_before_the_first_operation_time_warns_once() -> None:
    body = "@目的 x\n@roll ハンス 射撃 2d6=1+1 ≤ 9 成功\n@roll ハンス 射撃 2d6=1+1\n@結果 成功\n"
    assert codes(load(body)) == ["KR201"]


def test_a_wrong_operation_time_is_reported_once() -> None:
    body = SESSION.replace("@作戦 07:00\n", "@作戦 07:30\n@作戦 08:00\n")
    assert codes(load(body)) == ["KR103"]


def _sessions() -> list[str]:
    texts = [session_text(n, characters=1 + n % 4, phases=2 + n % 9) for n in range(1, 41)]
    return texts + list(edge_sessions().values())


@pytest.mark.parametrize("text", _sessions())
def test_each_step_shows_the_tallies_of_the_rolls_up_to_it(text: str) -> None:
    # The engine keeps each tally as a snapshot shows it, updated by the rolls, rather
    # than converting every tally at every step: the steps show what the rolls add up to.
    record = GAME.load(split_record_file(text, "session.kifu")[0])
    session = data(record).session
    counted = {key: (0, 0, Fraction(0)) for key in data(record).record.characters}
    for step in session.steps:
        checked = step.checked
        if checked is not None and checked.success is not None:
            assert checked.chance is not None
            rolls, successes, expected = counted[checked.roll.character]
            counted[checked.roll.character] = (
                rolls + 1,
                successes + checked.success,
                expected + checked.chance,
            )
        shown = {key: (r, s, round(float(e), 2)) for key, (r, s, e) in counted.items()}
        assert step.snapshot.tallies == shown, step.index
    final = {key: (t.rolls, t.successes, t.expected) for key, t in session.tallies.items()}
    assert final == counted
