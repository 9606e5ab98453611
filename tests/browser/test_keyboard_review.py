"""Keyboard and screen-reader review of the demo site (round fourteen): the record viewer
of every game and the index, player, event and report pages, in Debian's chromium.

What axe (test_accessibility.py) does not see: the Tab order through a viewer and a
visible focus on each stop, Escape closing what a key opened (the help, the guess form),
the live region saying the step, and no motion of kifuwiki's own under
``prefers-reduced-motion``. Two passes that were here are now on axe's visits of the same
pages in test_accessibility.py: contrast in Material's dark scheme (its phone-width
pass), and every ``aria-*``/``for`` naming an id that exists, headings in order and
nothing wider than a phone (its ``PAGE_CHECK``, on every pass).
"""

from __future__ import annotations

from typing import Any

import pytest
from tests.browser.test_accessibility import PAGES as AXE_PAGES

pytestmark = [pytest.mark.browser, pytest.mark.slow]

#: One record page of each game: the pages axe checks, less the archive's lists and
#: Prime Daifugo's second record.
LISTS = ("events", "report", "players")
RECORDS = [
    page
    for page in AXE_PAGES
    if page.count("/") == 3
    and page.split("/")[1] not in LISTS
    and not page.endswith("/faces-demo/")
]
FOCUSED = r"""() => {
  const el = document.activeElement;
  const style = getComputedStyle(el);
  const ring = (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0)
    || (style.boxShadow && style.boxShadow !== 'none');
  return {inViewer: Boolean(el.closest('.kw-viewer')) && el !== el.closest('.kw-viewer'),
          ring, control: el.matches('button, select, input'), name: el.outerHTML.slice(0, 80)};
}"""


def _into_the_game(page: Any) -> None:
    page.locator(".kw-viewer").first.focus()
    for key in ("Home", "ArrowRight", "ArrowRight"):
        page.keyboard.press(key)


@pytest.mark.parametrize("path", RECORDS)
def test_tab_reaches_every_control_with_a_visible_focus(
    browser: Any, demo_site: str, path: str
) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    try:
        page.goto(demo_site + path)
        viewer = page.locator(".kw-viewer").first
        shown = viewer.locator(
            ".kw-controls button:visible, .kw-controls select:visible, .kw-controls input:visible"
        ).count()
        viewer.focus()
        reached, unringed = 0, []
        for _ in range(shown + 1):
            page.keyboard.press("Tab")
            focused = page.evaluate(FOCUSED)
            if not focused["inViewer"] or not focused["control"]:
                break
            reached += 1
            if not focused["ring"]:
                unringed.append(focused["name"])
        assert (reached, unringed) == (shown, [])
        # Each control has a name a screen reader says (not a lone symbol).
        snapshot = viewer.locator(".kw-controls").aria_snapshot()
        assert 'button "?"' not in snapshot
        names = [line for line in snapshot.splitlines() if line.strip().startswith("- button")]
        assert names and all('"' in line for line in names), snapshot
    finally:
        context.close()


def test_the_help_button_is_named_and_escape_closes_help(browser: Any, demo_site: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    try:
        page.goto(demo_site + RECORDS[0])
        help_button = page.get_by_role("button", name="キーボード操作")
        help_button.focus()
        page.keyboard.press("Enter")
        assert page.locator(".kw-help").first.is_visible()
        assert help_button.get_attribute("aria-expanded") == "true"
        # The button names the panel it opens, and the panel lists the key that shuts it.
        panel = page.locator(f"#{help_button.get_attribute('aria-controls')}")
        assert panel.is_visible()
        assert "Esc" in panel.inner_text()
        page.keyboard.press("Escape")
        assert page.locator(".kw-help").first.is_hidden()
        assert help_button.get_attribute("aria-expanded") == "false"
        assert page.evaluate("document.activeElement.dataset.kwGo") == "help"
    finally:
        context.close()


@pytest.mark.parametrize("path", [RECORDS[0], RECORDS[-1]])
def test_escape_closes_the_guess_form(browser: Any, demo_site: str, path: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    try:
        page.goto(demo_site + path)
        _into_the_game(page)
        page.keyboard.press("g")
        form = page.locator(".kw-guess").first
        toggle = page.locator('[data-kw-go="guess"]').first
        assert form.is_visible()
        assert page.evaluate("document.activeElement.classList.contains('kw-guess-input')")
        # The answer's fieldset is a group a screen reader names (its legend).
        assert form.get_by_role("group", name="あなたの予想").count() == 1
        page.keyboard.press("Escape")
        assert form.is_hidden()
        assert toggle.get_attribute("aria-pressed") == "false"
        # Focus goes back to the button that opened the form, not to the page's top.
        assert page.evaluate("document.activeElement.dataset.kwGo") == "guess"
        # Escape with the viewer itself focused closes it too.
        page.keyboard.press("Enter")
        assert form.is_visible()
        page.locator(".kw-viewer").first.focus()
        page.keyboard.press("Escape")
        assert form.is_hidden()
    finally:
        context.close()


@pytest.mark.parametrize("path", RECORDS)
def test_the_live_region_says_the_step(browser: Any, demo_site: str, path: str) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 900})
    page = context.new_page()
    try:
        page.goto(demo_site + path)
        live = page.locator(".kw-live").first
        assert live.get_attribute("aria-live") == "polite"
        _into_the_game(page)
        caption = page.locator(".kw-board-caption").first.text_content()
        assert caption and live.text_content() == caption
        page.keyboard.press("ArrowRight")
        assert live.text_content() == page.locator(".kw-board-caption").first.text_content()
        assert live.text_content() != caption
    finally:
        context.close()


def test_no_motion_of_our_own_when_reduced_motion_is_asked(browser: Any, demo_site: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900}, reduced_motion="reduce")
    page = context.new_page()
    try:
        page.goto(demo_site + RECORDS[0])
        # Autoplay only when asked; it moves the list by setting scrollTop (no smooth
        # scrolling) and nothing in the viewer moves by itself (the theme's links fade
        # their colour: not motion).
        assert page.locator(".kw-play").first.get_attribute("aria-pressed") == "false"
        moving = page.evaluate(
            """() => [...document.querySelectorAll('.kw-viewer, .kw-viewer *')].filter(el => {
                 const s = getComputedStyle(el);
                 return s.animationName !== 'none' || s.scrollBehavior === 'smooth'
                   || /all|transform|top|left|margin|height|width/.test(s.transitionProperty)
                      && s.transitionDuration.split(',').some(d => parseFloat(d) > 0);
               }).map(el => el.outerHTML.slice(0, 60))"""
        )
        assert moving == []
        assert page.evaluate("getComputedStyle(document.documentElement).scrollBehavior") != (
            "smooth"
        )
    finally:
        context.close()
