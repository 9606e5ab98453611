"""The writer: fmt(fmt(x)) == fmt(x); the demo session is canonical; generated sessions
round-trip and check without diagnostics."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.koutetsu.helpers import FRONT, SESSION, load

from kifuwiki.core.recordfile import split_record_file
from kifuwiki.games.koutetsu import GAME, KoutetsuData
from kifuwiki.games.koutetsu.selfplay import session_text

RECORDS = Path(__file__).resolve().parents[2] / "records" / "koutetsu-no-niji"


def _front(text: str) -> str:
    return "---\n" + text.split("---\n", 2)[1] + "---\n"


def roundtrip(text: str) -> str:
    first = GAME.load(split_record_file(text, "x.kifu")[0])
    written = GAME.format(first)
    second = GAME.load(split_record_file(_front(text) + written, "x.kifu")[0])
    assert GAME.format(second) == written
    assert [d.code for d in second.diagnostics] == [d.code for d in first.diagnostics]
    return written


@pytest.mark.parametrize("path", sorted(RECORDS.glob("*.kifu")), ids=lambda p: p.name)
def test_demo_sessions_are_canonical_and_clean(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert roundtrip(text) == text.split("---\n", 2)[2]
    assert GAME.load(split_record_file(text, str(path))[0]).diagnostics == []


def test_loose_spellings_become_canonical() -> None:
    loose = (
        SESSION.replace("@roll", "@判定").replace("≤", "<=").replace("@作戦 06:00", "@作戦 6:00")
    )
    written = GAME.format(load(loose))
    assert "@roll ハンス 射撃 2d6=5+3=8 ≤ 9 成功" in written and "@作戦 06:00" in written
    roundtrip(FRONT + loose)


def test_two_hundred_generated_sessions_check_clean_and_round_trip() -> None:
    rolls = 0
    for seed in range(200):
        text = session_text(seed, characters=1 + seed % 4)
        record = GAME.load(split_record_file(text, f"gen-{seed}.kifu")[0])
        assert record.diagnostics == [], (seed, [d.format_text() for d in record.diagnostics])
        assert isinstance(record.data, KoutetsuData)
        rolls += len(record.data.session.rolls)
        if seed % 20 == 0:
            roundtrip(text)
    assert rolls > 1000
