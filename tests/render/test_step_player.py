"""A step's mover (kifuwiki.js: ``steps[n].player``, which the seat view and the guess
prompt use) is its ``data-kw-player`` where the step has one, else the name shown right
after its number: the viewer writes the attribute only where that name is not the key
(and an empty one where the span after the number is the start position's). Here the
script's rule, line for line, reads every step of every demo record of every game, in
both languages, through both paths (``viewer_steps`` and the template's own loop), and
must find the key each step had in its attribute before (``StepView.player``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path

import lxml.html
import pytest
from bs4 import Tag
from lxml.cssselect import CSSSelector
from lxml.html import HtmlElement
from tests.render.test_state_partial import STEPS_FAST_PATH, STEPS_GENERAL, demo_views

from kifuwiki.games.base import RecordView
from kifuwiki.render.environment import make_environment
from kifuwiki.render.record import render_viewer

#: kifuwiki.js's rule for a step without ``data-kw-player``: the name after the number.
NAME_AFTER_THE_NUMBER = ":scope>div>a+span:not([class])"
_NAME_AFTER_THE_NUMBER = CSSSelector(NAME_AFTER_THE_NUMBER, translator="html")


def script_player(li: Tag | HtmlElement) -> str:
    """kifuwiki.js: ``data-kw-player`` if present, else :data:`NAME_AFTER_THE_NUMBER`,
    on a BeautifulSoup tag or on an element of lxml's own tree (the CSS through cssselect)."""
    attribute = li.get("data-kw-player")
    if attribute is not None:
        return str(attribute)
    if isinstance(li, Tag):
        who = li.select_one(NAME_AFTER_THE_NUMBER)
        return who.get_text() if who is not None else ""
    found = _NAME_AFTER_THE_NUMBER(li)
    return found[0].text_content() if found else ""


def main_line(html: str) -> list[HtmlElement]:
    # lxml's own tree: BeautifulSoup's of every demo record took 11 s a language.
    moves = lxml.html.document_fromstring(html).cssselect("section.kw-viewer > ol.kw-moves")
    assert moves  # the first: a side line's viewer comes after the main line's
    return list(moves[0].cssselect(":scope > li"))


@pytest.fixture(scope="module")
def views() -> dict[str, list[RecordView]]:
    return demo_views()


@pytest.fixture(scope="module")
def loop_templates(template_folder: Callable[..., Path]) -> Path:
    return template_folder({"viewer.html": [(STEPS_FAST_PATH, STEPS_GENERAL, 1)]})


def _check(view: RecordView, env: object, lang: str) -> int:
    items = main_line(render_viewer(view, env, lang))  # type: ignore[arg-type]
    assert len(items) == len(view.steps)
    for li, step in zip(items, view.steps, strict=True):
        assert script_player(li) == (step.player or ""), (view.record.game, li.get("id"))
    return len(items)


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_script_finds_every_steps_mover(
    views: dict[str, list[RecordView]], loop_templates: Path, lang: str
) -> None:
    fast, loop = make_environment(), make_environment(loop_templates)
    checked = 0
    for game_views in views.values():
        for view in game_views:
            checked += _check(view, fast, lang) + _check(view, loop, lang)
    assert checked > 1000


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_names_that_are_keys_or_other_players_keys(
    views: dict[str, list[RecordView]], loop_templates: Path, lang: str
) -> None:
    """Players named by their own key (no attribute), by another player's key, by the
    start position's text, and a deal step with no mover."""
    view = views["prime-daifugo"][0]
    keys = [p.key for p in view.players]
    renames = [
        {keys[0]: keys[0], keys[1]: keys[1]},
        {keys[0]: keys[1], keys[1]: keys[0]},
        {keys[0]: "Start position", keys[1]: "開始局面"},
        {keys[0]: keys[1], keys[1]: keys[1]},
    ]
    fast, loop = make_environment(), make_environment(loop_templates)
    for names in renames:
        players = [dataclasses.replace(p, name=names.get(p.key, p.name)) for p in view.players]
        renamed = dataclasses.replace(view, players=players)
        _check(renamed, fast, lang)
        _check(renamed, loop, lang)
    assert view.steps[0].player in (None, "")


def test_the_attribute_is_left_out_where_the_name_is_the_key(
    views: dict[str, list[RecordView]],
) -> None:
    view = views["prime-daifugo"][0]
    players = [dataclasses.replace(p, name=p.key) for p in view.players]
    html = render_viewer(dataclasses.replace(view, players=players), make_environment(), "en")
    items = main_line(html)
    assert items[0].get("data-kw-player") == ""  # the start position's span
    assert not any(li.get("data-kw-player") is not None for li in items[1:])
