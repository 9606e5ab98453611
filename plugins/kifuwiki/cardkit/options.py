"""Named rule options: presets, front-matter overrides, value checks, page descriptions.

A game keeps its rules in a frozen dataclass whose fields are the options (each with its
documented default) and a ``name`` field, the preset it started from. Front matter
``rules:`` is a preset name or a mapping ``{preset: name, option: value, …}``; option
names fold case and ``-`` (``Throw-Penalty`` is ``throw_penalty``).

:func:`resolve` is the whole front-matter path for games whose messages are the kit's
(``unknown rule preset …``, ``rule option … cannot be used; ignored``); games with their
own wording use the smaller pieces: :func:`option_key`, :func:`whole_number`,
:func:`enum_value`, :func:`describe`.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from dataclasses import fields, replace
from fractions import Fraction
from typing import Any, Protocol, TypeVar

from kifuwiki.core.diagnostics import DiagnosticBag


class RuleSet(Protocol):
    """What the kit needs of a game's rules: a preset name (and dataclass fields)."""

    @property
    def name(self) -> str: ...


R = TypeVar("R", bound=RuleSet)
E = TypeVar("E", bound=enum.Enum)


def option_key(raw: object) -> str:
    """A front-matter option name as a field name: ``Throw-Penalty`` → ``throw_penalty``."""
    return str(raw).strip().lower().replace("-", "_")


def whole_number(value: object, low: int = 0, high: int | None = None) -> bool:
    """``value`` is an ``int`` (YAML's ``true`` is not) within ``low`` … ``high``."""
    if not isinstance(value, int) or isinstance(value, bool):
        return False
    return value >= low and (high is None or value <= high)


def enum_value(kind: type[E], value: object) -> E | None:
    """The member of ``kind`` whose value ``value`` spells (case-folded), else ``None``."""
    try:
        return kind(str(value).strip().lower())
    except ValueError:
        return None


def fields_typed(cls: type, *types: str) -> frozenset[str]:
    """The names of ``cls``'s dataclass fields annotated with one of ``types``
    (``"bool"``, ``"int"``); string annotations, as ``from __future__ import annotations``
    leaves them."""
    wanted = set(types)
    return frozenset(
        f.name for f in fields(cls) if f.type in wanted or getattr(f.type, "__name__", "") in wanted
    )


def show(value: object) -> str:
    """An option's value as a page header shows it: an enum by its value, a fraction as a
    decimal (``1.5``), a table as ``key value, …``."""
    if isinstance(value, enum.Enum):
        return str(value.value)
    if isinstance(value, Fraction):
        return str(float(value))
    if isinstance(value, dict):
        return ", ".join(f"{k} {v}" for k, v in value.items())
    return str(value)


def changed(rules: R, base: R) -> list[tuple[str, Any]]:
    """The options (field name, value) in which ``rules`` differs from ``base``."""
    return [
        (f.name, getattr(rules, f.name))
        for f in fields(rules)  # type: ignore[arg-type]
        if f.name != "name" and getattr(rules, f.name) != getattr(base, f.name)
    ]


def describe(rules: R, presets: Mapping[str, R], fallback: R) -> str:
    """``standard (decks=1, throws=False)``: the preset and what differs from it."""
    base = presets.get(rules.name, fallback)
    diffs = [f"{name}={show(value)}" for name, value in changed(rules, base)]
    return rules.name + (f" ({', '.join(diffs)})" if diffs else "")


def preset(
    name: object, presets: Mapping[str, R], default: str, code: str, bag: DiagnosticBag, line: int
) -> R:
    """The preset ``name`` names (case-folded), else ``default``'s with a ``code``
    warning: rules a game cannot use are a warning in every game (the record is still
    checked, under the rules the message names; ``--strict`` fails on it)."""
    key = str(name).strip().lower()
    if key in presets:
        return presets[key]
    bag.warning(
        code,
        f"unknown rule preset {name!r} (known: {', '.join(presets)}); using {default}",
        line,
        ja=f"未知のプリセット {name!r} (使えるのは {', '.join(presets)}); {default} で検査します",
    )
    return presets[default]


def resolve(
    spec: object,
    presets: Mapping[str, R],
    default: str,
    value_of: Callable[[str, object], object | None],
    code: str,
    bag: DiagnosticBag,
    line: int = 1,
) -> R:
    """Front matter ``rules:`` (a preset name, a mapping, or nothing) → a rule set.

    ``value_of(key, raw)`` checks one option: the value to use, or ``None`` when the key
    is no option or the value does not fit it (a ``code`` warning, the option ignored).
    """
    if spec is None:
        return presets[default]
    if not isinstance(spec, Mapping):
        return preset(spec, presets, default, code, bag, line)
    rules = preset(spec.get("preset", default), presets, default, code, bag, line)
    changes: dict[str, Any] = {}
    for raw_key, raw_value in spec.items():
        key = option_key(raw_key)
        if key == "preset":
            continue
        value = value_of(key, raw_value)
        if value is None:
            # Which is wrong, the name or the value, and what the names are (review13
            # R13-15: "option 'bogus' with value 1 cannot be used" said neither).
            known = [f.name for f in fields(rules) if f.name != "name"]  # type: ignore[arg-type]
            if key in known:
                en = f"rule option {raw_key!r} cannot be {raw_value!r}; the option is ignored"
                ja = f"ルールオプション {raw_key!r} に {raw_value!r} は使えません。無視します"
            else:
                names = ", ".join(known)
                en = f"no rule option {raw_key!r} (options: {names}); ignored"
                ja = f"ルールオプション {raw_key!r} はありません (使えるのは {names})。無視します"
            bag.warning(code, en, line, ja=ja)
            continue
        changes[key] = value
    return replace(rules, **changes) if changes else rules  # type: ignore[type-var]


def fixed_rules(spec: object, name: str, code: str, bag: DiagnosticBag, line: int) -> None:
    """For a game that checks one rule set, ``name``, and has no options: a ``rules:``
    asking for another preset, or for options, is reported as a ``code`` warning (the
    record is still checked by ``name``) instead of being silently ignored."""
    if isinstance(spec, Mapping):
        asked = spec.get("preset", spec.get("name"))
        others = sorted(str(key) for key in spec if key not in ("preset", "name"))
    else:
        asked, others = spec, []
    if asked is not None and str(asked).strip().lower() not in ("", name):
        bag.warning(
            code,
            f"unknown rule set '{asked}'; checked by '{name}', the only rules of this game",
            line,
            ja=f"知らないルール '{asked}' のため、このゲーム唯一のルール '{name}' で検査する",
        )
    if others:
        shown = ", ".join(others)
        bag.warning(
            code,
            f"rule options ({shown}) are ignored: the '{name}' rules of this game have none",
            line,
            ja=f"ルール設定 ({shown}) は無視する: このゲームの '{name}' ルールに設定はない",
        )
