"""Every rule of the engine (CT2xx), with the legal case beside the illegal one."""

from __future__ import annotations

import pytest
from tests.catan.helpers import (
    errors,
    find,
    line_of,
    problems,
    record,
    round_of,
    rounds,
    warnings,
)


def snapshot(rec, step: int = -1):  # type: ignore[no-untyped-def]
    return rec.data.replay.steps[step].snapshot


def test_a_quiet_game_has_no_diagnostics() -> None:
    rec = record(rounds(3))
    assert problems(rec) == []
    assert rec.moves == 12


def test_setup_gives_two_settlements_and_two_roads() -> None:
    rec = record(rounds(1))
    setup = snapshot(rec, 0)
    assert all((t.settlements, t.roads, t.cities) == (2, 2, 0) for t in setup.tallies.values())
    assert setup.vp == {"B": 2, "Y": 2, "R": 2, "W": 2}


# --- turn order ---------------------------------------------------------------------


def test_ct200_seat_order() -> None:
    rec = record("1 B: 6 |\n1 R: 5 |")
    assert find(rec, "CT200") == (line_of(rec, "1 R"), 1)


def test_ct200_first_turn_must_be_turn_1_of_the_first_seat() -> None:
    assert "CT200" in errors(record("2 B: 6 |"))
    assert "CT200" not in errors(record("...\n2 B: 6 |"))


def test_ct201_turns_go_backwards() -> None:
    assert "CT201" in errors(record(rounds(2) + "\n...\n1 W: 6 |"))


def test_turns_may_resume_anywhere_forward_after_an_omission() -> None:
    rec = record(rounds(1) + "\n(中略)\n7 R: 6 |\n7 W: 5 |\n8 B: 5 |")
    assert errors(rec) == []


# --- robber ---------------------------------------------------------------------------


def test_ct202_robber_must_move() -> None:
    rec = record("1 B: 7-T8(Y) |\n1 Y: 7-T8(B) |")
    assert find(rec, "CT202") == (line_of(rec, "1 Y"), 8)


def test_ct202_robber_starts_in_the_desert() -> None:
    assert "CT202" in errors(record("1 B: 7-D(Y) |"))
    assert "CT202" not in errors(record("1 B: 7-T8(Y) |\n1 Y: 7-D(B) |"))


def test_robber_position_is_unknown_after_an_omission() -> None:
    rec = record("1 B: 7-T8(Y) |\n...\n5 B: 7-T8(Y) |")
    assert "CT202" not in errors(rec)


def test_knight_moves_the_robber_too() -> None:
    rec = record("1 B: 6 | D\n1 Y: 7-T8(B) |\n1 R: 5 |\n1 W: 5 |\n2 B: [R]-T8(Y) | 6 |")
    assert "CT202" in errors(rec)


def test_ct203_victim_must_be_another_player() -> None:
    assert "CT203" in errors(record("1 B: 7-T8(B) |"))


def test_robbery_annotation() -> None:
    rec = record("1 B: 7-T8(Y) |\n1 Y: 7-S4n |")
    view_steps = rec.data.replay.steps
    assert ("泥棒をT8へ、黄から1枚奪う", "robber to T8, steals from 黄") in view_steps[
        1
    ].annotations
    assert any("no steal" in en for _, en in view_steps[2].annotations)


# --- development cards -----------------------------------------------------------------


def test_ct204_one_card_per_turn() -> None:
    rec = record(
        round_of(1, {"B": "6 | D D", "Y": "5 |", "R": "8 |", "W": "9 |"})
        + "\n2 B: [R]-T8(Y) | 6 | [M G]"
    )
    assert "CT204" in errors(rec)


def test_ct205_card_bought_this_turn_cannot_be_played() -> None:
    assert "CT205" in errors(record("1 B: 6 | D [M G]"))
    assert "CT205" in errors(record("1 B: 6 | [M G]"))
    legal = record(
        round_of(1, {"B": "6 | D", "Y": "5 |", "R": "8 |", "W": "9 |"}) + "\n2 B: 6 | [M G]"
    )
    assert errors(legal) == []


def test_ct206_never_more_played_than_the_deck_holds() -> None:
    body = round_of(1, {"B": "6 | D D D", "Y": "5 |", "R": "8 |", "W": "9 |"})
    for n in (2, 3, 4):
        body += "\n" + round_of(n, {"B": "6 | [M G]", "Y": "5 |", "R": "8 |", "W": "9 |"})
    rec = record(body)
    assert errors(rec) == ["CT206"]
    assert find(rec, "CT206")[0] == line_of(rec, "4 B")


def test_ct207_at_most_25_cards_bought() -> None:
    assert "CT207" not in errors(record("1 B: 6 | " + "D" * 25))
    assert "CT207" in errors(record("1 B: 6 | " + "D" * 26))


# --- pieces ------------------------------------------------------------------------------


def test_ct208_fifteen_roads() -> None:
    assert "CT208" not in errors(record("1 B: 6 | " + "R" * 13))
    assert "CT208" in errors(record("1 B: 6 | " + "R" * 14))


def test_ct209_five_settlements_on_the_board() -> None:
    assert "CT209" not in errors(record("1 B: 6 | S S S"))
    assert "CT209" in errors(record("1 B: 6 | S S S S"))
    # A city gives its settlement back, so a sixth settlement can be built.
    assert "CT209" not in errors(record("1 B: 6 | S S S C S"))


def test_ct210_four_cities() -> None:
    assert "CT210" not in errors(record("1 B: 6 | S S C C C C"))
    assert "CT210" in errors(record("1 B: 6 | S S S C C C C C"))


def test_ct211_a_city_replaces_a_settlement() -> None:
    rec = record("1 B: 6 | C C C")
    assert errors(rec) == ["CT211"]
    assert find(rec, "CT211") == (line_of(rec, "1 B"), 14)


def test_road_building_roads_are_counted_once() -> None:
    rec = record(
        round_of(1, {"B": "6 | D", "Y": "5 |", "R": "8 |", "W": "9 |"}) + "\n2 B: 6 | [S] R R"
    )
    assert snapshot(rec).tallies["B"].roads == 4
    assert problems(rec) == []


def test_ct225_road_building_without_its_roads_counts_two() -> None:
    rec = record(buy({"B": 1}) + "\n2 B: 6 | [S]")
    assert warnings(rec) == ["CT225"]
    assert snapshot(rec).tallies["B"].roads == 4


# --- Largest Army and Longest Road ------------------------------------------------------------


def knights(player: str, count: int, plus_at: int | None, start: int = 2) -> str:
    """Rounds in which ``player`` plays one knight each (cards bought in round 1)."""
    lines = []
    robber = ["T8", "S5", "G9", "W3", "B6", "T5"]
    for i in range(count):
        plus = "+" if plus_at == i + 1 else ""
        cells = dict.fromkeys("BYRW", "6 |")
        victim = "Y" if player != "Y" else "B"
        cells[player] = f"[R{plus}]-{robber[i % 6]}({victim}) | 6 |"
        lines.append(round_of(start + i, cells))
    return "\n".join(lines)


def buy(counts: dict[str, int]) -> str:
    cells = {k: "6 |" + (" " + "D" * counts[k] if counts.get(k) else "") for k in "BYRW"}
    return round_of(1, cells)


def test_largest_army_with_three_knights() -> None:
    rec = record(buy({"B": 3}) + "\n" + knights("B", 3, plus_at=3))
    assert problems(rec) == []
    last = rec.data.replay.steps[-4]
    assert "LA" in last.took
    assert ("最大騎士力を獲得 (騎士3枚)", "takes Largest Army with 3 knights") in last.annotations
    assert snapshot(rec).la_holder == "B"
    assert snapshot(rec).vp["B"] == 4


def test_ct212_largest_army_needs_three_knights() -> None:
    rec = record(buy({"B": 2}) + "\n" + knights("B", 2, plus_at=2))
    assert errors(rec) == ["CT212"]


def test_ct212_largest_army_needs_more_than_the_holder() -> None:
    body = buy({"B": 3, "Y": 4}) + "\n" + knights("B", 3, plus_at=3)
    tie = record(body + "\n" + knights("Y", 3, plus_at=3, start=5))
    assert errors(tie) == ["CT212"]
    more = record(body + "\n" + knights("Y", 4, plus_at=4, start=5))
    assert problems(more) == []
    assert snapshot(more).la_holder == "Y"


def test_ct213_missing_plus_for_largest_army_warns_and_the_card_moves() -> None:
    rec = record(buy({"B": 3}) + "\n" + knights("B", 3, plus_at=None))
    assert warnings(rec) == ["CT213"]
    assert snapshot(rec).la_holder == "B"


def test_longest_road_needs_five_roads() -> None:
    assert problems(record("1 B: 6 | R R R+")) == []
    assert snapshot(record("1 B: 6 | R R R+")).lr_holder == "B"
    assert "CT214" in errors(record("1 B: 6 | R R+"))


def test_longest_road_moves_to_a_plus() -> None:
    rec = record("1 B: 6 | R R R+\n1 Y: 6 | R R R R+")
    assert problems(rec) == []
    assert snapshot(rec).lr_holder == "Y"
    assert snapshot(rec).vp == {"B": 2, "Y": 4, "R": 2, "W": 2}
    assert any("from 青" in en for _, en in rec.data.replay.steps[2].annotations)


def test_longest_road_by_road_building() -> None:
    body = buy({"B": 1}) + "\n2 B: 6 | R [S] R R+"
    rec = record(body)
    assert problems(rec) == []
    assert snapshot(rec).lr_holder == "B"


def test_ct215_plus_by_the_holder_warns() -> None:
    assert warnings(record("1 B: 6 | R R R+ R+")) == ["CT215"]


# --- points and the end of the game ------------------------------------------------------------


def test_ct216_the_game_ends_at_ten_on_your_own_turn() -> None:
    rec = record("1 B: 6 | S S S C C C C S\n1 Y: 5 |")
    assert find(rec, "CT216") == (line_of(rec, "1 Y"), 1)
    ended = record("1 B: 6 | S S S C C C C S\n合計: B 10, Y 2, R 2, W 2")
    assert problems(ended) == []
    assert ended.winner == "青"


def test_closing_total_counts_buildings_cards_and_bonus() -> None:
    body = "1 B: 6 | R R R+ S D\n1 Y: 6 |\n1 R: 6 |\n1 W: 6 |\n2 B: 6 | S S C C C C"
    # B: 1 settlement + 4 cities = 9, Longest Road 2 → 11 with the VP card bonus of 1 → 12.
    vp_only = record(body + "\n追加点: B 1\n合計: B 12, Y 2, R 2, W 2")
    assert problems(vp_only) == []
    # 追加点 may also hold LR/LA: bonus 3 = LR 2 + 1 card, total 12.
    inclusive = record(body + "\n追加点: B 3\n合計: B 12, Y 2, R 2, W 2")
    assert problems(inclusive) == []
    wrong = record(body + "\n追加点: B 1\n合計: B 11, Y 2, R 2, W 2")
    assert errors(wrong) == ["CT217"]


def test_ct217_after_omissions_only_a_lower_bound_is_checked() -> None:
    assert errors(record("1 B: 6 | S S\n...\n合計: B 4")) == []
    assert errors(record("1 B: 6 | S S\n...\n合計: B 3")) == ["CT217"]


def test_ct218_bonus_needs_victory_point_cards() -> None:
    assert "CT218" in errors(record(rounds(1) + "\n追加点: B 1"))
    assert "CT218" not in errors(record("1 B: 6 | D\n1 Y: 6 |\n1 R: 6 |\n1 W: 6 |\n追加点: B 1"))
    assert "CT218" in errors(record("1 B: 6 |\n...\n追加点: B 6"))


def test_ct219_only_the_last_turns_player_can_win() -> None:
    rec = record("1 B: 6 |\n...\n5 W: 8 |\n合計: B 10, Y 2, R 2, W 3")
    assert "CT219" in warnings(rec)
    assert rec.winner is None


def test_ct220_nobody_reached_ten() -> None:
    rec = record(rounds(1) + "\n合計: B 2, Y 2, R 2, W 2")
    assert warnings(rec) == ["CT220"]
    assert rec.winner is None


def test_ranking_by_total() -> None:
    rec = record("1 B: 6 |\n...\n12 W: 4 |\n合計: B 5, Y 5, R 7, W 11")
    assert rec.ranking == ["白", "赤", "青", "黄"]
    assert rec.winner == "白"


# --- board ----------------------------------------------------------------------------------------

BOARD = "board: W12 W2 T6 / G4 S5 T3 G3 / T11n W6 G10 T11s B4 / D S8n W10 G9 / S8s B5 B9\n"
FRONT = "players:\n  B: 青\n  Y: 黄\norder: B Y\n" + BOARD


def test_ct221_hex_not_on_the_board() -> None:
    rec = record("1 B: 7-T8(Y) |", front=FRONT)
    assert find(rec, "CT221") == (line_of(rec, "1 B"), 8)
    assert errors(record("1 B: 7-T6(Y) |", front=FRONT)) == []


def test_ct222_identifier_required_where_the_board_repeats() -> None:
    assert "CT222" in errors(record("1 B: 7-T11(Y) |", front=FRONT))
    assert errors(record("1 B: 7-T11s(Y) |\n1 Y: 7-T11n(B) |", front=FRONT)) == []


def test_ct223_identifier_mixing_without_a_board_warns() -> None:
    rec = record("1 B: 7-S4(Y) |\n1 Y: 7-S4n(B) |")
    assert warnings(rec) == ["CT223"]


def test_robber_starts_on_the_boards_desert() -> None:
    assert "CT202" in errors(record("1 B: 7-D(Y) |", front=FRONT))


# --- omitted turns ---


def test_ct224_omission_warns_once() -> None:
    rec = record("1 B: 6 |\n...\n3 B: 6 |\n(中略)\n5 B: 6 |")
    assert warnings(rec) == ["CT224"]


@pytest.mark.parametrize(
    "cell",
    [
        "6 | C",  # the settlement may have been built in the left-out turns
        "6 | [M G]",  # the card may have been bought then
        "6 | [R+]-T8(Y)",  # the other knights may have been played then
        "6 | R+",  # the roads may have been built then
        "6 | S S S S",  # cities built then may have freed settlements
    ],
)
def test_omitted_turns_never_produce_false_errors(cell: str) -> None:
    rec = record(f"1 B: 6 |\n...\n7 B: {cell}")
    assert errors(rec) == []


def test_counts_become_lower_bounds_after_an_omission() -> None:
    rec = record("1 B: 6 | R\n...\n5 B: 6 | S C")
    final = snapshot(rec)
    assert final.exact is False
    assert final.vp["B"] == 4  # 2 setup settlements + a settlement + a city (net +1)


# --- starting settlements on the board ---

START_BOARD = "board: B11 B4n T6 / W12 G8 W10 W8 / B4s S5 W6 T9 G3 / S3 T5 D S10 / T11 G9 G2\n"


def start_front(start: str) -> str:
    return "players:\n  B: 青\n  Y: 黄\norder: B Y\n" + START_BOARD + "start:\n" + start


def test_starting_settlements_inland_and_on_the_coast() -> None:
    # Three hexes name an inland corner; two name the corner of theirs that touches the sea.
    rec = record(
        "1 B: 6 |", front=start_front("  B: B11/B4n/G8 T9/G3/S10\n  Y: W12/B4s S5/S3/T5\n")
    )
    assert problems(rec) == []
    start = rec.data.record.board.start
    assert [(s.player, s.text) for s in start] == [
        ("B", "B11/B4n/G8"),
        ("B", "T9/G3/S10"),
        ("Y", "W12/B4s"),
        ("Y", "S5/S3/T5"),
    ]


def test_ct226_start_corner_must_exist() -> None:
    assert "CT226" in errors(record("1 B: 6 |", front=start_front("  B: B11/G2/G8 T9/G3/S10\n")))
    assert "CT226" in errors(record("1 B: 6 |", front=start_front("  B: B11/X9 T9/G3/S10\n")))
    assert "CT226" in errors(record("1 B: 6 |", front="order: B Y\nstart:\n  B: B11/B4n/G8\n"))


def test_ct227_distance_rule_between_starting_settlements() -> None:
    # G8/S5/W6 and S5/T5/W6 are the two ends of the S5–W6 edge.
    rec = record("1 B: 6 |", front=start_front("  B: G8/S5/W6 T9/G3/S10\n  Y: S5/T5/W6 W12/B4s\n"))
    assert errors(rec) == ["CT227"]
    same = record("1 B: 6 |", front=start_front("  B: G8/S5/W6 T9/G3/S10\n  Y: W6/S5/G8 W12/B4s\n"))
    assert "CT227" in errors(same)


def test_ct228_two_starting_settlements_each() -> None:
    rec = record("1 B: 6 |", front=start_front("  B: B11/B4n/G8\n  Y: S5/S3/T5 W12/B4s\n"))
    assert warnings(rec) == ["CT228"]
