"""Every rule through whole records: the diagnostic names the rule, the place and the way out."""

from __future__ import annotations

from tests.selaffesto.helpers import (
    codes,
    load,
    only,
    opening,
    points,
    replay_of,
    rules_front,
)

FIRST = 4  # the first body line without extra front matter

# --- the opponent-LC set-up: W on g6, B's light 5-5-5-5 on g8, W jumps onto g7 -----------
W11 = "14-14-14-14 7-7-7-7 24-24-24-24 " + " ".join(["2-2-2-2"] * 8)
B11 = "5-5-5-5 " + " ".join(["3-3-3-3"] * 10)
W12 = W11 + " 2-2-2-2"
B12 = B11 + " 3-3-3-3"


def blow_game(line: str, hand: int = 11, preset: str = "original", **extra: object) -> str:
    front = rules_front(preset=preset, start_w="g6", start_b="g8", first_hand=hand, **extra)
    w, b = (W11, B11) if hand == 11 else (W12, B12)
    return front, opening(w, b, w_cell="g6", b_cell="g8") + line


def test_opponent_lc_blown_off_when_the_owner_holds_ten() -> None:
    front, body = blow_game("W:g7 7-7-7-7 [jump] xg8 +2-2-2-2@B {W:116 B:0}")
    record = load(body, front)
    assert codes(record) == []
    state = replay_of(record).steps[-1].state
    assert state.board[7 * 13 + 6] is None  # g8 is empty again
    assert len(state.hands["B"]) == 12  # 10 + the LC + the draw
    assert state.mounts["B"] == 60 - 11 - 1
    assert (5, 5, 5, 5) in state.hands["B"]
    placed = replay_of(record).steps[-1].placements[0]
    assert (placed.gain, placed.bonus) == (40, 1120)  # (7|14) → 4; 4 × FW 28 of 24-24-24-24


def test_opponent_lc_stays_when_the_owner_holds_eleven() -> None:
    front, body = blow_game("W:g7 7-7-7-7 [fail] {W:0}", hand=12)
    record = load(body, front)
    assert codes(record) == []
    assert replay_of(record).steps[-1].state.board[7 * 13 + 6] is not None
    front, body = blow_game("W:g7 7-7-7-7 [jump] {W:0}", hand=12, preset="strict")
    assert codes(load(body, front)) == []  # the literal text: a jump put that just ends
    front, body = blow_game("W:g7 7-7-7-7 [jump]", hand=12)
    _, _, message = only(load(body, front), "SF107")
    assert "is a fail put" in message and "holds too many cards" in message


def test_bonus_card_choice_and_max() -> None:
    front, body = blow_game("W:g7 7-7-7-7 xg8 +2-2-2-2@B *2-2-2-2 {W:20}", preset="strict")
    assert codes(load(body, front)) == []  # 4 + 4 × FW 4
    front, body = blow_game("W:g7 7-7-7-7 xg8 +2-2-2-2@B {W:116}", preset="strict")
    assert "write *card" in only(load(body, front), "SF112")[2]
    front, body = blow_game("W:g7 7-7-7-7 xg8 +2-2-2-2@B *2-2-2-2")
    assert "highest FW" in only(load(body, front), "SF112")[2]
    front, body = blow_game("W:g7 7-7-7-7 xg8 +2-2-2-2@B *9-9-9-9", preset="strict")
    assert "not in W's hand" in only(load(body, front), "SF112")[2]


def test_blow_off_notation_is_checked() -> None:
    front, body = blow_game("W:g7 7-7-7-7 [jump] +2-2-2-2")
    assert "before the placement" in only(load(body, front), "SF009")[2]
    front, body = blow_game("W:g7 7-7-7-7 [jump]")
    record = load(body, front)
    assert "write xg8" in only(record, "SF109")[2]
    assert "+card@B" in only(record, "SF111")[2]
    front, body = blow_game("W:g7 7-7-7-7 xg6 +2-2-2-2@B")
    assert "the LC is g8, not g6" in only(load(body, front), "SF109")[2]


def test_owner_with_an_empty_mount_does_not_draw() -> None:
    front, body = blow_game("W:g7 7-7-7-7 xg8 +2-2-2-2@B", deck_size=11)
    assert "mount is empty" in only(load(body, front), "SF111")[2]
    front, body = blow_game("W:g7 7-7-7-7 xg8", deck_size=11)
    assert codes(load(body, front)) == []


# --- own LCs: the worked example's h1 jump put -----------------------------------------
PREFIX = (
    opening()
    + "W:g2 4-8-6-12\nB:g12 5-7-14-11\nW:f1 3-6-9-18\nB:f13 2-10-15-9\n"
    + "W:f2 7-24-9-14\nB:f12 5-22-4-3\nW:h2 2-2-3-16\nB:h13 2-3-2-7\n"
)
JUMP_LINE = FIRST + 10


def test_own_lc_must_not_return_to_its_old_cell() -> None:
    record = load(PREFIX + "W:h1 25-20-22-24 [jump] xh2>h2 2-2-3-16")
    line, _, message = only(record, "SF110")
    assert line == JUMP_LINE and "old cell h2" in message


def test_own_lc_replay_is_the_lc_card_and_reachable() -> None:
    record = load(PREFIX + "W:h1 25-20-22-24 xh2>e2 2-2-2-2")
    assert "re-played LC is 2-2-3-16" in only(record, "SF110")[2]
    record = load(PREFIX + "W:h1 25-20-22-24 xh2>m7 16-2-2-3")
    assert "m7 is not reachable" in only(record, "SF103")[2]


def test_own_lc_replay_forced_or_optional() -> None:
    record = load(PREFIX + "W:h1 25-20-22-24 [jump] {W:29}")
    assert "must be played again" in only(record, "SF110")[2]
    kept = load(PREFIX + "W:h1 25-20-22-24 [jump] xh2 {W:29}", "rules: strict\n")
    assert codes(kept) == []
    assert (2, 2, 3, 16) in replay_of(kept).steps[-1].state.hands["W"]
    bare = load(PREFIX + "W:h1 25-20-22-24 [jump]", "rules: strict\n")
    assert "or keep it (xh2)" in only(bare, "SF109")[2]


def test_x_without_a_jump_is_an_error() -> None:
    record = load(PREFIX + "W:e2 2-2-2-2 xh2")
    assert codes(record) == ["SF104", "SF109"]


# --- placement, hand, turn ------------------------------------------------------------------
def test_unreachable_cell_names_the_nearest_own_card_and_legal_cells() -> None:
    record = load(opening() + "W:g4 4-8-6-12")
    line, column, message = only(record, "SF103")
    assert (line, column) == (FIRST + 2, 3)
    assert message.startswith("g4 is not reachable: nearest own card g1 is 3 cells away")
    assert "reachable cells nearby: g3," in message


def test_path_blocked_by_opponent_cards() -> None:
    front = rules_front(start_w="g6", start_b="g7")
    record = load(opening(w_cell="g6", b_cell="g7") + "W:g8 4-8-6-12", front)
    message = only(record, "SF103")[2]
    assert "every path from g6 passes over the opponent's cards (g7)" in message


def test_occupied_cell_and_card_not_in_hand() -> None:
    record = load(opening() + "W:g1 4-8-6-12")
    assert "already holds W's card 6-12-4-2" in only(record, "SF102")[2]
    record = load(opening() + "W:g2 9-9-9-9")
    message = only(record, "SF104")[2]
    assert "9-9-9-9 is not in W's hand" in message and "4-8-6-12" in message


def test_hand_cards_match_in_any_rotation() -> None:
    assert codes(load(opening() + "W:g2 8-6-12-4")) == []


def test_wrong_player_to_move() -> None:
    record = load(opening() + "B:g12 5-7-14-11")
    assert "it is White's (W) action" in only(record, "SF101")[2]


def test_first_action_rules() -> None:
    record = load("W:(6-12-4-2) g1 6-12-4-2")
    assert "takes 7 cards, not 1" in only(record, "SF105")[2]
    record = load(opening(w_cell="g2"))
    assert "start cell g1, not g2" in only(record, "SF105")[2]
    record = load("W:g1 6-12-4-2")
    assert "starts by taking 7 cards" in only(record, "SF105")[2]
    record = load(opening() + "W:(2-2-2-2) g2 4-8-6-12")
    assert only(record, "SF115")


def test_first_action_may_take_the_hand_on_its_own_line() -> None:
    body = (
        "W:(6-12-4-2 4-8-6-12 3-6-9-18 7-24-9-14 2-2-3-16 25-20-22-24 11-22-11-22)\nW:g1 6-12-4-2"
    )
    record = load(body)
    assert codes(record) == []
    assert replay_of(record).steps[-1].state.to_move == "B"


def test_draw_rules() -> None:
    record = load(opening() + "W:+2-2-2-2\nW:+2-2-2-2 g2 4-8-6-12")
    assert "one draw" in only(record, "SF106")[2]
    record = load(opening(), rules_front(deck_size=7))
    record = load(opening() + "W:+2-2-2-2 g2 4-8-6-12", rules_front(deck_size=7))
    assert "mount is empty" in only(record, "SF106")[2]
    front, body = blow_game("W:g7 7-7-7-7 xg8 +2-2-2-2@B\nB:+3-3-3-3 g9 3-3-3-3")
    assert "already holds 12 cards" in only(load(body, front), "SF106")[2]


def test_draw_without_its_placement_at_the_end_warns() -> None:
    assert codes(load(opening() + "W:+2-2-2-2")) == ["SF202"]


def test_judgement_and_points_checks() -> None:
    record = load(opening() + "W:g2 4-8-6-12 [fail] {W:4}")
    line, column, message = only(record, "SF107")
    assert (line, column) == (FIRST + 2, 15)
    assert "written [fail], but g2 is a put: every new NS divides (6|6 with g1)" in message
    assert "W has 3 points, not 4" in only(record, "SF108")[2]


def test_pass_only_without_a_placement() -> None:
    record = load(opening() + "W:pass")
    assert "no pass while a placement is possible" in only(record, "SF113")[2]


SMALL = rules_front(deck_size=7)
ALL_TWOS = " ".join(["2-2-2-2"] * 7)
SHORT_GAME = (
    opening(ALL_TWOS, ALL_TWOS)
    + "W:g2 2-2-2-2\nB:g12 2-2-2-2\nW:f1 2-2-2-2\nB:f13 2-2-2-2\nW:f2 2-2-2-2\nB:f12 2-2-2-2\n"
    + "W:h1 2-2-2-2\nB:h13 2-2-2-2\nW:h2 2-2-2-2\nB:h12 2-2-2-2\nW:g3 2-2-2-2\n"
)


def test_final_action_multiplies_by_point_eight_and_rounds_down() -> None:
    record = load(SHORT_GAME, SMALL)
    assert codes(record) == []
    steps = replay_of(record).steps
    before = steps[-2].state.points["W"] + steps[-1].gain
    assert steps[-1].finals == ["W"]
    assert points(record)["W"] == before * 8 // 100 * 10
    assert before % 100 != 0  # the rounding really drops something
    assert replay_of(record).complete and record.winner is not None
    assert record.ranking[0] == record.winner


def test_move_after_the_end_is_an_error() -> None:
    record = load(SHORT_GAME + "B:g11 2-2-2-2", SMALL)
    assert "the game is over" in only(record, "SF114")[2]
