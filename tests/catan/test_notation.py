"""Every element of the log-sheet notation, and every notation diagnostic (CT1xx)."""

from __future__ import annotations

import pytest
from tests.catan.helpers import codes, errors, find, line_of, record, round_of, turns, warnings

from kifuwiki.games.catan.model import Build, Card, ClosingKind, Omission


def test_two_part_cell_is_dice_then_actions() -> None:
    rec = record("1 B: 6 | R\n1 Y: 7-T8(R) |\n1 R: 6 |\n1 W: 7-T5(Y) | R")
    first, second, third, fourth = turns(rec)
    assert (first.number, first.player, first.dice.value) == (1, "B", 6)
    assert [a.build for a in first.after] == [Build.ROAD]
    assert second.dice.value == 7
    assert second.dice.robbery.hex.text == "T8"
    assert second.dice.robbery.victim == "R"
    assert second.after == ()
    assert third.after == () and third.before == ()
    assert fourth.dice.robbery.victim == "Y"
    assert errors(rec) == []


def test_three_part_cell_has_actions_before_the_roll() -> None:
    rec = record(round_of(1, {"B": "6 |", "Y": "5 |", "R": "8 |", "W": "[R]-G8(B) | 8 | R R"}))
    turn = turns(rec)[3]
    assert [a.card for a in turn.before] == [Card.KNIGHT]
    assert turn.before[0].robbery.text == "G8(B)"
    assert turn.dice.value == 8
    assert [a.build for a in turn.after] == [Build.ROAD, Build.ROAD]


def test_one_part_cell_is_the_dice() -> None:
    rec = record("1 B: 6")
    assert turns(rec)[0].dice.value == 6
    assert turns(rec)[0].after == ()


def test_builds_concatenated_or_spaced() -> None:
    a = turns(record("1 B: 6 | RRSCD"))[0]
    b = turns(record("1 B: 6 | R R S C D"))[0]
    expected = [Build.ROAD, Build.ROAD, Build.SETTLEMENT, Build.CITY, Build.DEVELOPMENT]
    assert [x.build for x in a.after] == expected
    assert [x.build for x in b.after] == expected


def test_plus_after_the_action_that_takes_a_card() -> None:
    turn = turns(record("1 B: 6 | R R+ S"))[0]
    assert [a.takes for a in turn.after] == [False, True, False]


def test_german_card_letters() -> None:
    rec = record("1 B: 6 | [R]-T8(Y)\n1 Y: 5 | [S] R R\n1 R: 8 | [M G]\n1 W: 9 | [E G S]")
    cards = [t.after[0].card for t in turns(rec)]
    assert cards == [Card.KNIGHT, Card.ROAD_BUILDING, Card.MONOPOLY, Card.DISCOVERY]
    assert turns(rec)[2].after[0].resources == ("G",)
    assert turns(rec)[3].after[0].resources == ("G", "S")


def test_english_card_letters() -> None:
    rec = record(
        "1 B: 6 | [K]-T8(Y)\n1 Y: 5 | [R] R R\n1 R: 8 | [M (G)]\n1 W: 9 | [D (G S)]", cards="en"
    )
    cards = [t.after[0].card for t in turns(rec)]
    assert cards == [Card.KNIGHT, Card.ROAD_BUILDING, Card.MONOPOLY, Card.DISCOVERY]


@pytest.mark.parametrize("written", ["[M G]", "[MG]", "[M(G)]", "[M (G)]"])
def test_monopoly_spellings_are_one_card(written: str) -> None:
    action = turns(record(f"1 B: 6 | {written}"))[0].after[0]
    assert (action.card, action.resources) == (Card.MONOPOLY, ("G",))


@pytest.mark.parametrize("written", ["[E GS]", "[E G S]", "[E(G S)]", "[EGS]"])
def test_discovery_spellings_take_two_resources(written: str) -> None:
    action = turns(record(f"1 B: 6 | {written}"))[0].after[0]
    assert (action.card, action.resources) == (Card.DISCOVERY, ("G", "S"))


def test_hex_identifier_and_desert_and_no_victim() -> None:
    rec = record(round_of(1, {"B": "7-S4n(Y) |", "Y": "7-D(B) |", "R": "7-T8 |", "W": "6 |"}))
    b, y, r, _ = turns(rec)
    assert (b.dice.robbery.hex.terrain, b.dice.robbery.hex.number, b.dice.robbery.hex.ident) == (
        "S",
        4,
        "n",
    )
    assert y.dice.robbery.hex.terrain == "D" and y.dice.robbery.hex.number is None
    assert r.dice.robbery.victim is None
    assert errors(rec) == []


def test_player_letters_in_parentheses_are_players_not_resources() -> None:
    # B, R and W are also brick, road and wool: inside ( ) after a hex they are players.
    rec = record(
        round_of(1, {"B": "7-B6(W) |", "Y": "7-W3(B) |", "R": "7-T5(B) |", "W": "7-G9(R) |"})
    )
    assert [t.dice.robbery.victim for t in turns(rec)] == ["W", "B", "B", "R"]
    assert errors(rec) == []


def test_letters_mean_what_their_position_says() -> None:
    # S: settlement (bare), ore (hex), road building ([S], German); D: card (bare), desert (hex).
    rec = record("1 B: [R]-S5(Y) | 6 | S D [S] R R")
    turn = turns(rec)[0]
    assert turn.before[0].robbery.hex.terrain == "S"
    assert [a.build or a.card for a in turn.after] == [
        Build.SETTLEMENT,
        Build.DEVELOPMENT,
        Card.ROAD_BUILDING,
        Build.ROAD,
        Build.ROAD,
    ]


def test_omission_marks() -> None:
    rec = record("1 B: 6 |\n...\n3 R: 8 |\n(中略)\n5 Y: 5 |\n（中略）\n7 W: 9 |")
    omissions = [i for i in rec.data.record.items if isinstance(i, Omission)]
    assert [o.text for o in omissions] == ["...", "(中略)", "（中略）"]
    assert errors(rec) == []


def test_closing_lines_in_japanese_and_english() -> None:
    ja = record("1 B: 6 |\n...\n追加点: Y 1\n合計: B 5点, Y 5点, R 7点, W 11点")
    en = record("1 B: 6 |\n...\nbonus: Y 1\ntotal: B 5, Y 5, R 7, W 11")
    for rec in (ja, en):
        data = rec.data.record
        assert data.closing(ClosingKind.BONUS).values == {"Y": 1}
        assert data.closing(ClosingKind.TOTAL).values == {"B": 5, "Y": 5, "R": 7, "W": 11}


def test_marks_comments_and_bookmarks_attach_to_the_turn_above() -> None:
    rec = record("* before the game\n1 B: 6 | R !?\n* a comment\n*&key a bookmarked note")
    data = rec.data.record
    assert [n.comment for n in data.setup_notes] == ["before the game"]
    turn = turns(rec)[0]
    assert turn.marks == "!?"
    assert [n.comment for n in turn.notes] == ["a comment", "a bookmarked note"]
    assert turn.notes[1].bookmark == "key"


def test_full_width_colon() -> None:
    assert turns(record("1 B：6 | R"))[0].dice.value == 6


# --- notation diagnostics -------------------------------------------------------


def test_ct100_unreadable_line_keeps_its_place() -> None:
    rec = record("1 B: 6 |\nwhat is this")
    assert find(rec, "CT100") == (line_of(rec, "what is this"), 1)


def test_ct101_unknown_player() -> None:
    rec = record("1 Q: 6 |")
    assert find(rec, "CT101") == (line_of(rec, "1 Q"), 3)


@pytest.mark.parametrize("dice", ["13", "1", "x", ""])
def test_ct102_bad_dice(dice: str) -> None:
    assert "CT102" in errors(record(f"1 B: {dice} | R"))


def test_ct103_unknown_action_with_column() -> None:
    rec = record("1 B: 6 | R X R")
    assert find(rec, "CT103") == (line_of(rec, "1 B"), 12)


@pytest.mark.parametrize("hex_ref", ["T7", "X5", "T13", "8"])
def test_ct104_bad_hex(hex_ref: str) -> None:
    assert "CT104" in errors(record(f"1 B: 7-{hex_ref}(Y) |"))


def test_ct105_too_many_parts() -> None:
    assert "CT105" in errors(record("1 B: R | 6 | R | R"))


def test_ct106_unknown_card_letter() -> None:
    assert "CT106" in errors(record("1 B: 6 | [Q]"))


def test_ct107_mixed_card_sets_warn_and_read_each_card_by_its_set() -> None:
    rec = record("1 B: 6 | [K]-T8(Y)\n1 Y: 5 | [E G S]", cards=None)
    assert "CT107" in warnings(rec)
    assert [t.after[0].card for t in turns(rec)] == [Card.KNIGHT, Card.DISCOVERY]


def test_ct108_bad_closing_entry() -> None:
    assert "CT108" in errors(record("1 B: 6 |\n...\n合計: B five"))


def test_ct109_closing_twice_or_player_twice() -> None:
    assert "CT109" in errors(record("1 B: 6 |\n...\n合計: B 5\n合計: B 5"))
    assert "CT109" in errors(record("1 B: 6 |\n...\n合計: B 5, B 6"))


def test_ct110_seven_without_robber() -> None:
    rec = record("1 B: 7 |")
    assert find(rec, "CT110") == (line_of(rec, "1 B"), 6)


def test_ct111_robber_after_another_number() -> None:
    assert "CT111" in errors(record("1 B: 6-T8(Y) |"))


def test_ct112_victim_not_a_player() -> None:
    rec = record("1 B: 7-T8(Q) |")
    assert find(rec, "CT112") == (line_of(rec, "1 B"), 11)


def test_ct113_knight_without_robber() -> None:
    assert "CT113" in errors(record("1 B: 6 | [R]"))
    assert "CT113" in errors(record("1 B: 6 | [K]", cards="en"))


def test_ct114_robber_after_a_card_that_is_not_a_knight() -> None:
    assert "CT114" in errors(record("1 B: 6 | [M G]-T8(Y)"))


def test_ct115_bad_front_matter() -> None:
    assert "CT115" in errors(record("1 B: 6 |", cards="french"))
    assert "CT115" in errors(record("1 B: 6 |", front="order: B B Y\n"))


def test_ct115_order_inferred_from_the_turns_with_a_warning() -> None:
    rec = record("1 B: 6 |\n1 Y: 5 |", front="")
    assert rec.data.record.order == ["B", "Y"]
    assert "CT115" in warnings(rec)


BOARD = "board: W12 W2 T6 / G4 S5 T3 G3 / T11n W6 G10 T11s B4 / D S8n W10 G9 / S8s B5 B9\n"


def test_board_is_read_in_rows() -> None:
    rec = record("1 B: 7-T11n(Y) |", front="order: B Y R W\n" + BOARD)
    board = rec.data.record.board
    assert len(board.hexes) == 19
    assert board.hexes[0].ref.text == "W12" and board.hexes[-1].ref.text == "B9"
    assert board.desert.ref.text == "D"
    assert errors(rec) == []


def test_ct116_board_with_the_wrong_number_of_hexes() -> None:
    rec = record("1 B: 6 |", front="order: B Y\nboard: W12 W2 T6\n")
    assert find(rec, "CT116") == (line_of(rec, "board:"), 1)


def test_ct117_board_needs_identifiers_for_repeats() -> None:
    board = BOARD.replace("T11n", "T11").replace("T11s", "T11")
    assert "CT117" in errors(record("1 B: 6 |", front="order: B Y\n" + board))


def test_ct118_unusual_board_is_a_warning() -> None:
    board = BOARD.replace("W12", "G12")
    assert "CT118" in warnings(record("1 B: 6 |", front="order: B Y\n" + board))


def test_ct119_bad_harbours() -> None:
    assert "CT119" in errors(record("1 B: 6 |", front="order: B Y\n" + BOARD + "harbours: 3 3 Q\n"))


def test_ct120_resource_count() -> None:
    assert "CT120" in errors(record("1 B: 6 | [M G S]"))
    assert "CT120" in errors(record("1 B: 6 | [E G]"))


def test_ct121_plus_on_an_action_that_takes_nothing() -> None:
    assert "CT121" in errors(record("1 B: 6 | C+"))
    assert "CT121" in errors(record("1 B: 6 | [M+ G]"))


def test_ct122_turn_after_closing_lines() -> None:
    assert "CT122" in errors(record("1 B: 6 |\n...\n合計: B 5\n2 B: 6 |"))


def test_ct123_no_turns() -> None:
    assert "CT123" in errors(record("* nothing"))


def test_every_code_is_documented() -> None:
    from kifuwiki.games.catan.codes import CODES

    rec = record("1 Q: 13 | X\nnonsense\n2 B: 7 |")
    assert set(codes(rec)) <= set(CODES)


def test_r_with_a_robber_move_is_a_knight_even_in_an_english_record() -> None:
    rec = record("1 B: 6 | [R]-T8(Y)\n1 Y: 5 | [K]-T5(B)", cards="en")
    assert [t.after[0].card for t in turns(rec)] == [Card.KNIGHT, Card.KNIGHT]
    assert "CT107" in warnings(rec)  # [R]-hex is the German set's knight


def test_card_set_detected_from_english_letters() -> None:
    rec = record(
        "1 B: 6 | D\n1 Y: 5 | D\n1 R: 5 |\n1 W: 5 |\n2 B: [K]-T8(Y) | 6 |\n2 Y: 6 | [R] R R",
        cards=None,
    )
    assert rec.data.record.card_set == "en"
    assert turns(rec)[5].after[0].card is Card.ROAD_BUILDING
    assert errors(rec) == [] and warnings(rec) == []


def test_card_set_detected_from_german_letters_and_german_by_default() -> None:
    german = record("1 B: 6 | [S] R R", cards=None)
    assert german.data.record.card_set == "de"
    plain = record("1 B: 6 | R", cards=None)
    assert plain.data.record.card_set == "de"


def test_validate_reports_line_and_column(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from click.testing import CliRunner

    from kifuwiki.cli import cli

    path = tmp_path / "bad.kifu"
    path.write_text("---\ngame: catan\norder: B Y\n---\n1 B: 7 |\n1 Y: 6 | R Q\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["validate", str(path)])
    assert result.exit_code == 1
    assert f"{path}:5:6: error CT110" in result.output
    assert f"{path}:6:12: error CT103" in result.output
