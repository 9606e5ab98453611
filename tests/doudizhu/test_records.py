"""The demo records: all clean and canonical; the self-play ones are what their seed gives."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from kifuwiki.archive import load_file
from kifuwiki.games import get_game
from kifuwiki.games.doudizhu.selfplay import generate

RECORDS = Path(__file__).resolve().parents[2] / "records" / "doudizhu"
FILES = sorted(RECORDS.glob("*.kifu"))
_SEED = re.compile(r"generate\(seed=(\d+), strength=(\w+)\)")


def test_there_are_demo_records() -> None:
    assert len(FILES) >= 6


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_record_is_clean_and_canonical(path: Path) -> None:
    (record,) = load_file(path)
    assert record.game == "doudizhu"
    assert record.diagnostics == [], [d.format_text() for d in record.diagnostics]
    assert record.winner is not None
    body = path.read_text(encoding="utf-8").split("---\n", 2)[2]
    assert get_game("doudizhu").format(record) == body


@pytest.mark.parametrize("path", [p for p in FILES if p.stem.startswith("selfplay")])
def test_self_play_record_is_what_its_seed_generates(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    found = _SEED.search(text)
    assert found is not None
    generated = generate(int(found[1]), found[2]).text()
    assert text.split("---\n", 2)[2] == generated.split("---\n", 2)[2]
