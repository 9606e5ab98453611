"""View helpers of card games: card dicts for templates, a step's notes and flags.

These sit next to :mod:`kifuwiki.games.viewkit` (steps, badges, header rows) and differ
from it where card games decided otherwise: a diagnostic without its own step flags the
*last* step read from its line, and the deal (step 0) when no step is on its line; only
comments (not bookmarks) add the ``comment`` flag.
"""

from __future__ import annotations

import bisect
from collections import defaultdict
from collections.abc import Iterable, Mapping
from typing import Any

from kifuwiki.cards import Card
from kifuwiki.core.diagnostics import Diagnostic, Severity
from kifuwiki.core.recordfile import LineKind, SourceLine


def card_data(card: Card, **extra: Any) -> dict[str, Any]:
    """What a ``state.html`` needs of one card: ``text`` (``♥10``), ``code`` (``H10``),
    ``red``, then the game's own keys (``points``, ``trump`` …)."""
    return {"text": card.glyph(), "code": str(card), "red": card.red, **extra}


def notes(lines: Iterable[SourceLine]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The comments and the bookmarks among a step's note lines."""
    kept = list(lines)
    comments = tuple(line.comment for line in kept if line.comment)
    bookmarks = tuple(line.bookmark for line in kept if line.kind is LineKind.BOOKMARK)
    return comments, bookmarks


def problem_flags(
    diagnostics: Iterable[Diagnostic], line_steps: Mapping[int, int]
) -> dict[int, set[str]]:
    """Step index → ``{"error", "warning"}``: a diagnostic's own step, else the step read
    from its line (``line_steps``), else the last step read from a line before it (a line
    between moves the game could not read belongs to the move before it: review13 R13-4
    found a result line's error flagged on the deal), else the deal (0). Info
    diagnostics flag nothing."""
    flagged: dict[int, set[str]] = defaultdict(set)
    lines = sorted(line_steps)
    for diagnostic in diagnostics:
        index = diagnostic.step
        if index is None:
            index = line_steps.get(diagnostic.line)
        if index is None:
            before = bisect.bisect_right(lines, diagnostic.line) - 1
            index = line_steps[lines[before]] if before >= 0 else 0
        if diagnostic.severity is not Severity.INFO:
            flagged[index].add(diagnostic.severity.value)
    return flagged


def step_flags(
    index: int, flagged: Mapping[int, set[str]], comments: tuple[str, ...], *own: str
) -> frozenset[str]:
    """A step's flags: its problems, ``comment`` when people commented, the game's own."""
    flags = set(flagged.get(index, ())) | set(own)
    if comments:
        flags.add("comment")
    return frozenset(flags)


def seats_line(names: Iterable[tuple[str, str]]) -> str:
    """``Alice (N) → Bob (E) → …`` from (key, display name) pairs, for page headers."""
    return " → ".join(f"{name} ({key})" for key, name in names)
