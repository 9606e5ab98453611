"""The Catan record page: labelled header rows, the points chart's turn axis and final
points, holder spans linked to their turns, and each step's board in the page."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from kifuwiki.archive import load_file
from kifuwiki.games import get_game
from kifuwiki.render.environment import make_environment
from kifuwiki.render.record import render_record_page

RECORDS = Path(__file__).resolve().parents[2] / "records" / "catan"
GAME = get_game("catan")


@pytest.fixture(scope="module", params=["ja", "en"])
def page(request: pytest.FixtureRequest) -> tuple[BeautifulSoup, str]:
    record = load_file(RECORDS / "practice-2026-board.kifu")[0]
    lang = str(request.param)
    html = render_record_page(GAME.view(record), make_environment(), lang)
    return BeautifulSoup(html, "html.parser"), lang


def test_header_shows_labels_not_ids(page: tuple[BeautifulSoup, str]) -> None:
    soup, lang = page
    header = soup.select_one(".kw-record-header")
    assert header is not None
    text = header.get_text(" ")
    assert soup.select_one(".kw-rules").get_text() == (
        "基本ルール" if lang == "ja" else "Base game"
    )
    assert "catan-base" not in text
    # Each letter with its card's name, in the page's language only (review13 R13-7).
    card = "[M] 独占" if lang == "ja" else "[M] Monopoly"
    assert "[M], [E]" not in text and card in text and "独占 Monopoly" not in text
    winner_rows = [dt for dt in header.find_all("dt") if dt.get_text() in ("勝者", "Winner")]
    assert len(winner_rows) == 1


def test_points_chart_has_a_turn_axis_and_final_points(page: tuple[BeautifulSoup, str]) -> None:
    soup, _ = page
    chart = soup.select_one(".kw-catan-vp svg")
    assert chart is not None
    labels = [t.get_text() for t in chart.select("a text")]
    assert labels[0] == "1" and "14" not in labels[:1] and len(labels) <= 10
    finals = {t["data-player"]: int(t["data-total"]) for t in chart.select("text[data-total]")}
    assert finals == {"B": 8, "Y": 10, "R": 6, "W": 5}  # the record's 合計 line


def test_holder_spans_link_to_the_turn_they_changed_hands(page: tuple[BeautifulSoup, str]) -> None:
    soup, _ = page
    links = soup.select(".kw-catan-holders li a")
    # LR: Y (turn 5), R (turn 6), Y (turn 12); LA: W (turn 10), B (turn 13).
    hrefs = [a["href"] for a in links]
    assert hrefs == ["#m18", "#m23", "#m46", "#m40", "#m49"]
    for a in links:
        step = soup.select_one(f"ol.kw-moves > li{a['href']}")
        assert step is not None and "special" in step["data-flags"]
    spans = soup.select(".kw-catan-holders svg a")
    assert [a["xlink:href"] for a in spans] == hrefs


def test_every_step_has_its_board_and_the_island_once(page: tuple[BeautifulSoup, str]) -> None:
    soup, _ = page
    steps = soup.select("ol.kw-moves > li")
    boards = [li.select_one("svg.kw-catan-map") for li in steps]
    assert all(board is not None for board in boards)
    assert len(soup.select("g#kw-catan-island")) == 1
    assert steps[0].select_one("g#kw-catan-island") is not None
    # The board's title says where the robber stands ("盤面: 泥棒 D; …").
    titles = [board.title.get_text() for board in boards if board is not None and board.title]
    robbers = [re.search(r"(?:泥棒|robber) ([^;]+)", t).group(1) for t in titles]  # type: ignore[union-attr]
    assert robbers[0] == "D" and robbers[4] == "G2" and robbers[6] == "W6"


def test_a_holder_of_one_step_is_said_as_that_step() -> None:
    # Rin held Longest Road for step 25 only: it read "(手 25–25)" / "(steps 25–25)".
    record = load_file(RECORDS / "three-player-english.kifu")[0]
    for lang, one, span in (("ja", "(手 25)", "(手 26–30)"), ("en", "(step 25)", "(steps 26–30)")):
        html = render_record_page(GAME.view(record), make_environment(), lang)
        soup = BeautifulSoup(html, "html.parser")
        items = [li.get_text() for li in soup.select(".kw-catan-holders li")]
        titles = [t.get_text() for t in soup.select(".kw-catan-holders svg rect title")]
        assert any(one in text for text in items) and any(span in text for text in items)
        assert any(one in text for text in titles)
        assert not any(re.search(r"(\d+)–\1\)", text) for text in items + titles)
