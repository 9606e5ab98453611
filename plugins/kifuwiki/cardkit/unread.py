"""Lines among a card game's plays that could not be read: each is a step of its own.

A play line with a typo (a card that is none, a seat that is none, no colon) gets its
error, and the reader still sees what was written there: the line is a step, shown as
written, flagged by its error, with the position of the step before it (nothing the line
says is applied). Whose turn it took is what keeps the lines after it in order, so that
one typo is one error:

* a line naming a seat the game knows takes that seat's turn (the game's own rule);
* a line naming none (no colon; in some games a seat that is none) took the turn of the
  seat whose turn it was when the next play is by the seat after that one, or when no
  play follows and the game is not over (:func:`took_turn`); otherwise it is a line
  among the plays (a note without its ``*``) and takes no turn.

Step 0's deal lines stay the deal's: a line is one of the plays once the game has
read what comes before them.
"""

from __future__ import annotations

#: What an unread line's step says under its notation (English, Japanese).
NOT_READ = (
    "not read (see its error): no card is played",
    "読めない行です (エラーを参照): カードは出ていません",
)


def notes(
    annotations: tuple[tuple[str, str], ...],
    not_read: bool,
    said: tuple[str, str] = NOT_READ,
) -> tuple[tuple[str, str], ...]:
    """A step's (English, Japanese) annotations; a line not read says so first (``said``:
    a game whose pieces are not cards says what it plays)."""
    return (said, *annotations) if not_read else annotations


def written(text: str) -> str:
    """A line as its step shows it: as written, without the blanks around it."""
    return text.strip()


def quoted(text: str, limit: int = 40) -> str:
    """A line as its error quotes it: as written, shortened when long (the step shows
    it whole). A backslash stays one (``6\\|R`` in a Markdown table), not repr's two."""
    stripped = text.strip()
    return repr(stripped if len(stripped) <= limit else stripped[: limit - 1] + "…").replace(
        "\\\\", "\\"
    )


def took_turn(expected: str, after: str | None, following: str | None, over: bool) -> bool:
    """Whether a line naming no seat took ``expected``'s turn: the next play is by
    ``after``, the seat after it (``None``: not known, as after a trick's last play,
    whose winner leads next: any seat but ``expected``), or no play follows (``None``)
    and the game is not ``over``. A next play by ``expected`` says it did not."""
    if following is None:
        return not over
    if following == expected:
        return False
    return after is None or following == after
