"""Record pages as MkDocs pages that skip Markdown.

A record page's body comes from :class:`~kifuwiki.sitebuild.SiteBuild`; MkDocs only
ever sees a stub (its title). Running Markdown on that stub still cost a
``markdown.Markdown`` instance per page (every extension set up again, their settings
deep-copied): about a sixth of the building process's CPU on a large archive. A
:class:`GeneratedPage` gives MkDocs what Markdown made of the stub (the same
``markdown``, ``meta``, title, empty table of contents and ``<p>`` body), so every
plugin event and the theme see what they saw before, at no cost. (One difference, on
purpose: a title Markdown reads as a heading, ``# Final``, no longer puts a stray entry
in the page's table of contents.)

What this relies on in MkDocs (``mkdocs>=1.6,<2``; not public API, so
``tests/sitebuild/test_generated_page.py`` checks each against the installed MkDocs):
``Page.__init__`` sets ``file.page``, which the build and the nav reuse instead of making
a ``Page``; ``Page.read_source`` and ``Page.render`` keep their signatures; and the
attributes ``render`` sets (``content``, ``toc``, ``_title_from_render``,
``present_anchor_ids``, ``links_to_anchors`` unless debug logging) are the ones set here.
"""

from __future__ import annotations

import logging
from html import escape

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page
from mkdocs.structure.toc import get_toc
from mkdocs.utils import meta

_MKDOCS_LOG = logging.getLogger("mkdocs.structure.pages")


def stub_markdown(title: str) -> str:
    """The Markdown a generated page starts as: only its title (HTML-escaped, since
    themes print page titles unescaped); on_page_content replaces the body."""
    return f"{escape(title, quote=False)}\n"


class GeneratedPage(Page):
    """A page whose body a plugin writes: read and rendered without Markdown.

    Made in ``on_files`` (MkDocs then uses it instead of making its own ``Page``);
    only for pages that never appear in the nav, whose title is their own."""

    def __init__(self, title: str, file: File, config: MkDocsConfig) -> None:
        # No title passed on: like a page MkDocs makes, its title comes from ``meta``.
        super().__init__(None, file, config)
        self._stub_title = escape(title, quote=False)

    def read_source(self, config: MkDocsConfig) -> None:
        source = config.plugins.on_page_read_source(page=self, config=config)
        if source is not None:  # another plugin gave the page a source: read it as usual
            self.markdown, self.meta = meta.get_data(source)
            return
        self.markdown = f"{self._stub_title}\n"
        self.meta = {"title": self._stub_title}

    def render(self, config: MkDocsConfig, files: Files) -> None:
        if self.markdown != f"{self._stub_title}\n":
            # A plugin's on_page_markdown wrote something else: let Markdown have it.
            super().render(config, files)
            return
        # What Markdown makes of one line of escaped text: a paragraph, no headings.
        self.content = f"<p>{self._stub_title}</p>"
        self.toc = get_toc([])
        self._title_from_render = None
        self.present_anchor_ids = set()
        if _MKDOCS_LOG.getEffectiveLevel() > logging.DEBUG:
            self.links_to_anchors = {}
