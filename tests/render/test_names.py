"""Every focusable scroller a record page writes has a name and a role, and the viewer's
help and guess form are complete for a screen reader (round fourteen's keyboard review).

What the page writes, for every demo record of every game, in both languages: tables
and boxes made focusable (``tabindex="0"``, so a phone user can scroll them) are named
in the page's language (``aria-label``, ``aria-labelledby`` to an element with text, or
a table's ``<caption>``), and a box that is not a table says what it is (a ``role``);
the help button controls the help it opens, the help lists Escape, and the guess form's
fieldset has a legend. The browser test (tests/browser/test_names.py) checks the names
chromium computes; this one is cheap and covers every demo record.
"""

from __future__ import annotations

import functools

import lxml.html
import pytest
from bs4 import BeautifulSoup, Tag
from lxml.html import HtmlElement
from tests.render.test_state_partial import demo_views

from kifuwiki.games.base import RecordView
from kifuwiki.render.environment import make_environment
from kifuwiki.render.record import render_record_page

VIEWS = [view for views in demo_views().values() for view in views]


def _text(el: HtmlElement) -> str:
    return " ".join(" ".join(el.itertext()).split())


def _name(doc: HtmlElement, el: HtmlElement) -> str:
    """The element's name as its own markup gives it (aria-labelledby, aria-label, a
    table's caption), white space collapsed."""
    ids = (el.get("aria-labelledby") or "").split()
    if ids:
        found = [doc.xpath("//*[@id=$i]", i=i) for i in ids]
        return " ".join(_text(f[0]) for f in found if f)
    label = " ".join((el.get("aria-label") or "").split())
    if label:
        return label
    caption = el.find("caption") if el.tag == "table" else None
    return _text(caption) if caption is not None else ""


@functools.cache
def _page_of(index: int, lang: str) -> HtmlElement:
    # Each page is rendered and parsed once for the whole module, by lxml itself: the
    # two tests over every demo record read each page twice, and BeautifulSoup's tree
    # of the long records took 13 s a test to build.
    return lxml.html.document_fromstring(render_record_page(VIEWS[index], make_environment(), lang))


def _focusable(view: RecordView, lang: str) -> tuple[HtmlElement, list[HtmlElement]]:
    doc = _page_of(VIEWS.index(view), lang)
    return doc, doc.xpath('//*[@tabindex="0"]')


def _page(view: RecordView, lang: str) -> BeautifulSoup:
    return BeautifulSoup(render_record_page(view, make_environment(), lang), "lxml")


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_every_focusable_scroller_is_named(lang: str) -> None:
    unnamed, roleless, seen = [], [], 0
    for view in VIEWS:
        doc, focusable = _focusable(view, lang)
        for el in focusable:
            seen += 1
            where = f"{view.record.path}: <{el.tag} class={el.get('class')}>"
            if not _name(doc, el):
                unnamed.append(where)
            if el.tag != "table" and not el.get("role"):
                roleless.append(where)
    assert seen > 100  # the tables and boards of several games, at every step
    assert (unnamed, roleless) == ([], [])


def test_names_are_in_the_page_language() -> None:
    # The same scroller is named differently in Japanese and in English (no English
    # name on a Japanese page, or the other way round).
    checked = 0
    for view in VIEWS:
        (ja, focusable_ja), (en, focusable_en) = _focusable(view, "ja"), _focusable(view, "en")
        names_ja = [_name(ja, el) for el in focusable_ja]
        names_en = [_name(en, el) for el in focusable_en]
        assert len(names_ja) == len(names_en), view.record.path
        for a, b in zip(names_ja, names_en, strict=True):
            if a.isascii():  # a name of the record's own text (a game's name) is the same
                continue
            assert a != b, (view.record.path, a)
            checked += 1
    assert checked > 100


@pytest.mark.parametrize(("lang", "escape"), [("ja", "閉じる"), ("en", "close")])
def test_the_help_and_the_guess_form(lang: str, escape: str) -> None:
    for view in VIEWS[:3]:
        doc = _page(view, lang)
        button = doc.select_one('[data-kw-go="help"]')
        assert button is not None
        panel = doc.find(id=str(button.get("aria-controls") or "-"))
        assert isinstance(panel, Tag) and "kw-help" in (panel.get("class") or [])
        assert button.get("aria-expanded") == "false"
        keys = {
            dt.get_text(" ", strip=True): dt.find_next_sibling("dd").get_text()  # type: ignore[union-attr]
            for dt in panel.select("dt")
        }
        assert escape in keys.get("Esc", ""), keys
        legend = doc.select_one(".kw-guess fieldset > legend")
        assert legend is not None and legend.get_text(strip=True)
        assert "kw-sr" in (legend.get("class") or [])  # the form's design shows no legend


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_viewers_board_is_a_named_group(lang: str) -> None:
    """Its name was on a ``div`` with no role, where ARIA allows none (a screen reader
    may drop it): a group, as selaffesto's board scroller (not a region: a page of
    several viewers would have landmarks of one name)."""
    for view in VIEWS[:3]:
        board = _page(view, lang).select_one(".kw-viewer .kw-board")
        assert board is not None
        assert board.get("role") == "group" and board.get("aria-label")
