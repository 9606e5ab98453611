"""The reference's §5.1 worked example, replayed move by move with its points."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from tests.selaffesto.helpers import replay_of

from kifuwiki.core.recordfile import read_record_file, split_record_file
from kifuwiki.games.selaffesto import GAME

ROOT = Path(__file__).resolve().parents[2]
RECORD = ROOT / "records" / "selaffesto" / "worked-example.kifu"

#: Points (tenths) after each line: W then B, as the example's comments give them.
EXPECTED = [
    (0, 0),  # W takes 7
    (0, 0),  # W g1, first action
    (0, 0),  # B takes 7
    (0, 0),  # B g13, first action
    (30, 0),  # (6|6) → 3
    (30, 24),  # (5|25) → 2.4
    (40, 24),  # (6|2) → 1
    (40, 84),  # (10|20) → 6
    (190, 84),  # (24|12),(9|3) → (6+1.5)×2 = 15
    (190, 252),  # (5|15),(22|11) → (2.4+6)×2 = 16.8
    (230, 252),  # (16|8) → 4
    (230, 252),  # fail put
    (300, 252),  # jump put 6, own LC re-placed at e2: 1
    (300, 267),  # draw, then (9|3) → 1.5
]
KINDS = [
    [],
    ["first"],
    [],
    ["first"],
    ["put"],
    ["put"],
    ["put"],
    ["put"],
    ["put"],
    ["put"],
    ["put"],
    ["fail"],
    ["jump", "put"],
    ["put"],
]


def test_worked_example_move_by_move() -> None:
    record = GAME.load(read_record_file(RECORD)[0])
    assert [d.code for d in record.diagnostics] == ["SF201"]  # in progress, nothing wrong
    steps = replay_of(record).steps[1:]
    assert [(s.state.points["W"], s.state.points["B"]) for s in steps] == EXPECTED
    assert [[p.kind for p in s.placements] for s in steps] == KINDS
    jump = steps[12].placements
    assert (jump[0].gain, jump[1].gain, jump[0].lc_owner) == (60, 10, "W")
    assert steps[13].drew
    state = steps[-1].state
    assert state.hands["W"] == [(11, 22, 11, 22)]
    assert state.hands["B"] == [(12, 12, 12, 12), (16, 8, 4, 2)]
    assert (state.mounts["W"], state.mounts["B"]) == (53, 52)
    assert record.rules == "original"
    assert record.winner is None and not replay_of(record).complete


def _reference() -> Path | None:
    for base in (ROOT.parent, ROOT.parent.parent):
        path = base / "shared" / "reference" / "selaffesto.md"
        if path.is_file():
            return path
    return None


def test_reference_text_validates_as_written() -> None:
    """The example exactly as the reference prints it (its @ headers become front matter)."""
    path = _reference()
    if path is None:
        pytest.skip("../shared/reference/selaffesto.md is not next to this checkout")
    text = path.read_text(encoding="utf-8")
    block = re.search(r"### 5\.1.*?```\n(.*?)```", text, re.S)
    assert block is not None
    moves = [line for line in block.group(1).splitlines() if not line.startswith("@")]
    body = "\n".join(line for line in moves if not line.lstrip().startswith("//"))
    record = GAME.load(split_record_file("---\ngame: selaffesto\n---\n" + body + "\n")[0])
    assert [d.code for d in record.diagnostics] == ["SF201"]
    final = replay_of(record).steps[-1].state.points
    assert final == {"W": 300, "B": 267}
