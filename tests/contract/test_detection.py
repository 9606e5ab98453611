"""Records that name no game and lie outside a game's folder are detected (review13 R13-1):
every demo record, its ``game:`` line taken out, is found to be its own game. Prime
Daifugo's detector takes any ``name: cards`` line, so it was asked before 升級 and
selaffesto (alphabetical order) and read their records as its own (69 and 12 errors).
The game that claims what names no game is now asked last."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from kifuwiki.core.recordfile import split_record_file
from kifuwiki.games import game_for, game_ids

ROOT = Path(__file__).resolve().parents[2]
RECORDS = sorted((ROOT / "records").rglob("*.kifu"))
#: A Catan log sheet written as a table says nothing a detector could go by; it is RF010
#: (name the game) outside its folder.
UNDETECTABLE = {"catan/seed-001-table.kifu"}


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_a_record_naming_no_game_is_detected_as_its_own(path: Path) -> None:
    name = f"{path.parent.name}/{path.name}"
    text = re.sub(r"(?m)^game:.*\n", "", path.read_text(encoding="utf-8"))
    expected = None if name in UNDETECTABLE else path.parent.name
    assert path.parent.name in game_ids()
    for source in split_record_file(text, f"elsewhere/{path.name}"):
        assert game_for(source) == expected, name
