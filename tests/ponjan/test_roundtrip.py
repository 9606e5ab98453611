"""The writer: canonical text, fmt(fmt(x)) == fmt(x), and parse → write → parse keeps the game."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.ponjan.helpers import CLEAN_HAND, FRONT, data, load

from kifuwiki.core.recordfile import split_record_file
from kifuwiki.games.ponjan import GAME
from kifuwiki.games.ponjan.selfplay import session_text

RECORDS = Path(__file__).resolve().parents[2] / "records" / "ponjan"


def _front(text: str) -> str:
    return "---\n" + text.split("---\n", 2)[1] + "---\n"


def roundtrip(text: str) -> None:
    first = GAME.load(split_record_file(text, "x.kifu")[0])
    written = GAME.format(first)
    second = GAME.load(split_record_file(_front(text) + written, "x.kifu")[0])
    assert GAME.format(second) == written
    assert data(second).replay.chips == data(first).replay.chips
    assert [d.code for d in second.diagnostics] == [d.code for d in first.diagnostics]


@pytest.mark.parametrize("path", sorted(RECORDS.glob("*.kifu")), ids=lambda p: p.name)
def test_demo_records_are_canonical_and_round_trip(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    roundtrip(text)
    body = text.split("---\n", 2)[2]
    assert GAME.format(GAME.load(split_record_file(text, str(path))[0])) == body


def test_loose_spellings_become_canonical() -> None:
    loose = CLEAN_HAND.replace("A 配牌 11223344", "A 配牌 44332211").replace("計 A 84", "合計 A 84")
    record = load(loose.replace("A 捨 9", "A 打 9"))
    written = GAME.format(record)
    assert "A 配牌 11223344" in written and "A 捨 9" in written and "計 A 84" in written
    roundtrip(FRONT + loose)


@pytest.mark.parametrize("seed", range(20))
def test_generated_sessions_round_trip(seed: int) -> None:
    roundtrip(session_text(seed, hands=3, players=2 + seed % 3))
