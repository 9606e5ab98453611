"""What a card game's ``GAME`` object (its package ``__init__``) repeats: the text lines
``detect`` looks at, the game's own data behind a ``GameRecord``, and ``view``/``format``
found in the package's ``view`` and ``writer`` modules."""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import Any, ClassVar, Protocol, TypeVar, cast

from kifuwiki.core.recordfile import LineKind, RecordSource
from kifuwiki.games.base import GameRecord, RecordView

D = TypeVar("D")


def text_lines(source: RecordSource) -> list[str]:
    """The record's text lines (no comments, bookmarks or blanks), for ``detect``."""
    return [line.text for line in source.lines if line.kind is LineKind.TEXT]


def data_of(record: GameRecord, kind: type[D], game_name: str) -> D:
    """``record.data`` as the game's own ``kind``; a ``TypeError`` naming the game when
    another game's record was passed (a programming error, not bad input)."""
    data = record.data
    if not isinstance(data, kind):
        raise TypeError(f"not a {game_name} record")
    return data


class HoldsRecord(Protocol):
    """A game's ``GameRecord.data``: it keeps the parsed record the writer writes."""

    @property
    def record(self) -> Any: ...


class ViewAndWriter:
    """``view`` and ``format`` of a ``GAME`` class defined in a package's ``__init__``
    that has ``view.build_view(game_record)`` and ``writer.write(data.record)``.

    Both modules are imported on first use, not with the package: they import the
    package's data class (a cycle at import time), and ``validate`` never needs them.
    """

    data_type: ClassVar[type[HoldsRecord]]
    """The class of ``GameRecord.data`` (``format`` refuses another game's record)."""
    id: str

    def _stage(self, module: str, name: str) -> Any:
        return getattr(import_module(f"{type(self).__module__}.{module}"), name)

    def view(self, record: GameRecord) -> RecordView:
        build_view: Callable[[GameRecord], RecordView] = self._stage("view", "build_view")
        return build_view(record)

    @property
    def light_view(self) -> Callable[[GameRecord], RecordView] | None:
        """``view.build_light_view`` when the package's view module has one (the view
        without its steps, see ``GameModule``), else ``None``: no light view."""
        return cast(
            "Callable[[GameRecord], RecordView] | None",
            getattr(import_module(f"{type(self).__module__}.view"), "build_light_view", None),
        )

    def format(self, record: GameRecord, dialect: str | None = None) -> str:
        write: Callable[[Any], str] = self._stage("writer", "write")
        return write(data_of(record, self.data_type, self.id).record)
