"""Every rule of the 撿紅點 engine and every variant switch, with the diagnostics they give."""

from __future__ import annotations

import pytest
from tests.jianhongdian.helpers import codes, find, load

from kifuwiki.cards import Card, Suit, parse_card
from kifuwiki.games.jianhongdian.engine import captures
from kifuwiki.games.jianhongdian.rules import RED_ONLY, STANDARD
from kifuwiki.games.jianhongdian.selfplay import game

TABLE = "seats: A B\ntable: D5 C9 DK SA\n"


@pytest.mark.parametrize(
    ("card", "other", "ok"),
    [
        ("H5", "D5", True),
        ("HA", "S9", True),
        ("H2", "C8", True),
        ("H3", "C7", True),
        ("H4", "C6", True),
        ("H4", "C5", False),
        ("H9", "C9", False),
        ("H10", "C10", True),
        ("HJ", "CJ", True),
        ("HQ", "CK", False),
        ("HK", "CK", True),
        ("H10", "CK", False),
        ("HA", "CA", False),
        ("H5", "C10", False),
    ],
)
def test_capture_rule(card: str, other: str, ok: bool) -> None:
    assert captures(parse_card(card), parse_card(other)) is ok


def test_scoring_standard_and_red_only() -> None:
    red_points = sum(
        STANDARD.points(Card(r, s)) for s in (Suit.HEARTS, Suit.DIAMONDS) for r in range(1, 14)
    )
    assert red_points == 210
    assert STANDARD.points(Card(1, Suit.SPADES)) == 30
    assert STANDARD.points(Card(1, Suit.CLUBS)) == 40
    assert STANDARD.points(Card(9, Suit.CLUBS)) == 0
    assert STANDARD.points(Card(7, Suit.HEARTS)) == 7
    assert STANDARD.points(Card(9, Suit.DIAMONDS)) == 10
    assert RED_ONLY.points(Card(1, Suit.SPADES)) == 0
    assert RED_ONLY.points(Card(1, Suit.HEARTS)) == 20


@pytest.mark.parametrize(("players", "target"), [(2, 120), (3, 80), (4, 60)])
def test_target_by_number_of_players(players: int, target: int) -> None:
    rec = load(game(3, players))
    assert rec.data.replay.target == target
    assert STANDARD.target_for(players) == target


def test_target_option_overrides() -> None:
    rec = load(game(3, 2), rules="{preset: standard, target: 150}")
    assert rec.data.replay.target == 150


def test_points_of_a_turn() -> None:
    rec = load(TABLE + "A: H5xD5 ^S9xSA\nB: HAxC9 ^H2")
    assert codes(rec) == ["JH202"]
    assert rec.data.replay.steps[1].gained == 5 + 5 + 0 + 30
    assert rec.data.replay.steps[2].gained == 20
    assert rec.data.replay.scores == {"A": 40, "B": 20}


def test_red_only_preset_scores_no_black_ace() -> None:
    rec = load(TABLE + "A: H5xD5 ^C9xSA", rules="red-only")
    assert rec.data.replay.scores["A"] == 10


def test_capture_that_does_not_make_ten() -> None:
    rec = load(TABLE + "A: H4xD5 ^C2")
    assert find(rec, "JH104") == (6, 7)


def test_captured_card_not_on_table() -> None:
    rec = load(TABLE + "A: H4xD6 ^C2")
    assert find(rec, "JH103") == (6, 7)


def test_card_left_on_table_is_capturable_later() -> None:
    rec = load(TABLE + "A: H4 ^C2\nB: D6xH4 ^C8xC2")
    assert "JH103" not in codes(rec)
    assert rec.data.replay.steps[-1].snapshot.table == tuple(
        parse_card(c) for c in ["D5", "C9", "DK", "SA"]
    )


def test_forced_capture_variant() -> None:
    body = TABLE + "A: H5 ^C2"
    assert "JH105" not in codes(load(body))
    rec = load(body, rules="{forced_capture: true}")
    assert find(rec, "JH105") == (7, 4)


def test_flip_must_capture_and_its_switch() -> None:
    body = TABLE + "A: H2 ^DA"
    assert find(load(body), "JH106") == (6, 8)
    assert "JH106" not in codes(load(body, rules="{flip_must_capture: false}"))


def test_turn_out_of_order() -> None:
    rec = load(TABLE + "A: H2 ^C3\nA: H3 ^C4")
    assert find(rec, "JH101")[0] == 7


def test_unknown_player() -> None:
    rec = load(TABLE + "Z: H2 ^C3")
    assert "JH005" in codes(rec)


def test_card_not_in_known_hand() -> None:
    text = game(5, 2)
    lines = text.splitlines()
    first_turn = next(
        i
        for i, text_line in enumerate(lines)
        if text_line.startswith("A: ") and "(" not in text_line
    )
    hand_b = next(text_line for text_line in lines if text_line.startswith("B: ("))
    foreign = hand_b[4:].split()[0]
    lines[first_turn] = f"A: {foreign} ^" + lines[first_turn].split("^")[1]
    rec = load("\n".join(lines))
    assert "JH102" in codes(rec)


def test_duplicate_card_with_unknown_hands() -> None:
    rec = load(TABLE + "A: H2 ^C3\nB: H2 ^C4")
    assert find(rec, "JH107") == (7, 4)


def test_duplicate_in_the_deal() -> None:
    rec = load(TABLE + "A: (D5 H2 H3 H4 H5 H6 H7 H8 H9 H10 HJ HQ)")
    assert find(rec, "JH107")[0] == 6


def test_flip_not_top_of_stock() -> None:
    text = game(6, 2)
    lines = text.splitlines()
    first_turn = next(
        i
        for i, text_line in enumerate(lines)
        if text_line.startswith("A: ") and "(" not in text_line
    )
    play = lines[first_turn].split(" ^")[0]
    lines[first_turn] = f"{play} ^D10"
    rec = load("\n".join(lines))
    assert "JH108" in codes(rec)


def test_missing_flip_and_flip_from_empty_stock() -> None:
    assert "JH109" in codes(load(TABLE + "A: H2"))
    lines = game(8, 2).splitlines()
    lines.insert(-1, "A: ^C2")  # unreadable, ignored; a real extra turn follows
    lines.insert(-1, "A: S10 ^C10")
    rec = load("\n".join(lines))
    assert "JH110" in codes(rec)
    assert "JH109" in codes(rec)


def test_wrong_number_of_players_and_hand_size() -> None:
    assert "JH007" in codes(load("seats: A B C D E\ntable: D5 C9 DK SA\n" + "A: H2 ^C3"))
    assert "JH009" in codes(load(TABLE + "A: (H2 H3)"))


def test_missing_table() -> None:
    rec = load("A: H5xD5 ^C9")
    assert "JH008" in codes(rec)
    assert "JH103" not in codes(rec)


def test_redeal_conditions_are_options() -> None:
    table = "seats: A B\ntable: D5 C10 DK SA\nA: H2 ^C3"
    assert "JH201" in codes(load(table))
    assert "JH201" not in codes(load(table, rules="{redeal_three_counters: false}"))
    three = "seats: A B\ntable: D2 C2 H2 SA\nA: H3 ^C3"
    assert "JH201" not in codes(load(three))
    assert "JH201" in codes(load(three, rules="{redeal_three_of_a_rank: true}"))
    # Its reason in Japanese too (review13 R13-5: the English reason was inside it).
    (redeal,) = [d for d in load(table).diagnostics if d.code == "JH201"]
    assert redeal.message_ja.endswith("点札 (5 10 J Q K) が3枚表向き")
    assert "face up" not in redeal.message_ja


def test_incomplete_record_has_no_winner() -> None:
    rec = load(TABLE + "A: H5xD5 ^C2")
    assert "JH202" in codes(rec)
    assert rec.winner is None and rec.ranking == []


def test_winner_and_result_line() -> None:
    rec = load(game(11, 3))
    replay = rec.data.replay
    assert codes(rec) == []
    best = max(replay.scores.values())
    assert rec.winner == next(k for k, v in replay.scores.items() if v == best)
    assert sum(replay.scores.values()) == 280
    wrong = game(11, 3).replace("result: A ", "result: A 1")
    assert "JH111" in codes(load(wrong))


def test_tie_has_no_winner() -> None:
    rec = load(game(59, 2, "random"))  # seed 59: the first tied 2-player game (140-140)
    assert list(rec.data.replay.scores.values()) == [140, 140]
    assert rec.winner is None


def test_bad_rule_option_is_reported_and_ignored() -> None:
    rec = load(TABLE + "A: H2 ^C3", rules="{preset: nonsense, forced_capture: maybe}")
    assert codes(rec).count("JH011") == 2


# -- the seed: a card is laid on the table only when none in the hand can capture -------------

#: A's hand: only ♥5 can take something (♦5 on the table); ♥2 finds no 8 there.
SEED_HAND = TABLE + "A: (H2 H5 C2 C3 C4 S2 S3 S4 D2 D3 D4 H3)\n"


def test_seed_a_card_is_laid_only_when_no_hand_card_can_capture() -> None:
    body = SEED_HAND + "A: H2 ^C6"
    rec = load(body, rules="seed")
    assert find(rec, "JH112") == (8, 4)
    message = next(d for d in rec.diagnostics if d.code == "JH112")
    assert "♥5" in message.message and "♦5" in message.message
    assert "JH112" in codes(load(body, rules="{hand_must_capture: true}"))
    assert "JH112" not in codes(load(body))  # standard: any card may be laid


def test_seed_capturing_or_holding_nothing_that_captures_is_legal() -> None:
    assert codes(load(SEED_HAND + "A: H5xD5 ^C6", rules="seed")) == ["JH202"]
    nothing = SEED_HAND.replace("H5", "HJ")
    assert codes(load(nothing + "A: H2 ^C6", rules="seed")) == ["JH202"]


def test_seed_the_played_card_itself_is_reported_once() -> None:
    rec = load(SEED_HAND + "A: H5 ^C6", rules="seed")
    assert "JH105" in codes(rec) and "JH112" not in codes(rec)
    alone = load(SEED_HAND + "A: H5 ^C6", rules="{hand_must_capture: true}")
    assert "JH112" in codes(alone) and "JH105" not in codes(alone)


def test_seed_preset_values() -> None:
    from kifuwiki.games.jianhongdian.rules import SEED

    assert SEED.hand_must_capture and SEED.forced_capture and SEED.flip_must_capture
    assert not STANDARD.hand_must_capture  # the default keeps what records were checked by
