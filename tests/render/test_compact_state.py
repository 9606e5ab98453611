"""Prime Daifugo's per-step position in plain Python (``compact_state``) and its board
(``board_state``) against its template (``games/prime_daifugo/templates/state.html``
with ``compact`` true, and false).

The viewer takes the Python function for every per-step position while the
environment reads the packaged template (``render/partials.py``); the template stays
the general path. Here both render every step of every Prime Daifugo record in the
repository (demo records and test fixtures) and of generated games, in both languages
and with and without an anchor prefix, and positions whose every text field holds
markup: the same text byte for byte.
"""

from __future__ import annotations

import copy
import importlib.util
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from markupsafe import Markup

from kifuwiki.archive import load_source
from kifuwiki.core.recordfile import split_record_file
from kifuwiki.games import get_game
from kifuwiki.games.base import StepView
from kifuwiki.games.prime_daifugo.compact_state import render_board_state, render_compact_state
from kifuwiki.render.environment import make_environment
from kifuwiki.render.partials import _Partials
from kifuwiki.render.prerender import view_of
from kifuwiki.render.record import render_viewer

REPO = Path(__file__).resolve().parents[2]
GAME = "prime-daifugo"
TEMPLATE = f"{GAME}/state.html"
GENERATOR = REPO / "benchmarks" / "gen_games.py"


def _sources() -> list[tuple[str, str]]:
    found = []
    for folder in (REPO / "records", REPO / "tests"):
        for path in sorted(folder.rglob("*.kifu")):
            try:
                found.append((str(path), path.read_text(encoding="utf-8")))
            except UnicodeDecodeError:  # fixtures of files in other encodings
                continue
    if GENERATOR.is_file():
        spec = importlib.util.spec_from_file_location("gen_games", GENERATOR)
        assert spec is not None and spec.loader is not None
        gen = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(gen)
        found += [(f"generated-{i}", gen.record_text(i, 7)) for i in range(1, 41)]
    return found


@pytest.fixture(scope="module")
def steps() -> list[StepView]:
    found: list[StepView] = []
    for name, text in _sources():
        for source in split_record_file(text, name):
            view = view_of(load_source(source))
            if view.record.game == GAME:
                found.extend(view.steps)
    return found


def _template(
    state: dict[str, Any], step: Any, lang: str, prefix: str, compact: bool = True
) -> str:
    partial = _Partials(make_environment()).get(TEMPLATE)
    variables = {"state": state, "step": step, "compact": compact, "lang": lang, "prefix": prefix}
    return str(partial.render(variables))


#: The Python function for each value of ``compact``: the per-step position, the board.
PYTHON = {True: render_compact_state, False: render_board_state}


def test_enough_steps_to_mean_something(steps: list[StepView]) -> None:
    assert len(steps) > 1000
    states = [step.state for step in steps]
    # Every branch of the template is reached by some step.
    assert any(s["revolution"] for s in states)
    assert any(
        not s["revolution"] and "revolution" in step.flags for step in steps for s in [step.state]
    )
    assert any(s["played"] and s["played"]["factor_cards"] for s in states)
    assert any(s["played"] and s["played"]["factorisation"] for s in states)
    assert any(s["field"] and s["field"]["factors"] for s in states)
    assert any(s["bottom"] for s in states) and any(s["drawn"] for s in states)
    assert any(s["penalty_drawn"] for s in states) and any(s["ranking"] for s in states)
    assert any(s["flushed"] for s in states)
    assert any(not s["flushed"] and s["last_flush"] is not None for s in states)
    assert any(p["rank"] == 1 for s in states for p in s["players"])
    # (a second place never shows in a record: the hypothesis test below draws ranks)
    assert any(p["unknown"] for s in states for p in s["players"])


@pytest.mark.parametrize("compact", [True, False])
@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize("prefix", ["", "k1-"])
def test_every_step_equals_the_template(
    steps: list[StepView], lang: str, prefix: str, compact: bool
) -> None:
    partial = _Partials(make_environment()).get(TEMPLATE)
    render = PYTHON[compact]
    for step in steps:
        variables = {"state": step.state, "step": step, "compact": compact}
        expected = str(partial.render({**variables, "lang": lang, "prefix": prefix}))
        assert render(step.state, step, lang, prefix) == expected, step.anchor


MARKUP = st.text(alphabet="<>&\"' a1-♥X?", max_size=8)


@settings(max_examples=150, deadline=None)
@given(
    data=st.data(), lang=st.sampled_from(["ja", "en", "fr"]), prefix=MARKUP, compact=st.booleans()
)
def test_markup_in_every_field_is_escaped_as_the_template_does(
    steps: list[StepView], data: st.DataObject, lang: str, prefix: str, compact: bool
) -> None:
    step = data.draw(st.sampled_from(steps))
    state = copy.deepcopy(step.state)
    for player in state["players"]:
        player["name"] = data.draw(MARKUP)
        player["key"] = data.draw(MARKUP)
        player["seat"] = data.draw(MARKUP)  # empty: the hand is found by the name
        player["faces"] = data.draw(MARKUP)
        player["rank"] = data.draw(st.one_of(st.none(), st.integers(0, 5)))
        player["current"] = data.draw(st.booleans())
        player["moved"] = data.draw(st.booleans())
    if state["field"]:
        for key in ("faces", "number", "factors", "owner_name"):
            state["field"][key] = data.draw(st.one_of(st.none(), MARKUP))
    if state["played"]:
        for key in ("faces", "factor_faces", "factor_cards", "factorisation"):
            state["played"][key] = data.draw(MARKUP)
        state["played"]["penalised"] = data.draw(st.booleans())
    for key in ("bottom", "drawn", "penalty_drawn"):
        state[key] = data.draw(MARKUP)
    state["ranking"] = data.draw(st.lists(MARKUP, max_size=3))
    state["last_flush"] = data.draw(st.one_of(st.none(), st.integers(0, 99)))
    state["flushed"] = data.draw(st.booleans())
    state["revolution"] = data.draw(st.booleans())
    expected = _template(state, step, lang, prefix, compact)
    assert PYTHON[compact](state, step, lang, prefix) == expected


def test_the_viewer_finds_the_position_and_the_board_functions(steps: list[StepView]) -> None:
    partials = _Partials(make_environment())
    assert partials.compact_state(GAME) is get_game(GAME).compact_state
    assert partials.compact_state("no-such-game") is None
    assert partials.board_state(GAME) is get_game(GAME).board_state
    assert partials.board_state("no-such-game") is None


def test_an_overridden_template_is_used_at_every_step(tmp_path: Path) -> None:
    """A site's own ``prime-daifugo/state.html`` wins over the Python function."""
    folder = tmp_path / GAME
    folder.mkdir()
    (folder / "state.html").write_text("<p>mine {{ state.deck }}</p>", encoding="utf-8")
    env = make_environment(tmp_path)
    assert _Partials(env).compact_state(GAME) is None
    assert _Partials(env).board_state(GAME) is None
    path = REPO / "records" / GAME / "faces-demo.kifu"
    view = view_of(load_source(split_record_file(path.read_text(encoding="utf-8"), str(path))[0]))
    html = render_viewer(view, env, "en")
    assert html.count("<p>mine ") == len(view.steps) + 1  # the board and every step
    assert isinstance(html, Markup)


@pytest.mark.parametrize("compact", [True, False])
def test_english_counts_and_ranks_read_as_english(steps: list[StepView], compact: bool) -> None:
    # Round fourteen: a position read "1 cards" and ranks "1 st", "2 place".
    texts = [PYTHON[compact](step.state, step, "en", "") for step in steps]
    one_card = [t for t in texts if "<b>1 card</b>" in t]
    first = [t for t in texts if '<b class="kw-pd-rank">1st</b>' in t]
    assert one_card and first
    assert not any("<b>1 cards" in t or " st<" in t or " place<" in t for t in texts)
    ja = PYTHON[compact](steps[-1].state, steps[-1], "ja", "")
    assert "枚</b>" in ja
