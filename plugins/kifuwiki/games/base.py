"""The contract every game sub-package fulfils, and the generic view it produces.

Each game is a sub-package of the same shape:

* ``notation``: text → parsed record (errors collected, never raised);
* ``rules``/``replay``: parsed record → one state per step, plus diagnostics;
* ``view``: replayed record → :class:`RecordView`, plain data for the templates;
* ``writer``: parsed record → canonical text (``kifuwiki fmt``).

The publishing side (templates, MkDocs plugin, fence) only ever sees
:class:`GameRecord` and :class:`RecordView`, so a new game needs no special case there.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from kifuwiki.core.diagnostics import Diagnostic, Severity
from kifuwiki.core.recordfile import RecordSource


@dataclass(slots=True)
class GameRecord:
    """One game loaded from a record file: parsed, replayed and checked."""

    game: str
    source: RecordSource
    title: str
    players: list[str]
    """Display names in seat order."""
    first_player: str | None
    winner: str | None
    """The first player to go out (or to win), ``None`` if nobody did."""
    ranking: list[str]
    moves: int
    diagnostics: list[Diagnostic]
    rules: str
    """Name of the rule set the record was checked against."""
    data: Any = None
    """Game-specific parsed record and replay; only the game's own modules read it."""

    @property
    def errors(self) -> int:
        return sum(1 for d in self.diagnostics if d.severity is Severity.ERROR)

    @property
    def warnings(self) -> int:
        return sum(1 for d in self.diagnostics if d.severity is Severity.WARNING)

    @property
    def path(self) -> str | None:
        return self.source.path

    @property
    def index(self) -> int:
        return self.source.index

    @property
    def meta(self) -> dict[str, Any]:
        return self.source.meta

    def summary(self) -> dict[str, Any]:
        """The JSON contract of ``kifuwiki validate --format json`` for one game."""
        return {
            "path": self.path,
            "index": self.index,
            "game": self.game,
            "title": self.title,
            "players": list(self.players),
            "first_player": self.first_player,
            "winner": self.winner,
            "ranking": list(self.ranking),
            "moves": self.moves,
            "errors": self.errors,
            "warnings": self.warnings,
            "diagnostics": [d.to_json() for d in self.diagnostics],
        }


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
    """Jump targets: ``comment``, ``penalty``, ``special``, ``error``, ``warning``."""
    state: Mapping[str, Any] = field(default_factory=dict)
    """Game-specific, JSON-serialisable state after this step, read by
    ``templates/<game>/state.html``."""


def step_label(step: StepView, lang: str) -> str:
    """The step's label in ``lang`` (English when the game gave no Japanese)."""
    return step.label_ja if lang == "ja" and step.label_ja else step.label


def step_annotations(step: StepView, lang: str) -> tuple[str, ...]:
    """The step's machine annotations in ``lang`` (English when there is no Japanese)."""
    return step.annotations_ja if lang == "ja" and step.annotations_ja else step.annotations


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
    header: list[tuple[str, str]] = field(default_factory=list)
    """Extra header rows (label, value), e.g. the judge or the rule set's options."""
    badges: frozenset[str] = frozenset()
    """Index badges: ``GC``, ``RR``, ``IN``, ``penalty``, ``error``, ``warning`` …"""
    player_stats: dict[str, list[PlayerStat]] = field(default_factory=dict)
    """Display name → statistics of this game."""
    extra: dict[str, Any] = field(default_factory=dict)
    """Game-specific data for ``templates/<game>/extra.html`` (boards, charts)."""


class GameModule(Protocol):
    """What the registry knows about a game."""

    id: str
    names: Mapping[str, str]
    """Display names by language: ``{"ja": "素数大富豪", "en": "Prime Daifugo"}``."""
    dialects: tuple[str, ...]
    codes: Mapping[str, str]
    """Diagnostic code → one-line description, for the documentation."""
    badges: Mapping[str, tuple[str, str]]
    """Index badge → (Japanese, English) label, in the order pages list them. Badges
    whose name is an upper-case abbreviation (``GC``, ``LR``) show the name itself, with
    the label as its tooltip. ``error`` and ``warning`` are the publishing side's own."""

    def detect(self, source: RecordSource) -> bool:
        """Whether an untagged record looks like this game."""
        ...

    def load(self, source: RecordSource, rules: Mapping[str, Any] | None = None) -> GameRecord:
        """Parse, replay and check one game. Never raises on bad input."""
        ...

    def view(self, record: GameRecord) -> RecordView:
        """The data a record page shows."""
        ...

    def format(self, record: GameRecord, dialect: str | None = None) -> str:
        """The game's body text in canonical form (no front matter)."""
        ...
