"""Every in-page link of a demo record page leads somewhere (review 12, F-LINK-1).

Over all the demo records of all games (not only Prime Daifugo's: one test is cheaper
than one a game, and an in-page link is the same promise everywhere), in both languages:
each ``href="#…"`` names an ``id`` on the same page. MkDocs does not check in-page
anchors; Zensical does, and found a variation's "last flush" link to ``#m13-v1-m12``."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from kifuwiki.archive import load_file
from kifuwiki.games import get_game
from kifuwiki.render.environment import make_environment
from kifuwiki.render.record import render_record_page

ROOT = Path(__file__).resolve().parents[2]
RECORDS = sorted((ROOT / "records").glob("*/*.kifu"))

HREF = re.compile(r'href="#([^"]*)"')
ID = re.compile(r'\sid="([^"]*)"')


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_every_in_page_link_of_a_demo_record_page_has_its_target(lang: str) -> None:
    assert len(RECORDS) > 30
    env = make_environment()
    broken: list[str] = []
    for path in RECORDS:
        for number, record in enumerate(load_file(path)):
            view = get_game(record.game).view(record)
            html = render_record_page(view, env, lang)
            ids = set(ID.findall(html))
            missing = sorted({h for h in HREF.findall(html) if h and h not in ids})
            if missing:
                broken.append(f"{path.relative_to(ROOT)} #{number}: {missing}")
    assert broken == []


def test_a_side_lines_step_link_goes_to_the_line_that_shows_the_step() -> None:
    from kifuwiki.games.prime_daifugo.compact_state import step_anchor

    assert step_anchor("", 12) == "m12"
    assert step_anchor("m13-v1-", 12) == "m12"  # before the branch: the main line's
    assert step_anchor("m13-v1-", 13) == "m13-v1-m13"  # the branch position, as shown
    assert step_anchor("m13-v1-", 15) == "m13-v1-m15"
    # Nested: a side line of a side line, and a fence's prefix kept.
    assert step_anchor("k1-m13-v1-m15-v2-", 14) == "k1-m13-v1-m14"
    assert step_anchor("k1-m13-v1-m15-v2-", 3) == "k1-m3"
    assert step_anchor("k1-m13-v1-m15-v2-", 16) == "k1-m13-v1-m15-v2-m16"


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_template_and_the_python_position_link_the_same_step(lang: str) -> None:
    """state.html (a site's own copy renders through Jinja) and compact_state.py agree on
    a side line's "last flush" link."""
    from kifuwiki.games.prime_daifugo.compact_state import render_compact_state

    template = make_environment().get_template("prime-daifugo/state.html")
    record = load_file(ROOT / "records" / "prime-daifugo" / "kongo1-m001-g06.kifu")[0]
    steps = get_game(record.game).view(record).steps
    linked = 0
    for prefix in ("m13-v1-", "k1-m13-v1-m15-v2-"):
        for step in steps:
            variables = {"state": step.state, "step": step, "compact": True}
            expected = template.render({**variables, "lang": lang, "prefix": prefix})
            assert render_compact_state(step.state, step, lang, prefix) == expected
            linked += 'href="#m1' in expected or 'href="#k1-m1' in expected
    assert linked
