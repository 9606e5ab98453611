"""Rule sets for Prime Daifugo: named presets plus option overrides from front matter.

The presets follow ``/work/shared/reference/daifugo-rules.md`` §4:

* ``standard`` (default): tournament rules (金剛戦, Mathpower杯, the primeqk rules page).
  11 cards each, penalty = cards played (+ factor cards of a composite), jokers 0–13,
  composites with exponents, 57 (GC), 1729 (RR) and a lone joker (IN) are special.
* ``fandom``: the Fandom wiki's rules (seed 003) and notation (seed 000). The same game,
  but the wiki deals "equally" rather than 11 each, so the hand size is not checked, and
  57 may only be played as a prime (never as the composite 3 × 19).
* ``online``: the two-player online server: a pass or a penalty flushes the field at once.

Front matter ``rules:`` is either a preset name (``rules: fandom``) or a mapping
(``rules: {preset: online, hand_size: 7}``). Unknown options or values become warnings and
are otherwise ignored, so a typo never stops a record from being checked.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import Any

from kifuwiki.core.diagnostics import DiagnosticBag


class PenaltyMode(enum.Enum):
    NORMAL = "normal"
    """As many cards as were played, factor cards of a composite included."""
    FIELD_COUNT = "field-count"
    """As many cards as the number put on the field (factor cards not counted)."""
    ALWAYS_1 = "always-1"
    """One card, whatever was played."""


@dataclass(frozen=True, slots=True)
class RuleSet:
    name: str = "standard"
    hand_size: int | None = 11
    """Cards dealt to each player; ``None``: any size (equal hands are still expected)."""
    deck_size: int = 54
    penalty_mode: PenaltyMode = PenaltyMode.NORMAL
    joker_min: int = 0
    joker_max: int = 13
    composites: bool = True
    exponents: bool = True
    grothendieck_cut: bool = True
    """57 as a two-card play flushes the field; its player leads again."""
    ramanujan_revolution: bool = True
    """1729 as a four-card play reverses the order of strength until played again."""
    infinity_joker: bool = True
    """A lone joker beats any single card and flushes (``X[IN]``)."""
    composite_57: bool = True
    """57 may be played as a composite (3 × 19, no special effect). The Fandom rules
    (seed 003) allow 57 only as a prime: "57は素数としてしか出すことはできず"."""
    flush_on_pass: bool = False
    """A pass or a penalty flushes the field at once (the two-player online server)."""
    max_draws_per_turn: int = 1

    def penalty_size(self, number_cards: int, factor_cards: int) -> int:
        if self.penalty_mode is PenaltyMode.ALWAYS_1:
            return 1
        if self.penalty_mode is PenaltyMode.FIELD_COUNT:
            return number_cards
        return number_cards + factor_cards

    def describe(self) -> str:
        """The preset name plus the options that differ from it, for page headers."""
        base = PRESETS.get(self.name, STANDARD)
        changed = [
            f"{f.name}={_show(getattr(self, f.name))}"
            for f in fields(self)
            if f.name != "name" and getattr(self, f.name) != getattr(base, f.name)
        ]
        return self.name + (f" ({', '.join(changed)})" if changed else "")


def _show(value: object) -> str:
    if isinstance(value, enum.Enum):
        return str(value.value)
    return str(value)


STANDARD = RuleSet()
FANDOM = RuleSet(name="fandom", hand_size=None, composite_57=False)
ONLINE = RuleSet(name="online", flush_on_pass=True)

PRESETS: dict[str, RuleSet] = {"standard": STANDARD, "fandom": FANDOM, "online": ONLINE}

_OPTION_ALIASES = {
    "penalty": "penalty_mode",
    "penalty_size": "penalty_mode",
    "gc": "grothendieck_cut",
    "rr": "ramanujan_revolution",
    "in": "infinity_joker",
    "exponent": "exponents",
    "composite": "composites",
}

_BOOL_OPTIONS = {
    "composites",
    "exponents",
    "grothendieck_cut",
    "ramanujan_revolution",
    "infinity_joker",
    "flush_on_pass",
    "composite_57",
}
#: The range of every whole-number option (inclusive). Outside it an option is ignored
#: with a warning: no deck holds more than 1,000 cards (a play of them makes a number
#: of at most 2,000 digits, which stays fast to test), no hand more than the deck.
OPTION_RANGES: dict[str, tuple[int, int]] = {
    "hand_size": (1, 1000),
    "deck_size": (1, 1000),
    "joker_min": (0, 13),
    "joker_max": (0, 13),
    "max_draws_per_turn": (0, 1000),
}
_INT_OPTIONS = {"deck_size", "joker_min", "joker_max", "max_draws_per_turn"}


def _option_key(raw: str) -> str:
    key = raw.strip().lower().replace("-", "_").replace(" ", "_")
    return _OPTION_ALIASES.get(key, key)


def _joker_range(value: object) -> tuple[int, int] | None:
    """``joker_range: 0-13`` / ``[1, 13]``."""
    if isinstance(value, list | tuple) and len(value) == 2:
        low, high = value
    elif isinstance(value, str) and "-" in value:
        low, _, high = value.partition("-")
    else:
        return None
    try:
        pair = int(str(low).strip()), int(str(high).strip())
    except ValueError:
        return None
    low, high = OPTION_RANGES["joker_min"]
    return pair if low <= pair[0] <= pair[1] <= high else None


def resolve_rules(spec: object, bag: DiagnosticBag, line: int = 1) -> RuleSet:
    """The rule set a record's front matter (or a site default) asks for.

    Problems are warnings on ``line`` (the front matter), and the rest of the spec still
    applies: ``{preset: online, hand_sise: 7}`` is the online preset plus one warning.
    """
    if spec is None or spec == "":
        return STANDARD
    if isinstance(spec, str):
        preset = PRESETS.get(spec.strip().lower())
        if preset is None:
            bag.warning(
                "PD100",
                f"unknown rule set '{_shown(spec)}'; using 'standard' (known: "
                f"{', '.join(PRESETS)})",
                line,
                ja=f"知らないルール '{_shown(spec)}' のため 'standard' を使う"
                f"(使えるのは {', '.join(PRESETS)})",
            )
            return STANDARD
        return preset
    if not isinstance(spec, Mapping):
        bag.warning(
            "PD100",
            "'rules' must be a rule-set name or a mapping of options",
            line,
            ja="'rules' にはルール名か設定の対応表を書く",
        )
        return STANDARD
    options: dict[str, Any] = {}
    #: Each option's key as the record wrote it (``penalty``, ``gc``), for the messages:
    #: the engine's own names (``penalty_mode``) are documented nowhere.
    written: dict[str, str] = {}
    for raw, value in spec.items():
        key = _option_key(str(raw))
        options[key] = value
        written[key] = _shown(str(raw).strip())
    rules = resolve_rules(options.pop("preset", None) or options.pop("name", None), bag, line)
    changes: dict[str, Any] = {}
    for key, value in options.items():
        name = written[key]
        if key in _BOOL_OPTIONS:
            if isinstance(value, bool):
                changes[key] = value
            else:
                _bad_value(bag, line, name, value, "true or false", "true か false")
        elif key in _INT_OPTIONS or (key == "hand_size" and value is not None):
            low, high = OPTION_RANGES[key]
            if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high:
                changes[key] = value
            else:
                _bad_value(
                    bag,
                    line,
                    name,
                    value,
                    f"a whole number from {low} to {high}",
                    f"{low} から {high} までの整数",
                )
        elif key == "hand_size":
            changes[key] = None
        elif key == "penalty_mode":
            mode = next((m for m in PenaltyMode if m.value == _shown(value).strip().lower()), None)
            if mode is None:
                modes = ", ".join(m.value for m in PenaltyMode)
                _bad_value(bag, line, name, value, modes, f"{modes} のどれか")
            else:
                changes[key] = mode
        elif key == "joker_range":
            pair = _joker_range(value)
            if pair is None:
                _bad_value(bag, line, name, value, "a range like 0-13", "0-13 のような範囲")
            else:
                changes["joker_min"], changes["joker_max"] = pair
        else:
            shown = name
            bag.warning(
                "PD101",
                f"unknown rule option '{shown}' is ignored",
                line,
                ja=f"知らないルール設定 '{shown}' は無視する",
            )
    if changes.get("joker_min", rules.joker_min) > changes.get("joker_max", rules.joker_max):
        bag.warning(
            "PD102",
            "joker_min is above joker_max; the joker range is unchanged",
            line,
            ja="joker_min が joker_max より大きいため、ジョーカーの範囲は変えない",
        )
        changes.pop("joker_min", None)
        changes.pop("joker_max", None)
    return replace(rules, **changes) if changes else rules


def _shown(value: object) -> str:
    """A value for a message, short whatever it is (``str`` of a huge int even raises)."""
    if isinstance(value, int) and value.bit_length() > 128:
        return "a number of more than 38 digits"
    text = str(value)
    return text if len(text) <= 40 else text[:37] + "…"


def _bad_value(
    bag: DiagnosticBag, line: int, key: str, value: object, expected: str, expected_ja: str
) -> None:
    shown = _shown(value)
    bag.warning(
        "PD102",
        f"rule option '{key}' has value '{shown}'; expected {expected}",
        line,
        ja=f"ルールの設定 '{key}' の値 '{shown}' は使えない({expected_ja})",
    )


#: The titles in English, for English pages (review 12, F-I18N-1).
RANK_TITLES_EN = {
    "大富豪": "Grand Millionaire",
    "富豪": "Millionaire",
    "平民": "Commoner",
    "貧民": "Poor",
    "大貧民": "Grand Poor",
}


def rank_titles(players: int, lang: str = "ja") -> list[str]:
    """The game's titles by finishing place, as ordinary 大富豪 gives them (seed 003:
    "あがった順に富豪, 平民, · · · , 大貧民 ... 通常の大富豪と同様に").

    Two players are 大富豪 and 大貧民; three add 平民 between them; four are 大富豪, 富豪,
    貧民, 大貧民; from five on, everyone between 富豪 and 貧民 is 平民. ``lang`` ``"en"``:
    the same titles in English (Grand Millionaire … Grand Poor).
    """
    titles = _rank_titles(players)
    return [RANK_TITLES_EN[title] for title in titles] if lang == "en" else titles


def _rank_titles(players: int) -> list[str]:
    if players <= 0:
        return []
    if players == 1:
        return ["大富豪"]
    if players == 2:
        return ["大富豪", "大貧民"]
    if players == 3:
        return ["大富豪", "平民", "大貧民"]
    return ["大富豪", "富豪", *["平民"] * (players - 4), "貧民", "大貧民"]
