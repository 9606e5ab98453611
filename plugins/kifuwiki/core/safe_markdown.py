"""Comments are Markdown written by people: render a safe subset of it.

Raw HTML is switched off in the Markdown parser (so ``<script>`` comes out as text),
and the result goes through nh3 (the ammonia sanitiser) with a short allow-list, so
nothing a record says can run in a reader's browser.
"""

from __future__ import annotations

import re
import threading
from functools import lru_cache
from html import unescape
from xml.etree.ElementTree import Element

import markdown
import nh3
from markdown.treeprocessors import Treeprocessor
from markupsafe import Markup, escape

_ALLOWED_TAGS = {
    "p", "br", "em", "strong", "code", "pre", "del", "a", "ul", "ol", "li", "blockquote",
}  # fmt: skip
_ALLOWED_ATTRIBUTES = {"a": {"href", "title"}}
_URL_SCHEMES = {"http", "https", "mailto"}

_local = threading.local()
_TAG = re.compile(r"<[^>]*>")


class _ImagesAsLinks(Treeprocessor):
    """``![map](map.png)`` becomes a link to the image, its text the alt text. The
    sanitiser drops ``<img>`` (a page shows no pictures from other hosts), and with it the
    alt text: the words someone wrote vanished without a trace."""

    def run(self, root: Element) -> None:
        for parent in root.iter():
            for image in parent.iter("img") if parent.tag == "a" else ():
                # An image inside a link (a badge): its alt text, the link stays one link.
                image.text = image.get("alt") or ""
                image.tag = "span"  # not allowed: the sanitiser keeps only its text
                image.attrib.clear()
        for image in root.iter("img"):
            source = image.get("src", "")
            title = image.get("title")
            image.text = image.get("alt") or source
            image.tag = "a"
            image.attrib.clear()
            image.set("href", source)
            if title:
                image.set("title", title)


def _renderer() -> markdown.Markdown:
    md: markdown.Markdown | None = getattr(_local, "md", None)
    if md is None:
        md = markdown.Markdown(extensions=[], output_format="html")
        # Raw HTML is text in a comment, not markup.
        md.preprocessors.deregister("html_block")
        md.inlinePatterns.deregister("html")
        # After the inline patterns (20) have made the <img> elements.
        md.treeprocessors.register(_ImagesAsLinks(md), "kifuwiki_images_as_links", 15)
        _local.md = md
    md.reset()
    return md


@lru_cache(maxsize=4096)
def render_comment(text: str) -> Markup:
    """Render one comment (Markdown source) to sanitised HTML.

    Memoised: a record page and its search text both render every comment, and
    generated or imported archives repeat the same remarks.
    """
    html = _renderer().convert(text)
    cleaned = nh3.clean(
        html,
        tags=_ALLOWED_TAGS,
        attributes=_ALLOWED_ATTRIBUTES,
        url_schemes=_URL_SCHEMES,
        link_rel="nofollow noopener",
    )
    if text.strip() and not unescape(_TAG.sub("", cleaned)).strip():
        # Markdown made nothing to read of it: a lone link definition (``[1]: https://…``,
        # used by no link in the same comment) or a rule (``---``). Show what was written.
        cleaned = f"<p>{escape(text.strip())}</p>"
    return Markup(cleaned)  # noqa: S704 - sanitised by nh3 just above


def render_inline(text: str) -> Markup:
    """Render a one-line comment without the wrapping paragraph."""
    html = str(render_comment(text)).strip()
    if html.startswith("<p>") and html.endswith("</p>") and html.count("<p>") == 1:
        html = html[3:-4]
    return Markup(html)  # noqa: S704 - sanitised by render_comment


__all__ = ["escape", "render_comment", "render_inline"]
