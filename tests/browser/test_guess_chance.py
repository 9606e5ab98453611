"""Guess the move where the notation holds chance (review13 R13-3): a right capture in
撿紅點 was marked wrong unless the reader also guessed the card turned from the stock;
ポンジャン asked for a hand's heading and for draws; 鋼鉄の虹 asked for dice rolls. The
shared script asks only for decisions: the game's ``guess_ignore`` is left out of the
guess and the move, a step it removes whole or with no mover plays itself, and a record
with no decision offers no guess mode."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.browser.conftest import serve
from tests.browser.game_site import build_site

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
RECORDS = {
    "jianhongdian": "annotated-2p",
    "ponjan": "practice-2026-11-03",
    "koutetsu-no-niji": "kiri-no-toka-ten",
}


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    root = tmp_path_factory.mktemp("guess-chance")
    (root / "www").mkdir()
    with serve(root / "www") as url:
        for game, record in RECORDS.items():
            folder = root / game
            folder.mkdir()
            built = build_site(folder, game, [ROOT / "records" / game / f"{record}.kifu"], "en")
            built.rename(root / "www" / game)
        yield {g: f"{url}{g}/records/{g}/{r}/" for g, r in RECORDS.items()}


def start_guessing(open_page: Any, url: str) -> Any:
    page, problems = open_page(url + "#m0", viewport={"width": 1280, "height": 900})
    page.wait_for_selector(".kw-viewer.kw-js")
    page.locator("[data-kw-go=guess]").click()
    return page, problems


def guess(page: Any, text: str) -> str:
    page.locator(".kw-guess-input").fill(text)
    page.keyboard.press("Enter")
    outcome: str = page.locator(".kw-guess-result").get_attribute("data-kw-outcome")
    return outcome


@pytest.mark.parametrize("answer", ["S9xCA", "A: S9xCA", "s9xca ^H6"])
def test_a_capture_is_guessed_without_the_card_turned_over(
    pages: dict[str, str], open_page: Any, answer: str
) -> None:
    page, problems = start_guessing(open_page, pages["jianhongdian"])
    assert guess(page, answer) == "right"
    assert "S9xCA ^H6" in page.locator(".kw-guess-result").inner_text()  # shown whole
    assert guess(page, "D5xH6") == "wrong"  # move 2 is D4xH6
    assert problems.all() == []


def test_only_decisions_are_asked(pages: dict[str, str], open_page: Any) -> None:
    """Move 1 is the hand's heading, move 2 a draw: the first question is move 3, a
    discard, which may be written with or without the seat; then move 5, a draw, is
    skipped for move 5 (riichi)."""
    page, problems = start_guessing(open_page, pages["ponjan"])
    prompt = page.locator(".kw-guess-prompt")
    assert prompt.inner_text().startswith("Move 3")
    assert page.locator(".kw-viewer").get_attribute("data-kw-current") == "2"
    assert guess(page, "捨 5") == "right"
    assert prompt.inner_text().startswith("Move 5")  # move 4 is B's draw
    assert guess(page, "B riichi 4") == "wrong"  # the record's keyword is リーチ
    assert guess(page, "C 捨 3") == "right"  # move 6, C's draw, played itself
    assert problems.all() == []


def test_a_session_of_dice_offers_no_guess_mode(pages: dict[str, str], open_page: Any) -> None:
    page, problems = open_page(pages["koutetsu-no-niji"], viewport={"width": 1280, "height": 900})
    page.wait_for_selector(".kw-viewer.kw-js")
    assert page.locator("[data-kw-go=guess]").is_hidden()
    page.keyboard.press("g")
    assert page.locator(".kw-guess").is_hidden()
    assert page.locator("[data-kw-go=copy-text]").is_visible()  # the other modes stay
    assert problems.all() == []
