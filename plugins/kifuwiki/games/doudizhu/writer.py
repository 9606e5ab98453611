"""Canonical text of a parsed record (``kifuwiki fmt``): ``fmt(fmt(x)) == fmt(x)``.

Canonical form: ``A:(3 3 4 … BJ)`` hands in rank order (a ``?`` for the cards not
known, ``(?)`` for a hand not known at all), ``kitty:(…)``, ``A:bid2`` / ``A:bid-``,
``A:%`` passes, plays as ``A:K K K + 3 #`` with cards in rank order inside the main part
and the kickers, then ``[claims]`` and marks. Comments stay after their line; blank
lines are dropped.
"""

from __future__ import annotations

from kifuwiki.cardkit.writer import note_lines
from kifuwiki.cards import Card
from kifuwiki.games.doudizhu.model import (
    Bid,
    DdzRecord,
    Hand,
    Item,
    Kitty,
    Pass,
    Play,
    Score,
)
from kifuwiki.games.doudizhu.ranks import rank_of


def _order(card: Card) -> tuple[int, int]:
    return (rank_of(card), card.sort_key[1])


def cards_text(cards: list[Card]) -> str:
    return " ".join(str(card) for card in sorted(cards, key=_order))


def hand_text(cards: list[Card], unknown: int) -> str:
    """``(3 4 ?)``: the known cards, then one ``?`` for the rest when any is unknown."""
    return "(" + " ".join([cards_text(cards)] * bool(cards) + ["?"] * bool(unknown)) + ")"


def play_text(play: Play) -> str:
    if play.split is None:
        text = cards_text(play.cards)
    else:
        text = f"{cards_text(play.cards[: play.split])} + {cards_text(play.cards[play.split :])}"
    if play.out:
        text += " #"
    return text + "".join(f" [{claim}]" for claim in play.claims)


def item_text(item: Item) -> str:
    if isinstance(item, Hand):
        body = f"{item.seat}:{hand_text(item.cards, item.unknown)}"
    elif isinstance(item, Kitty):
        body = f"kitty:{hand_text(item.cards, item.unknown)}"
    elif isinstance(item, Bid):
        body = f"{item.seat}:bid{item.value or '-'}"
    elif isinstance(item, Pass):
        body = f"{item.seat}:%"
    elif isinstance(item, Play):
        body = f"{item.seat}:{play_text(item)}"
    elif isinstance(item, Score):
        body = "score: " + ", ".join(f"{seat} {value:+d}" for seat, value in item.values.items())
    else:
        return item.text.strip()
    return body + (f" {item.marks}" if item.marks else "")


def write(record: DdzRecord) -> str:
    """The body text in canonical form (no front matter)."""
    lines = note_lines(record.setup_notes)
    for item in record.items:
        if isinstance(item, Hand | Kitty) and item.front:
            continue  # it stays in the front matter, which fmt keeps as it is
        lines.append(item_text(item))
        lines.extend(note_lines(item.notes))
    return "\n".join(lines) + "\n"
