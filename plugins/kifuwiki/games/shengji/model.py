"""The domain of a 升級 record: what each line says, before any rule is applied."""

from __future__ import annotations

from dataclasses import dataclass, field

from kifuwiki.cards import Card, Suit
from kifuwiki.core.recordfile import SourceLine

SEATS = ("N", "E", "S", "W")
TEAMS = {"N": "NS", "S": "NS", "E": "EW", "W": "EW"}


def team_of(seat: str) -> str:
    return TEAMS[seat]


def other_team(team: str) -> str:
    return "EW" if team == "NS" else "NS"


@dataclass(frozen=True, slots=True)
class Play:
    """One card play of a trick: a single, a pair, a tractor or a throw, as one token.

    ``forced`` is what a failed throw had to play instead (``SASKSK>SK``)."""

    seat: str
    cards: tuple[Card, ...]
    line: int
    column: int
    forced: tuple[Card, ...] | None = None
    forced_column: int = 0
    marks: str = ""
    text: str = ""
    """The line as written; ``cards`` is empty when they could not be read."""

    @property
    def played(self) -> tuple[Card, ...]:
        """The cards that stay on the table."""
        return self.forced if self.forced is not None else self.cards


@dataclass(frozen=True, slots=True)
class Declare:
    """Showing level cards (or a joker pair) to name the trump suit: ``E: declare H2``."""

    seat: str
    cards: tuple[Card, ...]
    line: int
    column: int
    marks: str = ""


@dataclass(frozen=True, slots=True)
class Kitty:
    """``N: kitty (…)`` (the kitty taken) or ``N: bury (…)`` (the cards put back)."""

    seat: str
    bury: bool
    cards: tuple[Card, ...] | None
    """``None`` when the record does not say which cards."""
    line: int
    column: int
    marks: str = ""


Event = Play | Declare | Kitty


@dataclass(frozen=True, slots=True)
class Hand:
    cards: tuple[Card, ...]
    line: int
    columns: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Result:
    points: int
    team: str
    levels: int
    line: int


@dataclass(slots=True)
class SJRecord:
    levels: dict[str, int] = field(default_factory=lambda: {"NS": 2, "EW": 2})
    levels_given: bool = False
    declarer: str | None = None
    declarer_line: int = 0
    trump: tuple[Suit | None, int] | None = None
    """A ``trump:`` line: (suit or ``None`` for no trump, line)."""
    hands: dict[str, Hand] = field(default_factory=dict)
    events: list[Event] = field(default_factory=list)
    result: Result | None = None
    items: list[object] = field(default_factory=list)
    notes: dict[int, list[SourceLine]] = field(default_factory=dict)
    names: dict[str, str] = field(default_factory=dict)
    first_line: int = 1

    def name(self, seat: str) -> str:
        return self.names.get(seat, seat)
