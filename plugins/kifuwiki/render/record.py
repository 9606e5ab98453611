"""One record → HTML: the step-through viewer, and the full record page around it."""

from __future__ import annotations

import base64
import bisect
import dataclasses
import json
import re
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any
from urllib.parse import unquote, urlsplit

import jinja2
from markupsafe import Markup

from kifuwiki.core.diagnostics import Diagnostic
from kifuwiki.core.recordfile import ACCEPT_KEY
from kifuwiki.games import get_game
from kifuwiki.games.base import GameRecord, RecordView, declared_shown_meta_keys
from kifuwiki.render.record_page import reads_packaged_templates, record_page_html
from kifuwiki.render.search_text import reads_packaged_template, search_text
from kifuwiki.render.site import NO_LINKS, Links, meta_text

#: Front-matter keys the record header shows in its own rows (or that only steer
#: loading); any other key is shown in a small "more information" table, so nothing
#: a person wrote is silently dropped. ``accept`` is shown where it acts: each
#: acceptance beside the warning it accepts, or as an RF008/RF011 note when it accepts
#: none. A game adds the keys its own page shows (``shown_meta_keys``).
KNOWN_META_KEYS = frozenset(
    {
        "game", "title", "event", "date", "players", "source", "url", "license", "licence",
        "attribution", "author", "rules", "notation", "dialect", ACCEPT_KEY,
    }
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class SourceLink:
    text: str
    href: str | None
    """Only http(s) addresses become links; anything else (``javascript:``…) stays text."""

    @property
    def short(self) -> str:
        """``host/…/last-part`` for a long address (the full one is the link's title)."""
        if self.href is None or len(self.text) <= 48:
            return self.text
        parts = urlsplit(self.href)
        segments = [s for s in parts.path.split("/") if s]
        if len(segments) <= 1:
            return self.text
        return f"{parts.netloc}/…/{unquote(segments[-1])}"


@dataclass(slots=True)
class RecordHeader:
    """What the top of a record page says, computed once from the RecordView."""

    title: str
    event: str
    date: str
    rules: str
    source: SourceLink | None
    license: str
    attribution: str
    extra_meta: list[tuple[str, str]] = field(default_factory=list)
    download_name: str = ""
    download_href: str = ""
    """The record file as written (set by :func:`render_record_page`): the copy a site
    build puts next to the page, or where there is none (a page on its own) a ``data:``
    address; empty when the file text is unknown."""


#: What no address may hold: white space (``str.isspace``: the pattern's ``\s`` is the same
#: test, checked over every code point in ``tests/render/test_record_header.py``) and
#: control characters. One search instead of a generator over each character.
_UNSAFE_IN_HREF = re.compile(r"[\s\x00-\x1f]")


def safe_href(url: str) -> str | None:
    """``url`` if it is an absolute http(s) address, else ``None``."""
    text = url.strip()
    try:
        parts = urlsplit(text)
    except ValueError:
        return None
    if (
        parts.scheme.lower() in ("http", "https")
        and parts.netloc
        and _UNSAFE_IN_HREF.search(text) is None
    ):
        return text
    return None


def meta_value_text(value: Any) -> str:
    """A front-matter value as one line of text (mappings and lists as JSON)."""
    if isinstance(value, str):
        return value
    if isinstance(value, (date, datetime)):
        return value.isoformat()
    if isinstance(value, (dict, list, tuple)):
        return json.dumps(value, ensure_ascii=False, default=str)
    return "" if value is None else str(value)


def record_header(view: RecordView) -> RecordHeader:
    record = view.record
    source_text = meta_text(record, "source") or meta_text(record, "url")
    source = SourceLink(source_text, safe_href(source_text)) if source_text else None
    shown = KNOWN_META_KEYS | _shown_by_game(record.game)
    extra = [
        (str(key), meta_value_text(value))
        for key, value in record.meta.items()
        if str(key).lower() not in shown
    ]
    return RecordHeader(
        title=record.title,
        event=meta_text(record, "event"),
        date=meta_value_text(record.meta.get("date", "")),
        rules=record.rules or meta_value_text(record.meta.get("rules", "")),
        source=source,
        license=meta_text(record, "license") or meta_text(record, "licence"),
        attribution=meta_text(record, "attribution") or meta_text(record, "author"),
        extra_meta=extra,
        download_name=_file_name(record.path),
    )


def _shown_by_game(game_id: str) -> frozenset[str]:
    """The front-matter keys ``game_id``'s page shows in its own form (none for a game
    not installed in this process: its keys stay in "More information")."""
    try:
        return declared_shown_meta_keys(get_game(game_id))
    except KeyError:
        return frozenset()


def _file_name(path: str | None) -> str:
    return path.replace("\\", "/").rsplit("/", 1)[-1] if path else ""


def download_href(record: GameRecord, links: Links) -> str:
    """Where the page's "download the record file" link points: the file the site build
    copied (a real file: a base64 ``data:`` address weighs 1.33× the record in every
    page and gzips badly), else the file's text as a ``data:`` address."""
    if not record.path:
        return ""
    return links.file(record.path) or _data_href(record.source.file_text)


def _data_href(text: str) -> str:
    if not text:
        return ""
    encoded = base64.b64encode(text.encode("utf-8")).decode("ascii")
    return f"data:text/plain;charset=utf-8;base64,{encoded}"


def diagnostics_of(view: RecordView) -> list[Diagnostic]:
    """The record's diagnostics, most severe first within each line, each linked to the
    step it belongs to (:func:`with_steps`)."""
    ordered = sorted(view.record.diagnostics, key=lambda d: (d.line, d.column, d.severity.rank))
    return with_steps(ordered, view)


def with_steps(diagnostics: list[Diagnostic], view: RecordView) -> list[Diagnostic]:
    """``diagnostics``, each without a step given one from its line: the last step that
    starts on or before it (a line between two moves, a comment or a line the game could
    not read, belongs to the move before it; a deal line to the start). A line before
    the record's body (front matter) belongs to no step. Every game gets its page's
    "move n" links this way, whether or not its engine sets ``step`` (review13 R13-4:
    two games' engines set none, and their pages had no links)."""
    if not view.steps or all(d.step is not None for d in diagnostics):
        return diagnostics
    # The moves, by the line each starts on (the start, step 0, takes what comes
    # before the first move); several on one line: the first of them.
    starts = sorted((step.line, step.index) for step in view.steps if step.index > 0)
    lines = [line for line, _ in starts]
    body = view.record.source.first_line
    linked = []
    for d in diagnostics:
        if d.step is None and d.line >= body:
            at = bisect.bisect_right(lines, d.line) - 1
            if at >= 0 and lines[at] == d.line:
                at = bisect.bisect_left(lines, d.line)
            d = dataclasses.replace(d, step=starts[at][1] if at >= 0 else view.steps[0].index)
        linked.append(d)
    return linked


def render_viewer(view: RecordView, env: jinja2.Environment, lang: str, prefix: str = "") -> Markup:
    """The step-through viewer for one record (``templates/viewer.html``)."""
    html = env.get_template("viewer.html").render(view=view, lang=lang, prefix=prefix)
    return Markup(html)  # noqa: S704 - rendered by an autoescaping environment


def render_record_page(
    view: RecordView,
    env: jinja2.Environment,
    lang: str,
    links: Links = NO_LINKS,
    hide_results: bool = False,
) -> str:
    """A whole record page: header, viewer, and every diagnostic linked to its move.

    ``hide_results``: the page starts with "hide the result until the last move" checked
    (the site's ``hide_results`` option); the reader can still change it on the page."""
    header = record_header(view)
    header.download_href = download_href(view.record, links)
    if not view.extra and reads_packaged_templates(env):
        # The same text in plain Python (render/record_page.py).
        return record_page_html(
            view,
            env,
            lang,
            links,
            header,
            diagnostics_of(view),
            render_viewer(view, env, lang),
            hide_results,
        )
    return env.get_template("record.html").render(
        view=view,
        record=view.record,
        header=header,
        diagnostics=diagnostics_of(view),
        viewer=render_viewer(view, env, lang),
        lang=lang,
        links=links,
        prefix="",
        hide_results=hide_results,
    )


def render_record_search_text(view: RecordView, env: jinja2.Environment, lang: str) -> str:
    """The record page's text for a search index (``templates/record_search.html``;
    the same text in plain Python while the environment reads the packaged template,
    ``render/search_text.py``)."""
    template = env.get_template("record_search.html")
    if reads_packaged_template(template):
        return search_text(view, env, lang, diagnostics_of(view))
    return template.render(
        view=view,
        record=view.record,
        header=record_header(view),
        diagnostics=diagnostics_of(view),
        lang=lang,
    )
