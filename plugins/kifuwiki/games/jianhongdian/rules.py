"""Rule options of 撿紅點: every open point of the rules is a named option.

Sources: the seed (Wikipedia's 撿紅点 「プレイの進行」) for the turn, and
``reference/other-games.md`` §3 for scoring, targets and redeal conditions, which vary
from table to table. Presets:

* ``standard`` (default): red cards score (2-8 face value, 9-K 10, A 20), ♠A 30 and ♣A 40;
  a played card may be left on the table even when it could capture; a flipped card must
  capture when it can (the seed: 「同様に場札に合わせる」); targets 120 / 80 / 60 for
  2 / 3 / 4 players; a deal with three of 5, 10, J, Q, K face up is redealt.
* ``red-only``: as ``standard`` but black aces score nothing (210 points in the deck).

Front matter ``rules:`` is a preset name or a mapping (``{preset: red-only,
forced_capture: true}``). Unknown options or values are reported (JH011) and ignored.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import Any

from kifuwiki.cards import Card, Suit
from kifuwiki.core.diagnostics import DiagnosticBag

#: Default targets by number of players (reference §3).
DEFAULT_TARGETS = {2: 120, 3: 80, 4: 60}


@dataclass(frozen=True, slots=True)
class RuleSet:
    name: str = "standard"
    red_ace_points: int = 20
    """♥A and ♦A (range 0-100)."""
    spade_ace_points: int = 30
    """♠A: 30 in the common variant, 0 where only red cards score."""
    club_ace_points: int = 40
    """♣A: 40 in the common variant, 0 where only red cards score."""
    forced_capture: bool = False
    """A played card that can capture must capture (off: it may be left on the table)."""
    flip_must_capture: bool = True
    """A flipped stock card captures when it can (the seed's reading)."""
    target: int = 0
    """Points a player needs to make their target; 0 means by the number of players
    (120 / 80 / 60 for 2 / 3 / 4)."""
    redeal_three_counters: bool = True
    """Three or more of 5, 10, J, Q, K among the four face-up cards: redeal."""
    redeal_three_of_a_rank: bool = False
    """Three or more cards of one rank among the four face-up cards: redeal."""

    def points(self, card: Card) -> int:
        """What one captured card scores."""
        if card.suit is None:
            return 0
        if card.rank == 1:
            if card.suit.red:
                return self.red_ace_points
            return self.spade_ace_points if card.suit is Suit.SPADES else self.club_ace_points
        if not card.suit.red:
            return 0
        return card.rank if card.rank <= 8 else 10

    def target_for(self, players: int) -> int:
        return self.target or DEFAULT_TARGETS.get(players, 0)

    def describe(self) -> str:
        """The preset name plus the options that differ from it."""
        base = PRESETS.get(self.name, STANDARD)
        changed = [
            f"{f.name}={getattr(self, f.name)}"
            for f in fields(self)
            if f.name != "name" and getattr(self, f.name) != getattr(base, f.name)
        ]
        return self.name + (f" ({', '.join(changed)})" if changed else "")


STANDARD = RuleSet()
RED_ONLY = RuleSet(name="red-only", spade_ace_points=0, club_ace_points=0)
PRESETS: dict[str, RuleSet] = {"standard": STANDARD, "red-only": RED_ONLY}

_BOOLS = {f.name for f in fields(RuleSet) if f.type in ("bool", bool)}
_INTS = {f.name for f in fields(RuleSet) if f.type in ("int", int)}


def _preset(name: object, bag: DiagnosticBag, line: int) -> RuleSet:
    key = str(name).strip().lower()
    if key in PRESETS:
        return PRESETS[key]
    bag.error(
        "JH011",
        f"unknown rule preset {name!r} (known: {', '.join(PRESETS)}); using standard",
        line,
        ja=f"未知のプリセット {name!r} (使えるのは {', '.join(PRESETS)}); standard で検査します",
    )
    return STANDARD


def _value(key: str, value: object) -> bool | int | None:
    if key in _BOOLS and isinstance(value, bool):
        return value
    if key in _INTS and isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return value
    return None


def resolve(spec: object, bag: DiagnosticBag, line: int = 1) -> RuleSet:
    """Front matter ``rules:`` (a preset name, a mapping, or nothing) → a rule set."""
    if spec is None:
        return STANDARD
    if not isinstance(spec, Mapping):
        return _preset(spec, bag, line)
    rules = _preset(spec.get("preset", "standard"), bag, line)
    changes: dict[str, Any] = {}
    for raw_key, raw_value in spec.items():
        key = str(raw_key).strip().lower().replace("-", "_")
        if key == "preset":
            continue
        value = _value(key, raw_value)
        if value is None:
            bag.error(
                "JH011",
                f"rule option {raw_key!r} with value {raw_value!r} cannot be used; ignored",
                line,
                ja=f"ルールオプション {raw_key!r} の値 {raw_value!r} は使えません。無視します",
            )
            continue
        changes[key] = value
    return replace(rules, **changes) if changes else rules
