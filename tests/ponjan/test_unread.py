"""A ポンジャン line among the actions that could not be read is a step of its own
(cardkit.unread): shown as written, flagged and linked by its one error, the tiles as they
were; the actions after it replay as before (the engine resynchronises)."""

from __future__ import annotations

from functools import partial
from pathlib import Path

from tests.cardgames import errors_and_warnings, with_line_replaced

from kifuwiki.games.ponjan import GAME
from kifuwiki.games.ponjan.view import NOT_READ
from kifuwiki.render.environment import make_environment
from kifuwiki.render.record import diagnostics_of, render_viewer

RECORD = Path(__file__).resolve().parents[2] / "records" / "ponjan" / "practice-2026-11-03.kifu"


_with = partial(with_line_replaced, GAME, RECORD)


def test_a_line_with_an_action_that_is_none_is_a_step_with_its_error() -> None:
    """``A 拾 5`` (捨 mistyped) was dropped from the move list, its PJ001 linked to the
    draw before it."""
    record, view = _with("A 捨 5", "A 拾 5 <b>&amp;")
    assert errors_and_warnings(record) == ["PJ001"]
    (problem,) = record.diagnostics
    assert (problem.line, problem.column) == (24, 3)
    (step,) = [s for s in view.steps if s.notation == "A 拾 5 <b>&amp;"]
    before, after = view.steps[step.index - 1], view.steps[step.index + 1]
    assert before.notation == "A 引 2" and after.notation == "B 引 3"
    assert "error" in step.flags and "error" not in after.flags
    assert step.player is None  # the line names no seat the record knows it by
    assert step.label == "Hand 1: A 拾 5 <b>&amp;"
    assert step.annotations == (NOT_READ[0],) and step.annotations_ja == (NOT_READ[1],)
    assert step.state["annotations_ja"] == [NOT_READ[1]]
    (linked,) = [d for d in diagnostics_of(view) if d.code == "PJ001"]
    assert linked.step == step.index
    # Nothing it says is applied: the tiles are as they were (no seat acts on it).
    same = [{**seat, "current": False} for seat in before.state["seats"]]
    assert step.state["seats"] == same
    assert len(view.steps) == record.moves + 1
    html = render_viewer(view, make_environment(), "en")
    assert "A 拾 5 &lt;b&gt;&amp;amp;" in html and "<b>&amp;" not in html


def test_a_seat_or_a_tile_that_is_none_is_a_step() -> None:
    for written, code in (("X 捨 5", "PJ002"), ("C 引 Z", "PJ003"), ("A捨5", "PJ001")):
        old = "C 引 2" if written.startswith("C") else "A 捨 5"
        record, view = _with(old, written)
        assert errors_and_warnings(record) == [code], written
        (problem,) = diagnostics_of(view)
        assert view.steps[problem.step or 0].notation == written
        assert len(view.steps) == record.moves + 1


def test_a_comment_after_a_line_not_read_is_shown() -> None:
    """A comment after the line belonged to it, and with it was on no step."""
    _, broken = _with("C 引 2", "C 引 Z\n* 千田さんのツモ / C's draw")
    (step,) = [s for s in broken.steps if s.notation == "C 引 Z"]
    assert any("C's draw" in comment for comment in step.comments)
