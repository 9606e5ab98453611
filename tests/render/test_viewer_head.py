"""The viewer's head in Python (``viewer_head``, ``render/viewer_head.py``) against the
template's own markup, for every demo record and with markup in every field it prints.

The general path is a copy of ``templates/viewer.html`` whose head never calls the
global, put in a ``custom_templates`` folder (its steps still take ``viewer_steps``,
compared on their own in ``test_viewer_steps.py``): both must write the same text.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.render.test_state_partial import demo_views

import kifuwiki.render.viewer_head as head_module
from kifuwiki.archive import load_source
from kifuwiki.core.recordfile import split_record_file
from kifuwiki.games.base import RecordView, StepFlag
from kifuwiki.render.environment import make_environment
from kifuwiki.render.prerender import view_of
from kifuwiki.render.record import render_viewer

REPO = Path(__file__).resolve().parents[2]
HEAD_FAST_PATH = "viewer_head(view) if viewer_head is defined else none"


@pytest.fixture(scope="module")
def general_templates(template_folder: Callable[..., Path]) -> Path:
    """A custom_templates folder whose viewer.html writes its head itself."""
    return template_folder({"viewer.html": [(HEAD_FAST_PATH, "none", 1)]})


@pytest.fixture(scope="module")
def view() -> RecordView:
    path = REPO / "records" / "prime-daifugo" / "faces-demo.kifu"
    return view_of(load_source(split_record_file(path.read_text(encoding="utf-8"), str(path))[0]))


def _both(view: RecordView, general: Path, lang: str, prefix: str) -> tuple[str, str]:
    fast = str(render_viewer(view, make_environment(), lang, prefix))
    slow = str(render_viewer(view, make_environment(general), lang, prefix))
    return fast, slow


@pytest.mark.parametrize("lang", ["ja", "en", "fr"])
def test_every_demo_record_equals_the_template(general_templates: Path, lang: str) -> None:
    views = [v for game in demo_views().values() for v in game]
    assert len({v.record.game for v in views}) >= 5
    for view in views:
        for prefix in ("", "k1-"):
            fast, slow = _both(view, general_templates, lang, prefix)
            assert fast == slow, (view.record.path, lang, prefix)


def test_the_fast_path_is_taken_only_with_the_packaged_viewer(
    view: RecordView, general_templates: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Otherwise the comparison above would compare the template with itself.
    calls = []
    real = head_module._head
    monkeypatch.setattr(head_module, "_head", lambda *a: calls.append(1) or real(*a))
    render_viewer(view, make_environment(), "en", "")
    assert calls == [1]
    render_viewer(view, make_environment(general_templates), "en", "")
    assert calls == [1]


def test_a_record_without_steps(view: RecordView, general_templates: Path) -> None:
    empty = dataclasses.replace(view, steps=[])
    for lang in ("ja", "en"):
        fast, slow = _both(empty, general_templates, lang, "")
        assert fast == slow
        assert "</p> </div>" in fast


TEXT = st.text(alphabet="<>&\"' a1!?-♥*_`[]()日", max_size=8)


@contextmanager
def _flags(declared: dict[str, StepFlag]) -> Iterator[None]:
    """Both environments see ``declared`` as the game's flags, for one render."""
    envs = [make_environment(), *_general_envs]
    saved = [(env.globals["viewer_flags"], env.globals["viewer_head"]) for env in envs]
    try:
        for env in envs:
            env.globals["viewer_flags"] = lambda _game: declared
            env.globals["viewer_head"] = head_module.make_viewer_head(
                env.globals["state_partial"], lambda _game: declared
            )
        yield
    finally:
        for env, (flags, head) in zip(envs, saved, strict=True):
            env.globals["viewer_flags"], env.globals["viewer_head"] = flags, head


_general_envs: list = []


@settings(max_examples=150, deadline=None)
@given(data=st.data(), lang=st.sampled_from(["ja", "en", "xx"]), prefix=TEXT)
def test_hostile_heads_equal_the_template(
    view: RecordView, general_templates: Path, data: st.DataObject, lang: str, prefix: str
) -> None:
    _general_envs[:] = [make_environment(general_templates)]
    ids = data.draw(st.lists(st.one_of(st.sampled_from(["comment", "penalty"]), TEXT), max_size=4))
    declared = {
        flag_id: StepFlag(
            badge_ja=data.draw(TEXT),
            badge_en=data.draw(TEXT),
            jump_ja=data.draw(TEXT),
            jump_en=data.draw(TEXT),
            key=data.draw(st.one_of(st.just(""), TEXT)),
        )
        for flag_id in ids
    }
    steps = [
        dataclasses.replace(
            step,
            label=data.draw(TEXT),
            label_ja=data.draw(TEXT),
            flags=frozenset(data.draw(st.lists(st.one_of(st.sampled_from(ids or ["x"]), TEXT)))),
        )
        for step in view.steps[-3:]
    ]
    record = dataclasses.replace(view.record, title=data.draw(TEXT))
    players = [
        dataclasses.replace(p, key=data.draw(TEXT), name=data.draw(TEXT)) for p in view.players
    ]
    hostile = dataclasses.replace(view, record=record, steps=steps, players=players)
    with _flags(declared):
        fast, slow = _both(hostile, general_templates, lang, prefix)
    assert fast == slow
