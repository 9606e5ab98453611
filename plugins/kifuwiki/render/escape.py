"""Escaping and the few markup pieces the Python fast paths share.

What an autoescaping template writes for ``{{ value }}`` (:func:`output_escape`),
Jinja's ``join`` filter there (:func:`jinja_join`), and the ``link`` and ``badge``
macros of ``templates/_kw_macros.html`` (:func:`link_html`, :func:`badge_html`). The
record page, its search text and the games tables' rows each had their own copy; this
module imports nothing of kifuwiki's but the core's ``terminal_safe`` (a leaf), so any
render module may use it (the rows are imported by ``environment.py``, which could not
be imported back).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from markupsafe import Markup, escape

from kifuwiki.core.diagnostics import terminal_safe

try:  # markupsafe's C escaper without the Markup wrapper (pure Python where not built)
    from markupsafe._speedups import _escape_inner
except ImportError:  # pragma: no cover - markupsafe without its C extension
    from markupsafe._native import _escape_inner


def visible_controls(text: str) -> str:
    """``text`` with each control character written as the terminal output writes it
    (``\\x1b``: :func:`kifuwiki.core.diagnostics.terminal_safe`, one rule for the CLI
    and the pages), so a record's NUL or ESC never reaches a page. ``isprintable``
    first: nearly every value is one line of printable text and skips the pattern."""
    return text if text.isprintable() else terminal_safe(text)


def output_escape(value: object) -> str:
    """What an autoescaping template writes for ``{{ value }}``: the same text as
    :func:`markupsafe.escape`, as a plain ``str`` for the common types, with control
    characters written visibly (:func:`visible_controls`).

    Compiled templates call ``escape`` for every ``{{ … }}`` and only join the results
    (a block or macro wraps the joined text in ``Markup`` itself), so building a
    ``Markup`` per output, about a third of a record page's render, buys nothing."""
    if type(value) is str:  # narrows the type: no ``typing.cast`` call at run time
        text = _escape_inner(value)
        return text if text.isprintable() else visible_controls(text)
    if type(value) is int:  # digits and a sign: nothing to escape (bool is not int here)
        return str(value)
    escaped = escape(value)
    if escaped.isprintable():
        return escaped
    return Markup(terminal_safe(escaped))  # noqa: S704 - only controls replaced


esc = output_escape


def jinja_join(values: Iterable[Any], separator: str) -> str:
    """Jinja's ``join`` filter in an autoescaping template (a ``Markup`` when an item is
    markup, each other item escaped then; else the plain joined text)."""
    items = list(values)
    if any(hasattr(item, "__html__") for item in items):
        return Markup(escape(separator)).join(items)  # noqa: S704 - Markup.join escapes
    return separator.join(map(str, items))


def link_html(href: str | None, text: Any) -> str:
    """The ``link`` macro: an anchor, or the text alone when there is no page."""
    if href:
        return f'<a href="{esc(href)}">{esc(text)}</a>'
    return esc(text)


def badge_html(name: str, label: str, spelled: bool = False) -> str:
    """The ``badge`` macro for a badge labelled ``label`` (abbreviations such as GC
    show themselves unless ``spelled``)."""
    return (
        f'<span class="kw-badge" data-badge="{esc(name)}" title="{esc(label)}">'
        f"{esc(name if name.isupper() and not spelled else label)}</span>"
    )
