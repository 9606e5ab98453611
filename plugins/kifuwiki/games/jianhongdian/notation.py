"""撿紅點 notation → :class:`JHRecord`, problems collected as diagnostics (never raised).

A record body (front matter aside)::

    seats: A B            # optional when hands are given: their order is the seat order
    table: H5 C9 DK S3    # the four face-up cards
    A: (H4 S6 …)          # a hand, when known
    stock: (…)            # the stock from the top, when known
    A: H5xD5 ^C9xSA       # play H5 taking D5, then flip C9 taking SA
    B: S7 ^HK             # both cards left on the table
    result: A 130 B 110   # optional, checked

``x`` or ``×`` joins a card to the one it captures; ``^`` marks the flipped card.
"""

from __future__ import annotations

import re
from functools import lru_cache

from kifuwiki.cardkit import lines
from kifuwiki.cardkit.lines import Element
from kifuwiki.cards import Card, CardSyntaxError, parse_card
from kifuwiki.core.diagnostics import DiagnosticBag
from kifuwiki.core.recordfile import RecordSource, SourceLine
from kifuwiki.games.jianhongdian.model import CardsLine, JHRecord, Match, Turn

_HALF = re.compile(r"(?P<card>[^x×X\s]+)(?:\s*[x×X]\s*(?P<taken>[^x×X\s]+))?")
_KEYWORDS = {
    "table": "table",
    "場札": "table",
    "stock": "stock",
    "山札": "stock",
    "seats": "seats",
    "席順": "seats",
    "result": "result",
    "結果": "result",
}


Parsed = lines.Parsed[JHRecord]


@lru_cache(maxsize=1024)
def _read_card(text: str) -> Card | None:
    """A written card (memoised: a record writes the same 52 cards again and again)."""
    try:
        return parse_card(text)
    except CardSyntaxError:
        return None


def _card(text: str, line: int, column: int, bag: DiagnosticBag) -> Card | None:
    """One suited card of a 52-card deck, or a JH002 diagnostic."""
    card = _read_card(text)
    if card is None or card.suit is None or card.joker:
        bag.error(
            "JH002",
            f"{text!r} is not a card of the deck (write suit and rank: H5, SA, D10)",
            line,
            column,
            ja=f"{text!r} はカードではありません (スートとランクで: H5, SA, D10)",
        )
        return None
    return card


def _cards(text: str, line: int, column: int, bag: DiagnosticBag) -> CardsLine | None:
    """A run of suited cards; ``column`` is where ``text`` starts (1-based)."""
    found = lines.read_run(text)
    if isinstance(found, CardSyntaxError):
        exc = found
        bag.error(
            "JH002",
            f"{exc}: write cards as suit and rank (H5 SA D10)",
            line,
            column + exc.column,
            ja="カードとして読めません: スートとランクで書きます (H5 SA D10)",
        )
        return None
    ok = True
    for card, col in found:
        if card.suit is None or card.joker:
            _card(text[col:].split()[0], line, column + col, bag)
            ok = False
    if not ok:
        return None
    return CardsLine(tuple(c for c, _ in found), line, tuple(column + c for _, c in found))


def _half(text: str, offset: int, line: int, bag: DiagnosticBag) -> Match | None:
    """``H5``, ``H5xD5``: a card and what it took; ``offset`` is the 1-based column."""
    m = _HALF.fullmatch(text)
    if m is None:
        bag.error(
            "JH001",
            f"{text!r} is not 'card' or 'card x captured card'",
            line,
            offset,
            ja=f"{text!r} は「カード」か「カード x 取ったカード」ではありません",
        )
        return None
    card = _card(m["card"], line, offset + m.start("card"), bag)
    taken = None
    if m["taken"]:
        taken = _card(m["taken"], line, offset + m.start("taken"), bag)
        if taken is None:
            return None
    if card is None:
        return None
    return Match(card, taken, offset + m.start("card"), offset + m.start("taken") if taken else 0)


def _turn(key: str, body: str, start: int, line: SourceLine, bag: DiagnosticBag) -> Turn | None:
    body, marks = lines.split_marks(body)
    play_text, caret, flip_text = body.partition("^")
    play_text = play_text.rstrip()
    if not play_text.strip():
        bag.error(
            "JH010",
            "a turn needs the played card first (A: H5xD5 ^C9)",
            line.number,
            start,
            ja="手番には最初に出したカードが必要です (A: H5xD5 ^C9)",
        )
        return None
    lead = len(play_text) - len(play_text.lstrip())
    play = _half(play_text.strip(), start + lead, line.number, bag)
    flip = None
    if caret:
        flip_start = start + body.index("^") + 1
        lead = len(flip_text) - len(flip_text.lstrip())
        flip = _half(flip_text.strip(), flip_start + lead, line.number, bag)
        if flip is None:
            return None
    if play is None:
        return None
    return Turn(key, play, flip, line.number, 1, marks)


def _once(record: JHRecord, what: str, present: bool, line: int, bag: DiagnosticBag) -> bool:
    if present:
        bag.error(
            "JH004",
            f"the {what} is written twice; the first one is used",
            line,
            ja=f"{what} が二度書かれています。最初のものを使います",
        )
    return not present


def _seat(record: JHRecord, key: str) -> None:
    if key not in record.seats and not record.seats_declared:
        record.seats.append(key)


def _special(
    kind: str, body: str, start: int, line: SourceLine, record: JHRecord, bag: DiagnosticBag
) -> Element | None:
    """A ``table``/``stock``/``seats``/``result`` line; the element, or ``None``."""
    number = line.number
    if kind == "seats":
        names = body.split()
        if _once(record, "seat order", record.seats_declared, number, bag):
            record.seats = names
            record.seats_declared = True
        return Element(kind, tuple(names))
    if kind == "result":
        parts = body.split()
        result: dict[str, int] = {}
        if len(parts) % 2 or not all(p.lstrip("-").isdigit() for p in parts[1::2]):
            bag.error(
                "JH006",
                "a result is 'player points player points …' (result: A 130 B 110)",
                number,
                start,
                ja="結果は「競技者 点数 …」と書きます (result: A 130 B 110)",
            )
            return None
        for who, points in zip(parts[::2], parts[1::2], strict=True):
            result[who] = int(points)
        record.result, record.result_line = result, number
        return Element(kind, tuple(result.items()))
    inner = body.strip()
    offset = start + (len(body) - len(body.lstrip()))
    if inner.startswith("(") and inner.endswith(")"):
        inner, offset = inner[1:-1], offset + 1
    cards = _cards(inner, number, offset, bag)
    if cards is None:
        return None
    if kind == "table":
        if len(cards.cards) != 4:
            bag.error(
                "JH003",
                f"the table holds 4 face-up cards, not {len(cards.cards)}",
                number,
                start,
                ja=f"場札は4枚です ({len(cards.cards)}枚ではありません)",
            )
        if _once(record, "table", record.table is not None, number, bag):
            record.table = cards
    elif _once(record, "stock", record.stock is not None, number, bag):
        record.stock = cards
    return Element(kind, cards.cards)


def _line(line: SourceLine, record: JHRecord, bag: DiagnosticBag) -> Element | Turn | None:
    """Read one text line into ``record``; the parsed element, or ``None`` if unreadable."""
    m = lines.LINE.match(line.text)
    if m is None:
        bag.error(
            "JH001",
            "not a record line: write 'player: card ^flip', 'player: (hand)' or 'table: …'",
            line.number,
            1,
            ja="記録の行ではありません: 「競技者: カード ^めくり」「競技者: (手札)」「table: …」",
        )
        if record.turns or record.table is not None:
            # Among the turns: a step of its own, shown as written; whose turn it took,
            # the turns after it say (cardkit.unread).
            record.turns.append(Turn("", None, None, line.number, 1, text=line.text))
        return None
    key, body, start = m["key"], m["body"], m.start("body") + 1
    kind = _KEYWORDS.get(key.lower())
    if kind is not None:
        return _special(kind, body, start, line, record, bag)
    if body.lstrip().startswith("("):
        if not body.rstrip().endswith(")"):
            bag.error(
                "JH001",
                "a hand is written in brackets: A: (H4 S6 …)",
                line.number,
                start,
                ja="手札は括弧で書きます: A: (H4 S6 …)",
            )
            return None
        offset = start + body.index("(") + 1
        cards = _cards(body.strip()[1:-1], line.number, offset, bag)
        if cards is None:
            return None
        if _once(record, f"hand of {key}", key in record.hands, line.number, bag):
            record.hands[key] = cards
            _seat(record, key)
        return Element("hand", cards.cards, key)
    turn = _turn(key, m["body"], start, line, bag)
    if turn is None:  # unreadable: keep its place in the seat order, write it back as is
        record.turns.append(Turn(key, None, None, line.number, 1, text=line.text))
        _seat(record, key)
        return None
    record.turns.append(turn)
    _seat(record, key)
    return turn


def parse(source: RecordSource) -> Parsed:
    bag = DiagnosticBag()
    record = JHRecord(first_line=source.first_line)
    lines.walk(source, record, lambda line: _line(line, record, bag), lambda: len(record.turns))
    return Parsed(record, bag)


__all__ = ["Element", "Parsed", "parse"]
