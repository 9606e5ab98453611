"""The viewer's step loop in Python (``viewer_steps``, ``render/viewer_steps.py``)
against the template's own loop, with markup in every field a step prints.

``tests/render/test_state_partial.py`` compares whole pages of every game's demo
records (both fast paths against the template's loop and includes); here the steps of
a Prime Daifugo demo record get hostile notation, marks, bookmarks, annotations,
comments, players and flags, and both paths must still write the same text.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.render.hostile import TEXT, hostile_step

from kifuwiki.archive import load_source
from kifuwiki.core.recordfile import split_record_file
from kifuwiki.games.base import PlayerLine, RecordView
from kifuwiki.render.environment import make_environment
from kifuwiki.render.prerender import view_of
from kifuwiki.render.record import render_viewer

REPO = Path(__file__).resolve().parents[2]
STEPS_FAST_PATH = "viewer_steps(view) if viewer_steps is defined else none"


def _view(name: str) -> RecordView:
    path = REPO / "records" / "prime-daifugo" / name
    return view_of(load_source(split_record_file(path.read_text(encoding="utf-8"), str(path))[0]))


@pytest.fixture(scope="module")
def view() -> RecordView:
    return _view("faces-demo.kifu")


@pytest.fixture(scope="module")
def loop_templates(template_folder: Callable[..., Path]) -> Path:
    """A custom_templates folder whose viewer.html runs its own step loop."""
    return template_folder({"viewer.html": [(STEPS_FAST_PATH, "none", 1)]})


@settings(max_examples=120, deadline=None)
@given(data=st.data(), lang=st.sampled_from(["ja", "en", "xx"]), prefix=TEXT)
def test_hostile_steps_equal_the_template_loop(
    view: RecordView, loop_templates: Path, data: st.DataObject, lang: str, prefix: str
) -> None:
    steps = [hostile_step(data, step) for step in view.steps[:4]]
    players = [dataclasses.replace(p, name=data.draw(TEXT)) for p in view.players]
    hostile = dataclasses.replace(view, steps=steps, players=players)
    fast = render_viewer(hostile, make_environment(), lang, prefix)
    loop = render_viewer(hostile, make_environment(loop_templates), lang, prefix)
    assert fast == loop


def test_a_record_with_side_lines_takes_the_template_loop(view: RecordView) -> None:
    env = make_environment()
    viewer_steps = env.globals["viewer_steps"]
    record = dataclasses.replace(view.record, variations=("anything",))
    template = env.from_string('{% set lang = "en" %}{{ viewer_steps(view) is none }}')
    assert template.render(view=dataclasses.replace(view, record=record)) == "True"
    assert template.render(view=view) == "False"
    assert callable(viewer_steps)


def test_players_are_named_as_the_template_names_them(view: RecordView) -> None:
    """``names``: the last player line with a key wins, as the template's dict update."""
    first = view.players[0]
    twice = [*view.players, PlayerLine(first.key, "Later", first.rank, first.winner)]
    env = make_environment()
    html = render_viewer(dataclasses.replace(view, players=twice), env, "en")
    assert "<span>Later</span>" in html
