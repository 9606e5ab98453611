"""A 闘地主 bid that could not be read (``B bid-``, ``B:bid5``) is one error: it takes the
bidding turn of the seat whose turn it was, as no bid (its value is not known), so the
bids and plays after it are in turn. When it may have won the bidding, the landlord is
the one the later lines imply (the front matter's ``landlord:``, else the first to
play), said once in a note (DZ203), and the score is not checked."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import pytest
from tests.cardgames import errors_and_warnings, with_line_replaced

from kifuwiki.games.doudizhu import GAME
from kifuwiki.render.record import diagnostics_of

RECORD = Path(__file__).resolve().parents[2] / "records" / "doudizhu" / "reference-annotated.kifu"

_with = partial(with_line_replaced, GAME, RECORD)


@pytest.mark.parametrize(
    ("written", "code"), [("B bid-", "DZ001"), ("B:bid5", "DZ004"), ("B -", "DZ001")]
)
def test_a_bid_not_read_takes_its_seats_bidding_turn(written: str, code: str) -> None:
    """C's bid after it was out of turn (DZ100): 2 errors before. ``B -`` (colon and
    ``bid`` left out: test_unread_bid_seat.py) was read as a play, which took no bidding
    turn: C's bid out of turn and two plays "before the bidding ended", 4 errors."""
    record, view = _with("B:bid-", written)
    assert errors_and_warnings(record) == [code]
    assert not [d for d in record.diagnostics if d.code == "DZ203"]  # C's 3 won
    (step,) = [s for s in view.steps if s.notation == written]
    assert step.player == "Bob" and "error" in step.flags
    (problem,) = diagnostics_of(view)
    assert problem.step == step.index
    plain, _ = _with("B:bid-", "B:bid-")
    assert (record.winner, record.moves) == (plain.winner, plain.moves)


def test_the_first_bid_not_read_is_the_seat_before_the_next_bid() -> None:
    record, view = _with("A:bid1", "A bid1")
    assert errors_and_warnings(record) == ["DZ001"]
    (step,) = [s for s in view.steps if s.notation == "A bid1"]
    assert step.player == "Alice"


@pytest.mark.parametrize("written", ["C bid3 !", "C:bid9 !"])
def test_a_bid_not_read_that_may_have_won_leaves_the_landlord_to_the_plays(written: str) -> None:
    """``C bid3`` not read: the bidding ended with A's 1, every play was "before the
    bidding ended" (DZ102) and the written score wrong (DZ113). Now C, the first to play
    after the bottom cards, is the landlord, said once; the score is not checked."""
    record, view = _with("C:bid3 !", written)
    assert len(errors_and_warnings(record)) == 1 and errors_and_warnings(record)[0] in (
        "DZ001",
        "DZ004",
    )
    (note,) = [d for d in record.diagnostics if d.code == "DZ203"]
    assert note.severity.value == "info" and note.line == 21
    assert "C (the first to play) is taken as the landlord" in note.message
    assert "C (最初に出した人) を地主とみなし" in note.message_ja
    assert record.winner == "Alice"
    (step,) = [s for s in view.steps if s.notation == written]
    assert step.player == "Carol"


def test_the_front_matters_landlord_is_used_when_given(tmp_path: Path) -> None:
    path = tmp_path / "landlord.kifu"
    text = RECORD.read_text(encoding="utf-8").replace(
        "rules: classic\n", "rules: classic\nlandlord: C\n", 1
    )
    path.write_text(text, encoding="utf-8")
    record, _ = with_line_replaced(GAME, path, "C:bid3 !", "C bid3 !")
    assert errors_and_warnings(record) == ["DZ001"]
    (note,) = [d for d in record.diagnostics if d.code == "DZ203"]
    assert "C (the front matter's 'landlord')" in note.message


def test_passes_and_a_bid_not_read_with_no_play_after_are_a_redeal(tmp_path: Path) -> None:
    """No play says who won: the bid not read was a pass too (DZ202), not a record
    "ending before anyone went out" (DZ200)."""
    lines = RECORD.read_text(encoding="utf-8").splitlines()
    head = lines[: lines.index("A:bid1")]
    path = tmp_path / "redeal.kifu"
    path.write_text("\n".join([*head, "A:bid-", "B:bid-", "C:bid-", ""]), encoding="utf-8")
    record, _ = with_line_replaced(GAME, path, "B:bid-", "B bid-")
    assert errors_and_warnings(record) == ["DZ001"]
    assert [d.code for d in record.diagnostics if d.code.startswith("DZ2")] == ["DZ202"]
