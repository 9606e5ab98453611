"""A record page's search text in Python (``render/search_text.py``) against
``templates/record_search.html``, for every demo record and with markup in every field.

The general path is the template itself, found in a ``custom_templates`` folder (a copy
byte for byte: the environment then reads an override, so the template renders);
both must write the same text. A site's own ``record_search.html`` is always used.
"""

from __future__ import annotations

import dataclasses
import datetime
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.render.hostile import TEXT, hostile_step
from tests.render.test_state_partial import demo_views

from kifuwiki.archive import load_source
from kifuwiki.core.diagnostics import Diagnostic, Severity
from kifuwiki.core.recordfile import split_record_file
from kifuwiki.games.base import RecordView
from kifuwiki.render import search_text as fast_module
from kifuwiki.render.environment import make_environment
from kifuwiki.render.prerender import view_of
from kifuwiki.render.record import render_record_search_text

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def copied_templates(template_folder: Callable[..., Path]) -> Path:
    """A custom_templates folder holding the packaged template, byte for byte."""
    return template_folder({"record_search.html": []})


@pytest.fixture(scope="module")
def view() -> RecordView:
    path = REPO / "records" / "prime-daifugo" / "faces-demo.kifu"
    return view_of(load_source(split_record_file(path.read_text(encoding="utf-8"), str(path))[0]))


def _both(view: RecordView, copied: Path, lang: str) -> tuple[str, str]:
    env, general = make_environment(), make_environment(copied)
    assert fast_module.reads_packaged_template(env.get_template("record_search.html"))
    assert not fast_module.reads_packaged_template(general.get_template("record_search.html"))
    return render_record_search_text(view, env, lang), render_record_search_text(
        view, general, lang
    )


@pytest.mark.parametrize("lang", ["ja", "en", "fr"])
def test_every_demo_record_equals_the_template(copied_templates: Path, lang: str) -> None:
    views = [v for game in demo_views().values() for v in game]
    assert len({v.record.game for v in views}) >= 5
    assert any(v.record.diagnostics for v in views) and any(v.badges for v in views)
    for view in views:
        fast, slow = _both(view, copied_templates, lang)
        assert fast == slow, (view.record.path, lang)


def test_the_fast_path_is_taken(view: RecordView, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []
    real = fast_module.search_text
    monkeypatch.setattr(
        "kifuwiki.render.record.search_text", lambda *a: calls.append(1) or real(*a)
    )
    render_record_search_text(view, make_environment(), "en")
    assert calls == [1]


def test_a_sites_own_template_is_used(view: RecordView, tmp_path: Path) -> None:
    (tmp_path / "record_search.html").write_text("<p>{{ record.title }} only</p>", "utf-8")
    text = render_record_search_text(view, make_environment(tmp_path), "en")
    assert text == f"<p>{view.record.title} only</p>"


@settings(max_examples=150, deadline=None)
@given(data=st.data(), lang=st.sampled_from(["ja", "en", "xx"]))
def test_hostile_records_equal_the_template(
    view: RecordView, copied_templates: Path, data: st.DataObject, lang: str
) -> None:
    steps = [hostile_step(data, step) for step in view.steps[:5]]
    date = data.draw(st.one_of(TEXT, st.just(datetime.date(2026, 11, 28)), st.just(None)))
    meta = {"event": data.draw(st.one_of(TEXT, st.integers())), "date": date}
    source = dataclasses.replace(view.record.source, meta=meta)
    diagnostics = [
        Diagnostic(Severity.WARNING, data.draw(TEXT), data.draw(TEXT), n, 1, None, None,
                   data.draw(TEXT))
        for n in range(data.draw(st.integers(0, 2)))
    ]  # fmt: skip
    record = dataclasses.replace(
        view.record,
        title=data.draw(TEXT),
        game=data.draw(st.sampled_from([view.record.game, "<b>&"])),
        source=source,
        diagnostics=diagnostics,
    )
    players = [dataclasses.replace(p, name=data.draw(TEXT)) for p in view.players]
    badges = frozenset(data.draw(st.lists(st.one_of(st.sampled_from(["RR", "error"]), TEXT))))
    hostile = dataclasses.replace(view, record=record, steps=steps, players=players, badges=badges)
    fast, slow = _both(hostile, copied_templates, lang)
    assert fast == slow
