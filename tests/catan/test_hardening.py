"""Issue 17, items 7–9 for Catan: closing entries, an unshown winner, the table layout."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.catan.helpers import codes, errors, problems, record

from kifuwiki.archive import load_file, load_text
from kifuwiki.games.catan import GAME
from kifuwiki.games.catan import import_sheet as catan_sheet
from kifuwiki.games.catan.sheet import Cell, points_in, split_row

RECORDS = Path(__file__).resolve().parents[2] / "records" / "catan"
THREE = "players: {B: 青, Y: 黄, R: 赤}\norder: B Y R\n"
GAME_TO_TEN = "\n".join(
    [
        "1 B: 6 | S S",
        "1 Y: 8 | D",
        "1 R: 5 |",
        "2 B: 6 | C C C",
        "2 Y: 9 |",
        "2 R: 4 |",
        "3 B: 6 | S S S",
    ]
)


@pytest.mark.parametrize(
    "closing",
    [
        "合計: B=10, Y=2, R=2",
        "合計: B 10, Y 2, R 2",
        "合計: B:10 Y:2 R:2",
        "合計: B 10点, Y 2点, R 2点",
        "total: B10 Y2 R2",
    ],
)
def test_closing_entries_in_the_forms_people_write(closing: str) -> None:
    rec = record(GAME_TO_TEN + "\n" + closing, front=THREE)
    assert errors(rec) == []
    assert rec.data.replay.totals == {"B": 10, "Y": 2, "R": 2}
    assert rec.winner == "青"


def test_a_bonus_written_as_the_seed_writes_it() -> None:
    rec = record(GAME_TO_TEN + "\n追加点: Y カード1点\n合計: B 10, Y 3点, R 2", front=THREE)
    assert errors(rec) == []
    assert rec.data.replay.bonus == {"Y": 1}
    bad = record(GAME_TO_TEN + "\n合計: B=10, Y=2, Q=2", front=THREE)
    assert [(d.code, d.message) for d in bad.diagnostics if d.code == "CT101"] == [
        ("CT101", "'Q' is not a player of this record")
    ]


def test_points_in_reads_one_number_with_words_around_it() -> None:
    assert [points_in(t) for t in ("5", "5点", "カード1点", "５点", "+2", "1と2", "", "x")] == [
        5,
        5,
        1,
        5,
        2,
        None,
        None,
        None,
    ]
    assert catan_sheet.points_in is points_in  # the importer reads cells with the same code


def test_a_sheet_that_cannot_show_its_winner_says_what_is_missing() -> None:
    rec = record("1 B: 6 | S\n1 Y: 8 |\n1 R: 5 |", front=THREE)
    (info,) = rec.diagnostics
    assert (info.code, info.severity.value, info.line) == ("CT229", "info", 9)
    assert "no 合計 (total) line" in info.message
    assert "no '+' marks" in info.message
    assert "B, has 3 points, not 10" in info.message
    assert "合計の行がない" in info.message_ja
    omitted = record("1 B: 6 | S\n(中略)\n9 B: 5 | C", front=THREE)
    assert "CT229" in codes(omitted)
    assert "has at least" in next(d.message for d in omitted.diagnostics if d.code == "CT229")
    finished = record(GAME_TO_TEN, front=THREE)
    assert "CT229" not in codes(finished) and finished.winner == "青"


def test_a_stranger_is_one_error_and_later_turns_stay_in_order() -> None:
    body = "1 B: 6 | R\n1 X: 8 |\n1 R: 5 |\n2 B: 6 |\n2 X: 5 |\n2 R: 4 |"
    rec = record(body, front=THREE)
    assert errors(rec) == ["CT101"]
    (stranger,) = [d for d in rec.diagnostics if d.code == "CT101"]
    assert (stranger.line, stranger.column) == (8, 3)


SEED_TABLE = """\
ターン | 青プレイヤー(B) | 黄プレイヤー(Y) | 赤プレイヤー(R) | 白プレイヤー(W) |
---|---|---|---|---|
1 | 6|R | 7-T8(R)| | 6| | 7-T5(Y)|R |
(中略) | ||||
11 | 7-S5(W)| | 2|S | 5|S | [R]-G8(B)|8|R R+ |
12 | 11|[S]R R+ | 6|R | 9|C | 4|[R+]-S4n(B) R R R+ |
追加点 | | カード1点 | | |
合計 | 5点 | 5点 | 7点 | 11点 |
"""


def table_record(body: str, front: str = "") -> object:
    return load_text(f"---\ngame: catan\ncards: de\n{front}---\n{body}", "table.kifu")[0]


def test_the_seeds_table_reads_like_its_line_layout() -> None:
    table = table_record(SEED_TABLE)
    lines = load_file(RECORDS / "seed-001-example.kifu")[0]
    assert table.data.record.layout == "table"
    assert table.data.record.order == ["B", "Y", "R", "W"]
    assert table.players == ["青", "黄", "赤", "白"]
    assert (table.winner, table.ranking, table.moves) == (lines.winner, lines.ranking, 12)

    def shape(rec: object) -> list[tuple[int, str, int | None, int]]:
        return [
            (t.number, t.player, t.dice.value if t.dice else None, len(t.actions))
            for t in rec.data.record.turns  # type: ignore[attr-defined]
        ]

    assert shape(table) == shape(lines)
    assert table.data.replay.totals == {"B": 5, "Y": 5, "R": 7, "W": 11}
    assert table.data.replay.bonus == {"Y": 1}
    assert codes(table) == ["CT224"]


def test_table_errors_point_at_the_cell() -> None:
    body = SEED_TABLE.replace("9|C", "9|Q").replace("追加点 | | カード1点", "追加点 | | たくさん")
    rec = table_record(body)
    bad_action = next(d for d in rec.diagnostics if d.code == "CT103")
    row = body.split("\n")[5]
    assert (bad_action.line, bad_action.column) == (10, row.index("Q") + 1)
    bad_points = next(d for d in rec.diagnostics if d.code == "CT108")
    assert bad_points.line == 11 and "たくさん" in bad_points.message
    junk = table_record(SEED_TABLE.replace("(中略) | ||||", "what | ever"))
    assert "CT124" in codes(junk)
    wrong_order = table_record(SEED_TABLE, front="order: W R Y B\n")
    assert "CT115" in errors(wrong_order)
    assert wrong_order.data.record.order == ["B", "Y", "R", "W"]


def test_tab_separated_and_escaped_markdown_tables() -> None:
    tsv = "ターン\t青(B)\t黄(Y)\n1\t6|R\t8|\n2\t5|S\t"
    rec = table_record(tsv)
    assert [t.player for t in rec.data.record.turns] == ["B", "Y", "B"]
    assert errors(rec) == []
    gfm = "| ターン | 青(B) | 黄(Y) |\n| --- | --- | --- |\n| 1 | 6 \\| R | 8 \\| |\n"
    rec = table_record(gfm)
    assert [t.text for t in rec.data.record.turns] == ["6 | R", "8 |"]
    assert problems(rec) == []
    assert split_row("1 | 6|R | 7-T8(R)| | 6|") == [
        Cell("1", 1),
        Cell("6|R", 5),
        Cell("7-T8(R)|", 11),
        Cell("6|", 22),
    ]


def test_fmt_keeps_the_table_layout_and_is_idempotent() -> None:
    rec = table_record(SEED_TABLE)
    once = GAME.format(rec)
    assert once.startswith("| ターン | 青(B) | 黄(Y) | 赤(R) | 白(W) |\n| --- |")
    assert "| 1 | 6\\|R | 7-T8(R)\\| | 6\\| | 7-T5(Y)\\|R |" in once
    again = table_record(once)
    assert GAME.format(again) == once
    assert (again.winner, again.data.replay.totals) == (rec.winner, rec.data.replay.totals)


def test_the_demo_table_record_is_clean() -> None:
    (rec,) = load_file(RECORDS / "seed-001-table.kifu")
    assert rec.errors == 0 and rec.warnings == 0
    assert rec.winner == "白"


def test_a_total_too_long_to_be_points_is_not_read_as_its_first_four_digits() -> None:
    # "R 99999999999999999999999" was read as R 9999 (CT217 "R's total 9999 does not add
    # up") and the rest as a second, nameless entry.
    rec = record(GAME_TO_TEN + "\n合計: B 10, Y 2, R 99999999999999999999999", front=THREE)
    assert [(d.code, d.message, d.column) for d in rec.diagnostics if d.code == "CT108"] == [
        (
            "CT108",
            "'R 99999999999999999999999' is not an entry: write the player letter and the "
            "points, like 'Y 1'",
            16,  # at the R, not at the comma before it
        )
    ]
    assert "9999" not in " ".join(d.message for d in rec.diagnostics if d.code != "CT108")


def test_a_stray_word_between_entries_is_reported_at_the_word() -> None:
    rec = record(GAME_TO_TEN + "\n合計: B 10, zz, Y 2, R 2", front=THREE)
    assert [(d.code, d.column) for d in rec.diagnostics if d.code == "CT108"] == [("CT108", 11)]


def test_no_winner_warning_names_a_letter_that_is_not_a_seat() -> None:
    # The last line's 'X' is CT101; CT219 went on to say "the game ends on X's turn".
    rec = record(GAME_TO_TEN + "\n4 X: 5 |\n合計: B 10, Y 2, R 2", front=THREE)
    assert "CT101" in codes(rec)
    assert [d.message for d in rec.diagnostics if "X's turn" in d.message] == []
    assert rec.winner == "青"  # B reached 10 on the last seated turn, its own
