"""Every rule of the engine, one or more tests each: a clean case and the broken one."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest
from tests.ponjan.helpers import BODY_LINE, CLEAN_HAND, codes, data, load, where

from kifuwiki.core.diagnostics import DiagnosticBag
from kifuwiki.games.ponjan.model import is_ready, is_win
from kifuwiki.games.ponjan.payments import Win, expected_payments
from kifuwiki.games.ponjan.rules import HOUSE, SEED, DealerKeeps, Rounding, resolve_rules

WILD = frozenset({"W"})


def tiles(text: str) -> Counter[str]:
    return Counter(text)


# -- winning shapes -------------------------------------------------------------


@pytest.mark.parametrize(
    "hand",
    ["111222333", "11122233W", "1112WW333", "111WWW999", "1WW2WW333", "WWWWWWWWW", "555555555"],
)
def test_three_sets_of_three_win_with_wild_tiles_filling_gaps(hand: str) -> None:
    assert is_win(tiles(hand), WILD)


@pytest.mark.parametrize("hand", ["111222334", "11223344W", "1234WWWWW", "11122233", "1111222333"])
def test_other_shapes_or_sizes_do_not_win(hand: str) -> None:
    assert not is_win(tiles(hand), WILD)


def test_a_hand_one_tile_from_three_sets_is_ready() -> None:
    assert is_ready(tiles("11122233"), WILD)
    assert is_ready(tiles("1112223W"), WILD)
    assert not is_ready(tiles("11223344"), WILD)
    assert not is_ready(tiles("111222333"), WILD)  # 9 tiles: not a hand between turns


# -- a clean hand ---------------------------------------------------------------


def test_a_clean_hand_has_no_diagnostics_and_moves_the_chips() -> None:
    record = load(CLEAN_HAND)
    assert codes(record) == []
    replay = data(record).replay
    assert replay.chips == {"A": 84, "B": 124, "C": 92}
    assert replay.hands[0].winner == "B" and replay.hands[0].ended == "tsumo"
    assert record.winner == "坂本"
    assert sum(replay.chips.values()) == 300


def test_wall_count_is_the_set_minus_the_deal_minus_the_draws() -> None:
    from kifuwiki.games.ponjan.engine import replay

    parsed = data(load(CLEAN_HAND))
    steps = replay(parsed.record, SEED, DiagnosticBag(), snapshots=True).steps
    # 80 tiles − 3 × 8 dealt = 56, then five draws.
    assert steps[1].position.wall == 56
    assert steps[-1].position.wall == 56 - 5
    assert parsed.replay.steps[-1].snapshot is None  # validating keeps no snapshots


# -- turns and hand sizes -------------------------------------------------------


def test_drawing_out_of_turn_is_pj100() -> None:
    record = load(CLEAN_HAND.replace("A 引 9\nA 捨 9\n", "B 引 9\nB 捨 9\n", 1))
    assert "PJ100" in codes(record)
    assert where(record, "PJ100") == (BODY_LINE + 4, 1)


def test_discarding_without_a_draw_is_pj101() -> None:
    record = load(CLEAN_HAND.replace("A 引 9\n", "", 1))
    assert "PJ101" in codes(record)


def test_drawing_twice_is_pj101() -> None:
    record = load(CLEAN_HAND.replace("A 引 9\n", "A 引 9\nA 引 8\n", 1))
    assert codes(record).count("PJ101") == 1


def test_discarding_a_tile_not_held_is_pj102_and_names_the_hand() -> None:
    record = load(CLEAN_HAND.replace("A 捨 9", "A 捨 7", 1))
    message = next(d for d in record.diagnostics if d.code == "PJ102")
    assert "1 1 2 2 3 3 4 4 9" in message.message
    assert message.message_ja


def test_more_copies_than_the_set_has_is_pj103() -> None:
    front = (
        "---\ngame: ponjan\nplayers: [A, B]\ntiles: {kinds: 1-3, copies: 4, wild: {W: 2}}\n---\n"
    )
    body = "第1局 親 A\nA 配牌 11112222\nB 配牌 1333333W\n"
    record = load(body, front)
    assert codes(record).count("PJ103") == 2  # a fifth 1 and a fifth and sixth 3: once per tile


def test_starting_hand_not_8_tiles_is_pj118() -> None:
    record = load(CLEAN_HAND.replace("A 配牌 11223344", "A 配牌 1122334"))
    assert "PJ118" in codes(record)


# -- wins -----------------------------------------------------------------------


def test_a_tsumo_that_is_not_three_sets_is_pj104() -> None:
    record = load(CLEAN_HAND.replace("B 引 6\n", "B 引 5\n"))
    assert "PJ104" in codes(record)


def test_a_tsumo_without_a_draw_is_pj108() -> None:
    record = load(CLEAN_HAND.replace("B 引 6\nB ツモ", "B ツモ"))
    assert "PJ108" in codes(record)


def test_revealed_tiles_must_match_the_tracked_hand() -> None:
    good = load(CLEAN_HAND.replace("B ツモ", "B ツモ [111 333 666]"))
    assert codes(good) == []
    bad = load(CLEAN_HAND.replace("B ツモ", "B ツモ [111 333 WWW]"))
    assert "PJ117" in codes(bad)


def test_a_hidden_hand_is_checked_through_its_revealed_tiles() -> None:
    body = CLEAN_HAND.replace("B 配牌 11133466\n", "").replace("B 引 3", "B 引 ?")
    assert codes(load(body)) == []  # nothing to check against: no false alarms
    broken = body.replace("B ツモ", "B ツモ [111 333 456]")
    assert "PJ104" in codes(load(broken))


RON_HAND = """第1局 親 A
A 配牌 11223344
B 配牌 11133466
C 配牌 55667788
A 引 9
A 捨 9
B 引 3
B リーチ 4
C 引 6
C 捨 6
B ロン
精算 A+0 B+24 C-24
"""


def test_ron_on_the_last_discard_by_a_riichi_player() -> None:
    record = load(RON_HAND)
    assert codes(record) == []
    assert data(record).replay.chips == {"A": 100, "B": 124, "C": 76}


def test_ron_without_riichi_is_pj107_under_the_seed_rules_but_fine_under_house() -> None:
    body = RON_HAND.replace("B リーチ 4", "B 捨 4")
    assert "PJ107" in codes(load(body))
    house = body.replace("B+24 C-24", "B+12 C-12")  # no riichi: base 12 only
    front = "---\ngame: ponjan\nplayers: [A, B, C]\nrules: house\n---\n"
    assert codes(load(house, front)) == []


def test_ron_on_ones_own_discard_is_pj107() -> None:
    body = RON_HAND.replace("C 引 6\nC 捨 6\nB ロン", "C 引 6\nC 捨 6\nC ロン")
    assert "PJ107" in codes(load(body))


def test_ron_naming_another_tile_than_the_discard_is_pj107() -> None:
    assert "PJ107" in codes(load(RON_HAND.replace("B ロン", "B ロン 5")))


def test_actions_after_the_hand_ended_are_pj115() -> None:
    body = CLEAN_HAND.replace("B ツモ\n", "B ツモ\nC 引 1\n")
    assert "PJ115" in codes(load(body))


# -- riichi ---------------------------------------------------------------------


def test_riichi_with_a_hand_not_ready_is_pj105() -> None:
    body = CLEAN_HAND.replace("A 捨 9\n", "A リーチ 9\n", 1)
    assert "PJ105" in codes(load(body))


def test_after_riichi_the_drawn_tile_is_discarded_unless_it_wins() -> None:
    body = CLEAN_HAND.replace("B 引 6\nB ツモ", "B 引 5\nB 捨 1")
    record = load(body.split("精算")[0])
    assert "PJ106" in codes(record)
    fine = load(CLEAN_HAND.replace("B 引 6\nB ツモ", "B 引 5\nB 捨 5").split("精算")[0])
    assert "PJ106" not in codes(fine)


def test_riichi_twice_is_pj116() -> None:
    body = CLEAN_HAND.replace("B 引 6\nB ツモ", "B 引 5\nB リーチ 5").split("精算")[0]
    assert "PJ116" in codes(load(body))


# -- the wall -------------------------------------------------------------------


def _small(body: str) -> str:
    return "---\ngame: ponjan\nplayers: [A, B]\ntiles: {kinds: 1-5, copies: 4}\n---\n" + body


SMALL = """第1局 親 A
A 配牌 11223344
B 配牌 11223344
A 引 5
A 捨 5
B 引 5
B 捨 5
A 引 5
A 捨 5
B 引 5
B 捨 5
流局
精算 A+0 B+0
"""


def test_an_exhausted_wall_pays_nothing() -> None:
    from kifuwiki.core.recordfile import split_record_file
    from kifuwiki.games.ponjan import GAME

    record = GAME.load(split_record_file(_small(SMALL), "x")[0])
    assert [d.code for d in record.diagnostics] == []
    paid = GAME.load(split_record_file(_small(SMALL.replace("A+0 B+0", "A+5 B-5")), "x")[0])
    assert [d.code for d in paid.diagnostics] == ["PJ119"]


def test_exhaustive_draw_with_tiles_in_the_wall_is_pj109_and_drawing_past_it_pj110() -> None:
    from kifuwiki.core.recordfile import split_record_file
    from kifuwiki.games.ponjan import GAME

    early = GAME.load(
        split_record_file(_small(SMALL.replace("B 引 5\nB 捨 5\n流局", "流局")), "x")[0]
    )
    assert "PJ109" in [d.code for d in early.diagnostics]
    late = _small(SMALL.replace("流局", "A 引 1\nA 捨 1\n流局"))
    assert "PJ110" in [d.code for d in GAME.load(split_record_file(late, "x")[0]).diagnostics]


# -- payments -------------------------------------------------------------------


def test_wrong_payments_are_pj111_with_the_expected_ones() -> None:
    record = load(CLEAN_HAND.replace("精算 A-16 B+24 C-8", "精算 A-8 B+24 C-16"))
    problem = next(d for d in record.diagnostics if d.code == "PJ111")
    assert "A-16 B+24 C-8" in problem.message
    # The reason in Japanese too (review13 R13-15: only the English gave it).
    assert problem.message_ja is not None and "ツモ" in problem.message_ja
    assert "tsumo" not in problem.message_ja


def test_a_seat_with_none_declared_says_so() -> None:
    """review13 R13-15: "(seats: )" when the record declares no seat."""
    from kifuwiki.core.recordfile import split_record_file
    from kifuwiki.games.ponjan import GAME

    (source,) = split_record_file("---\ngame: ponjan\n---\n第1局 親 A\nA 捨 5\n", "x.kifu")
    record = GAME.load(source)
    problem = next(d for d in record.diagnostics if d.code == "PJ002")
    assert problem.message.endswith("(seats: none declared)")
    assert problem.message_ja is not None and problem.message_ja.endswith("(席: 宣言なし)")


def test_payments_not_adding_up_to_zero_are_pj113() -> None:
    record = load(CLEAN_HAND.replace("精算 A-16 B+24 C-8", "精算 A-16 B+25 C-8"))
    assert "PJ113" in codes(record)


def test_totals_that_do_not_match_are_pj112() -> None:
    record = load(CLEAN_HAND.replace("計 A 84 B 124 C 92", "計 A 84 B 120 C 96"))
    assert "PJ112" in codes(record)
    assert "A 84 B 124 C 92" in next(d for d in record.diagnostics if d.code == "PJ112").message


def test_a_win_without_a_payment_line_warns_and_applies_the_rules() -> None:
    record = load(CLEAN_HAND.replace("精算 A-16 B+24 C-8\n", ""))
    assert codes(record) == ["PJ201"]
    assert data(record).replay.chips == {"A": 84, "B": 124, "C": 92}


def test_a_hand_that_never_ends_warns_pj202() -> None:
    record = load(CLEAN_HAND.split("B 引 6")[0])
    assert codes(record) == ["PJ202"]


def test_a_yaku_not_in_the_score_table_is_pj010() -> None:
    assert "PJ010" in codes(load(CLEAN_HAND.replace("B ツモ", "B ツモ +三色")))


def test_a_yaku_from_the_records_score_table_adds_its_points() -> None:
    front = (
        "---\ngame: ponjan\nplayers: [A, B, C]\nrules: {preset: seed, scores: {三色: 12}}\n---\n"
    )
    body = CLEAN_HAND.replace("B ツモ", "B ツモ +三色").replace(
        "精算 A-16 B+24 C-8\n計 A 84 B 124 C 92", "精算 A-24 B+36 C-12"
    )
    assert codes(load(body, front)) == []


SEATS = ("A", "B", "C", "D")


def test_ron_the_discarder_pays_alone_and_a_dealer_wins_one_and_a_half() -> None:
    child = expected_payments(Win("B", "A", SEATS, False, "C", ("base",)), SEED)
    assert child == {"A": 0, "B": 12, "C": -12, "D": 0}
    dealer = expected_payments(Win("A", "A", SEATS, False, "C", ("base",)), SEED)
    assert dealer == {"A": 18, "B": 0, "C": -18, "D": 0}


def test_tsumo_the_others_split_and_the_dealer_pays_double() -> None:
    child = expected_payments(Win("B", "A", SEATS, True, None, ("base",)), SEED)
    assert child == {"A": -6, "B": 12, "C": -3, "D": -3}
    dealer = expected_payments(Win("A", "A", SEATS, True, None, ("base", "riichi")), SEED)
    assert dealer == {"A": 36, "B": -12, "C": -12, "D": -12}


def test_fractional_shares_follow_the_rounding_option() -> None:
    rules = resolve_rules({"scores": {"base": 10}}, DiagnosticBag())
    up = expected_payments(Win("B", "A", SEATS, True, None, ("base",)), rules)
    # 10 in four shares: the children's 2.5 round up to 3, the dealer's 5 is whole.
    assert up == {"A": -5, "B": 11, "C": -3, "D": -3}
    down = resolve_rules({"scores": {"base": 10}, "rounding": "down"}, DiagnosticBag())
    assert expected_payments(Win("B", "A", SEATS, True, None, ("base",)), down)["B"] == 9


# -- the dealer -----------------------------------------------------------------


TWO_HANDS = (
    CLEAN_HAND
    + """第2局 親 B
A 配牌 55667788
B 配牌 11223344
C 配牌 11133466
B 引 9
B 捨 9
C 引 3
C リーチ 4
A 引 9
A 捨 9
B 引 5
B 捨 5
C 引 6
C ツモ
精算 A-8 B-16 C+24
計 A 76 B 108 C 116
"""
)


def test_the_deal_passes_to_the_next_seat() -> None:
    assert codes(load(TWO_HANDS)) == []
    # Hand 2 dealt by C after A: the next seat is B.
    record = load(TWO_HANDS.replace("第2局 親 B", "第2局 親 C"))
    assert "PJ114" in codes(record)


def test_under_house_rules_the_dealer_keeps_the_deal_after_winning() -> None:
    assert HOUSE.dealer_keeps is DealerKeeps.WIN
    front = "---\ngame: ponjan\nplayers: [A, B, C]\nrules: house\n---\n"
    record = load(TWO_HANDS, front)
    assert "PJ114" not in codes(record)  # A dealt and B won: the deal passes to B


# -- rule options ---------------------------------------------------------------


def test_presets_and_options_resolve_and_bad_ones_warn() -> None:
    bag = DiagnosticBag()
    rules = resolve_rules(
        {"preset": "house", "dealer_win_factor": 2, "rounding": "nearest", "colour": "red"}, bag
    )
    assert rules.name == "house" and rules.dealer_win_factor == Fraction(2)
    assert rules.rounding is Rounding.NEAREST
    assert [d.code for d in bag.items] == ["PJ200"]
    assert resolve_rules("nonsense", bag) == SEED
    assert rules.describe().startswith("house (")


def test_an_unreadable_line_is_reported_once_not_on_every_action_after_it() -> None:
    # The draw is unreadable: the discard after it must not also be a hand-size error,
    # and the next player's turn goes on normally.
    record = load(CLEAN_HAND.replace("A 引 9\n", "A 引 X\n", 1))
    assert codes(record) == ["PJ003"]
    skipped_discard = load(CLEAN_HAND.replace("A 捨 9\n", "A 捨 X\n", 1))
    assert codes(skipped_discard) == ["PJ003"]


def test_one_wrong_totals_line_is_reported_once() -> None:
    again = "計 A 84 B 124 C 92\n"
    typo = CLEAN_HAND.replace("計 A 84 B 124 C 92", "計 A 80 B 124 C 92") + again
    assert codes(load(typo)) == ["PJ112"]  # the sum is off: the next line is checked as before
    paid_wrong = CLEAN_HAND.replace("精算 A-16 B+24 C-8", "精算 A-8 B+24 C-16") + again
    # Totals that follow the rules' payments, not the written ones: the payment line was
    # wrong (PJ111), not the totals (they were PJ112 once too, one typo, two errors).
    assert codes(load(paid_wrong)) == ["PJ111"]
    assert data(load(paid_wrong)).replay.chips == {"A": 84, "B": 124, "C": 92}
    # Totals that follow neither are still PJ112 (once).
    both = paid_wrong.replace("計 A 84 B 124 C 92\n", "計 A 80 B 124 C 96\n", 1)[: -len(again)]
    assert codes(load(both)) == ["PJ111", "PJ112"]


def test_payments_before_the_hand_ended_or_twice_are_pj115() -> None:
    early = CLEAN_HAND.replace("B 引 6\n", "精算 A-16 B+24 C-8\nB 引 6\n").replace(
        "B ツモ\n精算 A-16 B+24 C-8\n", "B ツモ\n"
    )
    assert "PJ115" in codes(load(early))
    twice = CLEAN_HAND.replace("精算 A-16 B+24 C-8\n", "精算 A-16 B+24 C-8\n精算 A-16 B+24 C-8\n")
    record = load(twice)
    assert codes(record) == ["PJ115"]
    assert data(record).replay.chips == {"A": 84, "B": 124, "C": 92}  # paid once


def test_exhaustive_draw_before_the_last_discard_is_pj109() -> None:
    from kifuwiki.core.recordfile import split_record_file
    from kifuwiki.games.ponjan import GAME

    body = _small(SMALL.replace("B 捨 5\n流局", "流局"))
    record = GAME.load(split_record_file(body, "x")[0])
    message = next(d for d in record.diagnostics if d.code == "PJ109").message
    assert message.startswith("B has drawn the last tile")


# -- the seed: nine tiles that are three sets win at once ----------------------------


def test_a_winning_hand_does_not_discard() -> None:
    body = CLEAN_HAND.replace("B 引 6\nB ツモ", "B 引 6\nB 捨 6").split("精算")[0]
    record = load(body)
    assert where(record, "PJ120") == (BODY_LINE + 13, 1)  # B 捨 6
    assert "PJ106" not in codes(record)  # the drawn tile is what riichi discards
    message = next(d for d in record.diagnostics if d.code == "PJ120")
    assert "1 1 1 3 3 3 6 6 6" in message.message
    front = "---\ngame: ponjan\nplayers: {A: 青木, B: 坂本, C: 千田}\nchips: 100\n"
    optional = load(body, front + "rules: {preset: seed, tsumo_compulsory: false}\n---\n")
    assert "PJ120" not in codes(optional)


def test_a_hand_that_does_not_win_discards_freely() -> None:
    assert "PJ120" not in codes(load(CLEAN_HAND))
    body = CLEAN_HAND.replace("B 引 6\nB ツモ", "B 引 5\nB 捨 5").split("精算")[0]
    assert "PJ120" not in codes(load(body))
