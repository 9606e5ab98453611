"""A Catan line among the turns that could not be read (CT100) takes the turn of the
seat whose turn it was, so the turns after it stay in order: one typo, one error. It is
a step of its own, shown as written in the move list and in its seat's cell of the turn
table (as 撿紅點's and 升級's unread lines, cardkit.unread); a stray line that is no turn
is a note of the step before it. Nothing written is left off the page."""

from __future__ import annotations

from functools import partial
from pathlib import Path

from tests.cardgames import errors_and_warnings, with_line_replaced

from kifuwiki.games.base import GameRecord
from kifuwiki.games.catan import GAME
from kifuwiki.games.catan.replay import NOT_READ
from kifuwiki.render.environment import make_environment
from kifuwiki.render.record import diagnostics_of, render_viewer

RECORD = Path(__file__).resolve().parents[2] / "records" / "catan" / "seed-001-example.kifu"

_with = partial(with_line_replaced, GAME, RECORD)


def _errors(record: GameRecord) -> list[str]:
    """The errors and warnings but CT224: the record accepts its omission (``accept:``,
    which the archive applies, not ``load``)."""
    return [code for code in errors_and_warnings(record) if code != "CT224"]


def test_a_turn_without_its_seat_is_a_step_with_its_one_error() -> None:
    """``1 6 |`` (R's seat left out) gave CT100, then CT200 at W's turn: "expected turn
    1 R …, not turn 1 W"."""
    record, view = _with("1 R: 6 |", "1 6 |")
    assert _errors(record) == ["CT100"]
    (problem,) = [d for d in diagnostics_of(view) if d.code == "CT100"]
    assert (problem.line, problem.column) == (18, 1)
    assert "'1 6 |'" in problem.message and "'1 6 |'" in problem.message_ja
    (step,) = [s for s in view.steps if s.notation == "1 6 |"]
    before, after = view.steps[step.index - 1], view.steps[step.index + 1]
    assert before.notation == "1 Y: 7-T8(R) |" and after.notation == "1 W: 7-T5(Y) | R"
    assert problem.step == step.index
    assert "error" in step.flags and "error" not in after.flags
    assert step.player == "赤"  # R's turn
    assert step.annotations[0] == NOT_READ[1] and step.annotations_ja[0] == NOT_READ[0]
    (row,) = [r for r in step.state["grid"] if r["current"]]
    (cell,) = [c for c in row["cells"] if c.get("current")]
    assert cell["player"] == "R" and cell["text"] == "1 6 |"  # its seat's cell, as written
    assert not cell["clean"]
    assert len(view.steps) == record.moves + 1
    html = render_viewer(view, make_environment(), "en")
    assert "not read (see its error)" in html
    # As written, not followed by the empty dice's "|" ("1 6 | |" in the cell).
    assert (
        f'<td data-step="{step.index}" class="kw-current" aria-current="step"><mark>1 6 |</mark>'
        in html
    )
    assert "\n1 6 |\n" in GAME.format(record)


def test_what_it_did_is_not_known_so_counts_are_lower_bounds_said_once() -> None:
    """It may have built or bought: as after an omission, the counts are lower bounds
    and the whole-game checks skipped (CT235, information), not blamed on the player."""
    record, view = _with("1 R: 6 |", "1 6 |")
    notes = [d for d in record.diagnostics if d.code == "CT235"]
    assert [(d.line, d.severity.value) for d in notes] == [(18, "info")]
    (step,) = [s for s in view.steps if s.notation == "1 6 |"]
    assert view.steps[step.index - 1].state["exact"] is True
    assert step.state["exact"] is False
    # The omission after it is still told (and accepted, as before).
    assert [d.line for d in record.diagnostics if d.code == "CT224"] == [20]


def test_other_single_typos_in_a_turn_are_one_error() -> None:
    """The colon left out, the space after the number left out, and a turn of round 12
    (the line layout's other typos, each CT100 then CT200 before)."""
    for old, new in (
        ("1 R: 6 |", "1 R 6 |"),
        ("1 R: 6 |", "1R: 6 |"),
        ("12 Y: 6 | R", "12 Y 6 | R"),
        ("12 Y: 6 | R", "12 Y; 6 | R"),
    ):
        record, view = _with(old, new)
        assert _errors(record) == ["CT100"], new
        (step,) = [s for s in view.steps if s.notation == new]
        assert step.player == record.players[["B", "Y", "R", "W"].index(old.split()[1][0])]


def test_the_turn_order_is_still_checked_after_it() -> None:
    """R's turn left out after the line not read: told at W's turn, once."""
    record, _ = _with("12 Y: 6 | R\n12 R: 9 | C", "12 Y 6 | R")
    assert _errors(record) == ["CT100", "CT200"]
    (told,) = [d for d in record.diagnostics if d.code == "CT200"]
    assert "expected turn 12 R" in told.message and "not turn 12 W" in told.message


def test_a_stray_line_is_a_note_of_the_step_before_and_takes_no_turn() -> None:
    """A note without its ``*`` (no turn number, no '|') was dropped from the page."""
    record, view = _with("1 Y: 7-T8(R) |", "1 Y: 7-T8(R) |\nnice roll")
    assert _errors(record) == ["CT100"]
    assert not [d for d in record.diagnostics if d.code == "CT235"]
    (step,) = [s for s in view.steps if s.notation == "1 Y: 7-T8(R) |"]
    assert step.annotations[-1] == "a line not read (see its error): 'nice roll'"
    assert view.steps[step.index + 1].notation == "1 R: 6 |"
    assert len(view.steps) == record.moves + 1
