"""Templates without their indentation: a record page repeats its step markup hundreds
of times, and the indentation that makes a template readable was a tenth of the page.

:class:`DropIndentation` removes the spaces and tabs that start each line of a
template's *source* (never of the values it prints: people's comments, records), before
Jinja reads it. The line breaks stay, so text that was separated by white space still
is: in HTML's normal flow any run of white space shows as one space, so the page shows
exactly what it showed. (After a line that ends with a block tag, whose line break Jinja's
``trim_blocks`` removes, one space is kept in place of the indentation.) A template that
holds ``<pre>``, ``<textarea>`` or a ``white-space`` style, where indentation would show,
is left as it is.
"""

from __future__ import annotations

import re

from jinja2.ext import Extension

#: A line's indentation, and whether the line before ended with a tag (``%}``, ``#}``):
#: ``trim_blocks`` drops the line break after one, so there the indentation was the only
#: white space between two pieces of text and one space must stay.
_INDENT = re.compile(r"([%#]\})?\n[ \t]+")
_SHOWS_SPACES = re.compile(r"<pre|<textarea|white-space", re.I)


def drop_indentation(source: str) -> str:
    """``source`` without leading spaces and tabs on its lines (unchanged when it holds
    an element that shows white space as written)."""
    if _SHOWS_SPACES.search(source):
        return source
    return _INDENT.sub(_keep_separation, source)


def _keep_separation(match: re.Match[str]) -> str:
    return f"{match.group(1)}\n " if match.group(1) else "\n"


class DropIndentation(Extension):
    """Jinja extension: :func:`drop_indentation` on every template's source."""

    def preprocess(self, source: str, name: str | None, filename: str | None = None) -> str:
        return drop_indentation(source)
