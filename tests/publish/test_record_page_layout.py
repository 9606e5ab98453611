"""The record page's server-rendered layout (issue 14): viewer first, facts folded, results
marked for hiding, no duplicated rows, readable positions without JavaScript."""

from __future__ import annotations

from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from kifuwiki.archive import load_file
from kifuwiki.games import get_game
from kifuwiki.games.base import RecordView
from kifuwiki.render.environment import make_environment
from kifuwiki.render.record import render_record_page

ROOT = Path(__file__).resolve().parents[2]
PRIME = ROOT / "records" / "prime-daifugo" / "kongo1-m006-g45.kifu"
CATAN = ROOT / "records" / "catan" / "practice-2026-board.kifu"


def view_of(path: Path) -> RecordView:
    record = load_file(path)[0]
    return get_game(record.game).view(record)


def page(path: Path, lang: str = "ja", hide_results: bool = False) -> BeautifulSoup:
    html = render_record_page(view_of(path), make_environment(), lang, hide_results=hide_results)
    return BeautifulSoup(html, "html.parser")


def test_facts_fold_into_an_open_details_before_the_viewer() -> None:
    soup = page(PRIME)
    meta = soup.select_one("details.kw-record-meta")
    assert meta is not None
    # Written open: without JavaScript (and in print) nothing is hidden.
    assert meta.has_attr("open") and meta.has_attr("data-kw-fold")
    assert meta.select_one("dl.kw-record-header") is not None
    summary = meta.select_one("summary").get_text(" ", strip=True)
    assert summary.startswith("対局情報")
    for player in view_of(PRIME).players:
        assert player.name in summary
    # The facts come before the viewer, which is not inside them.
    assert soup.select_one("details.kw-record-meta .kw-viewer") is None
    order = [el.get("class")[0] for el in soup.select("details.kw-record-meta, .kw-viewer")]
    assert order == ["kw-record-meta", "kw-viewer"]


@pytest.mark.parametrize("hide", [False, True])
def test_results_are_marked_and_the_toggle_follows_the_site_option(hide: bool) -> None:
    soup = page(PRIME, hide_results=hide)
    toggle = soup.select_one("input.kw-hide-results[type=checkbox]")
    assert toggle is not None
    assert toggle.has_attr("checked") is hide
    assert "最後の手まで結果を隠す" in toggle.parent.get_text()
    # Every winner and rank mention is a .kw-result (the stylesheet hides those).
    for selector in (".kw-winner-badge", ".kw-rank", ".kw-winner-name"):
        found = soup.select(selector)
        assert found, selector
        assert all("kw-result" in el["class"] for el in found), selector


def test_catan_header_names_the_winner_once_and_hides_its_result_extras() -> None:
    soup = page(CATAN)
    header = soup.select_one("dl.kw-record-header")
    labels = [dt.get_text(strip=True) for dt in header.find_all("dt")]
    assert sum(label.startswith("勝者") for label in labels) == 1, labels
    extra = soup.select_one(".kw-record-extra")
    assert extra is not None and "kw-result" in extra["class"]


@pytest.mark.parametrize("path", [PRIME, CATAN])
def test_positions_are_open_at_commented_bookmarked_and_last_steps(path: Path) -> None:
    view = view_of(path)
    soup = page(path)
    wanted = {
        step.anchor
        for i, step in enumerate(view.steps)
        if step.comments or step.bookmarks or i == len(view.steps) - 1
    }
    assert len(wanted) >= 2
    opened = {
        li["id"]
        for li in soup.select(".kw-moves > li")
        if li.select_one(":scope > details").has_attr("open")
    }
    printed = {
        li["id"]
        for li in soup.select(".kw-moves > li")
        if li.select_one(":scope > details").has_attr("data-kw-print")
    }
    assert opened == printed == wanted


@pytest.mark.parametrize(("lang", "seats"), [("ja", "席順"), ("en", "Seats")])
def test_game_header_rows_are_labelled_in_the_page_language(lang: str, seats: str) -> None:
    labels = [dt.get_text(strip=True) for dt in page(CATAN, lang).select(".kw-record-header dt")]
    assert seats in labels
    assert not any(" / " in label for label in labels), labels


def test_the_download_link_holds_the_record_file_as_written() -> None:
    import base64

    link = page(PRIME).select_one("a.kw-download[download]")
    assert link is not None and link["download"] == PRIME.name
    prefix = "data:text/plain;charset=utf-8;base64,"
    assert link["href"].startswith(prefix)
    decoded = base64.b64decode(link["href"][len(prefix) :]).decode("utf-8")
    assert decoded == PRIME.read_text(encoding="utf-8")
