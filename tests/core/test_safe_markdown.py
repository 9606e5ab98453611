"""Comments render through a safe Markdown subset: nothing a record says can run."""

from __future__ import annotations

import pytest
from bs4 import BeautifulSoup

from kifuwiki.core.safe_markdown import render_comment, render_inline


def test_basic_markdown_survives() -> None:
    html = str(render_comment("**strong** and *em* and `code`"))
    assert "<strong>strong</strong>" in html
    assert "<em>em</em>" in html
    assert "<code>code</code>" in html


@pytest.mark.parametrize(
    "hostile",
    [
        "<script>alert(1)</script>",
        "<img src=x onerror=alert(1)>",
        '<a href="javascript:alert(1)">x</a>',
        "[click](javascript:alert(1))",
        '<div onclick="alert(1)">x</div>',
        "<iframe src=//evil></iframe>",
    ],
)
def test_hostile_markup_never_becomes_markup(hostile: str) -> None:
    soup = BeautifulSoup(str(render_comment(hostile)), "html.parser")
    for element in soup.find_all(True):
        assert element.name in {"p", "a", "em", "strong", "code"}
        assert not [name for name in element.attrs if name.lower().startswith("on")]
        assert not str(element.get("href", "")).lower().startswith("javascript")


def test_links_are_kept_with_rel() -> None:
    html = str(render_comment("[wiki](https://example.org/a)"))
    assert 'href="https://example.org/a"' in html
    assert "nofollow" in html


def test_inline_drops_the_paragraph() -> None:
    assert str(render_inline("a *b*")) == "a <em>b</em>"
