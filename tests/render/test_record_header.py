"""The record header's address check (``render/record.py`` ``safe_href``): one pattern
search instead of a test per character, the same answer."""

from __future__ import annotations

import sys
from urllib.parse import urlsplit

from hypothesis import given
from hypothesis import strategies as st

from kifuwiki.render.record import _UNSAFE_IN_HREF, safe_href


def _unsafe(ch: str) -> bool:
    return ch.isspace() or ord(ch) < 32


def test_the_pattern_is_the_per_character_test_on_every_code_point() -> None:
    chars = "".join(chr(c) for c in range(sys.maxunicode + 1) if not 0xD800 <= c <= 0xDFFF)
    found = {m.group() for m in _UNSAFE_IN_HREF.finditer(chars)}
    assert found == {ch for ch in chars if _unsafe(ch)}
    assert "\u3000" in found and "\x1f" in found and "\x85" in found and "\x7f" not in found


def _per_character(url: str) -> str | None:
    """``safe_href`` as it was: a test per character."""
    text = url.strip()
    try:
        parts = urlsplit(text)
    except ValueError:
        return None
    if (
        parts.scheme.lower() in ("http", "https")
        and parts.netloc
        and not any(_unsafe(ch) for ch in text)
    ):
        return text
    return None


@given(
    st.text(alphabet=st.sampled_from(" \t\x00\x1f\u3000\u00a0\x85az:/.?#[]<>&\"'日"), max_size=20)
)
def test_safe_href_answers_as_before(tail: str) -> None:
    for url in (f"https://example.org/{tail}", f"http://{tail}", f"HTTPS://{tail}", tail):
        assert safe_href(url) == _per_character(url)
