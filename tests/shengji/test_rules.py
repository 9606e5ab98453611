"""Every rule of the 升級 engine and every variant switch, with the diagnostics they give.

Most deals here are tiny (two cards each, no kitty: rule options ``hand_size`` and
``kitty_size``), so that each test shows the one rule it is about.
"""

from __future__ import annotations

import pytest
from tests.shengji.helpers import codes, find, load

from kifuwiki.games.shengji.rules import SEED, STANDARD, LevelTable, RuleSet

HEAD = "levels: NS=2 EW=2\ndeclarer: N\ntrump: H\n"
BASIC = (
    HEAD
    + "N: (SA SK)\nE: (S3 S4)\nS: (S5 H3)\nW: (D3 D4)\n"
    + "N: SA\nW: D3\nS: S5\nE: S3\n"
    + "N: SK\nW: D4\nS: H3\nE: S4\n"
)


def test_a_clean_deal_and_its_outcome() -> None:
    rec = load(BASIC + "result: 0 NS+3")
    assert codes(rec) == []
    replay = rec.data.replay
    assert [t.winner for t in replay.tricks] == ["N", "S"]
    assert replay.tricks[1].ruff
    assert replay.points == 0 and replay.winners == "NS" and replay.change.levels == 3
    assert replay.levels_after == {"NS": 5, "EW": 2}


def test_result_line_is_checked() -> None:
    rec = load(BASIC + "result: 40 EW+1")
    assert find(rec, "SJ110")[0] == 16


def test_revoke_when_the_hand_is_known() -> None:
    body = BASIC.replace("S: S5\n", "S: H3\n", 1).replace("S: H3\nE: S4", "S: S5\nE: S4")
    assert find(load(body), "SJ101") == (10, 4)


def test_card_not_in_hand() -> None:
    body = BASIC.replace("E: S3\n", "E: S9\n")
    assert find(load(body), "SJ103")[0] == 11


def test_wrong_leader() -> None:
    body = BASIC.replace("N: SK\nW: D4\nS: H3\nE: S4", "S: H3\nE: S4\nN: SK\nW: D4")
    assert "SJ104" in codes(load(body))


def test_clockwise_direction_option() -> None:
    clockwise = "{hand_size: 2, kitty_size: 0, direction: clockwise}"
    body = HEAD + "N: SA\nE: S3\nS: S5\nW: D3\n"
    assert "SJ104" in codes(load(body))
    assert "SJ104" not in codes(load(body, clockwise))


def test_a_card_played_more_often_than_two_decks_hold() -> None:
    body = HEAD + "N: SA\nW: SA\nS: SA\nE: S3"
    assert find(load(body), "SJ105") == (6, 4)


def test_follow_must_play_as_many_cards() -> None:
    body = HEAD + "N: SASA\nW: S3\n"
    assert "SJ108" in codes(load(body))


def test_first_of_equal_level_cards_wins() -> None:
    body = "levels: NS=2 EW=2\ndeclarer: N\ntrump: H\nN: SA\nW: C2\nS: D2\nE: S3\n"
    rec = load(body)
    assert rec.data.replay.tricks[0].winner == "W"


def test_ruff_must_match_the_shape_to_win() -> None:
    lead = HEAD + "N: SKSK\nW: H3H4\nS: S3S4\nE: S5S6\n"
    assert load(lead).data.replay.tricks[0].winner == "N"
    matched = HEAD + "N: SKSK\nW: H3H3\nS: S3S4\nE: S5S6\n"
    assert load(matched).data.replay.tricks[0].winner == "W"


def test_higher_ruff_overruffs() -> None:
    body = HEAD + "N: SK\nW: H3\nS: S2\nE: HA\n"
    rec = load(body)
    assert rec.data.replay.tricks[0].winner == "S"  # S2 is a level card: above HA
    body = HEAD + "N: SK\nW: H3\nS: S4\nE: HA\n"
    assert load(body).data.replay.tricks[0].winner == "E"


def test_shape_not_matched_with_a_known_hand() -> None:
    body = HEAD + "N: (SA SA)\nE: (S3 S4)\nS: (S5 S5)\nW: (D3 D4)\n" + "N: SASA\nW: D3D4\nS: S5\n"
    rec = load(body.replace("S: S5\n", "S: S5D9\n"))
    assert "SJ101" in codes(rec) or "SJ102" in codes(rec)
    pairs = (
        HEAD.replace("trump: H", "trump: D")
        + "N: (SA SA SK)\nE: (S3 S4 S6)\nS: (S5 S5 S7)\nW: (D3 D4 D5)\n"
        + "N: SASA\nW: D3D4\nS: S5S7\n"
    )
    rec = load(pairs, "{hand_size: 3, kitty_size: 0}")
    assert find(rec, "SJ102")[0] == 10


def test_tractor_must_be_followed_by_a_tractor_when_held() -> None:
    body = (
        HEAD
        + "N: (SA SA SK SK)\nE: (S3 S4 S7 S8)\nS: (S5 S5 S6 S6)\nW: (D3 D4 D5 D6)\n"
        + "N: SASASKSK\nW: D3D4D5D6\nS: S5S5S6S6\nE: S3S4S7S8\n"
    )
    assert codes(load(body, "{hand_size: 4, kitty_size: 0}")) == []
    broken = (
        HEAD
        + "N: (SA SA SK SK D9)\nE: (S3 S4 S7 S8 D8)\nS: (S5 S5 S6 S6 S9)\nW: (D3 D4 D5 D6 D7)\n"
        + "N: SASASKSK\nW: D3D4D5D6\nS: S5S5S6S9\n"
    )
    assert find(load(broken, "{hand_size: 5, kitty_size: 0}"), "SJ102") == (10, 4)


def test_lead_of_mixed_suits() -> None:
    body = HEAD + "N: SAD3\n"
    assert find(load(body), "SJ115") == (4, 4)


THROW = HEAD + "N: (SA SK D5)\nE: (S3 S4 D6)\nS: (S5 S6 D7)\nW: (SQ D3 D4)\n"


def test_throw_that_stands() -> None:
    body = THROW + "N: SASK\nW: SQD3\nS: S5S6\nE: S3S4\n"
    rec = load(body, "{hand_size: 3, kitty_size: 0}")
    assert "SJ106" not in codes(rec)
    assert rec.data.replay.tricks[0].throw and rec.data.replay.tricks[0].winner == "N"


def test_throw_that_fails_and_its_penalty() -> None:
    thrown = THROW.replace("N: (SA SK D5)", "N: (SA SJ D5)").replace(
        "W: (SQ D3 D4)", "W: (SK D3 D4)"
    )
    rules = "{hand_size: 3, kitty_size: 0}"
    bad = load(thrown + "N: SASJ\n", rules)
    assert find(bad, "SJ106") == (8, 4)
    good = load(thrown + "N: SASJ>SJ\nW: SK\nS: S5\nE: S3\n", rules)
    assert "SJ106" not in codes(good) and "SJ109" not in codes(good)
    assert good.data.replay.penalties == 10  # the declarers' side threw: to the attackers
    wrong = load(thrown + "N: SASJ>SA\n", rules)
    assert "SJ109" in codes(wrong)


def test_failed_throw_that_nobody_could_beat() -> None:
    body = THROW + "N: SASK>SK\n"
    assert "SJ107" in codes(load(body, "{hand_size: 3, kitty_size: 0}"))


def test_no_throws_in_the_seed_rules() -> None:
    body = HEAD + "N: SASK\n"
    assert "SJ116" in codes(load(body, "{preset: seed, hand_size: 2, kitty_size: 0}"))


def test_declarations_and_over_declarations() -> None:
    head = "levels: NS=5 EW=2\ndeclarer: N\n"
    ok = load(head + "E: declare H5\nW: declare S5S5\nN: SA\n")
    assert codes(ok) == ["SJ201"]
    assert ok.data.replay.trumps.suit is not None and ok.data.replay.trumps.suit.value == "S"
    weaker = load(head + "E: declare H5H5\nW: declare S5\n")
    assert "SJ112" in codes(weaker)
    jokers = load(head + "E: declare H5H5\nW: declare BJBJ\nN: SA\n")
    assert jokers.data.replay.trumps.suit is None
    assert "SJ111" in codes(load(head + "E: declare H6\n"))
    seed = load(
        head + "E: declare H5\nW: declare S5S5\n", "{preset: seed, hand_size: 2, kitty_size: 0}"
    )
    assert "SJ112" in codes(seed)


def test_declaration_after_the_kitty_needs_the_option() -> None:
    head = "levels: NS=5 EW=2\ndeclarer: N\nN: declare H5\nN: kitty\nN: bury ()\n"
    assert "SJ113" in codes(load(head + "E: declare S5S5\n"))
    redeclare = "{hand_size: 2, kitty_size: 0, redeclare_after_kitty: true}"
    assert "SJ113" not in codes(load(head + "E: declare S5S5\n", redeclare))


def test_kitty_only_by_the_declarer_and_of_the_right_size() -> None:
    rec = load(
        "levels: NS=2 EW=2\ndeclarer: N\nE: kitty (S3 S4)\n", "{hand_size: 2, kitty_size: 8}"
    )
    assert "SJ114" in codes(rec) and "SJ011" in codes(rec)


def test_trump_line_contradicting_declarations() -> None:
    rec = load("levels: NS=5 EW=2\ndeclarer: N\ntrump: D\nE: declare H5\nN: SA\n")
    assert "SJ117" in codes(rec)


def test_declarer_found_from_the_first_declaration_or_missing() -> None:
    rec = load("levels: NS=5 EW=5\nE: declare H5\n")
    assert rec.data.replay.declarer == "E"
    assert "SJ012" in codes(load("levels: NS=5 EW=5\ntrump: H\n"))


def test_kitty_points_multiplied_for_the_attackers() -> None:
    rules = "{hand_size: 2, kitty_size: 2}"
    body = (
        "levels: NS=2 EW=2\ndeclarer: N\ntrump: H\n"
        "N: kitty\nN: bury (S5 SK)\n"
        "N: S3\nW: SA\nS: S4\nE: S6\n"
        "W: D3D3\nS: D4D5\nE: D6D7\nN: D8D9\n"
    )
    rec = load(body, rules)
    assert rec.data.replay.kitty_bonus == 15 * 4  # a pair wins the last trick: ×4
    assert rec.data.replay.points == 5 + 60
    double = load(body, rules.replace("}", ", kitty_multiplier: double}"))
    assert double.data.replay.kitty_bonus == 30


def test_kitty_to_the_declarers_scores_nothing() -> None:
    body = (
        "levels: NS=2 EW=2\ndeclarer: N\ntrump: H\nN: kitty\nN: bury (S5 SK)\n"
        + BASIC.split("W: (D3 D4)\n")[1]
    )
    rec = load(body, "{hand_size: 2, kitty_size: 2}")
    assert rec.data.replay.kitty_bonus == 0


def test_unknown_burial_is_a_warning() -> None:
    body = BASIC.replace("declarer: N\n", "declarer: N\nN: kitty\nN: bury\n")
    rec = load(body, "{hand_size: 2, kitty_size: 2}")
    assert "SJ202" in codes(rec)


@pytest.mark.parametrize(
    ("points", "tcy", "take_over"),
    [
        (0, (False, 3), (False, 3)),
        (5, (False, 2), (False, 2)),
        (35, (False, 2), (False, 2)),
        (40, (False, 1), (False, 1)),
        (75, (False, 1), (False, 1)),
        (80, (True, 1), (True, 0)),
        (115, (True, 1), (True, 0)),
        (120, (True, 2), (True, 1)),
        (160, (True, 3), (True, 2)),
        (200, (True, 4), (True, 3)),
        (260, (True, 4), (True, 3)),
    ],
)
def test_level_tables(points: int, tcy: tuple[bool, int], take_over: tuple[bool, int]) -> None:
    change = STANDARD.level_change(points)
    assert (change.attackers_win, change.levels) == tcy
    other = RuleSet(level_table=LevelTable.TAKE_OVER_AT_80).level_change(points)
    assert (other.attackers_win, other.levels) == take_over


def test_one_deck_halves_the_thresholds() -> None:
    assert SEED.total_points == 100
    assert SEED.level_change(40).attackers_win
    assert not SEED.level_change(35).attackers_win


def test_kitty_factor() -> None:
    assert [STANDARD.kitty_factor(p) for p in (0, 1, 2, 3)] == [2, 4, 8, 16]
    assert SEED.kitty_factor(2) == 2


def test_ace_compulsory_stops_at_ace() -> None:
    body = BASIC.replace("levels: NS=2 EW=2", "levels: NS=Q EW=2")
    assert load(body).data.replay.levels_after["NS"] == 15
    capped = load(body, "{hand_size: 2, kitty_size: 0, ace_compulsory: true}")
    assert capped.data.replay.levels_after["NS"] == 14


def test_hand_size_and_bad_options() -> None:
    assert "SJ010" in codes(load(HEAD + "N: (SA)\n"))
    assert codes(load(HEAD, "{preset: nonsense, level_table: sometimes}")).count("SJ020") == 2


def test_incomplete_deal_has_no_level_change() -> None:
    rec = load(HEAD + "N: SA\n")
    assert "SJ201" in codes(rec) and rec.data.replay.change is None and rec.winner is None


def test_tractor_winning_the_last_trick_multiplies_the_kitty_by_eight() -> None:
    body = (
        "levels: NS=2 EW=2\ndeclarer: N\ntrump: H\nN: kitty\nN: bury (S5 S10)\n"
        "N: D3D3D4D4\nW: H3H3H4H4\nS: D7D8D9D10\nE: C5C6C7C8\n"
    )
    replay = load(body, "{hand_size: 4, kitty_size: 2}").data.replay
    assert replay.tricks[0].winner == "W" and replay.tricks[0].ruff
    assert replay.kitty_bonus == 15 * 8  # a two-pair tractor led: ×2^(2+1)


def test_failed_throw_by_the_attackers_costs_them() -> None:
    body = (
        "levels: NS=2 EW=2\ndeclarer: E\ntrump: H\n"
        "N: (SA SJ D5)\nE: (S3 S4 D6)\nS: (S5 S6 D7)\nW: (SK D3 D4)\n"
        "E: D6\nN: D5\nW: D3\nS: D7\n"
        "S: S5S6>S5\n"
    )
    replay = load(body, "{hand_size: 3, kitty_size: 0, direction: clockwise}").data.replay
    assert replay.penalties == -10


def test_permanent_twos_are_trumps_in_play() -> None:
    body = HEAD.replace("NS=2 EW=2", "NS=5 EW=5") + "N: SA\nW: D2\nS: S6\nE: S3\n"
    assert load(body).data.replay.tricks[0].winner == "N"
    twos = load(body, "{hand_size: 2, kitty_size: 0, permanent_twos: true}")
    assert twos.data.replay.tricks[0].winner == "W"  # ♦2 is a trump: a ruff


def test_detect_recognises_each_game() -> None:
    from kifuwiki.core.recordfile import split_record_file
    from kifuwiki.games.jianhongdian import GAME as JH
    from kifuwiki.games.shengji import GAME as SJ

    shengji = split_record_file(BASIC)[0]
    fishing = split_record_file("table: D5 C9 DK SA\nA: H5xD5 ^S9xSA\nB: S7 ^HK\n")[0]
    assert SJ.detect(shengji) and not JH.detect(shengji)
    assert JH.detect(fishing) and not SJ.detect(fishing)


# -- the seed: nobody declares, the kitty is turned up (rule option ``undeclared``) ----------

SEED_KITTY = "{preset: seed, hand_size: 1, kitty_size: 3}"
"""One card each and a kitty of 3: a deal just large enough to show the turned-up trump."""


def _undeclared(kitty: str, trump_line: str = "", rules: str = SEED_KITTY) -> object:
    """N declares nothing, takes and buries ``kitty``; one trick: N ♠A, E ruffs with ♥3."""
    body = (
        f"levels: NS=5 EW=2\ndeclarer: N\n{trump_line}"
        f"N: kitty ({kitty})\nN: bury ({kitty})\n"
        "N: SA\nW: S2\nS: S4\nE: H3\n"
    )
    return load(body, rules)


def test_seed_nobody_declares_the_kittys_highest_card_names_trumps() -> None:
    rec = _undeclared("S3 HK D9")
    assert rec.data.replay.trumps.suit is not None
    assert rec.data.replay.trumps.suit.value == "H"
    assert rec.data.replay.tricks[0].winner == "E"  # ♥3 is a trump: a ruff
    assert "SJ118" not in codes(rec)


def test_seed_the_first_level_card_turned_up_names_trumps() -> None:
    rec = _undeclared("SK D5 H5")  # level 5: ♦5 is turned up first
    assert rec.data.replay.trumps.suit.value == "D"
    assert rec.data.replay.tricks[0].winner == "N"  # ♥3 is no trump now


def test_seed_equal_highest_cards_the_first_turned_up_wins() -> None:
    rec = _undeclared("DK HK S3")
    assert rec.data.replay.trumps.suit.value == "D"
    assert _undeclared("BJ HA DA").data.replay.trumps.suit.value == "H"  # jokers never


def test_seed_a_trump_line_against_the_turned_up_kitty() -> None:
    rec = _undeclared("S3 HK D9", trump_line="trump: none\n")
    line, column = find(rec, "SJ118")
    assert (line, column) == (3, 1)
    assert rec.data.replay.trumps.suit.value == "H"  # the kitty stands
    assert "SJ118" not in codes(_undeclared("S3 HK D9", trump_line="trump: H\n"))


def test_standard_rules_keep_no_trump_when_nobody_declares() -> None:
    standard = "{hand_size: 1, kitty_size: 3}"
    rec = _undeclared("S3 HK D9", rules=standard)
    assert rec.data.replay.trumps.suit is None
    assert rec.data.replay.tricks[0].winner == "N"
    assert rec.data.rules.undeclared.value == "no-trump"
    off = _undeclared(
        "S3 HK D9", rules="{preset: seed, hand_size: 1, kitty_size: 3, undeclared: no-trump}"
    )
    assert off.data.replay.trumps.suit is None
