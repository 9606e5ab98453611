"""A hand left out is said, not passed in silence (review13 R13-11): the seat's plays are
counted but cannot be checked against its hand."""

from __future__ import annotations

from pathlib import Path

from kifuwiki.core.diagnostics import Severity
from kifuwiki.core.recordfile import split_record_file
from kifuwiki.games import get_game

RECORD = Path(__file__).resolve().parents[2] / "records" / "shengji" / "annotated-seed.kifu"


def test_a_hand_left_out_is_an_info_note_at_its_first_play() -> None:
    lines = RECORD.read_text(encoding="utf-8").splitlines(keepends=True)
    text = "".join(line for line in lines if not line.startswith("W: ("))
    game = get_game("shengji")
    record = game.load(split_record_file(text, "x.kifu")[0])
    (note,) = [d for d in record.diagnostics if d.code == "SJ203"]
    assert note.severity is Severity.INFO and "for W" in note.message
    first_w = next(  # W's first card play (its declaration comes before)
        i
        for i, line in enumerate(text.splitlines(), 1)
        if line.startswith("W: ") and "declare" not in line
    )
    assert note.line == first_w
    assert not record.errors  # a note: --strict still passes
    whole = game.load(split_record_file(RECORD.read_text(encoding="utf-8"), "x.kifu")[0])
    assert not [d for d in whole.diagnostics if d.code == "SJ203"]
