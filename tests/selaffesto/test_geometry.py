"""Rules 10-19 and 27 on hand-built boards: NH, NS, matching, LC, P↑ with its multiplier."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kifuwiki.games.selaffesto.geometry import OFFSETS, Board, assess, empty_board, nh, reaches
from kifuwiki.games.selaffesto.model import (
    MATCH,
    SNS,
    Card,
    canonical,
    cell_name,
    fw10,
    points_text,
    rotations,
    wf10,
)
from kifuwiki.games.selaffesto.state import final_points


def at(name: str) -> int:
    return (int(name[1:]) - 1) * 13 + "abcdefghijklm".index(name[0])


def board(**cards: tuple[Card, str]) -> Board:
    result = empty_board()
    for name, occupant in cards.items():
        result[at(name)] = occupant
    return result


def test_weights_of_rule_15_in_tenths() -> None:
    assert [wf10(n) for n in SNS] == [10, 15, 20, 24, 30, 40, 40] + [60] * 4 + [70] * 9
    assert fw10((10, 5, 25, 20)) == 224
    assert fw10((2, 2, 3, 16)) == 105
    assert points_text(267) == "26.7" and points_text(300) == "30"


def test_matching_is_divisibility_and_has_96_ordered_pairs() -> None:
    assert sum(MATCH[a][b] for a in SNS for b in SNS) == 96
    assert MATCH[24][12] and MATCH[3][9] and not MATCH[7][5] and not MATCH[25][3]


def test_rotations_keep_clockwise_order() -> None:
    assert rotations((2, 2, 3, 16))[1] == (16, 2, 2, 3)
    assert canonical((16, 2, 2, 3)) == canonical((2, 2, 3, 16))
    assert len(rotations((5, 5, 5, 5))) == 1


def test_nh_has_twenty_offsets_and_skips_two_two() -> None:
    assert len(OFFSETS) == 20
    reach = nh(board(g7=((2, 2, 2, 2), "W")), "W")
    assert len(reach) == 20
    assert at("i9") not in reach and at("g10") not in reach  # (2,2) and (3,0)
    assert {at("i8"), at("h9"), at("g9"), at("e7")} <= reach


def test_nh_is_cut_by_opponent_cards_but_not_by_own() -> None:
    cut = board(g7=((2, 2, 2, 2), "W"), g8=((2, 2, 2, 2), "B"))
    assert at("g9") not in nh(cut, "W")  # the only path passes over B's g8
    assert at("h9") in nh(cut, "W")  # g7 → h7 → h8 → h9 goes round
    own = board(g7=((2, 2, 2, 2), "W"), g8=((2, 2, 2, 2), "W"))
    assert at("g10") in nh(own, "W")  # from g8, which W owns
    walled = board(
        g7=((2, 2, 2, 2), "W"),
        g8=((2, 2, 2, 2), "B"),
        h7=((2, 2, 2, 2), "B"),
    )
    assert at("h8") not in nh(walled, "W")  # both ways round are blocked


@pytest.mark.parametrize("count", [1, 2, 3, 4])
def test_put_scores_the_sum_times_the_number_of_new_ns(count: int) -> None:
    neighbours = ["g8", "h7", "g6", "f7"][:count]
    cards = dict.fromkeys(neighbours, ((4, 4, 4, 4), "B"))
    found = assess(board(**cards), at("g7"), (2, 2, 2, 2))
    assert found.kind == "put"
    assert found.gain == 10 * count * count  # WF(2) = 1 per NS, times the NS count


def test_p_up_uses_the_smaller_sn_of_each_ns() -> None:
    # The reference's f2: (24|12) and (9|3) → (6 + 1.5) × 2 = 15.
    found = assess(
        board(g2=((4, 8, 6, 12), "W"), f1=((3, 6, 9, 18), "W")), at("f2"), (7, 24, 9, 14)
    )
    assert (found.kind, found.gain) == ("put", 150)


def test_a_card_alone_matches_vacuously() -> None:
    assert assess(empty_board(), at("a1"), (7, 7, 7, 7)).kind == "put"


def test_jump_put_needs_a_strictly_lighter_lc() -> None:
    lighter = assess(board(g8=((5, 5, 5, 5), "B")), at("g7"), (7, 7, 7, 7))
    assert (lighter.kind, lighter.lc) == ("jump", at("g8"))
    equal = assess(board(g8=((8, 8, 8, 8), "B")), at("g7"), (7, 7, 7, 7))
    assert fw10((8, 8, 8, 8)) == fw10((7, 7, 7, 7))
    assert (equal.kind, equal.gain) == ("fail", 0)


def test_two_mismatches_are_a_fail_put_even_if_both_are_lighter() -> None:
    found = assess(board(g8=((5, 5, 5, 5), "B"), g6=((5, 5, 5, 5), "B")), at("g7"), (7, 7, 7, 7))
    assert (found.kind, len(found.mismatches)) == ("fail", 2)


def test_jump_put_scores_only_the_matching_ns() -> None:
    found = assess(
        board(g8=((5, 5, 5, 5), "B"), g6=((14, 14, 14, 14), "W")), at("g7"), (7, 7, 7, 7)
    )
    assert (found.kind, found.gain) == ("jump", 40)  # (7|14) → 4, one NS


def test_final_action_rounds_down() -> None:
    assert final_points(267, "points") == 210  # 26.7 × 0.8 = 21.36 → 21
    assert final_points(267, "tenths") == 213  # → 21.3
    assert final_points(0, "points") == 0
    assert final_points(19, "points") == 10  # 1.9 × 0.8 = 1.52 → 1


def test_cell_names() -> None:
    assert [cell_name(at(n)) for n in ("a1", "m13", "g7")] == ["a1", "m13", "g7"]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 168), st.sampled_from(["W", "B"])), max_size=60))
def test_one_cell_reach_agrees_with_the_whole_nh(cards: list[tuple[int, str]]) -> None:
    """The engine checks one cell with ``reaches``; the analysis lists ``nh``: same rule."""
    some = empty_board()
    for cell, owner in cards:
        some[cell] = ((2, 2, 2, 2), owner)
    for player in ("W", "B"):
        whole = nh(some, player)
        assert {c for c in range(169) if reaches(some, player, c)} == whole
