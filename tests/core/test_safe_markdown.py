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


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ('![the opening](https://example.org/o.png "board")', "the opening"),
        ("see ![map](map.png) here", "map"),
        ("![](diagram.png)", "diagram.png"),
        ("[![badge](b.png)](https://example.org)", "badge"),
    ],
)
def test_an_image_becomes_a_link_to_it_not_nothing(text: str, kept: str) -> None:
    """The sanitiser drops <img> (no pictures from other hosts), alt text and all: the
    comment lost those words without a trace."""
    soup = BeautifulSoup(str(render_comment(text)), "html.parser")
    assert kept in soup.get_text()
    assert soup.find("img") is None
    links = soup.find_all("a")
    assert len(links) == 1
    assert kept in links[0].get_text()


def test_an_image_with_a_script_link_keeps_its_words_and_loses_the_link() -> None:
    soup = BeautifulSoup(str(render_comment("![x](javascript:alert(1))")), "html.parser")
    assert soup.get_text() == "x"
    assert "href" not in soup.find("a").attrs


@pytest.mark.parametrize("text", ["[1]: https://example.org/rules", "---", "***"])
def test_a_comment_markdown_renders_as_nothing_is_shown_as_written(text: str) -> None:
    """A lone link definition or a rule rendered to nothing: an empty comment box."""
    assert BeautifulSoup(str(render_comment(text)), "html.parser").get_text() == text


def test_a_link_definition_used_in_the_same_text_still_works() -> None:
    html = str(render_comment("the [rules][1]\n\n[1]: https://example.org/rules"))
    assert 'href="https://example.org/rules"' in html
    assert "[1]" not in html
