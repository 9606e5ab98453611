"""Whole records in ``tests/fixtures/prime-daifugo/rules/``, each with its expectations.

Every fixture's front matter has ``expect``: one ``{winner, codes}`` per game, ``codes``
being the error and warning codes in the order the record produces them.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from kifuwiki.archive import load_file
from kifuwiki.core.diagnostics import Severity

FIXTURES = Path(__file__).parent.parent / "fixtures" / "prime-daifugo" / "rules"


@pytest.mark.parametrize("path", sorted(FIXTURES.glob("*.kifu")), ids=lambda p: p.stem)
def test_fixture(path: Path) -> None:
    records = load_file(path)
    expected = records[0].meta["expect"]
    assert len(records) == len(expected)
    for record, expect in zip(records, expected, strict=True):
        codes = [d.code for d in record.diagnostics if d.severity is not Severity.INFO]
        assert (record.index, codes) == (record.index, expect["codes"])
        assert record.winner == expect["winner"]


def test_there_are_fixtures() -> None:
    assert len(list(FIXTURES.glob("*.kifu"))) >= 4


def test_same_players_as_an_earlier_game() -> None:
    first, second = load_file(FIXTURES / "fandom-two-games.kifu")
    assert first.players == second.players == ["Foo", "Baa"]
    assert first.rules == second.rules == "fandom"
