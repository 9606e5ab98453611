"""升級's per-step hands: red cards marked by runs (one span per run of red cards, not
one per card), the cards' text unchanged."""

from __future__ import annotations

from pathlib import Path

from bs4 import BeautifulSoup

from kifuwiki.archive import load_file
from kifuwiki.games import get_game
from kifuwiki.render.environment import make_environment
from kifuwiki.render.record import render_viewer

RECORD = Path(__file__).resolve().parents[2] / "records" / "shengji" / "selfplay-standard-11.kifu"


def test_compact_hands_show_every_card_with_the_red_ones_in_red_runs() -> None:
    record = load_file(RECORD)[0]
    view = get_game(record.game).view(record)
    soup = BeautifulSoup(render_viewer(view, make_environment(), "en"), "html.parser")
    steps = soup.select("ol.kw-moves > li")
    assert len(steps) == len(view.steps)
    checked = 0
    for li, step in zip(steps, view.steps, strict=True):
        for key, seat in step.state["seats"].items():
            if seat["hand"] is None:
                continue
            shown = li.select_one(f'.kw-sj-hand[data-kw-seat="{key}"] > span')
            assert shown is not None
            # What the page shows: every card, in order, one space apart.
            assert shown.get_text() == " ".join(c["text"] for c in seat["hand"])
            red = [c["text"] for c in seat["hand"] if c["red"]]
            runs = shown.select(".kw-tone-bad")
            assert " ".join(run.get_text() for run in runs).split() == red
            # One span per run: no two red spans side by side.
            for run in runs:
                after = run.next_sibling
                assert not (isinstance(after, str) and after == " " and after.next_sibling in runs)
            checked += 1
    assert checked > 100
