"""Small helpers shared by the selaffesto tests: records from text, through ``GAME``."""

from __future__ import annotations

from pathlib import Path

from tests.cardgames import with_line_replaced

from kifuwiki.core.recordfile import split_record_file
from kifuwiki.games.base import GameRecord, RecordView
from kifuwiki.games.selaffesto import GAME, SelaffestoData
from kifuwiki.games.selaffesto.engine import Replay

#: Seven cards for each player's first hand (the worked example's).
W_HAND = "6-12-4-2 4-8-6-12 3-6-9-18 7-24-9-14 2-2-3-16 25-20-22-24 11-22-11-22"
B_HAND = "10-5-25-20 5-7-14-11 2-10-15-9 5-22-4-3 2-3-2-7 12-12-12-12 16-8-4-2"


def load(body: str, front: str = "") -> GameRecord:
    """One record from its move lines (and extra front matter lines)."""
    text = "---\ngame: selaffesto\n" + front + "---\n" + body.strip("\n") + "\n"
    return GAME.load(split_record_file(text, "test.kifu")[0])


def opening(
    w_hand: str = W_HAND,
    b_hand: str = B_HAND,
    w_start: str | None = None,
    b_start: str | None = None,
    w_cell: str = "g1",
    b_cell: str = "g13",
) -> str:
    """Both first actions: take the hands and place the given (or first) card."""
    w_card = w_start or w_hand.split()[0]
    b_card = b_start or b_hand.split()[0]
    return f"W:({w_hand}) {w_cell} {w_card}\nB:({b_hand}) {b_cell} {b_card}\n"


def rules_front(**options: object) -> str:
    lines = ["rules:"] + [f"  {k}: {v}" for k, v in options.items()]
    return "\n".join(lines) + "\n"


def replay_of(rec: GameRecord) -> Replay:
    data = rec.data
    assert isinstance(data, SelaffestoData)
    return data.replay


def codes(rec: GameRecord) -> list[str]:
    return [d.code for d in rec.diagnostics if d.severity.value != "info"]


def only(rec: GameRecord, code: str) -> tuple[int, int, str]:
    """(line, column, message) of the single diagnostic with ``code``."""
    found = [d for d in rec.diagnostics if d.code == code]
    assert len(found) == 1, [d.format_text() for d in rec.diagnostics]
    return found[0].line, found[0].column, found[0].message


def points(rec: GameRecord) -> dict[str, int]:
    return dict(replay_of(rec).steps[-1].state.points)


#: The worked example, and one of its lines (B's second action), for tests that change a
#: line of a whole record.
WORKED_EXAMPLE = (
    Path(__file__).resolve().parents[2] / "records" / "selaffesto" / "worked-example.kifu"
)
G12 = "B:g12 5-7-14-11 [put] {B:2.4} // (5|25) -> 2.4"


def with_example_line(old: str, new: str) -> tuple[GameRecord, RecordView]:
    """The worked example with its line ``old`` written as ``new``, loaded and viewed."""
    return with_line_replaced(GAME, WORKED_EXAMPLE, old, new)
