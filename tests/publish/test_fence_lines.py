"""A ```kifu block's problems are reported at the lines of the page its author edits.

Without MkDocs, at the lines of the text given to Python-Markdown; in a MkDocs site, at
the lines of the page's file, front matter included (MkDocs hands the Markdown over
without it), as ``docs/page.md:LINE:COLUMN`` like a record's problems.
"""

from __future__ import annotations

import functools
import logging
from pathlib import Path

import markdown
import pytest
from bs4 import BeautifulSoup
from conftest import build_site, copy_site
from hypothesis import given, settings
from hypothesis import strategies as st

from kifuwiki import markdown_fence
from kifuwiki.markdown_fence import BlockLocator, fence_format, fence_validator, kifu_blocks
from kifuwiki.render.environment import make_environment

CUSTOM = Path(__file__).resolve().parent.parent / "fixtures" / "sites" / "basic" / "templates"


def _warnings(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]


def test_plain_markdown_reports_the_texts_lines(caplog: pytest.LogCaptureFixture) -> None:
    text = (
        "# Page\n\nSome words.\n\n```kifu game=fake colour=red\nA: fine\nbroken line\n```\n\n"
        "- item\n\n    ```kifu game=fake\n    broken again\n    ```\n"
    )
    with caplog.at_level(logging.WARNING, logger="kifuwiki.markdown_fence"):
        html = markdown.markdown(
            text,
            extensions=["kifuwiki"],
            extension_configs={"kifuwiki": {"custom_templates": str(CUSTOM)}},
        )
    warnings = _warnings(caplog)
    assert "<markdown>:7:1: error FK001 a move line needs 'NAME: WORD'" in warnings
    # A block in a list item: its lines are indented, and so are the columns.
    assert "<markdown>:13:5: error FK001 a move line needs 'NAME: WORD'" in warnings
    assert any(
        w.startswith("<markdown>:5:1: warning KW001 unknown option 'colour'") for w in warnings
    )
    box = BeautifulSoup(html, "lxml").select_one("li.kw-diagnostic")
    assert box is not None and box["data-line"] == "7"


def test_superfences_alone_reports_the_blocks_lines(caplog: pytest.LogCaptureFixture) -> None:
    # SuperFences hands the formatter the block's text only: its own lines it is.
    fence = {
        "name": "kifu",
        "class": "kifu",
        "format": functools.partial(fence_format, env=make_environment(CUSTOM)),
        "validator": fence_validator,
    }
    md = markdown.Markdown(
        extensions=["pymdownx.superfences"],
        extension_configs={"pymdownx.superfences": {"custom_fences": [fence]}},
    )
    with caplog.at_level(logging.WARNING, logger="kifuwiki.markdown_fence"):
        md.convert('Text.\n\n```kifu game="fake"\nA: fine\nbroken line\n```\n')
    assert "kifu block, line 2:1: FK001 a move line needs 'NAME: WORD'" in _warnings(caplog)


def test_the_locator_finds_each_block_in_its_file() -> None:
    page = (
        "---\r\ntitle: T\r\n---\r\n\r\n"  # CRLF, as some editors save
        "!!! note\r\n\r\n    ```kifu game=fake\r\n    A: b\r\n\tC: d\r\n    ```\r\n\r\n"
        "````markdown\r\n```kifu\r\nA: example\r\n```\r\n````\r\n\r\n"
        "```kifu game=fake\r\nA: b\r\n\tC: d\r\n```\r\n"
    )
    reads: list[int] = []

    def read() -> str:
        reads.append(1)
        return page

    locate = BlockLocator()
    locate.start("docs/page.md", read)
    assert reads == []  # read only when a block asks
    # Python-Markdown expands tabs before the blocks are seen; identical blocks take the
    # file's lines in order; an example inside a longer fence is no block.
    assert locate("A: b\n    C: d") == (8, 4)  # line 8, indented by 4 (in the note)
    assert locate("A: b\n    C: d") == (19, 0)
    assert locate("A: b\n    C: d") is None
    assert locate("A: example") is None
    assert reads == [1]
    locate.start("docs/other.md", None)  # a page with no file (a generated one)
    assert locate("A: b") is None


def test_kifu_blocks_skip_other_and_unclosed_fences() -> None:
    lines = ["```python", "```kifu", "```", "~~~kifu game=x", "A: b", "~~~", "```kifu", "A: c"]
    blocks = list(kifu_blocks(lines))
    assert [(b.start, b.end, b.options, b.body) for b in blocks] == [
        (3, 5, {"game": "x"}, ["A: b"])
    ]


def test_a_mkdocs_page_reports_its_files_lines(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    root = copy_site(tmp_path)
    broken = "```kifu game=fake\nA: fine\nbroken line\n```\n"
    (root / "docs" / "embed.md").write_text(
        "---\ntitle: Embeds\n---\n\n# Embeds\n\n"  # front matter MkDocs takes off
        + broken  # lines 7-10: the broken move on 9
        + "\n!!! note\n\n    ```kifu game=fake\n    A: fine\n    broken line\n    ```\n\n"  # 16
        + broken,  # lines 19-22: the same block again, its broken move on 21
        "utf-8",
    )
    with caplog.at_level(logging.WARNING, logger="mkdocs.plugins"):
        site = build_site(root)
    on_the_page = [w for w in _warnings(caplog) if "embed.md" in w]
    assert on_the_page == [
        "kifuwiki: docs/embed.md:9:1: error FK001 a move line needs 'NAME: WORD'",
        "kifuwiki: docs/embed.md:16:5: error FK001 a move line needs 'NAME: WORD'",
        "kifuwiki: docs/embed.md:21:1: error FK001 a move line needs 'NAME: WORD'",
    ], _warnings(caplog)
    boxes = BeautifulSoup((site / "embed" / "index.html").read_text("utf-8"), "lxml")
    lines = [li["data-line"] for li in boxes.select("li.kw-diagnostic")]
    assert lines == ["9", "16", "21"]


_LINE = st.sampled_from(["text", "", "  indented", "\ttabbed", "- item", "A: b", "    C: d"])


@st.composite
def _pages(draw: st.DrawFn) -> str:
    parts: list[str] = []
    for _ in range(draw(st.integers(1, 5))):
        parts.extend(draw(st.lists(_LINE, max_size=3)))
        indent = draw(st.sampled_from(["", "    ", "  ", "\t"]))
        fence = draw(st.sampled_from(["```", "~~~", "````"]))
        body = draw(st.lists(_LINE, min_size=1, max_size=3))
        parts.append(f"{indent}{fence}kifu game=fake")
        parts.extend(f"{indent}{line}" if line else "" for line in body)
        parts.extend([f"{indent}{fence}", ""])
    return "\n".join(parts)


@settings(max_examples=150, deadline=None)
@given(page=_pages())
def test_the_locator_agrees_with_the_preprocessor(page: str) -> None:
    # The preprocessor knows each block's line (the fast path, used without a file);
    # the locator finds it again in the file's text: both must give the same place.
    seen: list[tuple[str, int | None, int]] = []

    def spy(
        source: str, *args: object, first_line: int | None = None, indent: int = 0, **kw: object
    ) -> str:
        seen.append((source, first_line, indent))
        return ""

    locate = BlockLocator()
    locate.start("page.md", lambda: page)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(markdown_fence, "fence_format", spy)
        markdown.markdown(page, extensions=["kifuwiki"])
    assert seen, page
    for source, first_line, indent in seen:
        assert locate(source) == (first_line, indent), page
