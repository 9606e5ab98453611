"""Rule options of 升級: every variant of ``reference/other-games.md`` §2 is a named option.

Presets:

* ``standard`` (default, "tractor" / 80分): two decks, 25 cards each and a kitty of 8;
  play runs counter-clockwise (N W S E); a declaration can be overridden by a pair, then
  by a pair of small jokers, then of big jokers; throws allowed, a failed throw costs
  10 points; the kitty counts ×2 for a single, ×4 for a pair, ×8 for a two-pair tractor
  … when the attackers win the last trick; the level table of tcy365.com /
  shandongyongnai.com (``tcy365``).
* ``seed``: the game as the seed (Wikipedia's 升級 「プレイの進行」) describes it: one
  deck with jokers, 12 cards each and 6 in the kitty, the first declaration stands
  (早いもの勝ち), no throws, the kitty's points doubled whatever wins the last trick,
  and when nobody declares, the kitty is turned up to name the trump suit
  (``undeclared: kitty``).

Level tables (thresholds for 200 points; a one-deck game halves them):

* ``tcy365``: 0 → defenders +3; 5-35 → +2; 40-75 → +1; 80-115 → attackers take over
  +1; 120-155 → +2; 160-195 → +3; 200 → +4.
* ``take-over-at-80``: as above for the defenders; 80-115 → attackers take over without
  advancing, then +1 per further 40 points.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from kifuwiki.cardkit import options
from kifuwiki.core.diagnostics import DiagnosticBag


class LevelTable(enum.Enum):
    TCY365 = "tcy365"
    TAKE_OVER_AT_80 = "take-over-at-80"


class KittyMultiplier(enum.Enum):
    SHAPE = "shape"
    """×2 for a single, ×4 for a pair, ×2^(k+1) for a tractor of k pairs."""
    DOUBLE = "double"
    """Always ×2 (the seed)."""


class UndeclaredTrump(enum.Enum):
    """What names the trump suit when nobody declares."""

    NO_TRUMP = "no-trump"
    """The deal is played without a trump suit (无主); a ``trump:`` line may name one."""
    KITTY = "kitty"
    """The seed: the kitty is turned up card by card, in the order its line is written;
    the first level card names the trump suit, else the highest card (jokers aside; the
    first turned up among equals)."""


class Direction(enum.Enum):
    COUNTER_CLOCKWISE = "counter-clockwise"
    CLOCKWISE = "clockwise"


@dataclass(frozen=True, slots=True)
class LevelChange:
    """What a deal's points do to the levels."""

    attackers_win: bool
    """The attackers take over the declaring side."""
    levels: int
    """Levels the winning side goes up."""


@dataclass(frozen=True, slots=True)
class RuleSet:
    name: str = "standard"
    decks: int = 2
    hand_size: int = 25
    kitty_size: int = 8
    direction: Direction = Direction.COUNTER_CLOCKWISE
    over_declare: bool = True
    """A stronger declaration (a pair, then joker pairs) overrides an earlier one."""
    redeclare_after_kitty: bool = False
    """炒地皮: declarations may go on after the kitty is buried."""
    throws: bool = True
    """Several top combinations of one suit may be led at once (甩牌)."""
    throw_penalty: int = 10
    """Points a failed throw gives the other side (0: no penalty)."""
    kitty_multiplier: KittyMultiplier = KittyMultiplier.SHAPE
    level_table: LevelTable = LevelTable.TCY365
    permanent_twos: bool = False
    """常主: every 2 is a trump, just below the level cards."""
    ace_compulsory: bool = False
    """A必打: a side must win a deal as declarer at level A to finish; levels stop at A."""
    undeclared: UndeclaredTrump = UndeclaredTrump.NO_TRUMP
    """When nobody declares: no trump (the default, as before) or the kitty turned up
    (the seed: 「配られなかった6枚を順に表にしていき…」)."""

    @property
    def total_points(self) -> int:
        return 100 * self.decks

    def kitty_factor(self, pairs: int) -> int:
        """The kitty multiplier when the last trick's largest component has ``pairs``."""
        if self.kitty_multiplier is KittyMultiplier.DOUBLE:
            return 2
        return 1 << (pairs + 1)

    def level_change(self, points: int) -> LevelChange:
        """The named level table, scaled to the number of decks."""
        unit = 20 * self.decks
        if points >= 2 * unit:
            step = min((points - 2 * unit) // unit, 3)
            bonus = 1 if self.level_table is LevelTable.TCY365 else 0
            return LevelChange(True, step + bonus)
        if points <= 0:
            return LevelChange(False, 3)
        return LevelChange(False, 2 if points < unit else 1)

    def describe(self) -> str:
        return options.describe(self, PRESETS, STANDARD)


STANDARD = RuleSet()
SEED = RuleSet(
    name="seed",
    decks=1,
    hand_size=12,
    kitty_size=6,
    over_declare=False,
    throws=False,
    throw_penalty=0,
    kitty_multiplier=KittyMultiplier.DOUBLE,
    undeclared=UndeclaredTrump.KITTY,
)
PRESETS: dict[str, RuleSet] = {"standard": STANDARD, "seed": SEED}
_ENUMS: dict[str, type[enum.Enum]] = {
    "direction": Direction,
    "kitty_multiplier": KittyMultiplier,
    "level_table": LevelTable,
    "undeclared": UndeclaredTrump,
}
_BOOLS = options.fields_typed(RuleSet, "bool")
_INTS = options.fields_typed(RuleSet, "int")


def _value(key: str, value: object) -> object | None:
    """The option's value, ``None`` when the key is no option or the value does not fit."""
    if key in _ENUMS:
        return options.enum_value(_ENUMS[key], value)
    if key in _BOOLS:
        return value if isinstance(value, bool) else None
    if key == "decks":
        return value if value in (1, 2, 3) and options.whole_number(value) else None
    return value if key in _INTS and options.whole_number(value) else None


def resolve(spec: object, bag: DiagnosticBag, line: int = 1) -> RuleSet:
    """Front matter ``rules:`` (a preset name, a mapping, or nothing) → a rule set."""
    return options.resolve(spec, PRESETS, "standard", _value, "SJ020", bag, line)
