"""The record page as a reader meets it (issue 14, "broken or confusing today").

The demo site is built once for this module with ``site_url`` = the test server *and* a
path (``/kifuwiki/``), as a site is published: that is where Material's instant navigation
rewrites links and where move-number links used to stop moving the board. A small site on
MkDocs' own theme checks the same page without Material.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .conftest import screenshot, serve
from .game_site import build_site
from .test_demo_site import RECORD, RECORD_URL

#: A Prime Daifugo hand: the <div> in a player's box (no class at every step; the
#: game's templates/state.html, its seat_hands rule).
PD_HAND = ":is(details,.kw-state)>div>div:first-child>div>div"

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
CURRENT = "document.querySelector('.kw-viewer').dataset.kwCurrent"


@pytest.fixture
def material_site(demo_site: str) -> str:
    """The committed ``mkdocs.yml``, built into ``/kifuwiki/`` of a local server (the
    session's demo site)."""
    return demo_site


@pytest.fixture(scope="module")
def plain_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """One real record on MkDocs' own theme (no instant navigation, no Material CSS), with
    the site option ``hide_results: true``."""
    root = tmp_path_factory.mktemp("plain-viewer-site")
    source = ROOT / "records" / "prime-daifugo" / f"{RECORD}.kifu"
    built = build_site(root, "prime-daifugo", [source], options={"hide_results": True})
    with serve(built) as url:
        yield url


def wait_for_step(page: Any, index: int) -> None:
    page.wait_for_function(f"i => {CURRENT} === i", arg=str(index))


def test_move_numbers_move_the_board_after_instant_navigation(
    material_site: str, open_page: Any
) -> None:
    page, problems = open_page(material_site + "records/prime-daifugo/", viewport=DESKTOP)
    page.wait_for_load_state("networkidle")  # Material links are live once it has the sitemap
    page.evaluate("window.__kwSamePage = true")
    page.locator(f'a[href*="{RECORD}"]').first.click()
    page.wait_for_selector(".kw-viewer.kw-js")
    assert page.evaluate("window.__kwSamePage") is True, "expected instant navigation"
    viewer = page.evaluate("window.__kwViewer = document.querySelector('.kw-viewer')")
    assert viewer is not None
    for index in (3, 7, 5):
        page.locator(f"#m{index} > div > a").click()
        wait_for_step(page, index)
        assert page.evaluate("location.hash") == f"#m{index}"
        assert page.locator(f"#m{index}").get_attribute("aria-current") == "step"
        # The page was not swapped in again behind the viewer's back.
        assert page.evaluate("window.__kwViewer === document.querySelector('.kw-viewer')")
    screenshot(page, "viewer-instant-links.png")
    # A direct visit (links already rewritten by Material): the same three clicks.
    page.goto(material_site + RECORD_URL)
    for index in (2, 9, 4):
        page.locator(f"#m{index} > div > a").click()
        wait_for_step(page, index)
    assert problems.all() == []


def test_move_numbers_on_the_plain_theme(plain_site: str, open_page: Any) -> None:
    page, problems = open_page(plain_site + RECORD_URL, viewport=PHONE)
    for index in (3, 7, 5):
        page.locator(f"#m{index} > div > a").click()
        wait_for_step(page, index)
        assert page.evaluate("location.hash") == f"#m{index}"
    assert problems.all() == []


NEXT_TOP = "document.querySelector('[data-kw-go=next]').getBoundingClientRect().top + scrollY"
BOARD_HEIGHT = "document.querySelector('.kw-viewer .kw-board').getBoundingClientRect().height"


def assert_controls_stay_put(page: Any, name: str) -> None:
    """Step ten times with ▶: the button does not move while the position's height does."""
    tops, heights = [], []
    for index in range(1, 11):
        page.locator("[data-kw-go=next]").click()
        wait_for_step(page, index)
        tops.append(page.evaluate(NEXT_TOP))
        heights.append(page.evaluate(BOARD_HEIGHT))
    assert max(heights) - min(heights) > 20, heights  # the position did change height
    assert max(tops) - min(tops) < 1, tops
    screenshot(page, name)


@pytest.mark.parametrize("theme", ["material", "plain"])
@pytest.mark.parametrize(("size", "viewport"), [("desktop", DESKTOP), ("phone", PHONE)])
def test_controls_stay_put(
    request: pytest.FixtureRequest, open_page: Any, theme: str, size: str, viewport: dict[str, int]
) -> None:
    """Stepping with ▶ on both themes (each a module-scoped site fixture)."""
    site: str = request.getfixturevalue(f"{theme}_site")
    page, problems = open_page(site + RECORD_URL, viewport=viewport)
    assert_controls_stay_put(page, f"viewer-steps-{theme}-{size}.png")
    assert problems.all() == []


@pytest.mark.parametrize(("size", "viewport"), [("desktop", DESKTOP), ("phone", PHONE)])
def test_the_viewer_is_on_the_first_screen(
    material_site: str, open_page: Any, size: str, viewport: dict[str, int]
) -> None:
    page, problems = open_page(material_site + RECORD_URL, viewport=viewport)
    page.wait_for_selector(".kw-viewer.kw-js")
    height = viewport["height"]
    # The controls and the top of the position are visible without scrolling.
    for selector in ("[data-kw-go=next]", ".kw-board .kw-state"):
        box = page.locator(selector).first.bounding_box()
        assert box is not None and box["y"] + min(box["height"], 40) < height, (selector, box)
    # The facts are folded, not lost: one click opens them.
    meta = page.locator("details.kw-record-meta")
    assert meta.get_attribute("open") is None
    assert not page.locator(".kw-record-header").is_visible()
    meta.locator("> summary").click()
    assert page.locator(".kw-record-header").is_visible()
    screenshot(page, f"viewer-first-screen-{size}.png")
    assert problems.all() == []


def test_a_reader_hides_the_result_until_the_last_move(material_site: str, open_page: Any) -> None:
    page, problems = open_page(material_site + RECORD_URL, viewport=DESKTOP)
    page.locator("details.kw-record-meta > summary").click()
    badge = page.locator(".kw-winner-badge")
    assert badge.is_visible()  # the site shows results by default
    page.locator("input.kw-hide-results").check()
    assert not badge.is_visible()
    assert not page.locator(".kw-winner-name").is_visible()
    # The steps ahead keep their move lines (to step to), not what they say: the last
    # step's notes ("… goes out") and comments would tell the result.
    ahead = ".kw-viewer > .kw-moves > li[aria-current] ~ li"
    assert page.locator(f"{ahead} > div").count() > 0
    assert page.locator(f"{ahead} > div").last.is_visible()
    notes = page.locator(".kw-viewer > .kw-moves > li:last-child > :not(div:first-child)")
    assert notes.count() > 0 and not any(n.is_visible() for n in notes.all())
    page.locator("[data-kw-go=last]").click()
    assert badge.is_visible()  # the last move: the result is no spoiler any more
    assert page.locator(".kw-viewer > .kw-moves > li:last-child > ul").first.is_visible()
    page.locator("[data-kw-go=first]").click()
    assert badge.is_visible()
    assert problems.all() == []


def test_the_site_option_hides_results_on_the_plain_theme(plain_site: str, open_page: Any) -> None:
    page, problems = open_page(plain_site + RECORD_URL, viewport=DESKTOP)
    page.locator("details.kw-record-meta > summary").click()
    assert page.locator("input.kw-hide-results").is_checked()
    assert page.locator(".kw-record-players").is_visible()
    assert not page.locator(".kw-winner-badge").is_visible()
    assert not page.locator(".kw-rank").first.is_visible()
    screenshot(page, "viewer-results-hidden-plain.png")
    page.locator("input.kw-hide-results").uncheck()  # the reader wants them after all
    assert page.locator(".kw-winner-badge").is_visible()
    assert problems.all() == []


def shown_steps() -> set[str]:
    """Anchors of the record's commented or bookmarked steps and of its last step."""
    from .test_demo_site import engine_view

    steps = engine_view().steps
    return {
        s.anchor for i, s in enumerate(steps) if s.comments or s.bookmarks or i == len(steps) - 1
    }


VISIBLE_STATES = """() => [...document.querySelectorAll('.kw-moves > li')]
  .filter(li => { const s = li.querySelector(':scope > details > :not(summary)');
                  return s && s.checkVisibility() && s.getBoundingClientRect().height > 20; })
  .map(li => li.id)"""


def assert_readable_positions(page: Any) -> None:
    """Each commented or bookmarked step and the last show their position, no other does;
    the game's facts are there in full."""
    wanted = shown_steps()
    assert set(page.evaluate(VISIBLE_STATES)) == wanted
    last = sorted(wanted, key=lambda anchor: int(anchor[1:]))[-1]
    hands = page.locator(f"#{last} > {PD_HAND}")
    assert hands.count() >= 2 and all(h.is_visible() for h in hands.all())
    assert page.locator(".kw-record-header").is_visible()
    assert page.locator(".kw-winner-badge").is_visible()


@pytest.mark.parametrize(("size", "viewport"), [("desktop", DESKTOP), ("phone", PHONE)])
def test_without_javascript_positions_are_readable(
    material_site: str, open_page: Any, size: str, viewport: dict[str, int]
) -> None:
    page, problems = open_page(
        material_site + RECORD_URL, viewport=viewport, java_script_enabled=False
    )
    assert page.locator(".kw-viewer.kw-js").count() == 0
    assert_readable_positions(page)
    page.locator(f"#{sorted(shown_steps())[0]}").scroll_into_view_if_needed()
    screenshot(page, f"viewer-nojs-{size}.png")
    assert problems.all() == []


def test_printed_positions_are_readable(material_site: str, open_page: Any) -> None:
    page, problems = open_page(material_site + RECORD_URL, viewport=DESKTOP)
    page.wait_for_selector(".kw-viewer.kw-js")
    page.emulate_media(media="print")
    assert not page.locator(".kw-controls").is_visible()
    assert not page.locator(".kw-results-switch").is_visible()
    assert_readable_positions(page)
    screenshot(page, "viewer-print-material.png")
    assert problems.all() == []


def test_printed_positions_on_the_plain_theme(plain_site: str, open_page: Any) -> None:
    page, problems = open_page(plain_site + RECORD_URL, viewport=DESKTOP)
    page.wait_for_selector(".kw-viewer.kw-js")
    page.emulate_media(media="print")
    # Printed, the site's hide_results does not apply: the paper is the whole game.
    assert_readable_positions(page)
    assert problems.all() == []


JAPANESE_FONTS = (
    '"Hiragino Sans"',
    '"Noto Sans JP"',
    '"Noto Sans CJK JP"',
    '"Yu Gothic"',
    "Meiryo",
)


@pytest.mark.parametrize("theme", ["material", "plain"])
def test_record_pages_ask_for_a_japanese_font(
    material_site: str, plain_site: str, open_page: Any, theme: str
) -> None:
    base = material_site if theme == "material" else plain_site
    page, problems = open_page(base + RECORD_URL, viewport=DESKTOP)
    for selector in (".kw-record-page", ".kw-viewer .kw-board", ".kw-moves"):
        family = page.locator(selector).first.evaluate("el => getComputedStyle(el).fontFamily")
        assert all(font in family for font in JAPANESE_FONTS), (selector, family)
        assert family.rstrip().endswith("sans-serif"), family
    assert problems.all() == []


@pytest.mark.parametrize(("size", "viewport"), [("desktop", DESKTOP), ("phone", PHONE)])
def test_copy_a_link_to_this_move(
    material_site: str, open_page: Any, size: str, viewport: dict[str, int]
) -> None:
    page, problems = open_page(
        material_site + RECORD_URL,
        viewport=viewport,
        permissions=["clipboard-read", "clipboard-write"],
    )
    for _ in range(4):
        page.locator("[data-kw-go=next]").click()
    wait_for_step(page, 4)
    button = page.locator("[data-kw-go=copy]")
    assert button.is_visible()
    button.click()
    page.wait_for_function(
        "document.querySelector('[data-kw-go=copy]').hasAttribute('data-kw-copied')"
    )
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied == material_site + RECORD_URL + "#m4"
    assert "#m4" in page.locator(".kw-live").inner_text()
    screenshot(page, f"viewer-copy-link-{size}.png")
    # The copied address opens the same move.
    page.goto(copied)
    page.reload()
    wait_for_step(page, 4)
    assert problems.all() == []


@pytest.mark.parametrize(("theme", "script"), [("material", True), ("plain", False)])
def test_download_the_record_file(
    material_site: str, plain_site: str, open_page: Any, theme: str, script: bool
) -> None:
    base = material_site if theme == "material" else plain_site
    page, problems = open_page(
        base + RECORD_URL, viewport=DESKTOP, accept_downloads=True, java_script_enabled=script
    )
    with page.expect_download() as info:
        page.locator("a.kw-download").click()
    download = info.value
    assert download.suggested_filename == f"{RECORD}.kifu"
    # The record file as written, byte for byte (a copy next to the page).
    assert not str(page.locator("a.kw-download").get_attribute("href")).startswith("data:")
    saved = Path(download.path()).read_bytes()
    source = ROOT / "records" / "prime-daifugo" / f"{RECORD}.kifu"
    assert saved == source.read_bytes()
    assert problems.all() == []
