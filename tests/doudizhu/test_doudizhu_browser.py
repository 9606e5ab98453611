"""A Dou Dizhu record page in Debian's chromium: stepping action by action.

A small site (plain ``mkdocs`` theme, the kifuwiki plugin, two demo records) is built into
a temporary folder and served on 127.0.0.1. Every position the browser shows is compared
with the engine's state for the same step.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.browser import stepping

from kifuwiki.games.base import RecordView

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
RECORDS = ROOT / "records" / "doudizhu"
ANNOTATED = "reference-annotated"
ONE_VIEW = "one-players-view"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    records = [RECORDS / f"{name}.kifu" for name in (ANNOTATED, ONE_VIEW)]
    with stepping.served_site(tmp_path_factory, "doudizhu", records) as url:
        yield url


def engine_view(name: str) -> RecordView:
    return stepping.engine_view(RECORDS / f"{name}.kifu")


def assert_shows(page: Any, view: RecordView, index: int) -> None:
    """The board shows the engine's state ``index``: landlord, bid, multiplier, hands, the
    table, read from what it shows (in either language)."""
    viewer = page.locator(".kw-viewer").first
    assert viewer.get_attribute("data-kw-current") == str(index)
    state = view.steps[index].state
    panel = page.locator(".kw-viewer .kw-board .kw-ddz-state").first
    # The facts: bottom cards, landlord, bid, multiplier.
    facts = panel.locator(":scope > dl.kw-facts > dd").all_inner_texts()
    assert facts[1] in ({state["landlord"]} if state["landlord"] else BIDDING), index
    assert facts[2] == (str(state["bid"]) if state["bid"] else "—"), index
    assert facts[3] == f"×{state['multiplier']}", index
    rows = panel.locator(".kw-players > .kw-player")
    assert rows.count() == len(state["seats"])
    for i, seat in enumerate(state["seats"]):
        row = rows.nth(i)
        hand = row.locator(":scope > .kw-hand")
        assert hand.get_attribute("data-kw-seat") == seat["key"], (index, seat["key"])
        badges = set(row.locator(":scope > div > .kw-badge").all_inner_texts())
        count = seat["count"]
        english = f"{count} card" if count == 1 else f"{count} cards"
        assert {f"{count}枚", english} & badges, (index, seat["key"])
        roles = ALL_ROLES & badges
        assert len(roles) == (1 if seat["role"] else 0) and roles <= ROLES[seat["role"]]
        glyphs = hand.locator(".kw-ddz-card:not(.kw-ddz-unknown)").count()
        unknown = hand.locator(".kw-ddz-unknown").count()
        notes = hand.locator(".kw-note").count()
        known = "none" if notes and not glyphs and not unknown else "part" if unknown else "all"
        assert known == seat["known"], (index, seat["key"])
    table = state["table"]
    field = panel.locator(":scope > .kw-field")
    if table:
        text = field.locator(":scope > span:not(.kw-badge):not(.kw-note)").inner_text()
        assert text.startswith((table["kind_en"] + " ", table["kind_ja"] + " ")), index
        assert field.locator(":scope > .kw-note").inner_text() == f"({table['name']})"
    else:
        assert field.locator(":scope > span:not(.kw-badge):not(.kw-note)").count() == 0


#: The landlord's fact while the bidding goes on; a seat's role badge in either language.
BIDDING = {"未定 (競り中)", "not yet (bidding)"}
ROLES: dict[str | None, set[str]] = {
    "landlord": {"地主", "landlord"},
    "peasant": {"農民", "peasant"},
    None: set(),
}
ALL_ROLES = ROLES["landlord"] | ROLES["peasant"]


def test_stepping_a_record_follows_the_engine(site: str, open_page: Any) -> None:
    view = engine_view(ANNOTATED)
    page, problems = open_page(
        site + f"records/doudizhu/{ANNOTATED}/", viewport={"width": 1280, "height": 900}
    )
    assert page.locator(".kw-viewer.kw-js .kw-controls").is_visible()
    stepping.step_through(page, view, assert_shows, live=True)
    stepping.jump(page, view, "bomb", assert_shows)
    stepping.jump(page, view, "rocket", assert_shows, from_start=False)
    assert problems.all() == [], problems.all()


def test_phone_deep_link_to_a_partly_known_position(site: str, open_page: Any) -> None:
    view = engine_view(ONE_VIEW)
    target = 12
    page, problems = open_page(
        site + f"records/doudizhu/{ONE_VIEW}/#m{target}", viewport={"width": 390, "height": 844}
    )
    assert_shows(page, view, target)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert problems.all() == []


def test_page_without_javascript_shows_every_step(site: str, open_page: Any) -> None:
    view = engine_view(ANNOTATED)
    page, _ = open_page(site + f"records/doudizhu/{ANNOTATED}/", java_script_enabled=False)
    assert page.locator("ol.kw-moves > li").count() == len(view.steps)
    assert page.locator("ol.kw-moves .kw-ddz-state").count() == len(view.steps)


@pytest.fixture(scope="module")
def broken(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """The annotated record with one play written without its colon."""
    record = RECORDS / f"{ANNOTATED}.kifu"
    with stepping.served_with_a_line(
        tmp_path_factory, "doudizhu", record, "broken-annotated", "A:6 7 8 9 10 J", "A 6 7 <b>"
    ) as served:
        yield served


def test_a_line_not_read_is_a_step_the_next_error_lands_on(
    broken: tuple[str, Path], open_page: Any
) -> None:
    """The line was not in the move list: its error's "move n" went to the move before,
    and the lines after it were out of turn."""
    stepping.check_an_unread_line(open_page, broken, "doudizhu", "A 6 7 <b>", "DZ001", assert_shows)
