"""The domain of a 鋼鉄の虹 session record: characters, structured lines, prose."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from fractions import Fraction

from kifuwiki.core.recordfile import SourceLine

#: Ways to roll each total with two dice (out of 36).
WAYS = {n: 6 - abs(7 - n) for n in range(2, 13)}


def chance_at_most(value: int) -> Fraction:
    """P(2d6 ≤ value), exactly."""
    return Fraction(sum(w for n, w in WAYS.items() if n <= value), 36)


@dataclass(frozen=True, slots=True)
class Character:
    key: str
    player: str
    jaeger: str
    """The character's Jäger (乗機)."""
    checks: dict[str, int]
    """Check type (射撃, 格闘 …) → 判定値."""
    unreadable: frozenset[str] = frozenset()
    """Check types written with a 判定値 that could not be read (KR005 said so once): a
    roll of one is not checked, rather than reported again at every roll."""


class Kind(enum.Enum):
    ROLL = "roll"
    OPERATION = "operation"
    COMBAT_START = "combat-start"
    COMBAT_END = "combat-end"
    TURN = "turn"
    GOAL = "goal"
    RESULT = "result"


class Outcome(enum.Enum):
    SUCCESS = "success"
    FAILURE = "failure"
    PARTIAL = "partial"


@dataclass(frozen=True, slots=True)
class Roll:
    character: str
    check: str
    modifier: int
    dice: tuple[int, ...]
    total: int | None
    """The total as written (``None`` when only the dice are given)."""
    target: int | None
    """The 判定値 as written after ``≤`` (``None`` when left out)."""
    success: bool | None
    """The result as written (``None`` when left out)."""


@dataclass(slots=True)
class Event:
    """One structured ``@`` line, and the prose that follows it up to the next one."""

    kind: Kind
    line: int
    text: str
    roll: Roll | None = None
    minutes: int | None = None
    """``@作戦 08:00``: minutes after midnight."""
    turn: int | None = None
    words: str = ""
    """The goal's text, or the words after a result."""
    outcome: Outcome | None = None
    prose: list[SourceLine] = field(default_factory=list)


@dataclass(slots=True)
class Unread:
    """An ``@`` line that could not be read: kept for the writer, never checked."""

    line: int
    text: str
    prose: list[SourceLine] = field(default_factory=list)


@dataclass(slots=True)
class SessionRecord:
    scenario: str
    characters: dict[str, Character]
    intro: list[SourceLine]
    """Prose before the first structured line."""
    items: list[Event | Unread]

    @property
    def events(self) -> list[Event]:
        return [item for item in self.items if isinstance(item, Event)]
