"""What a record page shows, as plain data: a game's ``view`` builds a
:class:`RecordView` of :class:`StepView` positions, :class:`PlayerLine` players and
:class:`PlayerStat` statistics.

Named in :mod:`kifuwiki.games.base` too (``from kifuwiki.games.base import RecordView``
as ever), which imports this module only when one of them is first asked for: checking
records (``kifuwiki validate``) never builds a view.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    from kifuwiki.games.base import GameRecord


@dataclass(frozen=True, slots=True)
class StepView:
    """One step of the step-through viewer (index 0 is the position before any move)."""

    index: int
    anchor: str
    """``m0``, ``m1`` …: the URL hash that names this step."""
    player: str | None
    notation: str
    """The move as the record wrote it."""
    line: int
    kind: str
    label: str
    """A short plain-text description (English), announced by screen readers on each step."""
    marks: str = ""
    """Move marks written by a person: ``!``, ``?``, ``!!``, ``??``, ``!?``, ``?!``."""
    comments: tuple[str, ...] = ()
    """People's comments, Markdown source (rendered through the safe subset)."""
    bookmarks: tuple[str, ...] = ()
    annotations: tuple[str, ...] = ()
    """Machine annotations, plain English text ("1213 is prime")."""
    label_ja: str = ""
    """The label in Japanese, when the game provides one (``label`` is English)."""
    annotations_ja: tuple[str, ...] = ()
    """The machine annotations in Japanese, when the game provides them."""
    flags: frozenset[str] = frozenset()
    """Jump targets: the core's ``comment``, ``error``, ``warning`` and the game's own
    ``step_flags`` (``penalty``, ``special`` …)."""
    state: Mapping[str, Any] = field(default_factory=dict)
    """Game-specific, JSON-serialisable state after this step, read by the game's
    ``templates/state.html``."""


@dataclass(frozen=True, slots=True)
class PlayerLine:
    key: str
    """The player as the record names them."""
    name: str
    """Display name (front matter ``players`` may map an abbreviation to it)."""
    rank: int | None
    winner: bool


@dataclass(frozen=True, slots=True)
class PlayerStat:
    """One per-game statistic of a player, summed (or maxed) across the archive."""

    key: str
    label_ja: str
    label_en: str
    value: int
    aggregate: Literal["sum", "max"] = "sum"
    display: str | None = None
    """How to show ``value`` when it is not a plain count (a big prime, say)."""


@dataclass(slots=True)
class RecordView:
    """Everything a record page shows, as plain data."""

    record: GameRecord
    players: list[PlayerLine]
    steps: list[StepView]
    header: list[tuple[str, Any]] = field(default_factory=list)
    """Extra header rows (label, value), e.g. the judge or the rule set's options; a
    value in both languages (``viewkit.Text``, not a ``str``) shows the page's half."""
    badges: frozenset[str] = frozenset()
    """Index badges: ``GC``, ``RR``, ``IN``, ``penalty``, ``error``, ``warning`` …"""
    player_stats: dict[str, list[PlayerStat]] = field(default_factory=dict)
    """Display name → statistics of this game."""
    extra: dict[str, Any] = field(default_factory=dict)
    """Game-specific data for the game's ``templates/extra.html`` (boards, charts)."""
