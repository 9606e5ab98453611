"""Rule options: every open point of the rules (reference §4) as a named option.

``original`` is what the 2014 program does (without its bugs), ``strict`` reads the
32 definitions literally where they say something. Front matter ``rules:`` names a
preset (``rules: strict``) or a mapping ``{preset: strict, bonus: max-own}``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import Any

from kifuwiki.cardkit import options
from kifuwiki.core.diagnostics import DiagnosticBag
from kifuwiki.games.selaffesto.model import FILES, SIZE, Cell, cell_at


@dataclass(frozen=True, slots=True)
class Rules:
    """The rule options; each field's comment names the open point it settles."""

    name: str = "original"
    deck_size: int = 60
    """§4.1 cards per player's deck (rule 20). Contents are free: the program draws every
    SN at random, so a record's cards are only checked against the SN set."""
    first_hand: int = 7
    """Rule 23: cards taken into hand by the first action."""
    hand_limit: int = 12
    """Rule 22: most cards a hand may hold; a draw needs fewer."""
    start_w: str = "g1"
    """§4.2 White's start cell (the program: middle of White's edge)."""
    start_b: str = "g13"
    """§4.2 Black's start cell."""
    first: str = "W"
    """§4.4 who is P1 (front matter ``first:`` overrides it)."""
    bonus: str = "max-own"
    """§4.5 the 4xFW bonus: ``max-own`` (the mover's highest-FW hand card, kept) or
    ``choice`` (the mover names a hand card with ``*card``, kept)."""
    relc: str = "forced"
    """§4.6 re-playing an own LC: ``forced`` (the program) or ``optional`` (rule 28 says
    行える, "may"); an LC not re-played goes back to the mover's hand (lost if full),
    which is also what happens under ``forced`` when no NH cell is left for it."""
    relc_nh: str = "standing"
    """§4.6 the NH an own LC is re-played into: ``standing`` (the program: NH is taken
    while the LC still stands, so it counts as an own card and reaches from its cell) or
    ``lifted`` (rule 18 removes the LC first: NH with its cell empty, so the LC reaches
    nothing). Either way the LC never goes back to its old cell."""
    full_hand: str = "fail"
    """Rule 28 when the LC's owner holds 11+ cards: ``fail`` (the program judges the
    placement a fail put) or ``jump`` (the literal text: still a jump put, the play ends)."""
    final_round: str = "points"
    """§4.9 the final action's x0.8 rounds down to whole ``points`` or to ``tenths``."""
    final_timing: str = "after"
    """§4.8 the placement that empties hand and mount: its P↑ (and bonus) is scored
    ``after``, then the x0.8 takes it in too, or the final action comes ``before`` it (rule
    29: the moment the count becomes 0, rule 28: P↑ after the put) and the action's points
    are added whole to the reduced total. The 2014 program ends before scoring: a bug."""
    passing: str = "stuck"
    """§4.7 the rules have no pass: ``stuck`` (a pass only when no placement is possible,
    even after a draw; SF113 otherwise) or ``free`` (a player may pass at any action)."""
    ending: str = "first"
    """§4.8 rule 29 never ends the game: ``first`` (the program: the game ends at the
    first final action, only that player's points are x0.8) or ``all`` (play goes on, the
    finished player's turns skipped, until every player has made their final action,
    each x0.8 once). The higher score wins either way; equal points are a draw."""

    @property
    def preset(self) -> str:
        return self.name.split("+", 1)[0]

    def front_matter(self) -> list[str]:
        """``rules:`` lines that select exactly these rules."""
        base = PRESETS.get(self.preset, PRESETS["original"])
        changed = [
            f"  {name}: {getattr(self, name)}"
            for name in OPTION_NAMES
            if getattr(self, name) != getattr(base, name)
        ]
        if not changed:
            return [f"rules: {self.preset}"]
        return ["rules:", f"  preset: {self.preset}", *changed]

    def start_cell(self, player: str) -> Cell:
        text = self.start_w if player == "W" else self.start_b
        return cell_at(FILES.index(text[0]), int(text[1:]) - 1)


_CHOICES: dict[str, tuple[str, ...]] = {
    "bonus": ("max-own", "choice"),
    "relc": ("forced", "optional"),
    "full_hand": ("fail", "jump"),
    "final_round": ("points", "tenths"),
    "relc_nh": ("standing", "lifted"),
    "passing": ("stuck", "free"),
    "ending": ("first", "all"),
    "final_timing": ("after", "before"),
    "first": ("W", "B"),
}
_RANGES: dict[str, tuple[int, int]] = {
    "deck_size": (1, 200),
    "first_hand": (1, 12),
    "hand_limit": (1, 30),
}
PRESETS: dict[str, Rules] = {
    "original": Rules(),
    "strict": Rules(
        name="strict",
        bonus="choice",
        relc="optional",
        full_hand="jump",
        relc_nh="lifted",
        ending="all",
        final_timing="before",
    ),
}
OPTION_NAMES = tuple(f.name for f in fields(Rules) if f.name != "name")


def _cell_ok(text: str) -> bool:
    return len(text) >= 2 and text[0] in FILES and text[1:].isdigit() and 1 <= int(text[1:]) <= SIZE


def _option(name: str, value: Any, bag: DiagnosticBag, line: int) -> Any:
    """The option's value, or ``None`` after a diagnostic."""
    if name in _CHOICES:
        text = str(value)
        if text in _CHOICES[name]:
            return text
        allowed = ", ".join(_CHOICES[name])
        bag.warning(
            "SF012",
            f"rule option {name}: {text!r} is not one of {allowed}; ignored",
            line,
            ja=f"ルールオプション {name}: {text!r} は {allowed} のどれでもありません。無視します",
        )
        return None
    if name in _RANGES:
        low, high = _RANGES[name]
        if options.whole_number(value, low, high):
            return value
        bag.warning(
            "SF012",
            f"rule option {name}: {value!r} is not a whole number from {low} to {high}; ignored",
            line,
            ja=f"ルールオプション {name}: {value!r} は {low} から {high} の整数ではありません。"
            "無視します",
        )
        return None
    text = str(value)
    if _cell_ok(text):
        return text
    bag.warning(
        "SF012",
        f"rule option {name}: {text!r} is not a cell a1-m13; ignored",
        line,
        ja=f"ルールオプション {name}: {text!r} は a1-m13 のセルではありません。無視します",
    )
    return None


def resolve_rules(spec: object, bag: DiagnosticBag, line: int = 1) -> Rules:
    """Front matter ``rules:`` → :class:`Rules`; unknown names get SF012, never a crash."""
    if spec is None:
        return PRESETS["original"]
    if isinstance(spec, str):
        spec = {"preset": spec}
    if not isinstance(spec, Mapping):
        bag.warning(
            "SF012",
            "rules: must be a preset name (original, strict) or a mapping of options; "
            "using original",
            line,
            ja="rules: はプリセット名 (original, strict) かオプションの対応表にしてください。"
            "original で検査します",
        )
        return PRESETS["original"]
    preset_name = str(spec.get("preset", "original"))
    rules = PRESETS.get(preset_name)
    if rules is None:
        bag.warning(
            "SF012",
            f"rules: no preset {preset_name!r} (presets: {', '.join(PRESETS)}); using original",
            line,
            ja=f"rules: プリセット {preset_name!r} はありません ({', '.join(PRESETS)})。"
            "original で検査します",
        )
        rules = PRESETS["original"]
    changes: dict[str, Any] = {}
    for key, value in spec.items():
        name = str(key).replace("-", "_")
        if name == "preset":
            continue
        if name not in OPTION_NAMES:
            bag.warning(
                "SF012",
                f"rules: no option {key!r} (options: {', '.join(OPTION_NAMES)}); ignored",
                line,
                ja=f"rules: オプション {key!r} はありません ({', '.join(OPTION_NAMES)})。"
                "無視します",
            )
            continue
        checked = _option(name, value, bag, line)
        if checked is not None:
            changes[name] = checked
    if changes:
        label = rules.name + "+" + ",".join(f"{k}={v}" for k, v in sorted(changes.items()))
        rules = replace(rules, name=label, **changes)
    return rules
