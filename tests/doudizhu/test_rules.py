"""The engine: one test per rule, each broken rule reported with line, column and code."""

from __future__ import annotations

from tests.doudizhu.helpers import FRONT, HANDS, codes, data, errors, find, record

# The reference example (other-games.md §1.4): the peasants win, bid 3, 2 bombs: unit 12.
GAME_1 = (
    HANDS
    + """A:bid1
B:bid-
C:bid3
C:3 4 5 6 7 8
A:6 7 8 9 10 J
B:%
C:%
A:K K K + 3
B:%
C:2 2 2 2 [bomb]
A:BJ RJ [rocket]
B:%
C:%
A:5 5
B:8 8
C:9 9
A:Q Q
B:%
C:%
A:4 #
score: A +12, B +12, C -24
"""
)
LINE_OF_BIDS = 5  # the body starts at line 6: 4 deal lines, then A:bid1 on line 10


def body_line(rec_text: str, prefix: str) -> int:
    """The file line of the first body line starting with ``prefix``."""
    lines = ("---\ngame: doudizhu\n" + FRONT + "---\n" + rec_text).splitlines()
    return next(i for i, line in enumerate(lines, start=1) if line.startswith(prefix))


def test_the_reference_game_replays_clean() -> None:
    rec = record(GAME_1)
    assert codes(rec) == []
    outcome = data(rec).replay.outcome
    assert (outcome.landlord, outcome.bid, outcome.winner) == ("C", 3, "A")
    assert outcome.landlord_won is False
    assert outcome.bombs == {"C": 1} and outcome.rockets == {"A": 1}
    assert outcome.unit == 12
    assert outcome.score == {"A": 12, "B": 12, "C": -24}
    assert rec.winner == "Alice" and rec.ranking == ["Alice", "Bob"]


def test_two_passes_give_the_lead_back_to_the_last_player() -> None:
    steps = data(record(GAME_1)).replay.steps
    pass_step = next(s for s in steps if s.trick_over)
    assert pass_step.table is None and pass_step.to_move == "A"


def test_landlord_takes_the_bottom_cards() -> None:
    rec = record(HANDS + "A:bid1\nB:bid-\nC:bid3\nC:2 2 2 2")  # the fourth 2 is a bottom card
    assert errors(rec) == []


def test_bid_out_of_turn() -> None:
    text = HANDS + "A:bid1\nC:bid2\n"
    rec = record(text)
    assert find(rec, "DZ100") == (body_line(text, "C:bid2"), 3)


def test_bid_must_beat_the_highest() -> None:
    text = HANDS + "A:bid2\nB:bid1\n"
    rec = record(text)
    assert find(rec, "DZ101") == (body_line(text, "B:bid1"), 3)
    message = next(d for d in rec.diagnostics if d.code == "DZ101")
    assert "highest bid (2)" in message.message and message.message_ja


def test_a_three_ends_the_bidding() -> None:
    rec = record(HANDS + "A:bid3\nB:bid-\n")
    assert "DZ101" in errors(rec)
    assert data(rec).replay.outcome.landlord == "A"


def test_once_round_bidding_gives_it_to_the_highest() -> None:
    rec = record(HANDS + "B:bid1\nC:bid2\nA:bid-\nC:3\n")
    assert errors(rec) == []
    assert data(rec).replay.outcome.landlord == "C"
    assert data(rec).replay.outcome.bid == 2


def test_bidding_until_two_passes() -> None:
    front = FRONT + "rules:\n  bidding: until-passes\n"
    rec = record(HANDS + "A:bid1\nB:bid-\nC:bid-\nB:3\n", front)
    assert errors(rec) == ["DZ100"]  # the landlord A leads, not B
    rec = record(HANDS + "A:bid1\nB:bid-\nC:bid2\nA:bid-\nB:bid-\nC:3\n", front)
    assert errors(rec) == []


def test_all_pass_is_a_redeal() -> None:
    text = HANDS + "A:bid-\nB:bid-\nC:bid-\nA:3\n"
    rec = record(text)
    assert "DZ202" in codes(rec)
    assert data(rec).replay.outcome.redeal
    assert find(rec, "DZ109") == (body_line(text, "A:3"), 1)


def test_play_before_bidding_ended() -> None:
    rec = record(HANDS + "A:bid1\nA:3\n")
    assert "DZ102" in errors(rec)


def test_card_not_held() -> None:
    text = HANDS + "A:bid-\nB:bid-\nC:bid1\nC:K\n"
    rec = record(text)
    assert find(rec, "DZ103") == (body_line(text, "C:K"), 3)


def test_suited_card_not_held() -> None:
    # A holds S3 and 16 unknown cards ('?' = the rest of the hand): H3 may be one of them.
    rec = record("A:(S3 ?)\nB:(?)\nC:(?)\nA:bid3\nA:H3\n")
    assert errors(rec) == []
    rec = record(
        "A:(S3 S4 S5 S6 S7 S8 S9 S10 SJ SQ SK SA S2 H3 H4 H5 H6)\nB:(?)\nC:(?)\n"
        "A:bid3\nkitty:(BJ RJ D3)\nA:C3\n"
    )
    assert find(rec, "DZ103")[1] == 3


def test_no_combination_names_the_cards() -> None:
    text = HANDS + "A:bid-\nB:bid-\nC:bid1\nC:3 4\n"
    rec = record(text)
    line, column = find(rec, "DZ104")
    assert (line, column) == (body_line(text, "C:3 4"), 3)
    diagnostic = next(d for d in rec.diagnostics if d.code == "DZ104")
    assert "3 4 is no combination" in diagnostic.message


def test_kickers_the_rules_forbid_say_so() -> None:
    rec = record(HANDS + "A:bid1\nB:bid-\nC:bid-\nA:K K K 5 5 ?\n".replace(" ?", ""))
    assert errors(rec) == []  # trio + pair is fine
    rec = record(HANDS + "A:bid2\nB:bid-\nC:bid3\nC:2 2 2 2 A A\n")
    diagnostic = next(d for d in rec.diagnostics if d.code == "DZ104")
    assert "do not allow kickers" in diagnostic.message


def test_play_that_does_not_beat_says_what_would() -> None:
    text = HANDS + "A:bid-\nB:bid-\nC:bid1\nC:8\nA:7\n"
    rec = record(text)
    assert find(rec, "DZ105") == (body_line(text, "A:7"), 3)
    diagnostic = next(d for d in rec.diagnostics if d.code == "DZ105")
    # review13 R13-14: it read "a single of 1 cards higher than 8".
    assert "a single higher than 8" in diagnostic.message
    assert "より上" in diagnostic.message_ja


def test_straight_of_another_length_does_not_beat() -> None:
    rec = record(HANDS + "A:bid-\nB:bid-\nC:bid1\nC:3 4 5 6 7 8\nA:4 5 6 7 8 9 10\n")
    assert errors(rec) == ["DZ105"]


def test_bomb_beats_a_straight_and_the_rocket_beats_the_bomb() -> None:
    rec = record(HANDS + "A:bid-\nB:bid-\nC:bid1\nC:3 4 5 6 7 8\nA:%\nB:%\nC:2 2 2 2\nA:BJ RJ\n")
    assert errors(rec) == []


def test_leader_may_not_pass() -> None:
    text = HANDS + "A:bid-\nB:bid-\nC:bid1\nC:%\n"
    rec = record(text)
    assert find(rec, "DZ106") == (body_line(text, "C:%"), 3)


def test_play_out_of_turn() -> None:
    text = HANDS + "A:bid-\nB:bid-\nC:bid1\nC:3\nB:4\n"
    rec = record(text)
    assert find(rec, "DZ100") == (body_line(text, "B:4"), 3)


def test_card_dealt_twice() -> None:
    hands = HANDS.replace("A:(3 4 5", "A:(3 3 5")  # five 3s in the deal
    rec = record(hands + "A:bid1\nB:bid-\nC:bid-\n")
    assert find(rec, "DZ107") == (10, 4)  # C's hand (line 10) holds the fifth 3


def test_suited_card_dealt_twice() -> None:
    rec = record("A:(H3 ?)\nB:(H3 ?)\nC:(?)\nkitty:(?)\nA:bid3\n")
    assert find(rec, "DZ107") == (9, 4)  # B's hand, line 9


def test_card_from_an_unknown_hand_seen_too_often() -> None:
    rec = record("A:(3 3 3 3 ?)\nB:(?)\nC:(?)\nA:bid3\nA:4\nB:%\nC:3\n")
    assert find(rec, "DZ107") == (14, 3)  # C:3 on line 14


def test_hand_of_the_wrong_size() -> None:
    rec = record("A:(3 4 5)\nB:(?)\nC:(?)\nkitty:(7 A)\n")
    assert codes(rec).count("DZ108") == 2


def test_going_out_mark_is_checked() -> None:
    rec = record(HANDS + "A:bid-\nB:bid-\nC:bid1\nC:3 #\n")
    assert "DZ110" in errors(rec)


def test_claims_are_checked() -> None:
    rec = record(HANDS + "A:bid-\nB:bid-\nC:bid1\nC:3 [bomb]\n")
    assert "DZ114" in errors(rec)


def test_plus_split_must_match_a_reading() -> None:
    rec = record(HANDS + "A:bid-\nB:bid-\nC:bid1\nC:2 2 + 2 A\n")
    assert "DZ111" in errors(rec)
    rec = record(HANDS + "A:bid-\nB:bid-\nC:bid1\nC:2 2 2 + A\n")
    assert errors(rec) == []


def test_scores_must_add_up_and_agree() -> None:
    rec = record(GAME_1.replace("score: A +12, B +12, C -24", "score: A +12, B +12, C -20"))
    # One value mistyped: DZ112 names the rules' value (test_score_slip), no DZ113.
    assert errors(rec) == ["DZ112"]
    assert "(the rules give C -24)" in rec.diagnostics[0].message
    rec = record(GAME_1.replace("score: A +12, B +12, C -24", "score: A +12, B +10, C -20"))
    assert sorted(errors(rec)) == ["DZ112", "DZ113"]
    rec = record(GAME_1.replace("score: A +12, B +12, C -24", "score: A +6, B +6, C -12"))
    assert errors(rec) == ["DZ113"]


SPRING = """A:(3 5 5 6 6 7 7 8 9 10 Q K K A A 2 2)
B:(4 5 6 6 7 8 9 10 J Q K K A A 2 2 BJ)
C:(3 3 3 4 4 4 7 8 8 9 9 10 10 J J J Q)
kitty:(5 Q RJ)
A:bid-
B:bid1
C:bid2
C:3 3 3 4 4 4 + 5 7
A:%
B:%
C:8 8 9 9 10 10
A:%
B:%
C:J J J + Q Q
A:%
B:%
C:RJ # [spring]
score: A -4, B -4, C +8
"""


def test_spring_doubles() -> None:
    rec = record(SPRING)
    assert codes(rec) == []
    outcome = data(rec).replay.outcome
    assert outcome.spring and outcome.unit == 4


def test_seed_rules_have_no_spring() -> None:
    rec = record(
        SPRING.replace("score: A -4, B -4, C +8", "score: A -2, B -2, C +4"),
        FRONT + "rules: seed-ja\n",
    )
    assert errors(rec) == ["DZ114"]  # [spring] is not true under these rules
    assert data(rec).replay.outcome.unit == 2


ANTI_SPRING = (
    HANDS
    + """A:bid-
B:bid-
C:bid1
C:3
A:BJ
B:%
C:%
A:3 4 5 6 7 8 9 10 J Q K
B:%
C:%
A:K K
B:%
C:%
A:5
B:%
C:%
A:Q
B:%
C:%
A:RJ #
"""
)


def test_anti_spring() -> None:
    rec = record(ANTI_SPRING)
    outcome = data(rec).replay.outcome
    assert errors(rec) == []
    assert outcome.anti_spring and not outcome.landlord_won
    assert outcome.unit == 1 * 2  # bid 1, anti-spring x2, no bombs
    assert outcome.score == {"A": 2, "B": 2, "C": -4}


def test_unknown_hands_one_players_view() -> None:
    rec = record(
        "A:(3 4 5 5 6 7 8 9 10 J Q Q K K K BJ RJ)\nB:(?)\nC:(?)\nA:bid-\nB:bid-\nC:bid3\n"
        "C:3 4 5 6 7 8\nA:6 7 8 9 10 J\nB:%\nC:%\nA:K K K + 3\n"
    )
    assert errors(rec) == []
    hands = data(record_keep(rec)).replay.steps[-1].hands
    assert hands is not None and hands["C"][1] == 20 - 6


def record_keep(rec):  # a replay that keeps per-step hands, as the view does
    from kifuwiki.core.diagnostics import DiagnosticBag
    from kifuwiki.games.doudizhu import DdzData
    from kifuwiki.games.doudizhu.engine import replay

    record_ = data(rec).record
    return type(rec)(
        **{
            **{f: getattr(rec, f) for f in rec.__dataclass_fields__},
            "data": DdzData(record_, replay(record_, DiagnosticBag(), keep_states=True)),
        }
    )


def test_front_matter_landlord_without_bids() -> None:
    rec = record(HANDS + "C:3\n", FRONT + "landlord: C\nbid: 2\n")
    assert errors(rec) == []
    assert data(rec).replay.outcome.bid == 2


def test_no_bids_no_landlord_warns() -> None:
    rec = record(HANDS + "C:3\n")
    assert "DZ201" in codes(rec)


def test_bottom_cards_after_the_play_began() -> None:
    rec = record(
        HANDS.replace("kitty:(7 A 2)\n", "") + "A:bid-\nB:bid-\nC:bid1\nC:3\nkitty:(7 A 2)\n"
    )
    assert "DZ115" in errors(rec)


def test_bottom_cards_after_the_bids_go_to_the_landlord() -> None:
    hands = HANDS.replace("kitty:(7 A 2)\n", "")
    rec = record(hands + "A:bid-\nB:bid-\nC:bid1\nkitty:(7 A 2)\nC:2 2 2 2\n")
    assert errors(rec) == []


def test_unfinished_record_warns() -> None:
    rec = record(HANDS + "A:bid-\nB:bid-\nC:bid1\nC:3\n")
    assert "DZ200" in codes(rec) and errors(rec) == []


def test_bad_rule_options_are_reported_and_defaults_kept() -> None:
    rec = record(HANDS, FRONT + "rules:\n  preset: nope\n  bomb: 9\n  colour: red\n")
    assert codes(rec).count("DZ007") == 3
    assert data(rec).record.options.bomb == 2


def test_rocket_multiplier_option() -> None:
    front = FRONT + "rules:\n  rocket: 4\n"
    rec = record(GAME_1.replace("score: A +12, B +12, C -24", "score: A +24, B +24, C -48"), front)
    assert errors(rec) == []


def test_every_message_has_japanese() -> None:
    broken = (
        HANDS.replace("A:(3 4 5", "A:(3 3 5") + "A:bid2\nB:bid1\nC:bid-\nC:3\nA:K\nB:% ?\nA:3 4\n"
    )
    rec = record(broken)
    assert rec.diagnostics
    assert all(d.message_ja for d in rec.diagnostics)


def test_landlord_hand_with_the_bottom_cards_in_it() -> None:
    """rlcard-showdown logs have no bottom cards: the landlord's hand is written with 20."""
    hands = HANDS.replace("kitty:(7 A 2)\n", "").replace("A A 2 2 2)", "A A 2 2 2 7 A 2)")
    rec = record(hands + "C:2 2 2 2\n", FRONT + "landlord: C\n")
    assert errors(rec) == []
    assert data(rec).replay.outcome.landlord == "C"
    rec = record(hands + "C:2 2 2 2\n", FRONT + "landlord: B\n")
    assert "DZ108" in errors(rec)  # only the landlord's hand may hold 20


def test_cards_not_held_are_one_report_per_play() -> None:
    text = HANDS + "A:bid-\nB:bid-\nC:bid1\nC:3 K K\n"
    rec = record(text)
    assert codes(rec).count("DZ103") == 1
    diagnostic = next(d for d in rec.diagnostics if d.code == "DZ103")
    assert diagnostic.message == "C does not hold K K"
    assert (diagnostic.line, diagnostic.column) == (body_line(text, "C:3 K K"), 5)


def test_one_unreadable_play_is_one_error() -> None:
    """review13 R13-2: a typo in one play (``10 11``) also gave "it is C's turn, not A's",
    "A leads and may not pass", a false "still holds 6 cards", "no spring" and "ends
    before anyone went out". The unread play keeps its seat's turn and its place on the
    table; the seat's later '#' is believed, its hand being no longer sure."""
    from pathlib import Path

    from kifuwiki.core.recordfile import split_record_file
    from kifuwiki.games import get_game

    path = Path(__file__).resolve().parents[2] / "records" / "doudizhu" / "spring-example.kifu"
    text = path.read_text(encoding="utf-8")
    game = get_game("doudizhu")
    assert game.load(split_record_file(text, "x")[0]).diagnostics == []
    assert "\nC:8 8 9 9 10 10\n" in text
    (source,) = split_record_file(text.replace("\nC:8 8 9 9 10 10\n", "\nC:8 8 9 9 10 11\n"), "x")
    record = game.load(source)
    assert [d.code for d in record.diagnostics] == ["DZ003"]
    assert record.winner is not None  # the game still ends, and is scored
