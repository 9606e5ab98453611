"""A selaffesto line that could not be read is a step of its own (as 撿紅點's and 升級's,
cardkit.unread): shown as written and flagged by its one error; it takes the turn of
the seat it names, or of the player to move, so the lines after it stay in order; and
the points written after it are taken as written (SF203), not blamed on the player."""

from __future__ import annotations

from tests.cardgames import errors_and_warnings
from tests.selaffesto.helpers import G12, with_example_line

from kifuwiki.cardkit.unread import NOT_READ
from kifuwiki.games.selaffesto import GAME
from kifuwiki.render.environment import make_environment
from kifuwiki.render.record import diagnostics_of, render_viewer

G2 = "W:g2 4-8-6-12 [put] {W:3} // (6|6) -> 3*1 = 3"
HAND = "W:(6-12-4-2 4-8-6-12 3-6-9-18 7-24-9-14 2-2-3-16 25-20-22-24 11-22-11-22)"


def test_a_line_without_its_colon_is_a_step_with_its_one_error() -> None:
    """``Wg2 4-8-6-12 …`` (the colon left out) was dropped from the move list, and B's
    next line was out of turn (SF101) and W's four points checks wrong (SF108): 6 errors."""
    typo = G2.replace("W:g2", "Wg2")
    record, view = with_example_line(G2, typo)
    assert errors_and_warnings(record) == ["SF001"]
    (problem,) = [d for d in diagnostics_of(view) if d.code == "SF001"]
    assert (problem.line, problem.column) == (17, 1)
    assert "'Wg2 4-8-6-12 [put]" in problem.message and "'W: g2 4-8-6-12" in problem.message
    assert "'Wg2 4-8-6-12 [put]" in problem.message_ja
    (step,) = [s for s in view.steps if s.notation == typo]
    before, after = view.steps[step.index - 1], view.steps[step.index + 1]
    assert before.notation == "B:g13 10-5-25-20" and after.notation.startswith("B:g12")
    assert problem.step == step.index
    assert "error" in step.flags and "error" not in after.flags
    assert step.player == "White" and after.player == "Black"  # W's turn, then B's
    assert step.annotations[0] == NOT_READ[0] and step.annotations_ja[0] == NOT_READ[1]
    assert step.state["cards"] == before.state["cards"]  # nothing it says is applied
    assert len(view.steps) == record.moves + 1
    html = render_viewer(view, make_environment(), "en")
    assert "Wg2 4-8-6-12 [put] {W:3} // (6|6) -&gt; 3*1 = 3" in html
    assert "not read (see its error)" in html
    assert "\n" + typo + "\n" in GAME.format(record)  # fmt keeps it where it was


def test_the_points_after_it_are_taken_as_written_once_said() -> None:
    """The board lacks its card, so the points after it cannot be known: taken as
    written, said once (SF203, information), not an SF108 on every later check."""
    record, view = with_example_line(G2, G2.replace("W:g2", "Wg2"))
    notes = [d for d in record.diagnostics if d.code == "SF203"]
    assert [(d.line, d.severity.value) for d in notes] == [(17, "info")]
    final = {p["key"]: p["points_text"] for p in view.steps[-1].state["players"]}
    assert final == {"W": "30", "B": "26.7"}


def test_the_turn_order_is_still_checked_after_it() -> None:
    """The turn order does not depend on the lost card: B's action left out is still
    told, at W's next line (now line 18)."""
    record, _ = with_example_line(f"{G2}\n{G12}", G2.replace("W:g2", "Wg2"))
    assert errors_and_warnings(record) == ["SF001", "SF101"]
    (told,) = [d for d in record.diagnostics if d.code == "SF101"]
    assert told.line == 18 and "Black's (B) action, not W's" in told.message


def test_a_line_naming_no_seat_takes_the_turn_of_the_player_to_move() -> None:
    """No seat (``g2 …``) or one that is none (``Q:g2 …``): W's turn, as B's next line says."""
    for typo, code in ((G2[2:], "SF001"), (G2.replace("W:", "Q:"), "SF002")):
        record, view = with_example_line(G2, typo)
        assert errors_and_warnings(record) == [code], typo
        (step,) = [s for s in view.steps if s.notation == typo]
        assert step.player == "White"
    record, _ = with_example_line(G2, G2.replace("W:", "W;"))  # another separator: still W's
    assert errors_and_warnings(record) == ["SF001"]


def test_a_first_hand_not_read_takes_no_turn() -> None:
    """``W(…)``: W's first action goes on on the next line, so the line took no turn;
    W's hand is not known, so the first action is not told it took no cards (SF105)."""
    record, view = with_example_line(HAND, HAND.replace("W:", "W"))
    assert errors_and_warnings(record) == ["SF001"]
    (step,) = [s for s in view.steps if s.notation == HAND.replace("W:", "W")]
    assert step.player == "White"
    assert view.steps[step.index + 1].player == "White"


def test_a_stray_line_among_the_actions_takes_no_turn_and_changes_nothing() -> None:
    """A note without its ``*`` whose next line is by the player to move: no turn taken,
    no action lost, so every point is still checked."""
    record, view = with_example_line(G12, f"{G12}\nnice one")
    assert errors_and_warnings(record) == ["SF001"]
    assert not [d for d in record.diagnostics if d.code == "SF203"]
    (step,) = [s for s in view.steps if s.notation == "nice one"]
    assert step.player is None
    assert view.steps[step.index + 1].player == "White"
    plain = GAME.view(with_example_line(G12, G12)[0])
    assert view.steps[-1].state["players"] == plain.steps[-1].state["players"]
    wrong, _ = with_example_line(G12, f"{G12}\nnice one\nW:f1 3-6-9-18 [put] {{W:5}}")
    assert "SF108" in errors_and_warnings(wrong)


def test_a_line_with_a_token_not_read_is_shown_as_written() -> None:
    """``W:g2 4-8-6-17 …`` (17 is no SN) was shown as ``W:`` alone: the tokens not read
    were left off the page."""
    record, view = with_example_line(G2, G2.replace("4-8-6-12", "4-8-6-17"))
    assert errors_and_warnings(record) == ["SF005"]
    (step,) = [s for s in view.steps if s.line == 17]
    assert step.notation == "W:g2 4-8-6-17 [put] {W:3}"
    assert step.comments[0] == "(6|6) -> 3*1 = 3"
