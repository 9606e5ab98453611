"""Rule options of ポンジャン: every open point of the rules is a named option.

The seed (ja.wikipedia ポンジャン, "プレイ(半荘)の進行") fixes: draw to 9 and discard to 8,
three sets of three identical tiles win (at once: no discard from a winning hand), wild
tiles stand in for any tile, riichi when one tile from a win (afterwards the drawn tile
is discarded unless it wins, and the player may ron), ron: the discarder pays alone,
otherwise the others split the points, the dealer gains 1.5× when winning and pays
double when another player wins by tsumo, and an exhausted wall pays nothing. It leaves
open how much a win is worth ("ルールブックにしたがって"), who may ron without riichi,
and whether the dealer keeps the deal.

Presets:

* ``seed`` (default): the seed's description; only a player in riichi may ron; the deal
  passes to the next seat after every hand; a win is worth 12 chips, riichi 12 more
  (12 splits evenly among 2 or 3 payers with the dealer paying double).
* ``house``: common house rules of boxed sets: anyone may ron, the dealer keeps the deal
  after winning.

Front matter ``rules:`` is a preset name or a mapping ``{preset: seed, scores: {base: 20}}``.
Unknown options or values are PJ200 warnings and are otherwise ignored.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, cast

from kifuwiki.cardkit import options
from kifuwiki.core.diagnostics import DiagnosticBag


class Rounding(enum.Enum):
    UP = "up"
    DOWN = "down"
    NEAREST = "nearest"

    def apply(self, value: Fraction) -> int:
        if self is Rounding.UP:
            return math.ceil(value)
        if self is Rounding.DOWN:
            return math.floor(value)
        return math.floor(value + Fraction(1, 2))


class DealerKeeps(enum.Enum):
    NEVER = "never"
    """The deal passes to the next seat after every hand."""
    WIN = "win"
    """The dealer deals again after winning (連荘)."""


def _default_scores() -> dict[str, int]:
    return {"base": 12, "riichi": 12}


@dataclass(frozen=True, slots=True)
class PonjanRules:
    name: str = "seed"
    scores: dict[str, int] = field(default_factory=_default_scores)
    """The score table: ``base`` every win, ``riichi`` when the winner declared riichi,
    ``tsumo`` for a self-drawn win (when the table has it), any other entry when the win
    line names it (``+三色``)."""
    dealer_win_factor: Fraction = Fraction(3, 2)
    """The dealer's win is worth this many times a child's (seed: 1.5)."""
    dealer_pay_factor: int = 2
    """On another player's tsumo the dealer pays this many children's shares (seed: 2)."""
    rounding: Rounding = Rounding.UP
    """Chips are whole: fractional payments round this way (per payer)."""
    ron_requires_riichi: bool = True
    """Only a player in riichi may ron (the seed: riichi "makes ron possible")."""
    riichi_needs_ready: bool = True
    """Riichi only with a hand one tile from a win."""
    riichi_discards_drawn: bool = True
    """After riichi every drawn tile that does not win is discarded."""
    tsumo_compulsory: bool = True
    """Nine tiles that are three sets win at once (the seed: 「そこでアガリ(和了)となり、
    プレイは終了する。それ以外の時は任意の牌1枚を捨てる」): a discard from a winning
    hand is PJ120. Off: a self-drawn win may be passed up. Checked when the tiles are known."""
    dealer_keeps: DealerKeeps = DealerKeeps.NEVER
    dead_wall: int = 0
    """Tiles left in the wall when the hand is exhausted."""
    start_chips: int | None = None
    """Chips each player starts with; ``None``: the record's ``chips`` (default 100)."""

    def value(self, names: list[str]) -> int:
        return sum(self.scores.get(name, 0) for name in names)

    def describe(self) -> str:
        return options.describe(self, PRESETS, SEED)


SEED = PonjanRules()
HOUSE = PonjanRules(name="house", ron_requires_riichi=False, dealer_keeps=DealerKeeps.WIN)
PRESETS: dict[str, PonjanRules] = {"seed": SEED, "house": HOUSE}

_BOOLS = {"ron_requires_riichi", "riichi_needs_ready", "riichi_discards_drawn", "tsumo_compulsory"}
_ENUMS: dict[str, type[enum.Enum]] = {"rounding": Rounding, "dealer_keeps": DealerKeeps}


def _with(rules: PonjanRules, key: str, value: object) -> PonjanRules:
    # ``replace`` with a computed field name: the callers check the value's type.
    changes = cast(dict[str, Any], {key: value})
    return replace(rules, **changes)


def _option(rules: PonjanRules, key: str, value: Any) -> PonjanRules | None:
    """``rules`` with one option changed, ``None`` when the value does not fit it."""
    if key in _BOOLS and isinstance(value, bool):
        return _with(rules, key, value)
    if key in _ENUMS:
        member = options.enum_value(_ENUMS[key], value)
        return None if member is None else _with(rules, key, member)
    if key == "dealer_win_factor" and isinstance(value, int | float) and value > 0:
        return replace(rules, dealer_win_factor=Fraction(str(value)))
    if key in ("dealer_pay_factor", "dead_wall", "start_chips"):
        return _with(rules, key, value) if options.whole_number(value) else None
    if key == "scores" and isinstance(value, Mapping):
        table = dict(rules.scores)
        for name, points in value.items():
            if not options.whole_number(points):
                return None
            table[str(name)] = points
        return replace(rules, scores=table)
    return None


def resolve_rules(spec: object, bag: DiagnosticBag, line: int = 1) -> PonjanRules:
    """The rule set front matter ``rules:`` asks for; problems are PJ200 warnings."""
    if spec is None or spec == "":
        return SEED
    if isinstance(spec, str):
        spec = {"preset": spec}
    if not isinstance(spec, Mapping):
        bag.warning(
            "PJ200",
            "'rules' must be a preset name or a mapping of options; using 'seed'",
            line,
            ja="rules はプリセット名かオプションの対応表で書きます。seed を使います",
        )
        return SEED
    preset = str(spec.get("preset", "seed")).strip().lower()
    rules = PRESETS.get(preset)
    if rules is None:
        bag.warning(
            "PJ200",
            f"unknown rule preset '{preset}'; using 'seed' (known: {', '.join(PRESETS)})",
            line,
            ja=f"知らないプリセット '{preset}'。seed を使います (使えるもの: {', '.join(PRESETS)})",
        )
        rules = SEED
    for raw_key, value in spec.items():
        key = options.option_key(raw_key)
        if key == "preset":
            continue
        changed = _option(rules, key, value)
        if changed is None:
            bag.warning(
                "PJ200",
                f"rule option '{raw_key}: {value}' is unknown or out of range; ignored",
                line,
                ja=f"ルールオプション '{raw_key}: {value}' は知らないか範囲外です。無視します",
            )
            continue
        rules = changed
    return rules
