"""Record pages reach MkDocs as :class:`GeneratedPage`: no Markdown run on the stub.

What MkDocs, its plugins and the theme read of such a page (``markdown``, ``meta``,
title, table of contents, the stub's body) must be what Markdown made of the stub
before; a page another plugin gave other Markdown is rendered by Markdown as usual.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from mkdocs.config import load_config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

from kifuwiki.mkdocs_plugin.pages import GeneratedPage
from kifuwiki.mkdocs_plugin.plugin import _stub
from kifuwiki.render.site import SitePage


@pytest.fixture
def config(tmp_path: Path) -> MkDocsConfig:
    (tmp_path / "docs").mkdir()
    (tmp_path / "mkdocs.yml").write_text(
        "site_name: t\nmarkdown_extensions:\n  - toc\n  - pymdownx.superfences\n",
        encoding="utf-8",
    )
    config = load_config(config_file=str(tmp_path / "mkdocs.yml"))
    config.plugins._current_plugin = None  # what MkDocs sets while it runs plugin events
    return config


def _pages(config: MkDocsConfig, title: str) -> tuple[Page, GeneratedPage, Files]:
    site_page = SitePage("records/g/a.md", "record", title, "a.kifu#1", "g")
    markdown_file = File.generated(config, site_page.src_uri, content=_stub(site_page))
    generated_file = File.generated(config, site_page.src_uri, content=_stub(site_page))
    files = Files([markdown_file])
    return Page(None, markdown_file, config), GeneratedPage(title, generated_file, config), files


@pytest.mark.parametrize(
    "title", ["対局 1 — あかり vs Bob", "<script>alert('x')</script> & co", 'Quote "this"']
)
def test_a_generated_page_is_what_markdown_made_of_the_stub(
    config: MkDocsConfig, title: str
) -> None:
    by_markdown, generated, files = _pages(config, title)
    for page in (by_markdown, generated):
        page.read_source(config)
        page.render(config, files)
    assert generated.markdown == by_markdown.markdown
    assert generated.meta == by_markdown.meta
    assert generated.title == by_markdown.title
    assert "<script>" not in str(generated.title)
    assert generated.content == by_markdown.content
    assert list(generated.toc) == list(by_markdown.toc) == []
    assert generated.present_anchor_ids == by_markdown.present_anchor_ids


def test_a_title_markdown_reads_as_a_heading_gives_no_table_of_contents(
    config: MkDocsConfig,
) -> None:
    """The stub through Markdown made '# …' a heading (a stray entry in the page's table
    of contents, for a body that is replaced anyway); a generated page has none."""
    _, generated, files = _pages(config, "# Final")
    generated.read_source(config)
    generated.render(config, files)
    assert generated.title == "# Final"
    assert list(generated.toc) == []


def test_markdown_another_plugin_wrote_is_rendered_by_markdown(config: MkDocsConfig) -> None:
    _, generated, files = _pages(config, "Game")
    generated.read_source(config)
    generated.markdown = "## Added by a plugin\n\nText."
    generated.render(config, files)
    assert generated.content is not None and "<h2" in generated.content
    assert [item.title for item in generated.toc] == ["Added by a plugin"]


def test_the_mkdocs_internals_a_generated_page_relies_on(config: MkDocsConfig) -> None:
    """The boundary with MkDocs (``mkdocs>=1.6,<2``), so a 1.x release that moves it fails
    here instead of publishing pages without titles or anchors:

    - ``Page.__init__`` sets ``file.page``: the build and the nav then use this page
      instead of making their own (``build.py`` and ``nav.py`` check ``file.page is None``);
    - ``Page.render`` sets no attribute the generated page leaves unset: after reading
      and rendering, both pages hold the same attributes with the same values (but the
      file and the stub's own title), private ones (``_title_from_render``) included."""
    by_markdown, generated, files = _pages(config, "Game <1> & 2")
    assert generated.file.page is generated
    for page in (by_markdown, generated):
        page.read_source(config)
        page.render(config, files)
    own = {"file", "_stub_title"}
    markdown_state = {k: v for k, v in vars(by_markdown).items() if k not in own}
    generated_state = {k: v for k, v in vars(generated).items() if k not in own}
    assert set(generated_state) == set(markdown_state)
    for name, value in markdown_state.items():
        if name == "toc":
            assert list(generated_state[name]) == list(value) == []
        else:
            assert generated_state[name] == value, name


_URI_PARTS = st.text(alphabet=st.sampled_from(list("a./\\:は ")), max_size=9)


@settings(max_examples=300, deadline=None)
@given(uri=_URI_PARTS, stored=st.lists(_URI_PARTS, max_size=3))
@example(uri="records/g/a.md", stored=[])
@example(uri="./a", stored=[])
@example(uri="a/./b", stored=[])
@example(uri="a/.", stored=[])
@example(uri="a//b", stored=[])
@example(uri="a/", stored=[])
@example(uri="/a", stored=[])
@example(uri="//a", stored=[])
@example(uri="a\\b", stored=[])
@example(uri="c:a", stored=[])
@example(uri="a/../b", stored=[])
def test_a_file_is_found_as_mkdocs_finds_it(uri: str, stored: list[str]) -> None:
    """``file_at`` skips ``PurePath`` for a URI already in normal form: it finds the file
    ``Files.get_file_from_path`` finds (or none) for any URI, dots, slashes, backslashes
    and colons included; the files held are the URIs' own normal forms, so most look-ups
    hit."""
    from pathlib import PurePath

    from kifuwiki.mkdocs_plugin.plugin import file_at

    files = Files([])
    for text in [uri, *stored]:
        normal = PurePath(text).as_posix()
        if normal not in ("", ".") and files.get_file_from_path(normal) is None:
            files.append(File(normal, "/docs", "/site", use_directory_urls=True))
    assert file_at(files, uri) is files.get_file_from_path(uri)
