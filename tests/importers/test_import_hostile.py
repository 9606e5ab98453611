"""Hostile HTML on a wiki page never reaches a published page as markup.

Records are text: the importer keeps only ``get_text`` of the page, and the publishing
side escapes record text and renders comments through the safe Markdown subset. These
tests push a hostile page through the importer, the archive loader and the real record
page renderer, and look for anything that could run in a reader's browser.
"""

from __future__ import annotations

from pathlib import Path

from bs4 import BeautifulSoup
from bs4.element import Tag

from kifuwiki.archive import load_text
from kifuwiki.core.safe_markdown import render_comment
from kifuwiki.games import get_game
from kifuwiki.games.prime_daifugo.import_fandom import import_page
from kifuwiki.importers.article import Page
from kifuwiki.importers.mediawiki import read_saved_page
from kifuwiki.render.environment import make_environment
from kifuwiki.render.record import render_record_page

from .conftest import FIXTURES, GOLDEN_DATE

HOSTILE = FIXTURES / "fandom" / "hostile.html"


def _assert_harmless(html: str) -> None:
    soup = BeautifulSoup(html, "lxml")
    for tag in soup.find_all(True):
        assert isinstance(tag, Tag)
        assert tag.name not in ("iframe", "object", "embed"), tag
        for name, value in tag.attrs.items():
            assert not name.lower().startswith("on"), tag
            values = value if isinstance(value, list) else [value]
            for item in values:
                assert not str(item).strip().lower().startswith("javascript:"), tag
        if tag.name == "script":
            assert "alert" not in tag.get_text(), tag
        if tag.name == "img":
            assert tag.get("src") != "x", tag


def _imported_texts() -> list[str]:
    page = read_saved_page(HOSTILE)
    result = import_page(Page(page.title, "https://w.example/wiki/Hostile", 7, page.html))
    assert result.records, "the hostile page still holds a real game"
    return [record.render(GOLDEN_DATE) for record in result.records]


def test_no_markup_survives_in_the_record_text() -> None:
    for text in _imported_texts():
        # Markup the page *typed as text* is kept (nothing is dropped) but only as a comment.
        for line in text.splitlines():
            if "<" in line or "javascript:" in line:
                assert line.startswith("* "), line
        assert "alert(1)" not in text  # the real <script>/onclick of the page are gone
        assert "alert(4)" not in text and "alert(9)" not in text and "alert(10)" not in text


def test_comments_render_harmlessly() -> None:
    for text in _imported_texts():
        (game,) = load_text(text, "records/prime-daifugo/hostile.kifu")
        comments = [line.comment for line in game.source.lines if line.comment]
        assert any("javascript:" in comment for comment in comments)
        for comment in comments:
            _assert_harmless(str(render_comment(comment)))


def test_published_record_page_is_harmless() -> None:
    env = make_environment()
    for text in _imported_texts():
        (game,) = load_text(text, "records/prime-daifugo/hostile.kifu")
        assert game.errors == 0, [d.format_text() for d in game.diagnostics]
        view = get_game(game.game).view(game)
        html = render_record_page(view, env, "ja")
        assert "import-review" in html  # the kept lines are shown …
        _assert_harmless(html)  # … as text
        # The page credits its source: a link to the wiki page and the licence.
        assert 'href="https://w.example/wiki/Hostile"' in html
        assert "CC BY-SA 3.0" in html


def test_hostile_title_of_a_saved_page_is_text(tmp_path: Path) -> None:
    saved = tmp_path / "evil.html"
    saved.write_text(
        '<html><head><title>x</title></head><body><h1 id="firstHeading">悪い'
        "<script>alert(1)</script><b onclick=alert(2)>題</b></h1>"
        '<div class="mw-parser-output"><p>本文</p></div></body></html>',
        encoding="utf-8",
    )
    page = read_saved_page(saved)
    assert page.title == "悪い 題"


def test_javascript_canonical_url_is_not_taken_as_source(tmp_path: Path) -> None:
    saved = tmp_path / "evil.html"
    saved.write_text(
        '<html><head><link rel="canonical" href="javascript:alert(1)"></head>'
        '<body><div class="mw-parser-output"><p>本文</p></div></body></html>',
        encoding="utf-8",
    )
    assert read_saved_page(saved).url == ""  # no source at all (IM006), never javascript:
