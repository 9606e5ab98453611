"""The per-step positions' fast path (``state_partial``) against Jinja's ``{% include %}``.

``templates/viewer.html`` renders each game's ``state.html`` through the
``state_partial`` global (``render/partials.py``). The general path is the include,
which the viewer keeps for environments without that global; here a copy of the viewer
that always takes the include (and its own step loop, not ``viewer_steps``) is put in a
``custom_templates`` folder, and every
registered game's demo records are rendered both ways: the pages must be the same
byte for byte.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import jinja2
import markupsafe
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kifuwiki.archive import load_source
from kifuwiki.core.recordfile import split_record_file
from kifuwiki.games import all_games, normalise_game_id
from kifuwiki.games.base import RecordView
from kifuwiki.render.environment import KifuwikiEnvironment, make_environment, output_escape
from kifuwiki.render.escape import visible_controls
from kifuwiki.render.partials import make_state_partial
from kifuwiki.render.prerender import view_of
from kifuwiki.render.record import render_record_page

REPO = Path(__file__).resolve().parents[2]
DEMO_FOLDERS = [REPO / "records", REPO / "tests" / "example_game" / "site" / "records"]

#: viewer.html takes the fast path when the environment has ``state_partial`` (kifuwiki's
#: always does), else the include (a plain Jinja environment, as the browser harness's).
FAST_PATH = "{% if state_partial is defined %}"
GENERAL_PATH = "{% if false %}"
#: viewer.html writes the steps through the ``viewer_steps`` global where it is defined.
STEPS_FAST_PATH = "viewer_steps(view) if viewer_steps is defined else none"
STEPS_GENERAL = "none"
#: ... and its head (controls, board) through the ``viewer_head`` global.
HEAD_FAST_PATH = "viewer_head(view) if viewer_head is defined else none"


def demo_views() -> dict[str, list[RecordView]]:
    views: dict[str, list[RecordView]] = {}
    for folder in DEMO_FOLDERS:
        for path in sorted(folder.rglob("*.kifu")):
            for source in split_record_file(path.read_text(encoding="utf-8"), str(path)):
                view = view_of(load_source(source))
                game = normalise_game_id(view.record.game)
                if game is not None and view.steps:
                    views.setdefault(game, []).append(view)
    return views


@pytest.fixture(scope="module")
def views() -> dict[str, list[RecordView]]:
    return demo_views()


@pytest.fixture(scope="module")
def general_templates(template_folder: Callable[..., Path]) -> Path:
    """A custom_templates folder whose viewer.html takes the include path."""
    edits = [
        (FAST_PATH, GENERAL_PATH, 2),  # the board and the per-step positions
        (STEPS_FAST_PATH, STEPS_GENERAL, 1),  # the step loop (render/viewer_steps.py)
        (HEAD_FAST_PATH, STEPS_GENERAL, 1),  # the head (render/viewer_head.py)
    ]
    return template_folder({"viewer.html": edits})


def test_every_registered_game_has_demo_records(views: dict[str, list[RecordView]]) -> None:
    assert sorted(views) == sorted(game.id for game in all_games())


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_fast_path_pages_equal_the_include_path(
    views: dict[str, list[RecordView]], general_templates: Path, lang: str
) -> None:
    fast_env = make_environment()
    general_env = make_environment(general_templates)
    assert fast_env is not general_env
    for game, game_views in views.items():
        for view in game_views:
            fast = render_record_page(view, fast_env, lang)
            general = render_record_page(view, general_env, lang)
            assert fast == general, f"{game}: {view.record.path}"
            # Every position stays in the page: the board and one per step (and a
            # variation's nested viewer adds its own).
            assert fast.count('<div class="kw-state">') >= 1  # the board
            steps = fast.count("<details><summary>") + fast.count("<details open data-kw-print>")
            assert steps >= len(view.steps)


def test_templates_write_through_output_escape() -> None:
    template = make_environment().get_template("viewer.html")
    assert template.root_render_func.__globals__["escape"] is output_escape


@settings(max_examples=200, deadline=None)
@given(
    st.one_of(
        st.text(),
        st.integers(),
        st.booleans(),
        st.none(),
        st.floats(allow_nan=False),
        st.text().map(markupsafe.Markup),
    )
)
def test_output_escape_writes_what_markupsafe_writes(value: object) -> None:
    """markupsafe's text, with control characters written visibly (F-HTML-1)."""
    assert output_escape(value) == visible_controls(str(markupsafe.escape(value)))


def test_dict_keys_read_like_jinja_and_methods_stay_methods() -> None:
    env = make_environment()
    template = env.from_string("{{ d.kind }}|{{ d.items is callable }}|{{ d.missing is defined }}")
    assert template.render(d={"kind": "<x>", "items": 3}) == "&lt;x&gt;|True|False"


def _tiny_env(state_html: str) -> jinja2.Environment:
    env = KifuwikiEnvironment(
        loader=jinja2.DictLoader(
            {
                "g/state.html": state_html,
                "part.html": "[{{ extra }}]",
                "outer.html": '{% set extra = "E" %}{% set which = "part.html" %}'
                "{% for s in [7] %}{{ state_partial('g', s, 'st', true) }}{% endfor %}",
            }
        ),
        autoescape=True,
    )
    env.globals["state_partial"] = make_state_partial(env)
    return env


def test_partial_reads_the_callers_top_level_variables() -> None:
    env = _tiny_env("{{ state }} {{ step }} {{ compact }} {{ extra }} {{ nothing is defined }}")
    assert env.get_template("outer.html").render() == "7 st True E False"


def test_partial_including_a_template_chosen_at_run_time_gets_the_whole_context() -> None:
    env = _tiny_env("{% include which %}{{ state }}")
    assert env.get_template("outer.html").render() == "[E]7"
