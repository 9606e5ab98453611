"""The view: labels and machine annotations in both languages, flags, and the rendered page."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.selaffesto.helpers import load, opening

from kifuwiki.core.recordfile import read_record_file
from kifuwiki.games.base import RecordView
from kifuwiki.games.selaffesto import GAME
from kifuwiki.render.environment import make_environment
from kifuwiki.render.record import render_record_page

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def view() -> RecordView:
    record = GAME.load(read_record_file(ROOT / "records" / "selaffesto" / "worked-example.kifu")[0])
    return GAME.view(record)


def render(view: RecordView, lang: str = "en") -> str:
    """The record page; the registry finds the package's ``selaffesto/`` templates."""
    return render_record_page(view, make_environment(), lang)


def test_labels_and_analysis_in_both_languages(view: RecordView) -> None:
    assert len(view.steps) == 15
    put = view.steps[5]
    assert put.label == "White (W); g2 4-8-6-12: put +3"
    assert put.label_ja == "White (白)、g2 4-8-6-12: プット +3"
    assert put.annotations == ("played +3, best available +6 at h1 4-8-6-12",)
    assert put.annotations_ja == ("+3、最善は h1 4-8-6-12 の +6",)
    jump = view.steps[13]
    assert jump.label == "White (W); h1 25-20-22-24: jump put +6; h2→e2 16-2-2-3: put +1"
    assert "the LC re-play added +1" in jump.annotations[0]
    assert jump.flags == {"jump", "comment"}
    fail = view.steps[12]
    assert "fail" in fail.flags
    assert fail.annotations[1] == (
        "fail put: 7∤5 with g13 fails and that card's FW 22.4 is not less than 7.5"
    )
    assert jump.annotations[1] == (
        "jump put: only 25∤3 with h2 fails and that card (FW 10.5) is lighter than 28"
    )
    assert jump.annotations_ja[1].startswith("ジャンププット: h2 と 25∤3 だけが割り切れず")
    assert jump.notation == "W:h1 25-20-22-24 [jump] xh2>e2 16-2-2-3 [put] {W:30}"


def test_state_marks_placements_removed_lc_and_nh(view: RecordView) -> None:
    state = view.steps[13].state
    assert [c["cell"] for c in state["last"]] == ["h1", "e2"]
    assert [c["cell"] for c in state["removed"]] == ["h2"]
    assert {"x": 7, "y": 12} in state["nh"]  # h1, where W placed, was in W's NH
    assert {"x": 7, "y": 11} not in state["nh"]  # h2 still held the LC before the move
    assert state["mover"] == "W"
    white = state["players"][0]
    assert (white["points_text"], white["hand"], white["mount"]) == ("30", ["11-22-11-22"], 53)


def test_page_draws_the_board_with_symbols_once(view: RecordView) -> None:
    html = render(view)
    assert html.count('<symbol id="sfw-16-2-2-3"') == 1
    assert '<use xlink:href="#sfw-16-2-2-3" x="400" y="1100"' in html  # e2
    for step in view.steps:
        assert f'id="{step.anchor}"' in html
    assert "Points over the game" in html and "<polyline" in html
    assert 'class="kw-sf-removed"' in html and 'class="kw-sf-nh"' in html


def test_record_text_is_escaped() -> None:
    front = "players:\n  W: \"<script>alert(1)</script>\"\n  B: '<b>x</b>'\n"
    record = load(opening() + "W:g2 4-8-6-12 // <img src=x onerror=alert(1)>", front)
    html = render(GAME.view(record), "ja")
    assert "<script>alert(1)" not in html and "<img src=x" not in html
    assert "&lt;script&gt;" in html


@pytest.mark.parametrize(("lang", "jump"), [("en", "jump put"), ("ja", "ジャンププット")])
def test_the_charts_marks_are_named_in_the_pages_language(
    view: RecordView, lang: str, jump: str
) -> None:
    """The marks' tooltips were the engine's kinds ('jump'), on Japanese pages too."""
    import re

    titles = set(re.findall(r"<line [^>]*><title>([^<]*)</title>", render(view, lang)))
    assert titles and titles <= {jump, "final action", "ファイナルアクション"}
    assert jump in titles
