"""Write a parsed log sheet back in canonical form (``kifuwiki fmt``).

Canonical form: one line per turn ``12 W: 4 | [R+]-S4n(B) R R R+`` (two parts
``dice | after`` when nothing happened before the roll, three parts otherwise),
builds separated by spaces, cards in the record's letter set with ``+`` inside
the bracket, Monopoly/Discovery as ``[M G]`` / ``[E G S]``, closing lines as
``追加点: Y 1`` and ``合計: B 5, Y 5, R 7, W 11`` in seat order. Comments and
bookmarks stay after the line they follow; blank lines are dropped.
"""

from __future__ import annotations

from kifuwiki.core.recordfile import SourceLine
from kifuwiki.games.catan.model import (
    CARD_LETTERS,
    Action,
    CatanRecord,
    Closing,
    Dice,
    Omission,
    Turn,
    Unreadable,
)


def action_text(action: Action, card_set: str) -> str:
    if action.build is not None:
        return action.build.value + ("+" if action.takes else "")
    assert action.card is not None
    letter = CARD_LETTERS[card_set][action.card]
    inner = letter + ("+" if action.takes else "")
    if action.resources:
        inner += " " + " ".join(action.resources)
    text = f"[{inner}]"
    if action.robbery is not None:
        text += "-" + action.robbery.text
    return text


def actions_text(actions: tuple[Action, ...], card_set: str) -> str:
    return " ".join(action_text(action, card_set) for action in actions)


def dice_text(dice: Dice | None) -> str:
    if dice is None:
        return ""
    if dice.robbery is not None:
        return f"{dice.value}-{dice.robbery.text}"
    return str(dice.value)


def cell_text(turn: Turn, card_set: str) -> str:
    dice = dice_text(turn.dice)
    after = actions_text(turn.after, card_set)
    parts = [dice, after]
    if turn.before:
        parts.insert(0, actions_text(turn.before, card_set))
    return " | ".join(parts).rstrip()


def turn_line(turn: Turn, card_set: str) -> str:
    cell = cell_text(turn, card_set) if turn.clean else turn.text
    line = f"{turn.number} {turn.player}: {cell}".rstrip()
    return line + (f" {turn.marks}" if turn.marks else "")


def closing_line(closing: Closing, order: list[str]) -> str:
    keys = [k for k in order if k in closing.values]
    keys += [k for k in closing.values if k not in keys]
    entries = ", ".join(f"{key} {closing.values[key]}" for key in keys)
    return f"{closing.label}: {entries}".rstrip()


def _notes(notes: list[SourceLine]) -> list[str]:
    return [line.text.strip() for line in notes]


def write(record: CatanRecord) -> str:
    """The body text in canonical form (no front matter)."""
    lines = _notes(record.setup_notes)
    for item in record.items:
        if isinstance(item, Turn):
            lines.append(turn_line(item, record.card_set))
        elif isinstance(item, Omission | Unreadable):
            lines.append(item.text)
        else:
            lines.append(closing_line(item, record.order))
        lines.extend(_notes(item.notes))
    return "\n".join(lines) + "\n"
