"""A 闘地主 line among the turns that could not be read is a step of its own (cardkit.unread):
shown as written, flagged and linked by its one error, the hands and the table as they
were; the lines after it replay as before."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import pytest
from tests.cardgames import errors_and_warnings, with_line_replaced

from kifuwiki.cardkit import unread
from kifuwiki.games.doudizhu import GAME
from kifuwiki.render.environment import make_environment
from kifuwiki.render.record import diagnostics_of, render_viewer

RECORD = Path(__file__).resolve().parents[2] / "records" / "doudizhu" / "reference-annotated.kifu"


_with = partial(with_line_replaced, GAME, RECORD)


def test_a_line_without_its_colon_is_a_step_with_its_error() -> None:
    """``A 6 7 8 9 10 J`` (the colon left out) was dropped from the move list, its DZ001
    linked to the play before, and the lines after it were out of turn: B's and A's
    turns, A's '#' and 'no one went out' (5 errors)."""
    record, view = _with("A:6 7 8 9 10 J", "A 6 7 8 9 10 J <b>&amp;")
    assert errors_and_warnings(record) == ["DZ001"]
    (problem,) = record.diagnostics
    assert (problem.line, problem.column) == (26, 1)
    (step,) = [s for s in view.steps if s.notation == "A 6 7 8 9 10 J <b>&amp;"]
    before, after = view.steps[step.index - 1], view.steps[step.index + 1]
    assert before.notation == "C:3 4 5 6 7 8" and after.notation == "B:%"
    assert "error" in step.flags and "error" not in after.flags
    assert step.player == "Alice"  # A's turn: B's pass after it says so
    assert (step.label, step.label_ja) == (step.notation, step.notation)
    assert step.annotations[0] == unread.NOT_READ[0]
    assert step.annotations_ja[0] == unread.NOT_READ[1]
    (linked,) = [d for d in diagnostics_of(view) if d.code == "DZ001"]
    assert linked.step == step.index
    # Nothing the line says is applied: no card leaves a hand.
    hands = [seat["cards"] for seat in step.state["seats"]]
    assert hands == [seat["cards"] for seat in before.state["seats"]]
    assert len(view.steps) == record.moves + 1
    assert record.winner == "Alice"  # A still goes out: the game is scored
    html = render_viewer(view, make_environment(), "en")
    assert "A 6 7 8 9 10 J &lt;b&gt;&amp;amp;" in html and "<b>&amp;" not in html


def test_a_seat_that_is_none_and_cards_not_read_are_steps() -> None:
    """``X:…`` (a seat that is none) was dropped and put every later line out of turn;
    ``A:… Z`` (a card that is none) kept its turn but was no step, its error linked to
    the play before."""
    for written, code in (("X:6 7 8 9 10 J", "DZ002"), ("A:6 7 8 9 10 Z", "DZ003")):
        record, view = _with("A:6 7 8 9 10 J", written)
        assert errors_and_warnings(record) == [code]
        (problem,) = diagnostics_of(view)
        step = view.steps[problem.step or 0]
        assert step.notation == written and step.player == "Alice"
        assert len(view.steps) == record.moves + 1


def test_a_stray_line_takes_no_turn() -> None:
    """A line among the plays that took no turn (A plays next, as if it were not there):
    one error, no seat, and the plays after it in turn."""
    record, view = _with("A:6 7 8 9 10 J", "well played\nA:6 7 8 9 10 J")
    assert errors_and_warnings(record) == ["DZ001"]
    (step,) = [s for s in view.steps if s.notation == "well played"]
    assert step.player is None and view.steps[step.index + 1].notation == "A:6 7 8 9 10 J"
    before = view.steps[step.index - 1].state
    assert [s["cards"] for s in step.state["seats"]] == [s["cards"] for s in before["seats"]]
    assert step.state["table"] == before["table"]  # C's straight: A plays on it


def test_a_line_before_the_deal_is_no_step() -> None:
    """Step 0's lines stay the deal's: a line before any other is not one of the turns."""
    first = "A:(3 4 5 5 6 7 8 9 10 J Q Q K K K BJ RJ)"
    record, view = _with(first, f"hello there\n{first}")
    assert errors_and_warnings(record) == ["DZ001"]
    assert record.moves == _with(first, first)[0].moves
    assert all(s.notation != "hello there" for s in view.steps)
    assert diagnostics_of(view)[0].step == 0


SPRING = RECORD.parent / "spring-example.kifu"


@pytest.mark.parametrize(
    ("path", "old", "new"),
    [
        (RECORD, "A:4 #", "A 4 #"),
        (RECORD, "C:2 2 2 2 [bomb]", "C 2 2 2 2 [bomb]"),
        (SPRING, "A:%\nB:%\nC:8 8 9 9 10 10", "A %\nB:%\nC:8 8 9 9 10 10"),
    ],
    ids=["going-out", "bomb", "spring-pass"],
)
def test_what_a_line_not_read_may_have_done_is_not_an_error(path: Path, old: str, new: str) -> None:
    """One typo, one error: the going-out play not read left the record 'ending before
    anyone went out' (DZ200); a bomb not read made the written score wrong (DZ113); a
    pass not read made a spring 'no spring' (DZ114)."""
    record, view = with_line_replaced(GAME, path, old, new)
    assert errors_and_warnings(record) == ["DZ001"]
    assert len(view.steps) == record.moves + 1


def test_the_play_after_a_line_not_read_has_no_choices_counted() -> None:
    """What B could play after A's play not read is not known (its analysis counted
    B's leads, as if the table were empty)."""
    _, view = _with("A:6 7 8 9 10 J", "A 6 7 8 9 10 J")
    _, read = _with("A:6 7 8 9 10 J", "A:6 7 8 9 10 J")
    (step,) = [s for s in view.steps if s.notation == "A 6 7 8 9 10 J"]
    assert read.steps[step.index + 1].annotations  # B's choices, when A's play is read
    assert view.steps[step.index + 1].annotations == ()


def test_the_error_quotes_what_was_written_in_both_languages() -> None:
    """As selaffesto's SF001 and Catan's CT100: the reader sees which line it means."""
    record, _ = _with("A:6 7 8 9 10 J", "A 6 7 8 9 10 J")
    (problem,) = record.diagnostics
    assert problem.message.startswith("'A 6 7 8 9 10 J' is not 'seat: action'")
    assert problem.message_ja.startswith("'A 6 7 8 9 10 J' は '席: 行動' の形ではありません")
