"""Text clean-up shared by the HTML importers.

Wiki authors type records with a Japanese input method on, so the same line arrives as
``Ａ：２２３`` or ``A:223``; pages also carry non-breaking and zero-width spaces. One
function turns all of that into the plain ASCII notation the record parsers read.
"""

from __future__ import annotations

import re

#: Full-width ASCII (！ … ～) → ASCII, ideographic and non-breaking spaces → space.
_WIDTH_TABLE: dict[int, int | None] = {code: code - 0xFEE0 for code in range(0xFF01, 0xFF5F)}
_WIDTH_TABLE.update({0x3000: 0x20, 0x00A0: 0x20, 0x2007: 0x20, 0x202F: 0x20, 0x2009: 0x20})
#: Invisible characters that only confuse a parser.
_WIDTH_TABLE.update(dict.fromkeys((0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF, 0x00AD)))

_SPACES = re.compile(r"[ \t\f\v]+")


def normalise(text: str) -> str:
    """Full-width → ASCII, odd spaces → one space, trimmed (one line, no line breaks)."""
    return _SPACES.sub(" ", text.translate(_WIDTH_TABLE)).strip()


def split_lines(text: str) -> list[str]:
    """Normalised lines of a text block (line ends of any kind)."""
    return [normalise(line) for line in text.replace("\r\n", "\n").replace("\r", "\n").split("\n")]
