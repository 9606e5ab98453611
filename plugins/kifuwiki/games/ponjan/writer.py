"""Write a parsed session back in canonical form (``kifuwiki fmt``).

Canonical form: Japanese keywords (``第1局 親 A``, ``A 配牌 …``, ``A 引 5``, ``A 捨 3``,
``A リーチ 3``, ``B ロン 3 [333 555 77W] +三色``, ``A ツモ``, ``流局``, ``精算 A+36 B-12``,
``計 A 136 B 88``), starting hands in seat order right after the heading, tiles sorted
in the set's order and run together when every tile name is one character. Comments and
bookmarks stay after the line they follow; unreadable lines are written back unchanged;
blank lines are dropped.
"""

from __future__ import annotations

from collections import Counter

from kifuwiki.cardkit.writer import note_lines
from kifuwiki.games.ponjan.model import (
    Action,
    ChipLine,
    Hand,
    Item,
    PonjanRecord,
    TileSet,
    Unread,
    Verb,
    is_win,
)

VERB_WORDS = {
    Verb.DRAW: "引",
    Verb.DISCARD: "捨",
    Verb.RIICHI: "リーチ",
    Verb.RON: "ロン",
    Verb.TSUMO: "ツモ",
}


def tiles_text(tiles: list[str], tile_set: TileSet, *, sort: bool = True) -> str:
    ordered = tile_set.sort(tiles) if sort else tiles
    return ("" if tile_set.compact else " ").join(ordered)


def revealed_text(tiles: tuple[str, ...], tile_set: TileSet) -> str:
    """``444 55W 99W``: the revealed 9 tiles as the sets they make (wild tiles completing
    them), or in threes in the set's order when they make no win."""
    ordered = tile_set.sort(list(tiles))
    groups = [ordered[i : i + 3] for i in range(0, len(ordered), 3)]
    counts = Counter(ordered)
    if is_win(counts, tile_set.wild):
        wild = [t for t in ordered if t in tile_set.wild]
        groups = []
        for kind in tile_set.sort([t for t in counts if t not in tile_set.wild]):
            run = [kind] * counts[kind]
            while run:
                group, run = run[:3], run[3:]
                while len(group) < 3:
                    group.append(wild.pop(0))
                groups.append(group)
        groups += [wild[i : i + 3] for i in range(0, len(wild), 3)]
    return " ".join(tiles_text(group, tile_set, sort=False) for group in groups)


def action_text(action: Action, tile_set: TileSet) -> str:
    if action.verb is Verb.EXHAUSTED:
        text = "流局"
    else:
        text = f"{action.seat} {VERB_WORDS[action.verb]}"
        if action.tile is not None or action.verb in (Verb.DRAW, Verb.DISCARD, Verb.RIICHI):
            text += f" {action.tile if action.tile is not None else '?'}"
        if action.revealed:
            text += f" [{revealed_text(action.revealed, tile_set)}]"
        text += "".join(f" +{yaku}" for yaku in action.yaku)
    return text + (f" {action.marks}" if action.marks else "")


def chips_text(line: ChipLine, order: list[str]) -> str:
    seats = [s for s in order if s in line.values] + [s for s in line.values if s not in order]
    if line.totals:
        return "計 " + " ".join(f"{seat} {line.values[seat]}" for seat in seats)
    return "精算 " + " ".join(f"{seat}{line.values[seat]:+d}" for seat in seats)


def item_text(item: Item, record: PonjanRecord) -> str:
    if isinstance(item, Action):
        return action_text(item, record.tiles)
    if isinstance(item, ChipLine):
        return chips_text(item, record.order)
    return item.text.strip()


def hand_lines(hand: Hand, record: PonjanRecord) -> list[str]:
    heading = f"第{hand.number}局 親 {hand.dealer}" if hand.dealer and hand.read else hand.text
    lines = [heading]
    placed = _unread_starting(hand, record)
    for seat in record.order:
        if seat in hand.starting:
            lines.append(f"{seat} 配牌 {tiles_text(hand.starting[seat][0], record.tiles)}")
        elif seat in placed:
            lines.append(item_text(placed[seat], record))
            lines.extend(note_lines(placed[seat].notes))
    lines.extend(note_lines(hand.notes))
    kept = {id(item) for item in placed.values()}
    for item in hand.items:
        if id(item) not in kept:
            lines.append(item_text(item, record))
            lines.extend(note_lines(item.notes))
    return lines


def _unread_starting(hand: Hand, record: PonjanRecord) -> dict[str, Unread]:
    """Lines not read among the starting hands (``A 配 1112…`` before ``B 配牌 …``), by the
    seat they open with: written in that seat's place, so ``fmt`` keeps them where they
    were, not after the starting hands written below them."""
    last = max((line for _, line in hand.starting.values()), default=0)
    placed: dict[str, Unread] = {}
    for item in hand.items:
        if not isinstance(item, Unread):
            break
        seat = item.seat
        if item.line < last and seat in record.order and seat not in hand.starting:
            placed.setdefault(seat, item)
    return placed


def write(record: PonjanRecord) -> str:
    """The body text in canonical form (no front matter)."""
    lines = note_lines(record.preamble)
    for hand in record.hands:
        lines.extend(hand_lines(hand, record))
    return "\n".join(lines) + "\n"
