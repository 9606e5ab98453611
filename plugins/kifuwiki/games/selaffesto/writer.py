"""Canonical text of a selaffesto record (``kifuwiki fmt``): one action per line,
tokens in the notation's order, single spaces; comments, bookmarks, unreadable
lines and move lines with an unreadable token kept where they were, as written.
``write(parse(write(r))) == write(r)``."""

from __future__ import annotations

from kifuwiki.games.selaffesto.model import (
    MoveLine,
    Placement,
    SelaffestoRecord,
    card_text,
    cell_name,
    points_text,
)


def _placement(placement: Placement) -> list[str]:
    where = cell_name(placement.cell)
    if placement.lifted_from is not None:
        where = f"x{cell_name(placement.lifted_from)}>{where}"
    tokens = [where, card_text(placement.card)]
    if placement.judge:
        tokens.append(f"[{placement.judge}]")
    return tokens


def move_text(move: MoveLine, *, comment: bool = True) -> str:
    """The tokens of one action after ``player:`` (with its ``// comment`` unless told)."""
    tokens: list[str] = []
    if move.taken is not None:
        tokens.append("(" + " ".join(card_text(c) for c in move.taken) + ")")
    if move.draw is not None:
        tokens.append("+" + card_text(move.draw))
    if move.passed:
        tokens.append("pass")
    for placement in move.placements:
        tokens.extend(_placement(placement))
    blow = move.blow_off
    if blow is not None:
        tokens.append(f"x{cell_name(blow.cell)}")
        if blow.owner_draw is not None:
            owner = "B" if move.player == "W" else "W"
            tokens.append(f"+{card_text(blow.owner_draw)}@{owner}")
        if blow.bonus is not None:
            tokens.append(f"*{card_text(blow.bonus)}")
    if move.check is not None:
        tokens.append("{" + " ".join(f"{p}:{points_text(v)}" for p, v in move.check.items()) + "}")
    if move.marks:
        tokens.append(move.marks)
    if comment and move.trailing_comment:
        tokens.append(f"// {move.trailing_comment}")
    return " ".join(tokens)


def write(record: SelaffestoRecord) -> str:
    lines: list[tuple[int, str]] = [(line.number, line.text.strip()) for line in record.setup_notes]
    for move in record.moves:
        if move.not_read:  # the whole line as written, where it was
            lines.append((move.line, move.text))
            lines.extend((line.number, line.text.strip()) for line in move.notes)
            continue
        # A line with a token that could not be read is kept as written: writing only
        # what was read would drop text, and the shorter record can read differently
        # (another game by detection, other moves), so fmt would not be idempotent.
        body = move.text.strip() if move.unread else move_text(move)
        lines.append((move.line, f"{move.written_player}:{body}"))
        lines.extend((line.number, line.text.strip()) for line in move.notes)
    lines.sort(key=lambda item: item[0])
    return "\n".join(text for _, text in lines) + "\n"
