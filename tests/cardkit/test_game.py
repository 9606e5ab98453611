"""``ViewAndWriter``: a card game's ``view`` and ``format`` found in its own package."""

from __future__ import annotations

import sys
import types
from dataclasses import dataclass

import pytest

from kifuwiki.cardkit.game import ViewAndWriter
from kifuwiki.core.recordfile import split_record_file
from kifuwiki.games.base import GameRecord


@dataclass
class _Data:
    record: str


class _Game(ViewAndWriter):
    __module__ = "kw_fake_card_game"
    data_type = _Data
    id = "fake"


def _record(data: object) -> GameRecord:
    (source,) = split_record_file("N: SA\n")
    return GameRecord("fake", source, "", [], None, None, [], 0, [], "r", data=data)


@pytest.fixture
def stages(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """The fake package's ``view`` and ``writer`` modules; what they were called with."""
    calls: list[object] = []
    view = types.ModuleType("kw_fake_card_game.view")
    writer = types.ModuleType("kw_fake_card_game.writer")
    view.build_view = lambda record: calls.append(record) or "the view"  # type: ignore[attr-defined]
    writer.write = lambda parsed: f"written {parsed}"  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "kw_fake_card_game.view", view)
    monkeypatch.setitem(sys.modules, "kw_fake_card_game.writer", writer)
    return calls


def test_view_and_format_come_from_the_games_own_modules(stages: list[object]) -> None:
    record = _record(_Data("the parsed record"))
    assert _Game().view(record) == "the view"  # type: ignore[comparison-overlap]
    assert stages == [record]
    assert _Game().format(record) == "written the parsed record"


def test_format_refuses_another_games_record(stages: list[object]) -> None:
    with pytest.raises(TypeError, match="not a fake record"):
        _Game().format(_record(3))
