"""Rule options of 撿紅點: every open point of the rules is a named option.

Sources: the seed (Wikipedia's 撿紅点 「プレイの進行」) for the turn, and
``reference/other-games.md`` §3 for scoring, targets and redeal conditions, which vary
from table to table. Presets:

* ``standard`` (default): red cards score (2-8 face value, 9-K 10, A 20), ♠A 30 and ♣A 40;
  a played card may be left on the table even when it could capture; a flipped card must
  capture when it can (the seed: 「同様に場札に合わせる」); targets 120 / 80 / 60 for
  2 / 3 / 4 players; a deal with three of 5, 10, J, Q, K face up is redealt.
* ``red-only``: as ``standard`` but black aces score nothing (210 points in the deck).
* ``seed``: as ``standard``, with the seed's turn read strictly: a card is laid on the
  table only when no card in the hand can capture (「場札と合わせることのできるカードを
  持っていない場合は、単に1枚の手札を場に出す」), and a played card that can capture
  does (``hand_must_capture`` and ``forced_capture``).

Front matter ``rules:`` is a preset name or a mapping (``{preset: red-only,
forced_capture: true}``). Unknown options or values are reported (JH011) and ignored.
"""

from __future__ import annotations

from dataclasses import dataclass

from kifuwiki.cardkit import options
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
    hand_must_capture: bool = False
    """A card may be laid on the table only when no card in the hand can capture (the
    seed's wording); off (the default, as before): any card may be laid. Checked when the
    hand is known."""
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
        return options.describe(self, PRESETS, STANDARD)


STANDARD = RuleSet()
RED_ONLY = RuleSet(name="red-only", spade_ace_points=0, club_ace_points=0)
SEED = RuleSet(name="seed", forced_capture=True, hand_must_capture=True)
PRESETS: dict[str, RuleSet] = {"standard": STANDARD, "red-only": RED_ONLY, "seed": SEED}

_BOOLS = options.fields_typed(RuleSet, "bool")
_INTS = options.fields_typed(RuleSet, "int")


def _value(key: str, value: object) -> bool | int | None:
    """The option's value, ``None`` when the key is no option or the value does not fit."""
    if key in _BOOLS and isinstance(value, bool):
        return value
    if key in _INTS and options.whole_number(value):
        return value  # type: ignore[return-value]
    return None


def resolve(spec: object, bag: DiagnosticBag, line: int = 1) -> RuleSet:
    """Front matter ``rules:`` (a preset name, a mapping, or nothing) → a rule set."""
    return options.resolve(spec, PRESETS, "standard", _value, "JH011", bag, line)
