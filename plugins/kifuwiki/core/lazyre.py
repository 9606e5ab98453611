"""Patterns compiled on first use.

Compiling a regular expression costs 0.1–1.5 ms; a module's patterns for rare lines
(headings of multi-game files, hand lists, ``accept:`` notes, the full move tokenizer
behind the fast path) were compiled at every start-up of ``kifuwiki validate`` whether
a record used them or not (~6 ms of its start-up). ``lazy_pattern(…)()`` compiles once,
on the first call, and returns the same :class:`re.Pattern` from then on.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache


def lazy_pattern(pattern: str, flags: int = 0) -> Callable[[], re.Pattern[str]]:
    """A function returning ``re.compile(pattern, flags)``, compiled on its first call."""
    return cache(lambda: re.compile(pattern, flags))
