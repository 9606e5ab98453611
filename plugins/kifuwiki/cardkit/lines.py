"""Record lines of a card game: ``key: body`` lines, marks, hands in brackets, the walk.

Card games write one line per action, ``seat: what`` (``N: SA``, ``A: H5xD5 ^C9``), plus
a few keyword lines (``table: …``, ``levels: …``) and hands in brackets (``N: (SA SK …)``).
What is the same everywhere:

* :data:`LINE` splits ``key: body`` (full-width colon too) and :func:`split_marks` takes
  the move marks a person added (``N: SA !?``);
* :func:`bracketed` reads ``( … )`` with the column where its inside starts;
* :func:`read_run` reads a run of cards, memoised (records repeat the same plays);
* :class:`Element` is a parsed non-move line as the writer needs it back;
* :func:`walk` fills a parsed record: display names from front matter, every text line
  read with the game's reader, comments and bookmarks filed by move.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Generic, Protocol, TypeVar

from kifuwiki.cards import Card, CardSyntaxError, tokens
from kifuwiki.core.diagnostics import DiagnosticBag
from kifuwiki.core.recordfile import LineKind, RecordSource, SourceLine

#: Move marks written by a person at the end of a line, after a space.
MARKS = re.compile(r"\s+(?P<marks>!!|\?\?|!\?|\?!|!|\?)$")
#: ``key: body`` (or ``key：body``); the key has no spaces, colons or brackets.
LINE = re.compile(r"^\s*(?P<key>[^\s:：()]+)\s*[:：]\s*(?P<body>.*)$")

T = TypeVar("T")


def split_marks(body: str) -> tuple[str, str]:
    """``("SA", "!?")`` from ``"SA !?"``; ``(body, "")`` when there are no marks."""
    mark = MARKS.search(body)
    if mark is None:
        return body, ""
    return body[: mark.start()], mark["marks"]


def bracketed(body: str, start: int) -> tuple[str, int] | None:
    """The text inside ``( … )`` and its 1-based column (``body`` starts at ``start``),
    or ``None`` when ``body`` is not in brackets."""
    stripped = body.strip()
    if not (stripped.startswith("(") and stripped.endswith(")")):
        return None
    return stripped[1:-1], start + body.index("(") + 1


@lru_cache(maxsize=8192)
def read_run(text: str) -> tuple[tuple[Card, int], ...] | CardSyntaxError:
    """A run of cards with their 0-based columns, or the error (memoised: plays repeat)."""
    try:
        return tuple(tokens(text))
    except CardSyntaxError as exc:
        return exc


def as_written(text: str) -> str:
    """What follows the colon of a line that could not be read (the whole line without
    one), for writing it back unchanged."""
    return text.partition(":")[2].strip() or text


def player_names(meta: Mapping[str, Any]) -> dict[str, str]:
    """Front matter ``players: {N: Alice, …}`` as seat → display name (else empty)."""
    players = meta.get("players")
    if not isinstance(players, dict):
        return {}
    return {str(k): str(v) for k, v in players.items()}


@dataclass(frozen=True, slots=True)
class Element:
    """A parsed line other than a move, as the writer needs it back."""

    kind: str
    values: tuple[Any, ...]
    player: str = ""


@dataclass(slots=True)
class Parsed(Generic[T]):
    """A parsed record and the diagnostics found while reading it."""

    record: T
    bag: DiagnosticBag


class LineRecord(Protocol):
    """What :func:`walk` fills in: a game's parsed record."""

    names: dict[str, str]
    """Seat → display name, from front matter ``players``."""
    items: list[object]
    """Every line in order: parsed elements and moves, other lines as they are."""
    notes: dict[int, list[SourceLine]]
    """Comments and bookmarks by the number of moves read before them."""


def walk(
    source: RecordSource,
    record: LineRecord,
    read_line: Callable[[SourceLine], object | None],
    moves: Callable[[], int],
) -> None:
    """Fill ``record`` from ``source``: display names from front matter, every text line
    read with ``read_line`` into ``items`` (the line itself where it gives ``None``),
    other lines kept as they are, and comments and bookmarks filed in ``notes`` under
    ``moves()``, the number of moves read so far."""
    record.names = player_names(source.meta)
    for line in source.lines:
        if line.kind is LineKind.TEXT:
            parsed = read_line(line)
            record.items.append(parsed if parsed is not None else line)
            continue
        record.items.append(line)
        if line.kind in (LineKind.COMMENT, LineKind.BOOKMARK):
            record.notes.setdefault(moves(), []).append(line)
