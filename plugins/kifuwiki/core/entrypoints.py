"""Entry points of one group found without importing :mod:`importlib.metadata`.

``importlib.metadata`` costs about 15–20 ms to import (it pulls in ``email``,
``zipfile``, ``csv``, ``inspect``, ``socket`` …): a fifth of the start-up of
``kifuwiki validate`` on one file, which only needs the ``kifuwiki.games`` group.
What it does for ``entry_points(group=…)`` in the common case is simple: list each
folder on ``sys.path``, take every ``*.dist-info`` / ``*.egg-info`` in listing order,
keep the first of each normalised project name, read its ``entry_points.txt``.

:func:`scan_entry_points` does exactly that, and answers ``None`` (the caller then
asks ``importlib.metadata``) whenever the case is not that simple: another finder
that finds distributions, a path that is not a readable folder (a zip import, an
``.egg``), a metadata folder whose name ``importlib.metadata`` would not read from
its spelling, a file it cannot decode or a line it would refuse. Nothing is cached
on disk: every process lists the folders afresh, as ``importlib.metadata`` does.
``tests/contract/test_entry_point_scan.py`` checks the answer against
``importlib.metadata.entry_points(group=…)`` on fake installations and on the
running environment.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from functools import reduce
from importlib import import_module
from importlib.machinery import PathFinder
from typing import Any

_METADATA_SUFFIXES = (".dist-info", ".egg-info")
#: What ``read_text`` of a path distribution takes for "no such file" (KeyError is
#: its zip case, which is never scanned here).
_NO_FILE = (FileNotFoundError, IsADirectoryError, NotADirectoryError, PermissionError)


@dataclass(frozen=True, slots=True)
class ScannedEntryPoint:
    """``name = value`` in ``[group]``; :meth:`load` as :class:`importlib.metadata.EntryPoint`'s."""

    name: str
    value: str
    group: str

    @property
    def module(self) -> str:
        return self.value.partition(":")[0].strip()

    @property
    def attr(self) -> str:
        return self.value.partition(":")[2].strip()

    def load(self) -> Any:
        """The module, or the object ``module:attr.path`` names in it."""
        return reduce(getattr, filter(None, self.attr.split(".")), import_module(self.module))


def scan_entry_points(
    group: str, path: Sequence[object] | None = None
) -> list[ScannedEntryPoint] | None:
    """``importlib.metadata.entry_points(group=group)`` for a plain installation, in the
    same order; ``None`` when the installation is not plain enough to be sure."""
    if any(
        getattr(finder, "find_distributions", None) is not None and finder is not PathFinder
        for finder in sys.meta_path
    ):
        return None  # another finder adds distributions of its own
    seen: set[str] = set()
    found: list[ScannedEntryPoint] = []
    # The os.path calls importlib.metadata makes (noqa PTH): the same answers, in the
    # same listing order, without a Path object for each of hundreds of children.
    for root in sys.path if path is None else path:
        if not isinstance(root, str) or os.path.basename(root).lower().endswith(".egg"):  # noqa: PTH119
            return None
        try:
            children = os.listdir(root or ".")  # noqa: PTH208
        except FileNotFoundError:
            continue  # importlib.metadata finds nothing there either
        except OSError:
            return None  # a zip file, an unreadable folder: importlib.metadata's case
        for child in children:
            if not child.lower().endswith(_METADATA_SUFFIXES):
                continue
            if os.path.splitext(child)[1] not in _METADATA_SUFFIXES:  # noqa: PTH122
                return None  # "X.DIST-INFO", ".dist-info": importlib.metadata reads its METADATA
            key = _normalised_name(child)
            if key in seen:
                continue
            seen.add(key)
            entries = _read_group(os.path.join(root, child, "entry_points.txt"), group)  # noqa: PTH118
            if entries is None:
                return None
            found.extend(entries)
    return found


def _normalised_name(child: str) -> str:
    """The project's name in ``name-version.dist-info``, normalised as
    ``importlib.metadata`` does (PEP 503, dashes as underscores)."""
    name = os.path.splitext(child)[0].partition("-")[0]  # noqa: PTH122
    return re.sub(r"[-_.]+", "-", name).lower().replace("-", "_")


def _read_group(file: str, group: str) -> list[ScannedEntryPoint] | None:
    """The entries of ``[group]`` in one ``entry_points.txt`` (none when it is missing);
    ``None`` when ``importlib.metadata`` would fail on the file or on a line of it."""
    try:
        with open(file, encoding="utf-8") as stream:  # noqa: PTH123
            text = stream.read()
    except _NO_FILE:
        return []
    except (OSError, UnicodeDecodeError):
        return None
    entries: list[ScannedEntryPoint] = []
    section: str | None = None
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line.strip("[]")
            continue
        if section is None:
            continue  # importlib.metadata skips lines before the first section
        name, equals, value = line.partition("=")
        if not equals:
            return None  # importlib.metadata raises on it: let it
        if section == group:
            value = value.strip()
            if not _plain_reference(value):
                return None  # extras, spaces, odd characters: EntryPoint's own pattern
            entries.append(ScannedEntryPoint(name.strip(), value, section))
    return entries


def _plain_reference(value: str) -> bool:
    """``module.path`` or ``module.path : attr.path`` of word characters (spaces around
    the colon), nothing else: what :meth:`ScannedEntryPoint.load` reads as
    ``EntryPoint.load`` does (its pattern: ``[\\w.]+ \\s* (: \\s* [\\w.]+ \\s*)?``)."""
    module, colon, attr = value.partition(":")
    parts = (module.rstrip(), attr.lstrip()) if colon else (module,)
    return all(part and all(ch.isalnum() or ch in "._" for ch in part) for part in parts)
