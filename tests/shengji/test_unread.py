"""A 升級 line among the plays that could not be read is a step of its own (cardkit.unread):
shown as written, flagged and linked by its one error, the trick as it was; the plays
after it replay as before."""

from __future__ import annotations

from functools import partial
from pathlib import Path

from tests.cardgames import errors_and_warnings, with_line_replaced

from kifuwiki.games.shengji import GAME
from kifuwiki.render.environment import make_environment
from kifuwiki.render.record import diagnostics_of, render_viewer

RECORD = Path(__file__).resolve().parents[2] / "records" / "shengji" / "annotated-seed.kifu"


_with = partial(with_line_replaced, GAME, RECORD)


def test_a_line_without_its_colon_is_a_step_with_its_error() -> None:
    """``E CA`` (the colon left out) was dropped from the move list, its SJ001 linked to
    the play before, and every later play was out of turn (22 errors)."""
    record, view = _with("E: CA", "E CA <b>&amp;")
    assert errors_and_warnings(record) == ["SJ001"]
    (step,) = [s for s in view.steps if s.notation == "E CA <b>&amp;"]
    before, after = view.steps[step.index - 1], view.steps[step.index + 1]
    assert before.notation == "S: C10" and after.notation == "N: C9"
    assert "error" in step.flags and "error" not in after.flags
    assert step.player == "東家"  # E's turn: N's play after it says so
    (problem,) = [d for d in diagnostics_of(view) if d.code == "SJ001"]
    assert problem.step == step.index
    # E's turn is taken, its cards not known: no card is put down, none leaves a hand
    empty = {"seat": "E", "name": "東家", "cards": []}
    assert step.state["trick"]["plays"] == [*before.state["trick"]["plays"], empty]
    hands = {seat: value["hand"] for seat, value in step.state["seats"].items()}
    assert hands == {seat: value["hand"] for seat, value in before.state["seats"].items()}
    assert len(view.steps) == record.moves + 1
    html = render_viewer(view, make_environment(), "en")
    assert "E CA &lt;b&gt;&amp;amp;" in html and "<b>&amp;" not in html


def test_a_seat_that_is_none_is_shown_as_written() -> None:
    """``X: CA`` showed as ``: CA``: the seat written was dropped from the move list."""
    record, view = _with("E: CA", "X: CA")
    assert errors_and_warnings(record) == ["SJ005"]
    (problem,) = [d for d in diagnostics_of(view) if d.code == "SJ005"]
    step = view.steps[problem.step or 0]
    assert step.notation == "X: CA" and step.player == "東家"


def test_the_first_play_and_a_stray_line_make_one_error_each() -> None:
    """The first play without its colon, and a line among the plays that took no turn (a
    trick's last play follows it): each one error, the plays after it in turn."""
    assert errors_and_warnings(_with("S: C10", "S C10")[0]) == ["SJ001"]
    record, view = _with("N: C9", "N: C9\nwell played")
    assert errors_and_warnings(record) == ["SJ001"]
    (step,) = [s for s in view.steps if s.notation == "well played"]
    assert step.player is None and view.steps[step.index + 1].notation == "W: CJ"
