"""Front matter with bounds: numbers, nesting and size that nothing downstream chokes on.

Front matter is user data, and everything that shows or reads it (pages, the JSON
report, rule options) walks it. So the reader guarantees, once, for every record:

* integers lie within ±10**15 (:data:`MAX_INT`); a longer number (``big: 999…``, 5,000
  digits, past Python's int-string limit) is kept as its text, with a warning;
* a date YAML cannot build (``2024-13-45``) is kept as its text;
* the data is a fresh tree of at most :data:`MAX_DEPTH` levels and :data:`MAX_NODES`
  values: YAML aliases (``&a [*a]`` is a list that contains itself; ``*a`` repeated
  builds a "billion laughs") are copied, and a cycle or anything past the limits is cut
  with a warning, so a recursive walk over the result always ends.

The walk here is iterative (an explicit stack), so it cannot hit the recursion limit.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

import yaml

#: libyaml's parser when PyYAML has it (ten times faster than the pure-Python one).
_BASE_LOADER: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

MAX_INT = 10**15
"""Largest integer magnitude front matter may hold (far above any count or year)."""
MAX_INT_DIGITS = 16
MAX_DEPTH = 16
"""Nesting levels of mappings and lists (``rules: {a: {b: …}}`` counts 3)."""
MAX_NODES = 5_000
"""Values in the whole front matter, aliases counted each time they are used."""


class _LongNumber(str):
    """An integer too long to build, kept as its text until :func:`bounded_copy` warns."""

    __slots__ = ()


class BoundedLoader(_BASE_LOADER):  # type: ignore[misc, valid-type]
    """The safe loader, with integers and dates that cannot fail to build."""


def _construct_int(loader: yaml.SafeLoader, node: yaml.ScalarNode) -> int | str:
    text = str(node.value)
    if len(text.lstrip("+-").replace("_", "")) > MAX_INT_DIGITS + 2:  # 0x…, 0b…, 1:2:3…
        return _LongNumber(text)  # warned about by bounded_copy
    try:
        return int(yaml.constructor.SafeConstructor.construct_yaml_int(loader, node))
    except ValueError:
        return _LongNumber(text)


def _construct_timestamp(loader: yaml.SafeLoader, node: yaml.ScalarNode) -> Any:
    try:
        return yaml.constructor.SafeConstructor.construct_yaml_timestamp(loader, node)
    except (ValueError, OverflowError):
        return str(node.value)


BoundedLoader.add_constructor("tag:yaml.org,2002:int", _construct_int)
BoundedLoader.add_constructor("tag:yaml.org,2002:timestamp", _construct_timestamp)


@dataclass(frozen=True, slots=True)
class Problem:
    kind: str
    """``number`` (out of range, kept as text) or ``shape`` (too deep, too big, a cycle)."""
    key: str
    """Dotted path of the value, e.g. ``rules.hand_size``."""
    detail: str


def _leaf(value: Any, key: str, problems: list[Problem]) -> Any:
    if isinstance(value, bool) or value is None or isinstance(value, (float, dt.date)):
        return value
    if isinstance(value, int):
        if abs(value) > MAX_INT:
            digits = int(value.bit_length() * 0.30103) + 1  # str() of a huge int may fail
            problems.append(Problem("number", key, f"about {digits} digits"))
            return f"{value:#x}" if digits > 4000 else str(value)
        return value
    if isinstance(value, _LongNumber):
        problems.append(Problem("number", key, f"{len(value)} characters"))
        return str(value)
    if isinstance(value, str):
        return value
    if isinstance(value, bytes):  # !!binary
        return value.decode("latin-1")[:1000]
    return str(value)[:1000]


def _key(key: Any) -> Any:
    """A mapping key as YAML gave it when it is a plain scalar, else its (short) text."""
    if isinstance(key, _LongNumber) or not isinstance(key, (str, int, float, dt.date)):
        return str(key)[:200] if key is not None else None
    if isinstance(key, int) and not isinstance(key, bool) and abs(key) > MAX_INT:
        return str(key)
    return key


def bounded_copy(value: Any) -> tuple[Any, list[Problem]]:
    """A copy of loaded YAML within the module's limits, and what had to be cut."""
    problems: list[Problem] = []
    nodes = 0
    result: list[Any] = [None]
    # Each job: (value, depth, key path, container to fill, index or key in it,
    # ids of the containers above — to spot a value that contains itself).
    stack: list[tuple[Any, int, str, Any, Any, frozenset[int]]] = [
        (value, 0, "", result, 0, frozenset())
    ]
    while stack:
        item, depth, key, target, slot, above = stack.pop()
        nodes += 1
        if nodes > MAX_NODES:
            problems.append(Problem("shape", key or "(top)", f"more than {MAX_NODES} values"))
            target[slot] = None
            # Fill the remaining slots with None without walking them.
            for _, _, _, rest_target, rest_slot, _ in stack:
                rest_target[rest_slot] = None
            break
        if isinstance(item, (dict, list, tuple)):
            if id(item) in above:
                problems.append(Problem("shape", key or "(top)", "a value that contains itself"))
                target[slot] = None
                continue
            if depth >= MAX_DEPTH:
                problems.append(Problem("shape", key or "(top)", f"deeper than {MAX_DEPTH}"))
                target[slot] = None
                continue
            inside = above | {id(item)}
            if isinstance(item, dict):
                copy: dict[Any, Any] = {}
                entries = [(_key(k), v) for k, v in item.items()]
                for k, _ in entries:
                    copy[k] = None
                target[slot] = copy
                for k, v in reversed(entries):
                    path = f"{key}.{k}" if key else str(k)
                    stack.append((v, depth + 1, path, copy, k, inside))
            else:
                items: list[Any] = [None] * len(item)
                target[slot] = items
                for index in range(len(item) - 1, -1, -1):
                    stack.append((item[index], depth + 1, f"{key}[{index}]", items, index, inside))
            continue
        target[slot] = _leaf(item, key, problems)
    return result[0], problems
