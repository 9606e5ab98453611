"""A selaffesto line with the other player's seat letter (``W:g12 …`` for B's action) is
one error: the wrong turn (SF101), saying how the line was read. When the card it places
is in the hand of the player to move, it is read as that player's action, so the lines
after it are checked as before; a line that fits only the writer's hand is the writer's,
out of turn (B's action left out), as it was read before."""

from __future__ import annotations

from tests.cardgames import errors_and_warnings
from tests.selaffesto.helpers import G12, with_example_line

from kifuwiki.games.selaffesto import GAME

F1 = "W:f1 3-6-9-18 [put] {W:4} // (6|2) -> 1"
H1 = "W:h1 25-20-22-24 [jump] xh2>e2 16-2-2-3 [put] {W:30}"


def test_b_action_written_with_w_is_one_error_read_as_b() -> None:
    """``W:g12 5-7-14-11 …``: 12 errors before (SF101 twice, SF103, SF104 and an SF108
    at every later points check)."""
    typo = G12.replace("B:", "W:", 1)
    record, view = with_example_line(G12, typo)
    assert errors_and_warnings(record) == ["SF101"]
    (told,) = [d for d in record.diagnostics if d.code == "SF101"]
    assert told.line == 18
    assert told.message == "it is Black's (B) action, not W's; read as B's action"
    assert told.message_ja.endswith("B の行動として読みます")
    (step,) = [s for s in view.steps if s.line == 18]
    assert step.notation.startswith("W:g12")  # shown as written
    assert step.player == "Black"
    plain = GAME.view(with_example_line(G12, G12)[0])
    assert view.steps[-1].state == plain.steps[-1].state  # the game goes on as written
    assert not [d for d in record.diagnostics if d.code == "SF203"]


def test_w_actions_written_with_b_are_read_as_w() -> None:
    """A plain put and a jump put with its own LC re-played (9 errors before)."""
    for line in (F1, H1):
        record, _ = with_example_line(line, line.replace("W:", "B:", 1))
        assert errors_and_warnings(record) == ["SF101"], line
        (told,) = [d for d in record.diagnostics if d.code == "SF101"]
        assert told.message.endswith("; read as W's action")


def test_a_line_whose_card_only_the_writer_holds_is_the_writers_out_of_turn() -> None:
    """B's action left out: W's next line is W's (its card is in W's hand), out of turn;
    B's points are then short at every check, as before."""
    record, _ = with_example_line(f"{G12}\n{F1}", F1)
    (told,) = [d for d in record.diagnostics if d.code == "SF101"]
    assert told.message == "it is Black's (B) action, not W's; read as W's action"
    assert "SF104" not in errors_and_warnings(record) and "SF108" in errors_and_warnings(record)


def test_a_card_neither_player_holds_is_read_as_written() -> None:
    """Neither reading is legal: the line stays the writer's, with its own errors (as
    before: W's next line is then out of turn too)."""
    record, _ = with_example_line(G12, "W:g12 9-9-9-9 [put] {B:2.4}")
    codes = errors_and_warnings(record)
    assert codes[0] == "SF101" and "SF104" in codes
    told = [d for d in record.diagnostics if d.code == "SF101"]
    assert told[0].line == 18 and told[0].message.endswith("; read as W's action")
