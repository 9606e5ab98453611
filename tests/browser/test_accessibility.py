"""The demo site's pages pass axe-core's WCAG 2.1 A/AA and best-practice rules.

axe-core (bundled by ``axe-playwright-python``) runs in Debian's chromium over what
kifuwiki writes: the page's content (``.md-content``), at a desktop width in Material's
light scheme and at a phone's width (:data:`PHONE`) in its dark scheme (``slate``), with
a record page's viewer stepped into the game (its board, its live region and its
controls shown), and, without the script, at a phone's width with every position
opened. The theme's own header, search dialog and footer are Material's and are not
checked here. On the same visits, :data:`PAGE_CHECK` looks for what axe does not: ids
named but missing, headings that skip a level, and content wider than the window.

Contrast is checked once in each scheme, not at both widths in both: no rule of
kifuwiki's that depends on the width sets a colour (a test below reads the stylesheets),
so a text's colours are the same at both widths. (The dark scheme had a pass of its own
over every page, in the keyboard review, as long as each pass here.)

Every step's line (its move, annotations and comment) is checked, and the positions of
the first :data:`POSITIONS_CHECKED` steps of each game: a later position is the same
panel with other cards on it, and the long games' positions (selaffesto's boards,
ポンジャン's walls) made up four fifths of the review's time (benchmarks/README.md,
"The suite's time").

One rule is left out: ``link-in-text-block``. Material colours a link and underlines it
only on hover, which axe counts as too little against body text (2.3:1); that is the
theme's choice for every page, not something a record page adds. Links that kifuwiki
sets in muted text are underlined (the muted colour is too close to the link's).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from kifuwiki.games import game_ids
from kifuwiki.render.assets import page_asset_files

pytestmark = [pytest.mark.browser, pytest.mark.slow]

axe_playwright = pytest.importorskip("axe_playwright_python.sync_playwright")

PAGES = [
    "records/",
    "records/prime-daifugo/",
    "records/players/",
    "records/events/",
    "records/report/",
    "records/players/3tk/",
    "records/events/evening-games/",
    "records/prime-daifugo/kongo1-m001-g07/",
    "records/prime-daifugo/faces-demo/",
    "records/catan/practice-2026-board/",
    "records/doudizhu/one-players-view/",
    "records/jianhongdian/annotated-2p/",
    "records/koutetsu-no-niji/kiri-no-toka-ten/",
    "records/ponjan/four-players-own-view/",
    # The seed's worked example: annotations, comments and a diagnostic in 15 steps (a
    # self-play game of 151 steps has only annotations, and took a quarter of the time).
    "records/selaffesto/worked-example/",
    "records/shengji/annotated-seed/",
]
#: The phone's width, in CSS pixels: the narrowest that WCAG 2.1's reflow criterion
#: (1.4.10) asks a page to fit without scrolling sideways. Every page of the demo site
#: fit at 390 px while two games' pages ran 1-7 px out of the window at 320.
PHONE = 320
#: The positions axe reads on a record page: the first twelve steps' (see above).
POSITIONS_CHECKED = 12
CONTEXT = {
    "include": [[".md-content"]],
    "exclude": [[f".kw-moves > li:nth-child(n+{POSITIONS_CHECKED + 1}) > details"]],
}
OPTIONS = {
    "runOnly": {
        "type": "tag",
        "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"],
    },
    "rules": {"link-in-text-block": {"enabled": False}},
    "resultTypes": ["violations"],
}


# What axe does not check, on the same visits (it was a pass of its own over the same
# pages at the same widths, in the keyboard review): ids named by aria-* and label[for]
# that no element has, headings that skip a level, and anything in the content wider
# than the window and not inside a scrolling box.
PAGE_CHECK = r"""() => {
  const found = [];
  const refs = ['aria-labelledby', 'aria-describedby', 'aria-controls', 'aria-owns',
                'aria-activedescendant', 'for'];
  for (const el of document.querySelectorAll('.md-content *')) {
    for (const name of refs) {
      for (const id of (el.getAttribute(name) || '').split(/\s+/).filter(Boolean)) {
        if (!document.getElementById(id)) found.push(`${name}=${id}: no such id`);
      }
    }
  }
  let before = 0;
  for (const h of document.querySelectorAll('.md-content :is(h1, h2, h3, h4, h5, h6)')) {
    const level = Number(h.tagName[1]);
    if (before ? level > before + 1 : level !== 1) {
      found.push(`h${before} then h${level}: ${h.textContent.trim().slice(0, 40)}`);
    }
    before = level;
  }
  const width = document.documentElement.clientWidth;
  // Measured without Material's header: without the theme's script, its faded-out copy
  // of a long page title sits 1.25rem right of the window on every page of the theme.
  const header = document.querySelector('.md-header');
  if (header) header.style.display = 'none';
  if (document.documentElement.scrollWidth > width) found.push('the page scrolls sideways');
  if (header) header.style.display = '';
  for (const el of document.querySelectorAll('.md-content *')) {
    const box = el.getBoundingClientRect();
    if (!box.width || box.right <= width + 1) continue;
    let up = el.parentElement, scrolled = false;
    for (; up && up !== document.body; up = up.parentElement) {
      scrolled = /auto|scroll|hidden|clip/.test(getComputedStyle(up).overflowX);
      if (scrolled) break;
    }
    if (!scrolled) found.push(`${el.tagName}.${el.className} ends at ${Math.round(box.right)}px`);
  }
  return found;
}"""


def axe_violations(page: Any, context: dict[str, Any] = CONTEXT) -> list[str]:
    """axe's findings on ``page`` within ``context`` (what to read), one a line."""
    results = axe_playwright.Axe().run(page, context=context, options=OPTIONS)
    found = []
    for violation in results.response["violations"]:
        for node in violation["nodes"]:
            summary = " | ".join((node.get("failureSummary") or "").splitlines()[1:3])
            found.append(f"{violation['id']}: {' '.join(node['target'])}: {summary.strip()}")
    return found


def _problems(context: Any, demo_site: str, prepare: Callable[[Any], None]) -> str:
    """Every page of ``PAGES`` opened in ``context``, made ready by ``prepare`` and
    checked by axe and by :data:`PAGE_CHECK`: what each found, one per line under the
    page's path ('' when there is nothing)."""
    page = context.new_page()
    lines = []
    for path in PAGES:
        page.goto(demo_site + path)
        prepare(page)
        found = axe_violations(page) + [
            f"page check: {problem}" for problem in page.evaluate(PAGE_CHECK)
        ]
        if found:
            lines += [path, *(f"  {problem}" for problem in found)]
    return "\n".join(lines)


def _step_into_the_game(page: Any) -> None:
    if page.locator(".kw-viewer").count():
        page.locator(".kw-viewer").first.focus()
        for key in ("Home", "ArrowRight", "ArrowRight"):
            page.keyboard.press(key)


def _open_every_position(page: Any) -> None:
    assert page.locator(".kw-js").count() == 0  # kifuwiki.js did not run
    page.evaluate("document.querySelectorAll('details').forEach(d => { d.open = true; })")


def _in_the_dark_scheme(page: Any) -> None:
    # What Material's palette toggle does; axe sees the scheme only once it is on.
    page.evaluate("document.body.setAttribute('data-md-color-scheme', 'slate')")
    _step_into_the_game(page)


@pytest.mark.parametrize(
    ("width", "prepare"),
    [(1280, _step_into_the_game), (PHONE, _in_the_dark_scheme)],
    ids=["1280-light", "320-dark"],
)
def test_pages_with_the_script(
    browser: Any, demo_site: str, width: int, prepare: Callable[[Any], None]
) -> None:
    context = browser.new_context(viewport={"width": width, "height": 900})
    try:
        assert _problems(context, demo_site, prepare) == ""
    finally:
        context.close()


#: A block of rules that applies at some widths only, and a colour set in it.
_WIDTH_RULES = re.compile(r"@media[^{]*width[^{]*\{")
_COLOUR = re.compile(r"(?<![\w-])(color|background(?:-color|-image)?|opacity|filter)\s*:")


def _colours_by_width(css: str) -> list[str]:
    """The colour properties set inside ``@media`` blocks about the width."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    found = []
    for media in _WIDTH_RULES.finditer(css):
        depth, end = 1, media.end()
        while depth and end < len(css):
            depth += {"{": 1, "}": -1}.get(css[end], 0)
            end += 1
        found += [m[1] for m in _COLOUR.finditer(css[media.end() : end])]
    return found


def test_no_rule_that_depends_on_the_width_sets_a_colour() -> None:
    # Why contrast is checked at one width per scheme (the module's docstring). A rule
    # for phones that changed a colour would need contrast checked at both widths again.
    found = [
        f"{path.name}: {colour}"
        for path in page_asset_files(sorted(game_ids()))
        if path.suffix == ".css"
        for colour in _colours_by_width(path.read_text(encoding="utf-8"))
    ]
    assert found == []
    # The reading itself: a colour in a width's block is found, one outside it is not.
    sample = "a { color: red } @media (max-width: 30em) { b { margin: 0 } c { background: 0 } }"
    assert _colours_by_width(sample) == ["background"]
    assert _colours_by_width("@media print { a { color: red } } b { --x-color: red }") == []


def test_pages_without_the_script_every_position_open(browser: Any, demo_site: str) -> None:
    # The site's script files are not loaded (a context without JavaScript cannot run
    # axe itself): the page is what a reader without the script gets.
    context = browser.new_context(viewport={"width": PHONE, "height": 900})
    context.route("**/*.js", lambda route: route.abort())
    try:
        assert _problems(context, demo_site, _open_every_position) == ""
    finally:
        context.close()


#: Pages with the longest words a page shows, beside those of ``PAGES``: a hand of 47
#: cards that is one word of ranks without the script, and a record's source written as
#: one dotted name. Both ran out of a phone's window (round eighteen).
LONG_WORDS = ["records/prime-daifugo/kongo1-m023-g03/", "records/doudizhu/selfplay-greedy-01/"]


def test_long_words_wrap_at_a_phones_width(browser: Any, demo_site: str) -> None:
    # Only the page check, without axe (a second a page), every position and the
    # record's facts opened.
    context = browser.new_context(viewport={"width": PHONE, "height": 900})
    context.route("**/*.js", lambda route: route.abort())
    page = context.new_page()
    problems = []
    try:
        for path in LONG_WORDS:
            page.goto(demo_site + path)
            _open_every_position(page)
            problems += [f"{path}: {found}" for found in page.evaluate(PAGE_CHECK)]
    finally:
        context.close()
    assert problems == []


def test_the_review_reads_every_steps_line_and_the_first_positions(
    browser: Any, demo_site: str
) -> None:
    # An image without a text alternative (axe's ``image-alt``) put into a step's line
    # and a position: found in the first positions and in every line, not in a position
    # past the first twelve. A context that left everything out would pass the review.
    context = browser.new_context(viewport={"width": 390, "height": 900})
    context.route("**/*.js", lambda route: route.abort())
    page = context.new_page()
    try:
        page.goto(demo_site + "records/catan/practice-2026-board/")
        _open_every_position(page)
        page.evaluate(
            """n => {
                 const step = i => document.querySelector(`.kw-moves > li:nth-child(${i})`);
                 step(2).querySelector('details').append(Object.assign(
                   document.createElement('img'), {id: 'early-position'}));
                 step(n).querySelector('details').append(Object.assign(
                   document.createElement('img'), {id: 'late-position'}));
                 step(n).querySelector('div').append(Object.assign(
                   document.createElement('img'), {id: 'late-line'}));
               }""",
            POSITIONS_CHECKED + 8,
        )
        found = [line.split(":")[1].strip() for line in axe_violations(page)]
    finally:
        context.close()
    assert sorted(found) == ["#early-position", "#late-line"]


def test_the_page_check_finds_what_it_looks_for(browser: Any) -> None:
    # PAGE_CHECK runs inside every pass above and finds nothing on the demo site: on a
    # page made to have each problem, it must find each one (and nothing outside
    # ``.md-content`` or inside a box that scrolls).
    page = browser.new_page(viewport={"width": 390, "height": 900})
    try:
        page.set_content(
            """<body style="margin:0"><div class="md-content">
                 <h1>Title</h1><h3>Skipped a level</h3>
                 <button aria-controls="nowhere">Open</button>
                 <label for="missing">Name</label>
                 <div id="wide" style="width:600px">wide</div>
                 <div style="overflow-x:auto"><div style="width:900px">scrolls</div></div>
               </div><div style="width:700px" aria-controls="outside">not content</div>
               </body>"""
        )
        found = page.evaluate(PAGE_CHECK)
    finally:
        page.close()
    assert "aria-controls=nowhere: no such id" in found
    assert "for=missing: no such id" in found
    assert "h1 then h3: Skipped a level" in found
    assert "the page scrolls sideways" in found
    assert "DIV. ends at 600px" in found
    assert not [problem for problem in found if "outside" in problem or "900" in problem]
