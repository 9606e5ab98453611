"""``lazy_pattern``: compiled on the first call only, then always the same pattern."""

from __future__ import annotations

import re

import pytest

from kifuwiki.core import lazyre


def test_a_lazy_pattern_is_compiled_once_on_first_use(monkeypatch: pytest.MonkeyPatch) -> None:
    compiled: list[str] = []
    real = re.compile

    def counting(pattern: str, flags: int = 0) -> re.Pattern[str]:
        compiled.append(pattern)
        return real(pattern, flags)

    monkeypatch.setattr(lazyre.re, "compile", counting)
    heading = lazyre.lazy_pattern(r"(?P<no>\d+)局", re.IGNORECASE)
    assert compiled == []  # nothing at definition time (module import)
    first = heading()
    assert heading() is first and compiled == [r"(?P<no>\d+)局"]
    assert (first.pattern, first.flags) == (r"(?P<no>\d+)局", real("", re.IGNORECASE).flags)
    match = first.match("12局")
    assert match is not None and match.group("no") == "12"
