"""The Prime Daifugo replay: every rule, every diagnostic, every state the viewer shows."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from kifuwiki.archive import load_text
from kifuwiki.core.diagnostics import Severity
from kifuwiki.games.base import GameRecord
from kifuwiki.games.prime_daifugo import GAME, LoadedGame
from kifuwiki.games.prime_daifugo.i18n import annotation_ja
from kifuwiki.games.prime_daifugo.model import (
    Action,
    Card,
    CardRun,
    Dialect,
    Hand,
    Move,
    ParsedGame,
    Penalty,
)
from kifuwiki.games.prime_daifugo.replay import Replay, Step, hand_of, replay
from kifuwiki.games.prime_daifugo.rules import STANDARD, RuleSet

# Two legal 11-card hands (no rank more than four times between them).
A_HAND = "23457TJQKAX"
B_HAND = "23457TJQKA9"


def load(body: str, rules: Mapping[str, Any] | None = None, front: str = "") -> GameRecord:
    text = (f"---\n{front}---\n" if front else "") + body
    records = load_text(text, "records/prime-daifugo/test.kifu", rules)
    assert len(records) == 1
    return records[0]


def two(*moves: str, a: str = A_HAND, b: str = B_HAND, **kwargs: Any) -> GameRecord:
    return load(f"a:({a})\nb:({b})\n" + "".join(f"{m}\n" for m in moves), **kwargs)


def found(record: GameRecord, severity: Severity | None = None) -> list[str]:
    return [d.code for d in record.diagnostics if severity is None or d.severity is severity]


def errors(record: GameRecord) -> list[str]:
    return found(record, Severity.ERROR)


def warnings(record: GameRecord) -> list[str]:
    return found(record, Severity.WARNING)


def steps(record: GameRecord) -> list[Step]:
    data = record.data
    assert isinstance(data, LoadedGame)
    return data.replay.steps


def hands(step: Step) -> list[str]:
    return [hand.cards for hand in step.state.hands]


# --------------------------------------------------------------------------- a whole game


def test_a_real_game_step_by_step() -> None:
    record = load(
        "はち:(QT338647JA9)\nnishimura:(T77TJK4X3KA)\n"
        "はち:D(Q)987463\nnishimura:XKKTTJ|X=K\nはち:%\nnishimura:747A3#\n"
    )
    assert errors(record) == [] and warnings(record) == []
    assert record.players == ["はち", "nishimura"]
    assert record.first_player == "はち" and record.winner == "nishimura"
    assert record.ranking == ["nishimura", "はち"]
    assert record.moves == 4 and record.rules == "standard"
    deal, lead, follow, passed, out = steps(record)
    assert deal.kind == "deal" and deal.state.deck == 54 - 22 and deal.state.to_move is None
    assert lead.kind == "lead" and lead.drawn == "Q" and lead.number == 987463
    assert lead.annotations == ("987463 is prime",)
    assert hands(lead)[0] == "A3TJQQ"
    assert lead.state.deck == 31 and lead.state.field is not None
    assert follow.kind == "follow" and follow.joker_values == (13,)
    assert follow.number == 131313101011 and follow.consumed == 6
    assert passed.kind == "pass" and passed.flushed
    assert passed.state.field is None and passed.state.to_move == 1
    # Flushed cards go to the deck's bottom in the order they were played.
    assert passed.state.bottom == "987463XKKTTJ"
    assert out.kind == "out" and out.state.out == (1,) and out.state.to_move is None
    assert out.state.hands[1].size == 0


def test_seats_follow_the_record_and_a_player_may_start_second_in_order() -> None:
    record = two("b:7", "a:K", "b:%")
    assert record.first_player == "b"
    assert errors(record) == []
    assert steps(record)[-1].state.to_move == 0  # a made the last play: flushed, a leads


def test_a_time_out_says_so_and_counts_as_a_pass() -> None:
    # "%%" showed only "field flushed; a leads": the record's 時間切れ badge had no step.
    record = two("a:7", "b:%%")
    assert errors(record) == []
    step = steps(record)[2]
    assert step.kind == "timeout" and step.flushed
    assert step.annotations == ("time-out: counts as a pass", "field flushed; a leads")
    assert [annotation_ja(a) for a in step.annotations] == [
        "時間切れ (パス扱い)",
        "場が流れ、a の親",
    ]
    assert steps(two("a:7", "b:%"))[2].annotations == ("field flushed; a leads",)


# --------------------------------------------------------------------------- following


def test_follow_needs_the_same_number_of_cards() -> None:
    record = two("a:7", "b:23")
    assert errors(record) == ["PD130"]
    assert (
        "2 cards on a field of 1, but the play was not penalised" in record.diagnostics[0].message
    )
    # The Japanese reason and its "but not penalised" join as one sentence (it read
    # "場は 1枚なのに 2枚のに、ペナルティがない").
    assert record.diagnostics[0].message_ja == "2枚出しで場の 1枚と合わないのに、ペナルティがない"
    assert "judge missed" in steps(record)[2].annotations[0]


def test_a_wrong_count_of_one_card_is_said_in_the_singular() -> None:
    record = two("a:23", "b:7")
    assert "1 card on a field of 2, but" in record.diagnostics[0].message


def test_a_penalised_wrong_count_is_an_event_not_an_error() -> None:
    record = two("a:7", "b:23,P(56)", b="23457TJQKA9")
    assert errors(record) == []
    step = steps(record)[2]
    assert step.kind == "penalty" and step.valid is False
    assert step.annotations[0] == "2 cards on a field of 1 → penalty 2"
    assert annotation_ja(step.annotations[0]) == "2枚出しで場の 1枚と合わない → ペナルティ 2枚"
    assert step.penalty_drawn == "56"
    assert step.state.hands[1].size == 13  # cards back, plus two drawn
    # The penalty acts like a pass: back to a, who made the last play, so the field flushes.
    assert step.flushed and step.state.to_move == 0


def test_follow_must_be_stronger() -> None:
    record = two("a:7", "b:5")
    assert errors(record) == ["PD131"]
    assert "5 does not beat 7" in record.diagnostics[0].message


def test_two_digit_cards_count_as_one_card() -> None:
    # QK is two cards (1213) and beats 59, also two cards.
    record = two("b:59", "a:QK")
    assert errors(record) == []
    assert steps(record)[2].number == 1213


# --------------------------------------------------------------------------- primes


def test_a_non_prime_accepted_is_an_error_that_names_its_factors() -> None:
    record = two("a:22A", a="22A3457TJQK")
    assert errors(record) == ["PD132"]
    assert steps(record)[1].annotations == ("judge missed: 221 = 13 × 17 was accepted",)


def test_a_non_prime_penalised_is_annotated() -> None:
    record = two("a:22A,P(3J9)", a="22A3457TJQK", b="23457TJQKA9")
    assert errors(record) == []
    assert steps(record)[1].annotations == ("221 = 13 × 17 is not prime → penalty 3",)


def test_one_is_never_prime() -> None:
    record = two("a:A,P(9)")
    assert errors(record) == []
    assert steps(record)[1].annotations == ("1 is not prime (primes start at 2) → penalty 1",)


def test_judge_missed_a_joker_composite() -> None:
    record = two("a:TXA|X=0")  # 1001 = 7 × 11 × 13
    assert errors(record) == ["PD132"]
    assert steps(record)[1].annotations[0] == ("judge missed: 1001 = 7 × 11 × 13 was accepted")


def test_a_valid_play_penalised_is_an_error() -> None:
    record = two("a:QK,P(99)", b="23457TJQKA8")
    assert errors(record) == ["PD137"]


# --------------------------------------------------------------------------- penalties


def test_penalty_size_must_match_the_play() -> None:
    record = two("a:22A,P(39)", a="22A3457TJQK")
    assert errors(record) == ["PD140"]
    assert "penalty of 3" in record.diagnostics[0].message


def test_penalty_is_cut_short_by_the_deck() -> None:
    # 11 + 11 dealt, 32 in the deck; an all-out of 11 draws 11, and so on until it runs dry.
    moves = [
        "a:23457TJQKAX|X=A,P(???????????)",
        "b:23457TJQKA9,P(???????????)",
        "a:D(?)23457TJQKAX|X=A,P(?????????)",
    ]
    record = two(*moves)
    assert errors(record) == []
    assert steps(record)[3].state.deck == 0
    record = two(*moves[:2], "a:D(?)23457TJQKAX|X=A,P(???????????)")
    assert errors(record) == ["PD140", "PD126"]
    assert "the deck holds 9, so 9" in record.diagnostics[-2].message


def test_empty_penalty_when_the_deck_is_empty() -> None:
    moves = [
        "a:23457TJQKAX|X=A,P(???????????)",
        "b:23457TJQKA9,P(???????????)",
        "a:D(?)23457TJQKAX|X=A,P(?????????)",
        "b:23457TJQKA9,P()",
    ]
    record = two(*moves)
    assert errors(record) == []
    assert steps(record)[-1].penalty_drawn == ""


def test_penalty_modes() -> None:
    composite = "a:KQ=2^4*4A,P(??????)"  # wrong (2^4 × 41 = 656): 2 + 4 factor cards
    hand = "KQ244A37TJX"
    assert errors(two(composite, a=hand)) == []
    assert errors(two(composite, a=hand, rules={"penalty_mode": "field-count"})) == ["PD140"]
    assert errors(two("a:KQ=2^4*4A,P(??)", a=hand, rules={"penalty_mode": "field-count"})) == []
    assert errors(two("a:KQ=2^4*4A,P(?)", a=hand, rules={"penalty_mode": "always-1"})) == []


def test_a_penalty_on_a_pass_is_an_error() -> None:
    record = two("a:%,P(3)")
    assert errors(record) == ["PD141"]


# --------------------------------------------------------------------------- composites


def test_composite_play_discards_factor_cards_to_the_bottom_at_once() -> None:
    record = two("a:KQ=2^5*4A", "b:%", a="KQ254A37TJX")
    assert errors(record) == []
    play = steps(record)[1]
    assert play.kind == "composite" and play.number == 1312
    assert play.factorisation == "2^5 × 41" and play.factor_cards == "254A"
    assert play.consumed == 6 and play.play_count == 2
    assert play.annotations == ("1312 = 2^5 × 41 ✓ (factor cards discarded)",)
    assert play.state.bottom == "254A"  # factors at once …
    assert steps(record)[2].state.bottom == "254AKQ"  # … the number when the field flushes
    assert hands(play)[0] == "37TJX"


def test_joker_in_a_factor() -> None:
    record = two("a:9A=X*K|X=7", a="9AXK2345678")  # 91 = 7 × 13
    assert errors(record) == []
    assert steps(record)[1].factorisation == "7 × 13"


def test_wrong_factorisation_accepted_is_an_error() -> None:
    record = two("a:KQ=2^4*4A", a="KQ244A37TJX")
    assert errors(record) == ["PD133"]
    assert "the factors multiply to 656" in record.diagnostics[0].message


def test_factor_must_be_prime() -> None:
    record = two("a:A6=4*4", a="A644237JQKX")  # 16 = 4 × 4 is wrong: 4 is not prime
    assert errors(record) == ["PD133"]
    assert "factor 4 is not prime" in record.diagnostics[0].message


def test_composite_penalty_counts_the_factor_cards() -> None:
    record = two("a:A6=4*4,P(????)", a="A644237JQKX")
    assert errors(record) == []
    assert steps(record)[1].annotations[0].endswith("→ penalty 4")


def test_power_tower_factor() -> None:
    # 1048576 = 2^4 × 2^8 × 2^(2^3), as a real record wrote it.
    record = two(
        "a:T48576=2^4*2^8*2^2^3",
        a="T485762428223K",
        b="3579TJQKA3579A",
        rules={"hand_size": 14},
    )
    assert errors(record) == []
    play = steps(record)[1]
    assert play.factorisation == "2^4 × 2^8 × 2^2^3"
    assert play.consumed == 13


def test_composites_can_be_switched_off() -> None:
    record = two("a:KQ=2^5*4A", a="KQ254A37TJX", rules={"composites": False})
    assert errors(record) == ["PD134"]


def test_exponents_can_be_switched_off() -> None:
    record = two("a:KQ=2^5*4A", a="KQ254A37TJX", rules={"exponents": False})
    assert errors(record) == ["PD133"]
    assert "exponents are not allowed" in record.diagnostics[0].message


def test_composite_57_has_no_special_effect() -> None:
    record = two("a:57=3*J7[GC]", a="573J7248TKQ")
    assert warnings(record) == ["PD155"]
    assert steps(record)[1].state.field is not None  # no flush


# --------------------------------------------------------------------------- specials


def test_grothendieck_cut_flushes_and_the_same_player_leads_again() -> None:
    record = two("a:53", "b:57[GC]", "b:D(9)K", "a:%", a="53A2467TJQK", b="5723TJQKA48")
    assert errors(record) == []
    gc = steps(record)[2]
    assert gc.kind == "GC" and gc.flushed and gc.state.field is None
    assert gc.state.to_move == 1 and gc.state.bottom == "5357"
    assert gc.annotations == ("57: Grothendieck cut, field flushed",)


def test_grothendieck_cut_obeys_strength() -> None:
    record = two("a:59", "b:57[GC]", a="59A2467TJQK", b="5723TJQKA48")
    assert errors(record) == ["PD131"]


def test_grothendieck_cut_with_a_joker() -> None:
    record = two("a:5X|X=7[GC]", "a:K")
    assert errors(record) == []
    assert steps(record)[1].kind == "GC"


def test_a_move_after_a_cut_by_the_other_player_is_out_of_turn() -> None:
    record = two("a:5X|X=7[GC]", "b:K")
    assert errors(record) == ["PD110"]
    assert "it is a's turn, not b's" in record.diagnostics[0].message


def test_gc_can_be_switched_off() -> None:
    record = two("a:57", a="57A2346TJQK", rules={"GC": False})
    assert errors(record) == ["PD132"]


def test_ramanujan_revolution_reverses_strength_until_played_again() -> None:
    record = two(
        "a:A729[RR]",
        "b:A237",  # 1237 is prime and smaller: fine under revolution
        "a:%",
        "b:5",
        "a:3",
        "b:%",
        a="A729354TJQK",
        b="A2375TJQK48",
    )
    assert errors(record) == []
    rr, under = steps(record)[1], steps(record)[2]
    assert rr.kind == "RR" and rr.state.revolution
    assert rr.annotations == ("1729: Ramanujan revolution, order of strength reversed",)
    assert under.state.revolution and not under.flushed
    # The revolution survives the flush; 3 beats 5 under revolution.
    assert steps(record)[3].flushed and steps(record)[5].state.revolution


def test_bigger_follow_under_revolution_is_an_error() -> None:
    record = two("a:A729[RR]", "b:2357", a="A729354TJQK", b="2357TJQKA48")
    assert errors(record) == ["PD131"]
    assert "(revolution)" in record.diagnostics[0].message


def test_revolution_ends_with_a_second_1729() -> None:
    record = two(
        "a:A729[RR]",
        "b:%",
        "a:5",
        "b:3",
        "a:%",
        "b:AX29|X=7[RR]",
        a="A7295TJQK48",
        b="A2X93TJQK48",
    )
    assert errors(record) == []
    assert steps(record)[5].state.revolution and not steps(record)[6].state.revolution
    assert steps(record)[6].annotations == ("1729: Ramanujan revolution, order back to normal",)


def test_lone_joker_beats_any_single_card_and_flushes() -> None:
    record = two("b:K", "a:X[IN]", "a:7")
    assert errors(record) == []
    joker = steps(record)[2]
    assert joker.kind == "IN" and joker.flushed and joker.state.to_move == 0
    assert joker.state.bottom == "KX"


def test_lone_joker_under_revolution_still_wins() -> None:
    record = two("a:A729[RR]", "b:%", "a:5", "b:2", "a:X[IN]", a="A7295X3TJQK", b="2345TJQKA78")
    assert errors(record) == []
    assert steps(record)[5].kind == "IN" and steps(record)[5].state.revolution


def test_lone_joker_on_two_cards_is_wrong() -> None:
    record = two("b:59", "a:X[IN]", b="59A2347TJQK")
    assert errors(record) == ["PD130"]


def test_tags_must_match_the_play() -> None:
    record = two("a:53[GC]", a="53A2467TJQK")
    assert errors(record) == ["PD154"]
    assert "[GC] is written, but 53 = 53 is not 57" in record.diagnostics[0].message


def test_gc_is_inferred_when_not_written() -> None:
    record = two("a:57", "a:K", a="57A2346TJQK")
    assert errors(record) == []
    assert steps(record)[1].kind == "GC"


# --------------------------------------------------------------------------- jokers


def test_joker_values_outside_the_rule_set() -> None:
    record = two("a:XA|X=0", rules={"joker_range": "1-13"})
    assert "PD151" in errors(record)
    assert "PD153" in warnings(record)  # and it is a leading zero


def test_joker_leading_zero_is_accepted_with_a_warning() -> None:
    record = two("a:X3|X=0")
    assert errors(record) == [] and warnings(record) == ["PD153"]
    assert steps(record)[1].number == 3


def test_joker_without_value() -> None:
    record = two("a:X3")
    assert errors(record) == ["PD150"]
    assert steps(record)[1].valid is None


def test_extra_joker_values() -> None:
    record = two("a:7A|X=3")
    assert warnings(record) == ["PD152"]


def test_two_jokers_are_resolved_left_to_right() -> None:
    record = two("a:XX3|X=A|X=0", a="XX3245TJQKA", b="23457TJQKA9")
    assert steps(record)[1].number == 103
    assert errors(record) == []


# --------------------------------------------------------------------------- hands and deck


def test_a_card_not_in_hand() -> None:
    record = two("a:D(3)89")
    assert errors(record) == ["PD120"]
    assert "a plays 89 but does not hold them" in record.diagnostics[0].message


def test_a_record_without_draws_gets_one_warning_for_missing_draws() -> None:
    # Blogs often leave draws out: cards a player lacked were drawn unrecorded.
    record = two("a:89", "b:%", "a:83", a="23457TJQKAX", b="23457TJQKA9")
    assert errors(record) == [] and warnings(record) == ["PD129"]
    after = steps(record)[1].state
    assert after.deck == 30 and after.hands[0].size == 11  # two drawn, two played
    assert steps(record)[-1].state.deck_unknown == 29  # plus 89 flushed to the bottom


def test_more_than_four_of_a_rank() -> None:
    record = two(a="KKKK2345TJQ", b="K2345TJQA79")
    # Hands only: the record has no moves (PD017) too.
    assert sorted(errors(record)) == ["PD017", "PD121"]
    (known,) = [d for d in record.diagnostics if d.code == "PD121"]
    assert "5 cards of rank K are known at once" in known.message


def test_three_jokers() -> None:
    record = two("a:D(X)5", a="XX2345TJQKA")
    assert errors(record) == ["PD121"]


def test_hand_size_warning() -> None:
    record = two(a="23457", b="23457")
    assert warnings(record) == ["PD123", "PD123"]
    sized = two(a="23457", b="23457", rules={"hand_size": 5}).diagnostics
    assert [d.code for d in sized] == ["PD017"]  # hands only: no moves


def test_unknown_hands_warn_once_and_are_still_checked() -> None:
    record = load("a:(不明)\nb:(不明)\na:7\nb:K\na:%\nb:J\na:%\nb:57[GC]\n")
    assert warnings(record) == ["PD124"]
    assert errors(record) == []
    final = steps(record)[-1].state
    assert (final.hands[0].unknown, final.hands[1].unknown) == (10, 7)
    assert final.bottom == "7KJ57" and final.to_move == 1


def test_unknown_hand_still_checks_the_rules() -> None:
    record = load("a:(不明)\nb:(不明)\na:7\nb:5\n")
    assert errors(record) == ["PD131"]


def test_draws_come_from_the_known_bottom_once_the_unknown_deck_is_used_up() -> None:
    moves = [
        "a:23457TJQKAX|X=A,P(???????????)",
        "b:23457TJQKA9,P(???????????)",
        "a:D(?)23457TJQKAX|X=A,P(?????????)",
        "b:7",  # a single card the deck does not yet know
        "a:%",  # flush: 7 goes to the (empty) deck
        "b:D(?)K",
    ]
    record = two(*moves)
    assert errors(record) == []
    assert steps(record)[-1].drawn == "7"  # revealed: the only card in the deck
    record = two(*moves[:-1], "b:D(9)K")
    assert warnings(record) == ["PD128"]


def test_draw_from_an_empty_deck() -> None:
    moves = [
        "a:23457TJQKAX|X=A,P(???????????)",
        "b:23457TJQKA9,P(???????????)",
        "a:D(?)23457TJQKAX|X=A,P(?????????)",
        "b:D(5)5",
    ]
    assert errors(two(*moves)) == ["PD126"]


def test_more_than_one_draw_in_a_turn() -> None:
    record = two("a:D(77)7")
    assert warnings(record) == ["PD127"]


# --------------------------------------------------------------------------- turns and going out


def test_out_of_turn() -> None:
    record = two("a:7", "a:K")
    assert errors(record) == ["PD110"]


def test_going_out_mid_game_with_cards_left_is_an_error() -> None:
    record = two("a:7#", "b:%")
    assert errors(record) == ["PD160", "PD111"]


def test_empty_hand_without_going_out() -> None:
    record = two("a:7", "b:%", "a:3", a="73", b="45", rules={"hand_size": 2})
    assert errors(record) == ["PD161"]
    assert record.winner == "a"


def test_adjudicated_end_is_a_warning() -> None:
    # Two corpus games end with # on a play that cannot empty the hand: a time-limit verdict.
    record = two("a:7", "b:K#")
    assert errors(record) == [] and warnings(record) == ["PD162"]
    assert record.winner == "b" and record.ranking == ["b", "a"]


def test_cards_left_are_counted_in_english() -> None:
    # "still holds 1 card(s)": the English messages say "1 card", "2 cards".
    adjudicated = two("a:3", "b:5#", a="73", b="95", rules={"hand_size": 2})
    assert "b still holds 1 card;" in adjudicated.diagnostics[0].message
    mid_game = two("a:7#", "b:%")
    assert "# is written but a still holds 10 cards:" in mid_game.diagnostics[0].message
    wrong_size = two("a:7", "b:23,P(5)", b="23457TJQKA9")
    assert "the penalty is 1 card, but 2 played" in wrong_size.diagnostics[0].message


def test_three_players_flush_only_when_everyone_else_passed() -> None:
    record = load(
        "a:(234)\nb:(579)\nc:(JKQ)\n"
        "a:2\nb:%\nc:Q,P(8)\n"  # c's 12 is penalised: back to a, who made the play: flush
        "a:3\nb:5\nc:%\na:%\n"  # b's 5 stands; everyone else passes: b leads
        "b:7\nc:J\na:4,P(6)\nb:9,P(T)\nc:K\n",
        rules={"hand_size": 3},
    )
    assert errors(record) == []
    s = steps(record)
    assert s[3].flushed and s[3].state.to_move == 0
    assert s[7].flushed and s[7].state.to_move == 1
    assert s[9].state.field is not None and s[9].state.field.number == 11
    assert s[11].flushed and s[11].state.to_move == 2  # back to c, who played J
    assert s[12].kind == "lead" and s[12].state.to_move == 0


def test_a_player_who_passed_may_play_again_in_the_same_trick() -> None:
    record = load(
        "a:(234)\nb:(579)\nc:(JKQ)\na:2\nb:%\nc:J\na:%\nb:%\nc:K\n", rules={"hand_size": 3}
    )
    # Flush after b's second pass (back to c), then c leads K.
    assert errors(record) == []
    assert steps(record)[5].flushed


def test_going_out_ranks_players_and_ends_the_game() -> None:
    record = load(
        "a:(2)\nb:(5)\nc:(79)\na:2#\nb:5#\nc:%\n",
        rules={"hand_size": None},
    )
    assert record.ranking == ["a", "b", "c"]
    assert errors(record) == ["PD111"]  # c moves after the game ended


def test_online_rules_flush_on_a_pass() -> None:
    record = load(
        "a:(234)\nb:(579)\nc:(JKQ)\na:2\nb:%\nc:J\n", rules={"preset": "online", "hand_size": 3}
    )
    assert errors(record) == []
    assert steps(record)[2].flushed and steps(record)[3].kind == "lead"


def test_flush_and_revolution_marks_are_checked() -> None:
    record = two("a:7", "b:% r", "a:[R]K")
    assert warnings(record) == ["PD171"]
    record = two("a:7 r")
    assert warnings(record) == ["PD170"]


def test_front_matter_rules_and_fandom_default() -> None:
    record = two("a:7", front="rules: {preset: online, frobnicate: 1}\n")
    assert record.rules == "online"
    assert warnings(record) == ["PD101"]
    assert record.diagnostics[0].line == 2
    fandom = load("A:Foo\nB:Baa\nA初期:2345678\nB初期:A9TJQKX\nA:Pass\n")
    assert fandom.rules == "fandom" and fandom.diagnostics == []


# --------------------------------------------------------------------------- the seeds


FANDOM = "A:Foo\nB:Baa\n素数判定員:Gaz\n"


@pytest.mark.parametrize(
    ("move", "hand", "number", "factorisation"),
    [
        ("A:3*5=A5", "35A5K", 15, "3 × 5"),
        ("A:2^3*3=24", "2332464", 24, "2^3 × 3"),
        ("A:7*T7=749", "7T7749K", 749, "7 × 107"),
        ("A:2*2^4*4A=KQ", "224KQ4AK", 1312, "2 × 2^4 × 41"),
    ],
)
def test_seed_000_composite_examples(move: str, hand: str, number: int, factorisation: str) -> None:
    record = load(f"{FANDOM}A初期:{hand}\nB初期:不明\n{move}\n")
    assert errors(record) == []
    play = steps(record)[1]
    assert play.number == number and play.factorisation == factorisation and play.valid


def test_seed_000_prime_examples() -> None:
    # 223, 691, 1213, 131213 are all prime; each beats the last with three cards … then
    # KQK is three cards too.
    record = load(f"{FANDOM}A初期:223QA3J\nB初期:69AKQKJ\nA:223\nB:69A\nA:QA3\nB:KQK\n")
    assert errors(record) == [] and record.rules == "fandom"
    assert [s.number for s in steps(record)[1:]] == [223, 691, 1213, 131213]


def test_seed_000_specials_and_penalties() -> None:
    record = load(
        f"{FANDOM}A初期:57A729X3TJ\nB初期:不明\nA:57(GC)\nA:A729(RR)\nB:Pass\nA:X3;X=A,P(2);P=7X\n"
    )
    kinds = [s.kind for s in steps(record)[1:]]
    assert kinds == ["GC", "RR", "pass", "penalty"]
    assert steps(record)[4].penalty_drawn == "7X"
    assert "PD121" not in errors(record)  # one joker in hand, one drawn: two in all


def test_seed_000_draw_line_keeps_the_turn() -> None:
    record = load(f"{FANDOM}A初期:2345\nB初期:6789\nA:D;D=7\nA:7\nB:Pass\n")
    assert errors(record) == []
    draw = steps(record)[1]
    assert draw.kind == "draw" and draw.state.to_move == 0 and draw.drawn == "7"


def test_seed_003_rules() -> None:
    # 7 on the field: 5 cannot be played (strength), 4 and A make 41, 57 only as a prime.
    assert errors(two("a:7", "b:5")) == ["PD131"]
    assert steps(two("a:4A", a="4A2357TJQKX"))[1].number == 41
    # A wrong composite takes back its number AND its factor cards, and draws that many.
    record = two("a:A6=4*4,P(2)", a="A644237JQKX")
    assert errors(record) == ["PD140"]
    # Everyone else passed: the field flushes, its cards go to the deck's bottom.
    assert steps(two("a:7", "b:%"))[2].state.bottom == "7"


# --------------------------------------------------------------------------- direct model use


def test_replay_of_a_hand_built_game() -> None:
    def run(text: str, column: int = 3) -> CardRun:
        return CardRun(tuple(Card(rank) for rank in text), column)

    game = ParsedGame(
        dialect=Dialect.STANDARD,
        players={"a": "Alice", "b": "Bob"},
        order=["a", "b"],
        initial_hands={
            "a": Hand(tuple(Card(r) for r in "QK"), 1),
            "b": Hand(tuple(Card(r) for r in "59"), 2),
        },
        moves=[
            Move(3, 3, "a", "QK#", Action.PLAY, number=run("QK"), out=True),
            Move(
                4,
                3,
                "b",
                "59,P(86)",
                Action.PLAY,
                number=run("59"),
                penalty=Penalty((Card("8"), Card("6")), 2),
            ),
        ],
    )
    result: Replay = replay(game, RuleSet(hand_size=2))
    assert result.ranking == [0, 1]
    assert [d.code for d in result.diagnostics] == ["PD111", "PD137"]
    assert result.steps[1].state.hands[0] == hand_of("")
    assert replay(game, STANDARD).steps[0].state.deck == 50


def test_load_never_raises_on_an_empty_game() -> None:
    record = GAME.load(load_text("", None)[0].source)
    assert record.moves == 0 and record.winner is None


def test_a_play_larger_than_the_deck_is_not_tested_for_primality() -> None:
    record = load("a:(不明)\nb:(不明)\na:" + "QK" * 40 + "\n")
    assert set(errors(record)) == {"PD121"}  # and far more than four Qs and Ks
    assert "a play of 80 cards, but the deck has only 54" in record.diagnostics[1].message
    assert steps(record)[1].valid is None


def test_seed_003_57_only_as_a_prime_under_fandom_rules() -> None:
    # "57は(3×19であるが)素数としてしか出すことはできず": no composite 57 on the wiki.
    body = "A初期:573A9248TKQ\nB初期:不明\nA:3*A9=57\n"
    assert errors(load(FANDOM + body)) == ["PD134"]
    standard = two("a:57=3*A9", a="573A9248TKQ")
    assert errors(standard) == [] and steps(standard)[1].kind == "composite"


def test_seed_000_notation_details() -> None:
    # Suits (QhKs), a footnote marker ([2]) and the flush mark r are read and kept.
    record = load(f"{FANDOM}A初期:QhKs237\nB初期:59A37\nA:QhKs\nB:Pass r\nA:23\nB:QK [2]\n")
    assert [s.number for s in steps(record)[1:]] == [1213, None, 23, 1213]
    # B never held Q and K (the wiki's example is a snippet): as the record writes no
    # draws, they are taken as unrecorded draws, with one warning.
    assert errors(record) == [] and warnings(record) == ["PD129"]


def test_seed_000_joker_revolution_written_with_a_gc_tag() -> None:
    # The wiki writes "A72X(GC)" for a revolution with a joker; (GC) on 1729 is a slip of
    # the spec's pen. The engine applies the revolution and reports the wrong tag.
    record = load(f"{FANDOM}A初期:A72X3\nB初期:不明\nA:A72X(GC);X=9\n")
    assert errors(record) == ["PD154"]
    assert steps(record)[1].kind == "RR" and steps(record)[1].state.revolution


def test_site_rules_in_every_shape_and_front_matter_wins() -> None:
    assert two("a:7", rules={"prime-daifugo": "online"}).rules == "online"
    assert two("a:7", rules={"rules": "fandom"}).rules == "fandom"
    assert two("a:7", rules={"preset": "online"}).rules == "online"
    record = two("a:7", rules={"preset": "online"}, front="rules: standard\n")
    assert record.rules == "standard"
    view = GAME.view(two("a:7", rules={"preset": "online", "penalty": "always-1"}))
    assert ("ルール / Rules", "online (penalty_mode=always-1)") in view.header


def test_switching_off_the_revolution_and_the_lone_joker() -> None:
    record = two("a:A729", a="A729354TJQK", rules={"rr": False})
    assert errors(record) == ["PD132"]  # 1729 = 7 × 13 × 19
    record = two("a:X", rules={"in": False})
    assert errors(record) == ["PD150"]  # a lone joker then needs a value like any other


def test_an_unreadable_move_counts_as_a_pass() -> None:
    record = two("a:7", "b:7ZZ", "a:K")
    assert "PD112" in warnings(record)
    assert steps(record)[2].kind == "unreadable"
    assert steps(record)[2].state.field is None  # back to a, who played 7: flushed
    assert "PD110" not in errors(record)


def test_every_engine_code_is_documented_and_in_the_game_table() -> None:
    from kifuwiki.games.prime_daifugo import codes

    assert set(codes.CODES) <= set(GAME.codes)
    for code, text in codes.CODES.items():
        assert code.startswith("PD1") and len(code) == 5
        assert text.split(":")[0] in ("error", "warning", "info"), code


def test_a_penalty_drawing_an_unknown_card_back_from_the_bottom_names_it() -> None:
    """A '?' flushed to the known bottom and drawn back by a penalty is the card the
    penalty writes (once a KeyError, found by the fuzz harness)."""
    from pathlib import Path

    from kifuwiki.archive import load_text

    path = Path(__file__).resolve().parents[1] / "fuzz" / "regressions"
    text = (path / "replay-keyerror-unknown-penalty-card-20853.kifu").read_text(encoding="utf-8")
    records = load_text(text, "g.kifu")
    assert records
    for record in records:
        assert [d.code for d in record.diagnostics if d.code.startswith("RF9")] == []
        assert record.data is not None
