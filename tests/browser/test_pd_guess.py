"""Guess the move in a Prime Daifugo record (review12 F-GUESS-1): the right play was
marked wrong when the record's move began with the card drawn first (``D(Q)987463``) or
ended with the judge's penalty cards, which no position shows before the move. The game
says what of a notation the reader cannot know (its ``guess_ignore`` pattern, written
once a page on the guess form); the shared script takes a guess of the notation with or
without it, and still shows the whole move."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.browser.conftest import serve
from tests.browser.game_site import build_site

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
#: Move 1: ``D(Q)987463`` (draws a Q, then plays 987463).
RECORD = ROOT / "records" / "prime-daifugo" / "kongo1-m001-g01.kifu"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("pd-guess")
    built = build_site(root, "prime-daifugo", [RECORD], "en", theme="mkdocs")
    with serve(built) as url:
        yield f"{url}/records/prime-daifugo/kongo1-m001-g01/"


@pytest.mark.parametrize(
    ("guess", "outcome"),
    [("987463", "right"), ("nishimura: 987463", "right"), ("D(Q)987463", "right"),
     ("346789", "wrong"), ("98746", "wrong")],
)  # fmt: skip
def test_the_play_is_guessed_without_the_card_drawn_first(
    site: str, open_page: Any, guess: str, outcome: str
) -> None:
    page, problems = open_page(site + "#m0", viewport={"width": 1280, "height": 900})
    page.wait_for_selector(".kw-viewer.kw-js")
    assert page.locator(".kw-guess").get_attribute("data-kw-ignore")  # once a page
    page.locator("[data-kw-go=guess]").click()
    page.locator(".kw-guess-input").fill(guess)
    page.keyboard.press("Enter")
    result = page.locator(".kw-guess-result")
    assert result.get_attribute("data-kw-outcome") == outcome
    assert "D(Q)987463" in result.inner_text()  # the whole move is shown, the draw too
    assert [p for p in problems.all() if "ERR_NAME_NOT_RESOLVED" not in p] == []
