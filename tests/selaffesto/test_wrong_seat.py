"""A selaffesto line with the other player's seat letter (``W:g12 …`` for B's action) is
one error: the wrong turn (SF101), saying how the line was read. When the card it places
is in the hand of the player to move, it is read as that player's action, so the lines
after it are checked as before; a line that fits only the writer's hand is the writer's,
out of turn (B's action left out), as it was read before."""

from __future__ import annotations

from tests.cardgames import errors_and_warnings
from tests.selaffesto.helpers import (
    G12,
    codes,
    load,
    opening,
    replay_of,
    rules_front,
    with_example_line,
)

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


W_HAND_LINE = "W:(6-12-4-2 4-8-6-12 3-6-9-18 7-24-9-14 2-2-3-16 25-20-22-24 11-22-11-22)"
B_HAND_LINE = "B:(10-5-25-20 5-7-14-11 2-10-15-9 5-22-4-3 2-3-2-7 12-12-12-12 16-8-4-2)"


def test_a_first_hand_line_with_the_other_letter_is_one_error() -> None:
    """``B:(…)`` for W's first hand (18 errors before: every line after it was read
    with the hands swapped) and ``W:(…)`` for B's (4 errors: SF115, then B's first
    placement out of turn without a hand)."""
    for line, reader in ((W_HAND_LINE, "W"), (B_HAND_LINE, "B")):
        other = "B" if reader == "W" else "W"
        record, view = with_example_line(line, line.replace(f"{reader}:", f"{other}:", 1))
        assert errors_and_warnings(record) == ["SF101"], line
        (told,) = [d for d in record.diagnostics if d.code == "SF101"]
        assert told.message.endswith(f"; read as {reader}'s action")
        assert told.message_ja.endswith(f"{reader} の行動として読みます")
        plain = GAME.view(with_example_line(G12, G12)[0])
        assert view.steps[-1].state == plain.steps[-1].state


def test_a_hand_line_out_of_turn_before_the_other_hand_is_read_as_written() -> None:
    """B's hand written first, then W's: reading B's line as W's would give W two
    hands, so it stays B's (out of turn)."""
    body = f"{B_HAND_LINE}\n{W_HAND_LINE}\nW:g1 6-12-4-2\nB:g13 10-5-25-20\n"
    told = [d for d in load(body).diagnostics if d.code == "SF101"]
    assert told and told[0].message.endswith("; read as B's action")


# W places all seven cards; B passes once (passing: free).
PASSING = (
    opening(" ".join(["4-4-4-4"] * 7), " ".join(["2-2-2-2"] * 7))
    + "W:g2 4-4-4-4\nB:pass\nW:f1 4-4-4-4\nB:g12 2-2-2-2\n"
)


def test_a_pass_with_the_other_letter_is_one_error_read_as_the_passers() -> None:
    """``W:pass`` for B's pass: SF101 twice before (W's next line out of turn too)."""
    front = rules_front(passing="free")
    assert codes(load(PASSING, front)) == []
    record = load(PASSING.replace("B:pass", "W:pass"), front)
    assert codes(record) == ["SF101"]
    (told,) = [d for d in record.diagnostics if d.code == "SF101"]
    assert told.message.endswith("; read as B's action")
    steps = replay_of(record).steps
    assert [s.passed for s in steps] == [s.passed for s in replay_of(load(PASSING, front)).steps]


def test_a_pass_out_of_turn_before_the_players_line_is_read_as_written() -> None:
    """``W:pass`` followed by B's line: nothing says it was B's pass."""
    front = rules_front(passing="free")
    record = load(PASSING.replace("B:pass\n", "W:pass\nB:g13 2-2-2-2\n"), front)
    told = [d for d in record.diagnostics if d.code == "SF101"]
    assert told and told[0].message.endswith("; read as W's action")
