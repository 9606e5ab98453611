"""Catan's table layout: one typo in a row is one error. A '|' too many in a turn row
(an empty cell) shifted the turns after it into the next seats (CT200 + CT124); a row
not read took no turn, so the next row was out of turn and the counts went wrong (CT124
+ CT200 + CT217 …). The row is now read without the empty cell, or kept as a step of
its own taking the rest of its round (counts lower bounds from there on, CT235)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from tests.cardgames import errors_and_warnings

from kifuwiki.archive import load_text
from kifuwiki.core.diagnostics import Diagnostic
from kifuwiki.games.base import GameRecord, RecordView, StepView
from kifuwiki.games.catan import GAME
from kifuwiki.games.catan.replay import NOT_READ_ROW
from kifuwiki.render.environment import make_environment
from kifuwiki.render.record import diagnostics_of, render_record_page, render_viewer

SEED = Path(__file__).resolve().parents[2] / "records" / "catan" / "seed-001-table.kifu"

#: records/catan/three-player-english.kifu in the table layout: every turn, no (中略).
THREE = r"""---
game: catan
players:
  R: Rin
  B: Ben
  O: Olga
cards: en
---
| ターン | Rin(R) | Ben(B) | Olga(O) |
| --- | --- | --- | --- |
| 1 | 6\|D | 7-G9(O)\| | 9\| |
| 2 | [K]-T8(B)\|2\|D | 9\| | 9\|D |
| 3 | [K]-G9(O)\|5\| | 8\| | 8\|D |
| 4 | 6\|D | 5\|R D D | 7-W3(R)\|D D D |
| 5 | [K+]-W11(B)\|10\|C | [K]-B10\|11\|C C D | 2\| |
| 6 | 6\|R C R | 5\|D D | 10\|C |
| 7 | 6\| | [K]-W11(R)\|10\|R R+ | [K]-B6(B)\|5\| |
| 8 | 7-S5(B)\|D | 11\| | [K]-G9(R)\|10\|C |
| 9 | 7-T8(B)\|R R+ D | 8\|R R+ S | [K]-S5(B)\|8\|R D |
| 10 | 8\|R | 3\|D | 7-G8\|D D D |
| 11 | 6\|[D G S] D D R+ | [K]-W11(R)\|12\|D C | 9\|[K+]-W3 D D |
| 12 | 6\|S | 6\|R S | 7-G8(R)\|[M G] |
| 13 | 5\|C | 4\|[R] R+ R R |  |
| 追加点 | 1 | 2 | 2 |
| 合計 | 7 | 11 | 8 |
"""


def _load(text: str, old: str, new: str) -> GameRecord:
    assert f"\n{old}\n" in text
    return load_text(text.replace(f"\n{old}\n", f"\n{new}\n", 1), "x.kifu")[0]


def _seed_with_row_12(written: str) -> GameRecord:
    """The seed's table with its last turn row (12) as ``written``."""
    return _load(
        SEED.read_text(encoding="utf-8"),
        "| 12 | 11\\|[S] R R+ | 6\\|R | 9\\|C | 4\\|[R+]-S4n(B) R R R+ |",
        written,
    )


def _the_one_row_not_read(turn: int, edit: Callable[[str], str]) -> tuple[Diagnostic, GameRecord]:
    """THREE with its row of ``turn`` edited: its one error (CT124), once it is checked
    that the row is a step not read, the next round follows it in turn and fmt keeps the
    row as written (not re-cut into shifted cells)."""
    line = next(x for x in THREE.splitlines() if x.startswith(f"| {turn} |"))
    written = edit(line)
    record = _load(THREE, line, written)
    assert errors_and_warnings(record) == ["CT124"]
    (told,) = [d for d in record.diagnostics if d.code == "CT124"]
    view = GAME.view(record)
    (step,) = [s for s in view.steps if s.notation == written]
    assert step.annotations[0] == NOT_READ_ROW[1]
    assert view.steps[step.index + 1].notation.startswith(f"{turn + 1} R:")
    assert written in GAME.format(record)
    return told, record


def test_the_three_player_table_is_clean() -> None:
    record = load_text(THREE, "x.kifu")[0]
    assert errors_and_warnings(record) == []


def test_a_pipe_too_many_in_a_row_is_one_error_and_the_turns_keep_their_seats() -> None:
    """``11\\|[S] R R+ ||`` gave CT200 (expected turn 12 Y, not turn 12 R) and CT124."""
    record = _seed_with_row_12("| 12 | 11\\|[S] R R+ || 6\\|R | 9\\|C | 4\\|[R+]-S4n(B) R R R+ |")
    assert [c for c in errors_and_warnings(record) if c != "CT224"] == ["CT124"]
    (told,) = [d for d in record.diagnostics if d.code == "CT124"]
    assert (told.line, told.column) == (16, 22)
    assert "a '|' too many?" in told.message and "「|」が多すぎ" in told.message_ja
    view = GAME.view(record)
    assert [s.player for s in view.steps[-4:]] == ["青", "黄", "赤", "白"]


def test_a_blank_cell_and_a_pipe_too_many_are_not_guessed() -> None:
    """Two empty cells for one too many: which one is the player's is not known, so the
    row is not read (it was read as written: CT124 + CT217 + CT219)."""
    record = _load(
        THREE,
        "| 13 | 5\\|C | 4\\|[R] R+ R R |  |",
        "| 13 | 5\\|C ||| 4\\|[R] R+ R R |",
    )
    assert errors_and_warnings(record) == ["CT124"]
    (told,) = [d for d in record.diagnostics if d.code == "CT124"]
    assert "was left out" not in told.message and "not read (a '|' too many?)" in told.message


def test_a_cells_own_pipe_read_as_a_border_is_one_error() -> None:
    """A '|' in a cell not escaped, in a row with no empty cell to leave out: the cells
    after it were read as the next seats (CT102, CT124, then CT211 and CT217 later on).
    The row is not read, and takes the rest of its round, as a row not read does."""
    told, record = _the_one_row_not_read(5, lambda line: line.replace("(B)\\|", "(B)|"))
    assert (told.line, told.column) == (15, 18)  # the pipe after [K+]-W11(B)
    assert told.message == (
        "this row has 4 cells after its turn number, the header 3 columns, so it was not "
        "read (a '|' in a cell not written as '\\|'?)"
    )
    assert "4個のセル" in told.message_ja and "「\\|」と書き忘れて" in told.message_ja
    assert [d.code for d in record.diagnostics if d.code == "CT235"] == ["CT235"]


def test_a_cells_own_pipe_in_the_seeds_way_of_writing() -> None:
    """Without '\\|' a border is a '|' with a blank before it: ``(B) |10`` is one."""
    table = THREE.replace("\\|", "|")
    assert errors_and_warnings(load_text(table, "x.kifu")[0]) == []
    line = next(x for x in table.splitlines() if x.startswith("| 5 |"))
    record = _load(table, line, line.replace("[K+]-W11(B)|", "[K+]-W11(B) |"))
    assert errors_and_warnings(record) == ["CT124"]
    (told,) = [d for d in record.diagnostics if d.code == "CT124"]
    assert (told.line, told.column) == (15, 19)
    assert told.message.endswith("(a cell's own '|' with a blank before it?)")


def test_a_last_row_not_read_may_hold_the_winning_turn() -> None:
    """The seed's last row with a cell's own '|' unescaped: W wins in it. The row's step
    was B's turn (the round's first seat), so CT219 said the game ends on B's turn."""
    record = _seed_with_row_12("| 12 | 11|[S] R R+ | 6\\|R | 9\\|C | 4\\|[R+]-S4n(B) R R R+ |")
    assert [c for c in errors_and_warnings(record) if c != "CT224"] == ["CT124"]
    assert record.data.replay.winner == "W"


def test_rows_with_the_headers_cells_are_read_as_before() -> None:
    """A guard: empty cells after a row's last (a border written twice) are no cells
    too many, and a row with fewer cells (the game over) is read."""
    line = next(x for x in THREE.splitlines() if x.startswith("| 13 |"))
    record = _load(THREE, line, line + " | |")
    assert errors_and_warnings(record) == []
    assert errors_and_warnings(load_text(SEED.read_text(encoding="utf-8"), "x.kifu")[0]) == []


def test_a_row_not_read_takes_its_round_with_its_one_error() -> None:
    """The border after the turn number left out (``| 5 [K+]-W11(B)…``), or a first cell
    that is not a number: CT124, then CT200 at the next row and CT217 at the totals."""
    for old, new in (
        ("| 5 | [K+]-W11(B)", "| 5 [K+]-W11(B)"),
        ("| 5 | [K+]-W11(B)", "| five | [K+]-W11(B)"),
        ("| 8 | 7-S5(B)", "| 8 7-S5(B)"),
    ):
        line = next(x for x in THREE.splitlines() if x.startswith(old))
        written = line.replace(old, new)
        record = _load(THREE, line, written)
        assert errors_and_warnings(record) == ["CT124"], new
        view = GAME.view(record)
        (problem,) = [d for d in diagnostics_of(view) if d.code == "CT124"]
        (step,) = [s for s in view.steps if s.notation == written]
        assert problem.step == step.index
        assert step.player is None  # Rin's, Ben's and Olga's turns: no one seat's move
        assert step.annotations[0] == NOT_READ_ROW[1]
        assert step.annotations_ja[0] == NOT_READ_ROW[0]
        assert view.steps[step.index + 1].player == "Rin"  # the next round, in turn
        assert view.steps[step.index - 1].state["exact"] is True
        assert step.state["exact"] is False
        notes = [d for d in record.diagnostics if d.code == "CT235"]
        assert [(d.line, d.severity.value) for d in notes] == [(problem.line, "info")]
        assert len(view.steps) == record.moves + 1
        assert written in render_viewer(view, make_environment(), "en")
        assert written in GAME.format(record)


def test_a_row_not_read_is_quoted_in_its_error() -> None:
    """As CT100 quotes a line: in a long table the line number alone is hard to match
    to a row. Shortened as CT100 is, its escaped pipes as written."""
    line = next(x for x in THREE.splitlines() if x.startswith("| 5 |"))
    record = _load(THREE, line, line.replace("| 5 |", "| five |"))
    (told,) = [d for d in record.diagnostics if d.code == "CT124"]
    shown = "'| five | [K+]-W11(B)\\|10\\|C | [K]-B10\\|…'"
    assert told.message.startswith(f"{shown} is not a turn row"), told.message
    assert told.message_ja.startswith(f"{shown} は手番"), told.message_ja


def test_a_row_not_read_spans_the_seats_it_took() -> None:
    """On the page the row as written spans the cells of the seats whose turns it took,
    and its step says them; in the first seat's cell alone it read as that player's."""
    line = next(x for x in THREE.splitlines() if x.startswith("| 5 |"))
    record = _load(THREE, line, line.replace("| 5 |", "| five |"))
    view = GAME.view(record)
    for lang, label in (("en", "Turn 5, Rin–Olga; not read"), ("ja", "ターン5 Rin〜Olga、")):
        soup = BeautifulSoup(render_record_page(view, make_environment(), lang), "html.parser")
        rows = [r for r in soup.select("table.kw-catan-grid tbody tr") if r.th.text == "5"]
        assert len(rows) == 2  # the step's position and the log sheet
        for row in rows:
            (cell,) = row.find_all("td")
            assert cell["colspan"] == "3" and cell.text.startswith("| five |")
        assert any(a["title"].startswith(label) for a in soup.select("li[id] > div > a[title]"))
    # A clean row keeps a cell a seat.
    clean = BeautifulSoup(
        render_record_page(GAME.view(load_text(THREE, "x.kifu")[0]), make_environment(), "en"),
        "html.parser",
    )
    assert not clean.select("td[colspan]:not(.kw-note)")


def test_a_stray_row_takes_no_turn() -> None:
    """A row of words in the turn column only is a note, not a round."""
    line = next(x for x in THREE.splitlines() if x.startswith("| 5 |"))
    record = _load(THREE, line, line + "\n| nice game |  |  |  |")
    assert errors_and_warnings(record) == ["CT124"]
    assert not [d for d in record.diagnostics if d.code == "CT235"]


@pytest.mark.parametrize(
    "written",
    [
        "| 6 | 6\\|R C R  5\\|D D | 10\\|C |",  # Rin's and Ben's cells run together
        "| 6 | 6\\|R C R | 5\\|D D 10\\|C |",  # Ben's and Olga's
    ],
)
def test_a_border_left_out_mid_game_is_one_error(written: str) -> None:
    """Two turns in one cell: read in turn, the first border left out gave CT103, CT102,
    then CT211, CT200, CT214 and three CT217 later on (nine errors for one '|')."""
    told, _ = _the_one_row_not_read(6, lambda _line: written)
    assert (told.line, told.column) == (16, 3)
    assert told.message == (
        "this row has 2 cells after its turn number, the header 3 columns, and the next "
        "row is a turn row, so it was not read (a '|' left out?)"
    )
    assert "2個のセルしか" in told.message_ja and "「|」が抜けて" in told.message_ja


def test_a_round_cut_short_before_an_omission_is_read_as_written() -> None:
    """A guard: turns may be left out mid-round ((中略) after the row), as at the end."""
    line = next(x for x in THREE.splitlines() if x.startswith("| 12 |"))
    record = _load(THREE, line, "| 12 | 6\\|S |\n| (中略) | | | |")
    assert "CT124" not in errors_and_warnings(record)
    assert any(s.notation == "12 R: 6|S" for s in GAME.view(record).steps)


def _row_five_not_read() -> tuple[RecordView, StepView]:
    line = next(x for x in THREE.splitlines() if x.startswith("| 5 |"))
    view = GAME.view(_load(THREE, line, line.replace("| 5 |", "| five |")))
    (step,) = [s for s in view.steps if s.notation.startswith("| five |")]
    return view, step


def test_a_row_not_read_is_no_one_seats_turn_in_the_panels_data() -> None:
    """The row took the turns of Rin, Ben and Olga and nothing in it was counted; the
    player panel's data made Rin alone the current player (the row's first seat). No
    seat is current there; each seat it took is marked as not read. The steps around
    it keep their one current player."""
    view, step = _row_five_not_read()
    state = step.state
    assert state["player"] is None and state["not_read"] == ["R", "B", "O"]
    assert [(p["key"], p["current"], p["not_read"]) for p in state["players"]] == [
        ("R", False, True),
        ("B", False, True),
        ("O", False, True),
    ]
    for near in (view.steps[step.index - 1], view.steps[step.index + 1]):
        mover = near.state["player"]
        assert mover is not None and near.state["not_read"] == []
        assert [p["key"] for p in near.state["players"] if p["current"]] == [mover]
        assert not any(p["not_read"] for p in near.state["players"])


def test_a_row_not_read_says_so_for_each_seat_in_the_panel() -> None:
    """On the page (the step's position, as read without the script): no seat is marked
    current, and each seat the row took says "turn not read" in words, not by a colour."""
    view, step = _row_five_not_read()
    for lang, words in (("en", "turn not read"), ("ja", "この手番は読めず")):
        soup = BeautifulSoup(render_record_page(view, make_environment(), lang), "html.parser")
        # The step's position as a page without the script shows it (the move list's).
        panel = soup.select_one(f"li#m{step.index} > details .kw-players")
        assert panel is not None
        assert panel.select(".kw-current") == []
        seats = panel.select(".kw-player")
        assert [s.strong.get_text(strip=True) for s in seats] == ["Rin (R)", "Ben (B)", "Olga (O)"]
        for seat in seats:
            assert [b.get_text() for b in seat.select(".kw-badge")] == [words]
        before = soup.select_one(f"li#m{step.index - 1} > details .kw-players")
        assert before is not None and words not in before.get_text()
        assert len(before.select(".kw-player.kw-current")) == 1


def test_a_line_not_read_keeps_its_one_seat_current_and_says_it() -> None:
    """A guard: a line not read in the line layout took one seat's turn, so that seat is
    still the current one, and says its turn was not read."""
    seed = SEED.with_name("seed-001-example.kifu")
    text = seed.read_text(encoding="utf-8")
    assert "\n1 R: 6 |\n" in text
    record = load_text(text.replace("\n1 R: 6 |\n", "\n1 6 |\n", 1), "x.kifu")[0]
    view = GAME.view(record)
    (step,) = [s for s in view.steps if s.notation == "1 6 |"]
    assert step.state["player"] == "R" and step.state["not_read"] == ["R"]
    assert [(p["key"], p["current"]) for p in step.state["players"] if p["not_read"]] == [
        ("R", True)
    ]


def test_the_move_list_names_no_mover_for_a_row_not_read() -> None:
    """It named the row's first seat ("13 Rin"), which the script also read as the
    step's mover (the guess mode asked Rin for the row as written). The step's link
    title and caption say the seats it took ("Turn 5, Rin–Olga")."""
    view, step = _row_five_not_read()
    assert step.player is None
    assert view.steps[step.index - 1].player == "Olga"
    assert view.steps[step.index + 1].player == "Rin"
    soup = BeautifulSoup(render_record_page(view, make_environment(), "en"), "html.parser")
    item = soup.select_one(f"li#m{step.index}")
    assert item is not None and "data-kw-player" not in item.attrs
    assert item.select(":scope > div > a + span:not([class])") == []
    assert item.select_one(":scope > div > a")["title"].startswith("Turn 5, Rin–Olga;")  # type: ignore[index]


def test_after_a_row_not_read_the_page_does_not_say_turns_were_left_out() -> None:
    """None were: the counts are lower bounds and the robber unknown because turns were
    not read. The positions, the points chart and the dice chart said "turns left out"
    (「省略」) from the row on."""
    view, step = _row_five_not_read()
    unsure = [s.state["unsure"] for s in view.steps]
    assert unsure == [None] * step.index + ["unread"] * (len(unsure) - step.index)
    assert step.state["robber"] is None and view.extra["unsure"] == "unread"
    for lang, words, wrong in (
        ("en", ("unknown (turns not read)", "Some turns were not read: ≥"), "left out"),
        ("ja", ("不明 (読めない手番あり)", "読めない手番があるため、≥"), "省略"),
    ):
        html = render_record_page(view, make_environment(), lang)
        soup = BeautifulSoup(html, "html.parser")
        position = soup.select_one(f"li#m{step.index} > details")
        assert position is not None and all(w in position.get_text() for w in words)
        extra = soup.select_one(".kw-catan-extra")
        assert extra is not None and wrong not in extra.get_text()
        assert not [p for p in soup.select(".kw-catan-state") if wrong in p.get_text()]
    extra = BeautifulSoup(render_record_page(view, make_environment(), "en"), "html.parser")
    vp = extra.select_one(".kw-catan-vp .kw-note")
    assert vp is not None and vp.get_text().endswith("; lower bounds: some turns were not read")
    dice = extra.select_one(".kw-catan-dice .kw-note")
    assert dice is not None and dice.get_text().endswith("— turns read only")


def test_turns_left_out_and_a_turn_not_read_are_both_said() -> None:
    """A guard: the line layout's seed leaves turns out after round 1; with its first
    turn not read, the counts are lower bounds for both reasons after the omission."""
    text = SEED.with_name("seed-001-example.kifu").read_text(encoding="utf-8")
    view = GAME.view(load_text(text.replace("\n1 R: 6 |\n", "\n1 6 |\n", 1), "x.kifu")[0])
    unsure = [s.state["unsure"] for s in view.steps]
    first = next(s.index for s in view.steps if s.notation == "1 6 |")
    after = next(s.index for s in view.steps if s.state["omitted_before"])
    assert unsure[first:after] == ["unread"] * (after - first)
    assert set(unsure[after:]) == {"both"} and view.extra["unsure"] == "both"
    clean = GAME.view(load_text(text, "x.kifu")[0])
    assert {s.state["unsure"] for s in clean.steps[after:]} == {"omitted"}
    assert clean.extra["unsure"] == "omitted"


def test_a_row_not_read_says_none_of_its_turns_is_counted() -> None:
    """Its note said "nothing in this turn is counted", a line's words: the row took
    three turns."""
    _, step = _row_five_not_read()
    assert step.label == (
        "Turn 5, Rin–Olga; not read (see its error): nothing in the turns of this row is counted"
    )
    assert step.label_ja.startswith(
        "ターン5 Rin〜Olga、読めない行です (エラーを参照): この行の手番"
    )


def test_the_final_score_says_why_its_counts_are_lower_bounds() -> None:
    """The final score writes "≥" before its counts after a row not read (or turns left
    out), and said nothing of why, where the positions and the points chart did."""
    view, _ = _row_five_not_read()
    for lang, words in (
        ("en", "≥ lower bounds: some turns were not read"),
        ("ja", "≥ 読めない手番があるため下限"),
    ):
        soup = BeautifulSoup(render_record_page(view, make_environment(), lang), "html.parser")
        score = soup.select_one(".kw-catan-score")
        assert score is not None and "≥" in score.select_one("tbody").get_text()
        note = score.select_one(".kw-note")
        assert note is not None and note.get_text() == words
    clean = BeautifulSoup(
        render_record_page(GAME.view(load_text(THREE, "x.kifu")[0]), make_environment(), "en"),
        "html.parser",
    )
    score = clean.select_one(".kw-catan-score")
    assert score is not None and score.select_one(".kw-note") is None
    assert "≥" not in score.get_text()
