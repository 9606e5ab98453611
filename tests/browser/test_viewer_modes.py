"""The viewer's reading modes (issue 14): copy the position as text, seat view, guess the move.

Each runs on MkDocs' default theme and on Material with instant navigation (the record page
is reached by clicking its link on the game's index, so Material swaps it in without a
reload), at desktop and phone widths, for two games: Dou Dizhu (English site) and 升級
(Japanese site). One small site per theme and game, built once for the module.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .conftest import screenshot, serve
from .game_site import build_site

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
SIZES = [("desktop", DESKTOP), ("phone", PHONE)]
THEMES = ["mkdocs", "material"]

#: game → (record, site language)
RECORDS = {
    "doudizhu": ("selfplay-greedy-01", "en"),
    "shengji": ("selfplay-standard-11", "ja"),
}

#: The text "copy the position" gives at step 10, read off the record by hand: the title,
#: the step, then one line per player and hand, the table, the facts.
POSITION_10 = {
    "doudizhu": """自己対戦 (貪欲) seed 1 — 地主の勝ち — Move 10: West plays pair 7 7
East landlord 10 cards to move
C5 H10 D10 CQ HK CK DA CA H2 RJ
South peasant 15 cards
D3 H5 S6 H6 C6 D7 H9 D9 C9 C10 SJ CJ SQ DK BJ
West peasant 15 cards
H4 S5 S8 D8 C8 HJ DJ HQ DQ SK SA HA S2 D2 C2
Table pair 7 7 (West)
Bottom cards: S3 S10 CK
Landlord: East
Bid: 1
Multiplier: ×1""",
    "shengji": """自動対局 2組 (seed 11) — 10手目: 北家: DQ
切り札: 切り札 ♣、レベル 10
攻め側の点数: 0 (NS 0 · EW 20)
N 北家 攻め トリック 0
♠2 ♠5 ♠7 ♠K ♥2 ♥Q ♦3 ♦4 ♦6 ♦7 ♦J ♦J ♦K ♣2 ♣4 ♣7 ♣8 ♣9 ♣J ♦10 RJ
W 西家 守り トリック 0
♠2 ♠J ♠J ♠Q ♠K ♠A ♥2 ♥J ♦2 ♦3 ♦8 ♦9 ♦K ♦A ♦A ♣5 ♣Q ♣A ♦10 ♣10 ♣10 BJ
トリック 2 E ♦5 N ♦Q
E 東家 庄家 守り トリック 1
♠5 ♠9 ♠9 ♥5 ♥Q ♦Q ♣2 ♣3 ♣3 ♣5 ♣6 ♣6 ♣7 ♣Q ♣K ♣A ♠10 ♠10 ♥10 ♥10 BJ
S 南家 攻め トリック 0
♠3 ♠3 ♠4 ♠6 ♠7 ♠8 ♠Q ♠A ♥4 ♥5 ♥9 ♦4 ♦5 ♦6 ♦7 ♦8 ♣4 ♣8 ♣9 ♣J ♣K RJ""",
}

#: Seat view: (the reader's seat, another seat).
SEATS = {"doudizhu": ("A", "B"), "shengji": ("E", "N")}

#: Guess the move: (start step, the next move written another way (a right guess),
#: that move's notation, the step guessed after it when only the seat's moves are asked).
GUESSES = {
    "doudizhu": (4, "s10 S9 h8 H7 d6 D5 c4 S3", "A:S3 C4 D5 D6 H7 H8 S9 S10", 8),
    "shengji": (4, "hkhkha", "E: HKHKHA", 9),
}


def cases(flip: bool) -> list[Any]:
    """Half of theme × game × size where every theme meets every game and every size
    (``flip`` gives the other half): the suite's time budget for both themes, both widths."""
    return [
        pytest.param(theme, game, size, viewport, id=f"{theme}-{game}-{size}")
        for t, theme in enumerate(THEMES)
        for g, game in enumerate(RECORDS)
        for s, (size, viewport) in enumerate(SIZES)
        if (t + g + s) % 2 == flip
    ]


@pytest.fixture(scope="module")
def sites(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[tuple[str, str], str]]:
    """(theme, game) → the URL of the game's record index on a local server."""
    root = tmp_path_factory.mktemp("viewer-modes")
    (root / "www").mkdir()
    with serve(root / "www") as url:
        for theme in THEMES:
            for game, (record, lang) in RECORDS.items():
                folder = root / f"{theme}-{game}"
                folder.mkdir()
                record_file = ROOT / "records" / game / f"{record}.kifu"
                site_url = f"{url}{folder.name}/"
                site = build_site(folder, game, [record_file], lang, theme, site_url)
                site.rename(root / "www" / folder.name)
        yield {(t, g): f"{url}{t}-{g}/records/{g}/" for t in THEMES for g in RECORDS}


def arrive(
    open_page: Any,
    sites: dict[tuple[str, str], str],
    theme: str,
    game: str,
    viewport: dict[str, int],
    **options: Any,
) -> tuple[Any, Any]:
    """Open the game's index and click through to the record (instant navigation on
    Material: the window survives the page change)."""
    page, problems = open_page(sites[(theme, game)], viewport=viewport, **options)
    # Material intercepts links only once it has fetched the sitemap; on a busy machine a
    # click can come first and load the page the ordinary way.
    page.wait_for_load_state("networkidle")
    page.evaluate("window.__kwSamePage = true")
    page.locator(f'a[href*="{RECORDS[game][0]}"]').first.click()
    page.wait_for_selector(".kw-viewer.kw-js")
    same_page = page.evaluate("window.__kwSamePage === true")
    assert same_page is (theme == "material"), "instant navigation on Material only"
    return page, problems


def step_to(page: Any, index: int) -> None:
    page.locator("[data-kw-go=first]").click()
    for _ in range(index):
        page.keyboard.press("ArrowRight")
    page.wait_for_function(
        "i => document.querySelector('.kw-viewer').dataset.kwCurrent === i", arg=str(index)
    )


def copied_text(page: Any) -> str:
    text: str = page.evaluate("navigator.clipboard.readText()")
    return text


@pytest.mark.parametrize(("theme", "game", "size", "viewport"), cases(False))
def test_copy_the_position_as_text(
    sites: dict[tuple[str, str], str],
    open_page: Any,
    theme: str,
    game: str,
    size: str,
    viewport: dict[str, int],
) -> None:
    page, problems = arrive(
        open_page, sites, theme, game, viewport, permissions=["clipboard-read", "clipboard-write"]
    )
    step_to(page, 10)
    button = page.locator("[data-kw-go=copy-text]")
    assert button.is_visible()
    button.click()
    page.wait_for_function(
        "document.querySelector('[data-kw-go=copy-text]').hasAttribute('data-kw-copied')"
    )
    text = copied_text(page)
    expected = POSITION_10[game]
    assert text == expected, text
    done = "Position copied as text" if game == "doudizhu" else "局面をテキストでコピーしました"
    assert page.locator(".kw-live").inner_text() == done
    screenshot(page, f"viewer-modes-copy-{theme}-{game}-{size}.png")
    # The key does the same, for the step shown now.
    page.keyboard.press("ArrowLeft")
    page.locator(".kw-viewer").focus()
    page.keyboard.press("x")
    page.wait_for_function("t => navigator.clipboard.readText().then(c => c !== t)", arg=text)
    assert (
        copied_text(page)
        .splitlines()[0]
        .endswith(
            ("Move 9: " if game == "doudizhu" else "9手目: ")
            + page.locator("#m9 > div > a").get_attribute("title")
        )
    )
    assert problems.all() == []


# Without the Clipboard API (an http:// site, an old browser): a selected <textarea> and
# execCommand("copy"); when even that fails, the text is shown selected for the reader.
NO_CLIPBOARD = """
Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined });
window.__kwCopied = [];
document.execCommand = function (command) {
  const area = document.activeElement;
  window.__kwCopied.push(command + ':' + (area && area.value));
  return !window.__kwCopyFails;
};
"""


@pytest.mark.parametrize("theme", THEMES)
def test_copy_the_position_without_the_clipboard_api(
    sites: dict[tuple[str, str], str], open_page: Any, theme: str
) -> None:
    page, problems = open_page(
        sites[(theme, "doudizhu")] + "selfplay-greedy-01/#m10", viewport=DESKTOP
    )
    page.add_init_script(NO_CLIPBOARD)
    page.reload()
    page.wait_for_selector(".kw-viewer.kw-js")
    assert page.evaluate("navigator.clipboard") is None
    page.locator("[data-kw-go=copy-text]").click()
    assert page.evaluate("window.__kwCopied") == ["copy:" + POSITION_10["doudizhu"]]
    assert page.locator(".kw-live").inner_text() == "Position copied as text"
    assert page.locator(".kw-copy-fallback").count() == 0
    page.evaluate("window.__kwCopyFails = true")
    page.locator("[data-kw-go=copy-text]").click()
    box = page.locator(".kw-copy-fallback")
    assert box.is_visible()
    assert box.input_value() == POSITION_10["doudizhu"]
    assert page.evaluate("document.activeElement.classList.contains('kw-copy-fallback')")
    assert "select the text" in page.locator(".kw-live").inner_text()
    screenshot(page, f"viewer-modes-copy-fallback-{theme}.png")
    assert problems.all() == []


BOARD_HAND = ".kw-board [data-kw-seat='{}']"


@pytest.mark.parametrize(("theme", "game", "size", "viewport"), cases(True))
def test_seat_view_turns_the_other_hands_face_down(
    sites: dict[tuple[str, str], str],
    open_page: Any,
    theme: str,
    game: str,
    size: str,
    viewport: dict[str, int],
) -> None:
    page, problems = arrive(open_page, sites, theme, game, viewport)
    seat, other = SEATS[game]
    step_to(page, 10)
    own_cards = page.locator(f"#m10 > details [data-kw-seat='{seat}']").text_content()
    other_state = page.locator(f"#m10 > details [data-kw-seat='{other}']")
    other_cards = other_state.text_content().split()
    # A hand without data-kw-count (升級) is counted by the script as its text's words.
    other_count = other_state.get_attribute("data-kw-count") or str(len(other_cards))
    assert len(other_cards) == int(other_count) > 0
    select = page.locator(".kw-seat-view select")
    assert select.is_visible()
    select.select_option(seat)
    assert f"seat={seat}" in page.url and page.url.endswith("#m10")
    assert_seat_view(page, game, seat, own_cards, other, other_count)
    screenshot(page, f"viewer-modes-seat-{theme}-{game}-{size}.png")
    # Stepping keeps the view; a reload of the address reproduces it.
    page.locator(".kw-viewer").focus()
    page.keyboard.press("ArrowRight")
    assert page.locator(BOARD_HAND.format(other)).inner_text().startswith("\U0001f0a0 ×")
    page.reload()
    page.wait_for_selector(".kw-viewer.kw-js")
    assert page.locator(".kw-viewer").get_attribute("data-kw-current") == "11"
    assert select.input_value() == seat
    step_to(page, 10)
    assert_seat_view(page, game, seat, own_cards, other, other_count)
    # "everyone" shows every hand again and leaves the address.
    select.select_option("")
    assert "seat=" not in page.url
    assert page.locator(BOARD_HAND.format(other)).text_content().split() == other_cards
    # The key cycles through the views.
    page.locator(".kw-viewer").focus()
    page.keyboard.press("v")
    assert select.input_value() != ""
    assert problems.all() == []


def assert_seat_view(
    page: Any, game: str, seat: str, own_cards: str, other: str, other_count: str
) -> None:
    assert page.locator(BOARD_HAND.format(seat)).text_content() == own_cards
    hidden = page.locator(BOARD_HAND.format(other))
    assert hidden.inner_text() == f"\U0001f0a0 ×{other_count}"
    # A screen reader hears the count, never the cards.
    label = f"{other_count} cards face down" if game == "doudizhu" else f"伏せ札 {other_count} 枚"
    assert hidden.aria_snapshot() == f'- img "{label}"'
    # Every other seat is face down too; the copied text says so.
    seats = page.locator(".kw-board [data-kw-seat]")
    faces = [s.locator(".kw-face-down").count() for s in seats.all()]
    assert faces.count(0) == 1 and len(faces) >= 3


@pytest.mark.parametrize(("theme", "game", "size", "viewport"), cases(False))
def test_guess_the_move(
    sites: dict[tuple[str, str], str],
    open_page: Any,
    theme: str,
    game: str,
    size: str,
    viewport: dict[str, int],
) -> None:
    page, problems = arrive(open_page, sites, theme, game, viewport)
    start, right_guess, notation, _ = GUESSES[game]
    total = page.locator(".kw-moves > li").count()
    step_to(page, start)
    page.locator("[data-kw-go=guess]").click()
    assert page.locator("[data-kw-go=guess]").get_attribute("aria-pressed") == "true"
    assert_hidden_after(page, start, notation)
    prompt = page.locator(".kw-guess-prompt").inner_text()
    assert str(start + 1) in prompt
    screenshot(page, f"viewer-modes-guess-{theme}-{game}-{size}.png")
    # → does not go past the hidden move; it asks for a guess.
    page.locator(".kw-viewer").focus()
    page.keyboard.press("ArrowRight")
    assert page.locator(".kw-viewer").get_attribute("data-kw-current") == str(start)
    assert page.evaluate("document.activeElement.classList.contains('kw-guess-input')")
    # A right guess in other spelling and order, then a wrong one, then "show".
    next_top = button_top(page)
    page.locator(".kw-guess-input").fill(right_guess)
    page.keyboard.press("Enter")
    result = page.locator(".kw-guess-result")
    assert result.get_attribute("data-kw-outcome") == "right"
    assert result.inner_text().startswith("✓") and notation in result.inner_text()
    assert page.locator(".kw-viewer").get_attribute("data-kw-current") == str(start + 1)
    assert page.locator(".kw-guess-score").inner_text().endswith("1 / 1")
    assert_hidden_after(page, start + 1, None)
    page.locator(".kw-guess-input").fill("nonsense")
    page.keyboard.press("Enter")
    assert result.get_attribute("data-kw-outcome") == "wrong"
    assert result.inner_text().startswith("✗")
    assert page.locator(".kw-guess-score").inner_text().endswith("1 / 2")
    page.locator("[data-kw-go=reveal]").click()
    assert result.get_attribute("data-kw-outcome") == "shown"
    assert page.locator(".kw-guess-score").inner_text().endswith("1 / 2")
    assert page.locator(".kw-viewer").get_attribute("data-kw-current") == str(start + 3)
    assert_hidden_after(page, start + 3, None)
    assert abs(button_top(page) - next_top) < 1  # the controls stayed put
    screenshot(page, f"viewer-modes-guessed-{theme}-{game}-{size}.png")
    # Off: every move is back.
    page.locator(".kw-viewer").focus()
    page.keyboard.press("g")
    assert page.locator("[data-kw-go=guess]").get_attribute("aria-pressed") == "false"
    assert page.locator(".kw-guess").is_hidden()
    assert page.locator(".kw-moves > li:visible").count() == total
    assert page.locator(".kw-slider").get_attribute("max") == str(total - 1)
    assert problems.all() == []


@pytest.mark.parametrize(("theme", "game"), [("mkdocs", "shengji"), ("material", "doudizhu")])
def test_guess_only_one_players_moves(
    sites: dict[tuple[str, str], str], open_page: Any, theme: str, game: str
) -> None:
    """With a seat chosen, the other players' moves play themselves."""
    page, problems = arrive(open_page, sites, theme, game, PHONE)
    seat = SEATS[game][0]
    start, right_guess, _, next_own = GUESSES[game]
    page.locator(".kw-seat-view select").select_option(seat)
    step_to(page, start)
    page.keyboard.press("g")
    page.locator(".kw-guess-input").fill(right_guess)
    page.keyboard.press("Enter")
    assert page.locator(".kw-viewer").get_attribute("data-kw-current") == str(next_own - 1)
    assert str(next_own) in page.locator(".kw-guess-prompt").inner_text()
    assert_hidden_after(page, next_own - 1, None)
    # The position the reader guesses from shows their own hand only.
    assert page.locator(".kw-board .kw-face-down").count() >= 2
    screenshot(page, f"viewer-modes-guess-seat-{theme}-{game}.png")
    assert problems.all() == []


def button_top(page: Any) -> float:
    top: float = page.evaluate(
        "document.querySelector('[data-kw-go=next]').getBoundingClientRect().top + scrollY"
    )
    return top


def assert_hidden_after(page: Any, frontier: int, notation: str | None) -> None:
    """Steps after ``frontier`` are gone: not displayed, not in the accessibility tree,
    not reachable by the slider; the next move's text is nowhere on screen."""
    visible = page.evaluate(
        "[...document.querySelectorAll('.kw-moves > li')]"
        ".map((li, n) => li.checkVisibility() ? n : -1).filter(n => n >= 0)"
    )
    assert visible == list(range(frontier + 1))
    assert page.locator(".kw-slider").get_attribute("max") == str(frontier)
    moves = page.locator(".kw-moves").aria_snapshot()
    assert f'link "{frontier}"' in moves and f'link "{frontier + 1}"' not in moves
    assert page.locator(f"#m{frontier + 1}").is_hidden()
    if notation:
        assert notation not in page.locator("body").inner_text()


def test_question_mark_opens_only_the_viewers_help_on_the_default_theme(
    sites: dict[tuple[str, str], str], open_page: Any
) -> None:
    """MkDocs' theme opens its own shortcut dialog on "?"; the viewer's key wins alone."""
    page, problems = arrive(open_page, sites, "mkdocs", "shengji", {"width": 1280, "height": 900})
    page.evaluate("document.activeElement && document.activeElement.blur()")
    page.keyboard.press("?")
    page.locator(".kw-help").wait_for(state="visible")
    page.wait_for_timeout(400)  # the theme's modal fades in over 150 ms when it opens
    modal = page.locator("#mkdocs_keyboard_modal")
    assert modal.count() == 1, "the theme's dialog is not on the page: nothing is tested"
    assert modal.is_hidden()
    assert problems.all() == []
