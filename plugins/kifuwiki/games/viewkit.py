"""The plumbing every game's ``view.py`` needs, so a view is only about its positions.

A view turns a replayed record into a :class:`~kifuwiki.games.base.RecordView`. What is
the same for every game lives here:

* :class:`Text`: one piece of text in Japanese and English (labels, annotations);
* :func:`problem_steps`: which step each diagnostic belongs to. **The diagnostic's own
  ``step`` wins** (the engine knew which move it was checking); a diagnostic without
  one goes to the first step that starts on its line; one on neither (front matter, a
  line between moves) belongs to no step. Info diagnostics flag nothing;
* :func:`step_view`: a :class:`StepView` from bilingual pieces, with the core flags
  (``comment`` for a step with people's comments or bookmarks, ``error``/``warning``
  from :func:`problem_steps`) added to the game's own;
* :func:`record_badges`: the game's badges plus ``error``/``warning``;
* :func:`player_lines` and :func:`header_row`: the players' list and the bilingual
  header rows (``ルール / Rules``) of a record page.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from kifuwiki.core.diagnostics import Diagnostic, Severity
from kifuwiki.games.base import GameRecord, PlayerLine, StepView


@dataclass(frozen=True, slots=True)
class Text:
    """One text in both languages (English is what screen readers and the CLI fall
    back to when there is no Japanese)."""

    ja: str
    en: str

    def get(self, lang: str) -> str:
        return self.en if lang == "en" else self.ja


def first_step_of_lines(starts: Iterable[tuple[int, int]]) -> dict[int, int]:
    """Line → the first step starting on it, from ``(line, step index)`` pairs."""
    found: dict[int, int] = {}
    for line, index in starts:
        found.setdefault(line, index)
    return found


def step_of(diagnostic: Diagnostic, step_of_line: Mapping[int, int]) -> int | None:
    """The step a diagnostic belongs to: its own ``step``, else its line's first step."""
    if diagnostic.step is not None:
        return diagnostic.step
    return step_of_line.get(diagnostic.line)


def problem_steps(
    diagnostics: Iterable[Diagnostic], step_of_line: Mapping[int, int]
) -> dict[int, set[str]]:
    """Step index → ``{"error", "warning"}`` flags from the record's diagnostics."""
    flagged: dict[int, set[str]] = defaultdict(set)
    for diagnostic in diagnostics:
        if diagnostic.severity is Severity.INFO:
            continue
        index = step_of(diagnostic, step_of_line)
        if index is not None:
            flagged[index].add(diagnostic.severity.value)
    return flagged


def step_view(
    index: int,
    *,
    player: str | None,
    notation: str,
    line: int,
    kind: str,
    label: Text,
    annotations: Sequence[Text] = (),
    comments: Sequence[str] = (),
    bookmarks: Sequence[str] = (),
    marks: str = "",
    flags: Iterable[str] = (),
    problems: Mapping[int, set[str]] | None = None,
    state: Mapping[str, Any] | None = None,
) -> StepView:
    """One viewer step: anchor ``m<index>``, labels and annotations in both languages,
    the game's ``flags`` plus the core's (comment, error, warning)."""
    all_flags = set(flags)
    if problems is not None:
        all_flags |= problems.get(index, set())
    if comments or bookmarks:
        all_flags.add("comment")
    return StepView(
        index=index,
        anchor=f"m{index}",
        player=player,
        notation=notation,
        line=line,
        kind=kind,
        label=label.en,
        label_ja=label.ja,
        marks=marks,
        comments=tuple(comments),
        bookmarks=tuple(bookmarks),
        annotations=tuple(note.en for note in annotations),
        annotations_ja=tuple(note.ja for note in annotations),
        flags=frozenset(all_flags),
        state=state if state is not None else {},
    )


def record_badges(record: GameRecord, badges: Iterable[str] = ()) -> frozenset[str]:
    """The game's index badges plus the core's ``error`` and ``warning``."""
    found = set(badges)
    if record.errors:
        found.add("error")
    if record.warnings:
        found.add("warning")
    return frozenset(found)


def player_lines(
    keys: Sequence[str], names: Sequence[str], ranking: Sequence[str], winner: str | None
) -> list[PlayerLine]:
    """The record page's players: ``keys`` as written, display ``names`` in the same
    order, ``ranking`` (keys, first place first) and the winner's display name."""
    rank = {key: place for place, key in enumerate(ranking, start=1)}
    return [
        PlayerLine(key, name, rank.get(key), winner is not None and name == winner)
        for key, name in zip(keys, names, strict=True)
    ]


def header_row(label: Text, value: str | Text) -> tuple[str, str | Text]:
    """A record header row, labelled in both languages: ``("ルール / Rules", value)``;
    a value in both languages (a :class:`Text`) shows the page's half."""
    return (f"{label.ja} / {label.en}", value)
