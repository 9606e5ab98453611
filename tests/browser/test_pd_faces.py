"""Prime Daifugo card faces in Debian's chromium: a joker's value, suits, the revolution.

One small site per theme (MkDocs' default, Material with instant navigation) holds the
demo record ``faces-demo`` (a joker standing for 8, a Ramanujan revolution, suits on
every card). Each test runs at desktop (1280) and phone (390) widths and saves a
screenshot under ``test-artifacts/``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.browser.conftest import screenshot, serve
from tests.browser.game_site import build_site

#: A Prime Daifugo hand: the <div> in a player's box (no class at every step; the
#: game's templates/state.html, its seat_hands rule).
PD_HAND = ":is(details,.kw-state)>div>div:first-child>div>div"

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
RECORD = ROOT / "records" / "prime-daifugo" / "faces-demo.kifu"
SIZES = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}


@pytest.fixture(scope="module", params=["mkdocs", "material"])
def site(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    theme = str(request.param)
    root = tmp_path_factory.mktemp(f"pd-faces-{theme}")
    built = build_site(root, "prime-daifugo", [RECORD], "en", theme=theme)
    with serve(built) as url:
        yield f"{url}/records/prime-daifugo/faces-demo/"


def page_problems(problems: Any) -> list[str]:
    """What went wrong on the page, leaving out Material's web font: the test site keeps
    Material's default font, which the browser (offline here) cannot fetch."""
    offline = "Failed to load resource: net::ERR_NAME_NOT_RESOLVED"
    return [problem for problem in problems.all() if problem != offline]


def show(page: Any, index: int) -> Any:
    page.wait_for_function(
        "i => document.querySelector('.kw-viewer')?.dataset.kwCurrent === i", arg=str(index)
    )
    return page.locator(".kw-viewer .kw-board").first


@pytest.mark.parametrize("size", list(SIZES))
def test_joker_value_suits_and_revolution_on_the_board(
    site: str, size: str, open_page: Any, request: pytest.FixtureRequest
) -> None:
    page, problems = open_page(site + "#m5", viewport=SIZES[size])
    board = show(page, 5)
    # The joker on the field is drawn with the value it stands for.
    joker = board.locator(
        ":is(details,.kw-state)>div>div~div:not([data-factor-cards]) .kw-card.kw-joker"
    )
    assert joker.get_attribute("data-value") == "8"
    assert joker.inner_text().replace("\n", "") == "X=8"
    # The suits of the record are on the glyphs: 3♠ on the field, hearts in red.
    three = board.locator(
        ":is(details,.kw-state)>div>div~div:not([data-factor-cards]) .kw-card[data-rank='3']"
    )
    assert three.get_attribute("data-suit") == "s" and "♠" in three.inner_text()
    heart = board.locator(f"{PD_HAND} .kw-card.kw-suit-h").first
    assert heart.evaluate("c => getComputedStyle(c).color") == "rgb(198, 40, 40)"
    # The revolution is in force: a banner above the field, which a screen reader reads.
    banner = board.locator(".kw-pd-revolution")
    assert banner.is_visible()
    assert "lower numbers beat higher" in banner.inner_text()
    assert banner.get_attribute("role") == "note"
    theme = request.node.callspec.params["site"]
    path = screenshot(page, f"pd-faces-{theme}-{size}.png")
    assert path.stat().st_size > 0
    assert page_problems(problems) == []


@pytest.mark.parametrize("size", list(SIZES))
def test_the_viewer_jumps_to_the_revolution(site: str, size: str, open_page: Any) -> None:
    page, problems = open_page(site + "#m0", viewport=SIZES[size])
    board = show(page, 0)
    assert board.locator(".kw-pd-revolution").count() == 0
    page.locator('.kw-viewer [data-kw-jump="revolution"]').first.click()
    board = show(page, 1)
    assert board.locator(".kw-pd-revolution").is_visible()
    # The board drew glyphs from the step's text: the played cards keep their suits.
    played = board.locator(":is(details,.kw-state)>div>div~div:not([data-factor-cards]) .kw-card")
    assert played.evaluate_all("cs => cs.map(c => c.dataset.rank + c.dataset.suit)") == [
        "Ah",
        "7s",
        "2d",
        "9c",
    ]
    assert page_problems(problems) == []


@pytest.mark.parametrize("size", list(SIZES))
def test_seat_view_finds_each_hand_by_its_players_name(
    site: str, size: str, open_page: Any
) -> None:
    """Prime Daifugo's hands carry no data-kw-seat (its seat_hands rule): the script
    finds each hand's player from the name beside it (Ana is key A) and its count from
    "N cards", and turns the other hand face down."""
    page, problems = open_page(site + "#m3", viewport=SIZES[size])
    board = show(page, 3)
    page.wait_for_selector(".kw-seat-view:not([hidden])")
    raw = page.locator(f"#m3 {PD_HAND}").first.evaluate("h => h.outerHTML")
    assert "data-kw-seat" in raw  # added by the script, once
    counts = {
        key: page.locator(f"#m3 > details [data-kw-seat='{key}']")
        .locator("xpath=..")
        .locator(":scope > b")
        .first.inner_text()
        for key in ("A", "B")
    }
    page.locator(".kw-seat-view select").select_option("A")
    assert "seat=A" in page.url
    own = board.locator("[data-kw-seat='A']")
    assert own.locator(".kw-face-down").count() == 0 and own.locator(".kw-card").count() > 0
    other = board.locator("[data-kw-seat='B']")
    number = counts["B"].split()[0]
    assert other.inner_text() == f"\U0001f0a0 ×{number}"
    assert (
        other.locator(".kw-face-down").get_attribute("aria-label")
        == f"{number} card{'' if number == '1' else 's'} face down"
    )
    # One card face down is "1 card", not "1 cards" (the label's "one|other" forms).
    page.locator("#m4 > details [data-kw-seat='B']").evaluate(
        "h => h.setAttribute('data-kw-count', '1')"
    )
    page.locator(".kw-viewer").focus()
    page.keyboard.press("ArrowRight")
    show(page, 4)
    assert board.locator("[data-kw-seat='B'] .kw-face-down").count() == 1
    assert board.locator("[data-kw-seat='A'] .kw-face-down").count() == 0
    label = board.locator("[data-kw-seat='B'] .kw-face-down").get_attribute("aria-label")
    assert label == "1 card face down"
    assert page_problems(problems) == []


#: Each player's box on the board: its badges' text and its accent ring (box-shadow).
BOXES = """board => Array.from(board.querySelectorAll(
  ":scope>.kw-state>div>div:first-child>div")).map(box => [
    Array.from(box.querySelectorAll(":scope>b")).map(b => b.textContent).join("|"),
    getComputedStyle(box).boxShadow !== "none"])"""


@pytest.mark.parametrize("size", list(SIZES))
def test_the_player_to_move_has_the_accent_ring_and_no_one_else(
    site: str, size: str, open_page: Any
) -> None:
    """No kw-current at every step: the stylesheet rings the box whose second badge is
    "to move" (:has()), never a box whose second badge is a rank (kw-pd-rank)."""
    page, problems = open_page(site + "#m3", viewport=SIZES[size])
    board = show(page, 3)
    boxes = board.evaluate(BOXES)
    assert [ring for _, ring in boxes] == ["to move" in badges for badges, _ in boxes]
    assert sum(ring for _, ring in boxes) == 1
    page.locator(".kw-viewer").focus()
    page.keyboard.press("End")
    last = page.locator(".kw-moves > li").count() - 1
    board = show(page, last)
    boxes = board.evaluate(BOXES)
    assert any(badges.count("|") == 1 for badges, _ in boxes)  # a rank badge
    assert [ring for _, ring in boxes] == ["to move" in badges for badges, _ in boxes]
    assert page_problems(problems) == []


#: How a run of played cards looks: its colour and text decoration (muted, not faded:
#: the text keeps a 4.5:1 contrast, which the accessibility test checks).
CONSUMED_LOOK = """runs => runs.map(r => {
  const s = getComputedStyle(r);
  return [s.color, s.textDecorationLine];
})"""


def test_played_cards_are_marked_without_javascript_and_in_print(site: str, open_page: Any) -> None:
    """The cards a player just played (<i class="kw-consumed"> in a step's position) are
    struck through and muted as text too: without the script (which never turns the run
    into .kw-card glyphs) and on paper (the printed steps keep the text runs)."""
    page, problems = open_page(site, viewport=SIZES["desktop"], java_script_enabled=False)
    runs = page.locator("details > div i.kw-consumed")
    assert runs.count() > 0
    held = page.locator("details > div i:not(.kw-consumed)").first
    ((held_colour, held_line),) = held.evaluate(CONSUMED_LOOK.replace("runs.map", "[runs].map"))
    assert held_line == "none"
    assert all(
        colour != held_colour and "line-through" in line
        for colour, line in runs.evaluate_all(CONSUMED_LOOK)
    )
    page, problems = open_page(site + "#m1", viewport=SIZES["desktop"])
    page.wait_for_selector(".kw-viewer.kw-js")
    page.emulate_media(media="print")
    runs = page.locator("details[data-kw-print] > div i.kw-consumed")
    assert runs.count() > 0
    assert all(
        colour != held_colour and "line-through" in line
        for colour, line in runs.evaluate_all(CONSUMED_LOOK)
    )
    # On the board the script drew the run as glyphs: the scripted look is unchanged.
    page.emulate_media(media="screen")
    card = page.locator(".kw-viewer .kw-board .kw-card.kw-consumed").first
    look = card.evaluate(
        """c => { const s = getComputedStyle(c);
        return [s.opacity, s.borderTopStyle, s.textDecorationLine, s.boxShadow]; }"""
    )
    assert look == ["0.45", "dashed", "line-through", "none"]
    assert page_problems(problems) == []
