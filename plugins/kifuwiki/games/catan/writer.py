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
        place = f"@{action.place}" if action.place is not None else ""
        return action.build.value + ("+" if action.takes else "") + place
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
    if closing.text is not None:
        return closing.text
    keys = [k for k in order if k in closing.values]
    keys += [k for k in closing.values if k not in keys]
    entries = ", ".join(f"{key} {closing.values[key]}" for key in keys)
    return f"{closing.label}: {entries}".rstrip()


def _notes(notes: list[SourceLine]) -> list[str]:
    return [line.text.strip() for line in notes]


def write(record: CatanRecord) -> str:
    """The body text in canonical form (no front matter), in the record's own layout."""
    if record.layout == "table":
        return write_table(record)
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


def _table_cell(text: str) -> str:
    """A cell of the table layout: its own pipes unspaced and escaped (``6\\|R``)."""
    return "\\|".join(part.strip() for part in text.split("|")).strip()


def _row(cells: list[str]) -> str:
    return "| " + " | ".join(cells) + " |"


def write_table(record: CatanRecord) -> str:
    """The table layout in canonical form: GitHub-flavoured Markdown, a cell's own pipes
    escaped, so any Markdown viewer shows the sheet as the seed draws it."""
    order = record.order
    lines = _notes(record.setup_notes)
    lines.append(_row(["ターン", *(f"{record.name(key)}({key})" for key in order)]))
    lines.append(_row(["---"] * (len(order) + 1)))
    row: dict[str, Turn] = {}
    notes: list[SourceLine] = []

    def flush() -> None:
        if row:
            number = next(iter(row.values())).number
            cells = [str(number)]
            for key in order:
                turn = row.get(key)
                if turn is None:
                    cells.append("")
                    continue
                cell = cell_text(turn, record.card_set) if turn.clean else turn.text
                cells.append(_table_cell(cell) + (f" {turn.marks}" if turn.marks else ""))
            lines.append(_row(cells))
            lines.extend(_notes(notes))
        row.clear()
        notes.clear()

    for item in record.items:
        if isinstance(item, Turn):
            position = order.index(item.player) if item.player in order else -1
            last = max((order.index(k) for k in row), default=-1)
            same = not row or next(iter(row.values())).number == item.number
            if position <= last or not same or item.player in row:
                flush()
            if position < 0:
                lines.append(turn_line(item, record.card_set))  # a stranger: keep it whole
                lines.extend(_notes(item.notes))
                continue
            row[item.player] = item
            notes.extend(item.notes)
            continue
        flush()
        if isinstance(item, Omission):
            lines.append(_row([item.text, *([""] * len(order))]))
        elif isinstance(item, Unreadable):
            lines.append(item.text)
        else:
            values = [str(item.values[k]) if k in item.values else "" for k in order]
            lines.append(_row([item.label, *values]))
        lines.extend(_notes(item.notes))
    flush()
    return "\n".join(line.rstrip() for line in lines) + "\n"
