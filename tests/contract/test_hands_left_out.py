"""A hand left out is said, not passed in silence (review13 R13-11): in 撿紅點 and 升級 a
seat's plays are counted but cannot be checked against a hand that is not written, when
the others' are. One info note, at that seat's first play; none for a record of the
plays alone, nor for the demo records as written."""

from __future__ import annotations

from pathlib import Path

import pytest

from kifuwiki.core.diagnostics import Severity
from kifuwiki.core.recordfile import split_record_file
from kifuwiki.games import get_game

ROOT = Path(__file__).resolve().parents[2]
#: game → (a demo record, the seat whose hand line is taken out, the note's code)
CASES = {
    "jianhongdian": ("annotated-2p.kifu", "B", "JH203"),
    "shengji": ("annotated-seed.kifu", "W", "SJ203"),
}


@pytest.mark.parametrize("game_id", sorted(CASES))
def test_a_hand_left_out_is_an_info_note_at_its_first_play(game_id: str) -> None:
    name, seat, code = CASES[game_id]
    text = (ROOT / "records" / game_id / name).read_text(encoding="utf-8")
    game = get_game(game_id)
    assert not game.load(split_record_file(text, name)[0]).diagnostics
    lines = [line for line in text.splitlines() if not line.startswith(f"{seat}: (")]
    record = game.load(split_record_file("\n".join(lines) + "\n", name)[0])
    (note,) = [d for d in record.diagnostics if d.code == code]
    assert note.severity is Severity.INFO and f"for {seat}:" in note.message
    first_play = next(  # the seat's first card play (a declaration is no play)
        number
        for number, line in enumerate(lines, 1)
        if line.startswith(f"{seat}: ") and "declare" not in line
    )
    assert note.line == first_play
    assert not record.errors  # a note: --strict still passes
