"""A long selaffesto record's page grows with its steps, not with steps × cards (issue 16).

Each compact position draws its cards as the previous step's group plus this step's
changes; these tests resolve that chain the way a browser does and compare every
step's board with the engine's, and bound what a step adds to the page.
"""

from __future__ import annotations

import pytest
from bs4 import BeautifulSoup

from kifuwiki.core.diagnostics import counted
from kifuwiki.core.recordfile import split_record_file
from kifuwiki.games.base import RecordView
from kifuwiki.games.selaffesto import GAME
from kifuwiki.games.selaffesto.selfplay import self_play_record
from kifuwiki.render.environment import make_environment
from kifuwiki.render.record import render_record_page


def long_view(seed: int = 1) -> RecordView:
    """A self-play game of about 120 steps (greedy against random)."""
    record = GAME.load(split_record_file(self_play_record(seed, ("greedy", "random")))[0])
    return GAME.view(record)


@pytest.fixture(scope="module")
def page() -> tuple[RecordView, BeautifulSoup, str]:
    view = long_view()
    html = render_record_page(view, make_environment(), "en")
    return view, BeautifulSoup(html, "lxml"), html


def boards(soup: BeautifulSoup) -> list[dict[tuple[int, int], str]]:
    """The cards each step's compact position draws, (x, y) → symbol id, resolved as a
    browser does: a ``<use>`` of an earlier step's group draws that group, a cover
    rectangle empties its cell, a card's ``<use>`` draws it."""
    groups: dict[str, dict[tuple[int, int], str]] = {}
    found = []
    for group in soup.select("ol.kw-moves > li .kw-sf-board > g"):
        cells: dict[tuple[int, int], str] = {}
        for node in group.find_all(["use", "rect"], recursive=False):
            if node.name == "rect":
                cells.pop((int(node["x"]) - 2, int(node["y"]) - 2), None)
                continue
            href = str(node["xlink:href"])[1:]
            if href.startswith(("sfw-", "sfb-")):
                cells[(int(node["x"]), int(node["y"]))] = href
            elif href != "sf-grid":
                cells.update(groups[href])  # an earlier step's (KeyError: not in the page)
        groups[str(group["id"])] = cells
        found.append(cells)
    return found


def test_every_step_draws_the_engines_board(page: tuple[RecordView, BeautifulSoup, str]) -> None:
    view, soup, _ = page
    steps = soup.select("ol.kw-moves > li")
    assert len(steps) == len(view.steps) > 100
    for li, step, cells in zip(steps, view.steps, boards(soup), strict=True):
        assert li.select_one(".kw-sf-board > g")["id"] == f"sf{step.index}"  # type: ignore[index]
        expected = {
            (c["x"] * 100, c["y"] * 100): f"sf{c['owner'].lower()}-{c['id']}"
            for c in step.state["cards"]
        }
        assert cells == expected, step.index
        # Still said in words, at every step.
        assert f"Board ({counted(len(expected), 'card')})" in str(li)


def test_a_step_adds_only_its_changes(page: tuple[RecordView, BeautifulSoup, str]) -> None:
    view, soup, _ = page
    for li, step in zip(soup.select("ol.kw-moves > li")[1:], view.steps[1:], strict=True):
        uses = li.select(".kw-sf-board > g > use")
        # The previous step's group, then one card per cell this step changed.
        assert len(uses) == 1 + sum(1 for c in step.state["changed"] if "id" in c)
        # A change is a placed card, a lifted or removed one: the move's own work.
        assert len(step.state["changed"]) <= 2 * len(step.state["last"]), step.index


def test_the_page_grows_linearly(page: tuple[RecordView, BeautifulSoup, str]) -> None:
    """What a step adds is bounded however many cards stand: its card group costs at
    most about 100 bytes a changed cell (late steps wrote about 3.5 KB when every
    position drew every card), and the last third's steps average under 3.5 KB (7.9 KB
    before: their boards held the most cards)."""
    view, soup, _ = page
    steps = soup.select("ol.kw-moves > li")[1:]
    for li, step in zip(steps, view.steps[1:], strict=True):
        group = len(str(li.select_one(".kw-sf-board > g")).encode())
        assert group <= 40 + 100 * len(step.state["changed"]), (step.index, group)
    late = [len(str(li).encode()) for li in steps[-len(steps) // 3 :]]
    assert sum(late) / len(late) < 3_500, late
