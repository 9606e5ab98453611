"""What the card games say of the hands a record writes."""

from __future__ import annotations

from collections.abc import Sequence

from kifuwiki.core.diagnostics import DiagnosticBag


def note_hands_left_out(
    bag: DiagnosticBag, code: str, seats: Sequence[str], left_out: Sequence[str], line: int | None
) -> None:
    """An info note (``code``) at ``line``, the first play of a seat in ``left_out``,
    when some seats' hands are written and those are not: their plays are counted but
    not checked against a hand, which the record should say rather than pass in silence
    (review13 R13-11). A record that writes no hand at all (the plays alone) gets none;
    nor does one whose left-out seats never play (``line`` is ``None``)."""
    if not left_out or len(left_out) == len(seats) or line is None:
        return
    who = ", ".join(left_out)
    bag.info(
        code,
        f"no hand is written for {who}: their plays are not checked against a hand",
        line,
        ja=f"{who} の手札が書かれていないので、出したカードを手札と照合しません",
    )
