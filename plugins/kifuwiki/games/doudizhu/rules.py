"""Rule options: every point on which Dou Dizhu rule books differ is a named option.

Front matter ``rules:`` names a preset (``rules: classic``) or is a mapping of a preset
and overrides (``rules: {preset: classic, spring: 3}``). Problems are reported, and
the preset's value is kept, so a typo never stops a record from being checked.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import Any

from kifuwiki.cardkit import options

BIDDING_STYLES = ("once", "until-passes")


@dataclass(frozen=True, slots=True)
class RuleOptions:
    name: str = "classic"
    """The preset the options start from."""
    bidding: str = "once"
    """``once``: each player bids at most once, in seat order (a 3 ends it at once);
    ``until-passes``: bidding goes round until two players in a row pass after a bid."""
    four_with_two: bool = True
    """Four of a kind may carry two singles or two pairs (四帯二); it is then no bomb."""
    kickers_distinct: bool = True
    """Kickers (the cards a trio, plane or four carries) must be of different ranks from
    each other and from the ranks they are attached to (no ``4444+55``, no ``333444+44``)."""
    rocket_as_kickers: bool = False
    """Both jokers may be carried together as two single kickers (DouZero allows it)."""
    bomb: int = 2
    """Multiplier of each bomb played (1 to 4)."""
    rocket: int = 2
    """Multiplier of the rocket (1 to 4; some rooms use 3 or 4)."""
    spring: int = 2
    """Multiplier of a spring or an anti-spring (1 turns them off; up to 4)."""
    anti_spring: bool = True
    """Whether the peasants' spring (反春) counts."""


PRESETS: dict[str, RuleOptions] = {
    "classic": RuleOptions(),
    "seed-ja": RuleOptions(name="seed-ja", bidding="once", spring=1, anti_spring=False),
    "douzero": RuleOptions(
        name="douzero",
        kickers_distinct=False,
        rocket_as_kickers=True,
        rocket=2,
        spring=1,
        anti_spring=False,
    ),
}
PRESET_TEXT = {
    "classic": (
        "common Chinese rules (Pagat): bidding once round, bombs/rocket/spring x2",
        "一般的な中国ルール (Pagat): 競りは一巡、爆弾・ロケット・春天は各2倍",
    ),
    "seed-ja": (
        "the Japanese description (Wikipedia): bidding 1-3 once round, no spring",
        "日本語版の説明 (ウィキペディア): 1〜3の競りを一巡、春天なし",
    ),
    "douzero": (
        "DouZero's engine: kickers may pair or be the two jokers, no spring",
        "DouZero のエンジン: キッカーのペアや両ジョーカーを許す、春天なし",
    ),
}
_INT_RANGE = {"bomb": (1, 4), "rocket": (1, 4), "spring": (1, 4)}
_ALIASES = {"four-with-two": "four_with_two", "kickers-distinct": "kickers_distinct"}


@dataclass(frozen=True, slots=True)
class RuleProblem:
    message: str
    message_ja: str


def _option_value(key: str, value: Any, default: Any) -> tuple[Any, RuleProblem | None]:
    if isinstance(default, bool):
        if isinstance(value, bool):
            return value, None
        return default, RuleProblem(
            f"rule option '{key}' takes yes or no, not {value!r}; the preset's value is used",
            f"ルール '{key}' は yes か no で指定します ({value!r} は不可)。"
            "プリセットの値で検査します",
        )
    if isinstance(default, int):
        low, high = _INT_RANGE[key]
        if options.whole_number(value, low, high):
            return value, None
        return default, RuleProblem(
            f"rule option '{key}' takes a whole number from {low} to {high}, not {value!r}; "
            "the preset's value is used",
            f"ルール '{key}' は {low}〜{high} の整数です ({value!r} は不可)。"
            "プリセットの値で検査します",
        )
    if key == "bidding" and value in BIDDING_STYLES:
        return value, None
    return default, RuleProblem(
        f"rule option 'bidding' is one of {', '.join(BIDDING_STYLES)}, not {value!r}; "
        "the preset's value is used",
        f"ルール 'bidding' は {' / '.join(BIDDING_STYLES)} のいずれかです ({value!r} は不可)。"
        "プリセットの値で検査します",
    )


def resolve(spec: Any) -> tuple[RuleOptions, list[RuleProblem]]:
    """The options a front matter ``rules`` value asks for, and what was wrong with it."""
    if spec is None:
        return PRESETS["classic"], []
    if isinstance(spec, str):
        spec = {"preset": spec}
    if not isinstance(spec, Mapping):
        return PRESETS["classic"], [
            RuleProblem(
                "'rules' is a preset name or a mapping of options",
                "'rules' はプリセット名か、オプションの対応表です",
            )
        ]
    problems: list[RuleProblem] = []
    preset_name = str(spec.get("preset", "classic"))
    options = PRESETS.get(preset_name)
    if options is None:
        problems.append(
            RuleProblem(
                f"unknown rule preset {preset_name!r} (known: {', '.join(PRESETS)}); using classic",
                f"ルールのプリセット {preset_name!r} はありません (あるもの: "
                f"{', '.join(PRESETS)})。classic で検査します",
            )
        )
        options = PRESETS["classic"]
    known = {f.name: f for f in fields(RuleOptions) if f.name != "name"}
    changes: dict[str, Any] = {}
    for raw_key, value in spec.items():
        key = _ALIASES.get(str(raw_key), str(raw_key))
        if key == "preset":
            continue
        if key not in known:
            problems.append(
                RuleProblem(
                    f"unknown rule option {raw_key!r} (known: {', '.join(known)}); ignored",
                    f"ルールのオプション {raw_key!r} はありません (あるもの: "
                    f"{', '.join(known)})。無視します",
                )
            )
            continue
        changes[key], problem = _option_value(key, value, getattr(options, key))
        if problem is not None:
            problems.append(problem)
    return replace(options, **changes), problems


def describe(rules: RuleOptions) -> str:
    """The options that differ from the preset, for page headers: ``classic (spring=3)``."""
    return options.describe(rules, PRESETS, PRESETS["classic"])
