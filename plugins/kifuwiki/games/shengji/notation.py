"""升級 notation → :class:`SJRecord`; problems collected as diagnostics, never raised.

A record body (front matter aside)::

    levels: NS=2 EW=5       # both sides' levels (2 … A); the declarer's is the trump rank
    declarer: N             # 庄家; else the first to declare
    N: (25 cards)           # hands, when known
    E: declare H2           # declarations and over-declarations (a pair: S2S2, jokers: BJBJ)
    trump: H                # instead of declarations (``trump: none`` for no trump)
    N: kitty (8 cards)      # the kitty taken (cards optional)
    N: bury (8 cards)       # the 8 cards put back
    N: SA                   # one line per card play; a throw is one token: SASKSK
    E: S3
    N: SASKSKSQ>SQ          # a failed throw: the component it had to play after ``>``
    result: 85 EW+1         # optional: attackers' points, who goes up and by how much
"""

from __future__ import annotations

import re

from kifuwiki.cardkit import lines
from kifuwiki.cardkit.lines import Element
from kifuwiki.cards import Card, CardSyntaxError, Suit
from kifuwiki.core.diagnostics import DiagnosticBag
from kifuwiki.core.recordfile import RecordSource, SourceLine
from kifuwiki.games.shengji.model import SEATS, Declare, Hand, Kitty, Play, Result, SJRecord

SEAT_WORDS = {"N": "N", "E": "E", "S": "S", "W": "W", "北": "N", "東": "E", "南": "S", "西": "W"}
LEVEL_WORDS = {"J": 11, "Q": 12, "K": 13, "A": 14, "T": 10}
_LEVELS = re.compile(
    r"^\s*(?P<a>NS|EW)\s*=\s*(?P<x>10|[2-9TJQKA])\s*[, ]"
    r"\s*(?P<b>NS|EW)\s*=\s*(?P<y>10|[2-9TJQKA])\s*$",
    re.I,
)
_RESULT = re.compile(
    r"^\s*(?P<points>-?[0-9]+)\s+(?P<team>NS|EW)\s*\+\s*(?P<levels>[0-9])\s*$", re.I
)
_SUITS = {"S": Suit.SPADES, "H": Suit.HEARTS, "D": Suit.DIAMONDS, "C": Suit.CLUBS}
_SUITS |= {suit.glyph: suit for suit in Suit}
_NO_TRUMP = {"NONE", "NT", "无主", "無主", "なし"}
_VERBS = {
    "declare": "declare",
    "亮": "declare",
    "kitty": "kitty",
    "底": "kitty",
    "bury": "bury",
    "埋": "bury",
}


Parsed = lines.Parsed[SJRecord]


def level_value(text: str) -> int:
    word = text.upper()
    return LEVEL_WORDS.get(word) or int(word)


def _cards(text: str, line: int, column: int, bag: DiagnosticBag) -> list[tuple[Card, int]] | None:
    """Cards in ``text`` (column = where it starts, 1-based); ``None`` after an SJ002."""
    found = lines.read_run(text)
    if isinstance(found, CardSyntaxError):
        exc = found
        bag.error(
            "SJ002",
            f"{exc}: write cards as suit and rank (SA H10 D5) or BJ / RJ for the jokers",
            line,
            column + exc.column,
            ja="カードとして読めません: スートとランク (SA H10 D5)、ジョーカーは BJ / RJ",
        )
        return None
    for card, col in found:
        if card.suit is None and not card.joker:
            bag.error(
                "SJ002",
                f"{card.rank_text} needs its suit (S{card.rank_text}, H{card.rank_text} …)",
                line,
                column + col,
                ja=f"{card.rank_text} にはスートが必要です",
            )
            return None
    if not found:
        bag.error("SJ003", "no cards written", line, column, ja="カードが書かれていません")
        return None
    return [(card, column + col) for card, col in found]


def _levels(body: str, line: SourceLine, record: SJRecord, bag: DiagnosticBag) -> Element | None:
    m = _LEVELS.match(body.upper())
    if m is None or m["a"].upper() == m["b"].upper():
        bag.error(
            "SJ004",
            "levels are written 'levels: NS=2 EW=5' (2 … 10, J, Q, K, A)",
            line.number,
            ja="レベルは「levels: NS=2 EW=5」と書きます (2〜10, J, Q, K, A)",
        )
        return None
    record.levels = {m["a"].upper(): level_value(m["x"]), m["b"].upper(): level_value(m["y"])}
    record.levels_given = True
    return Element("levels", (record.levels["NS"], record.levels["EW"]))


def _seat_error(key: str, line: int, column: int, bag: DiagnosticBag) -> None:
    bag.error(
        "SJ005",
        f"{key!r} is not a seat: the seats are N, E, S, W",
        line,
        column,
        ja=f"{key!r} は席ではありません (席は N, E, S, W)",
    )


def _special(
    key: str, body: str, start: int, line: SourceLine, record: SJRecord, bag: DiagnosticBag
) -> Element | None:
    number = line.number
    word = body.strip()
    if key == "levels":
        return _levels(body, line, record, bag)
    if key == "declarer":
        seat = SEAT_WORDS.get(word.upper()) or SEAT_WORDS.get(word)
        if seat is None:
            _seat_error(word, number, start, bag)
            return None
        record.declarer, record.declarer_line = seat, number
        return Element("declarer", (seat,))
    if key == "trump":
        folded = word.upper()
        if folded in _NO_TRUMP or word in _NO_TRUMP:
            record.trump = (None, number)
            return Element("trump", (None,))
        suit = _SUITS.get(folded)
        if suit is None:
            bag.error(
                "SJ006",
                f"{word!r} is not a trump suit (S, H, D, C or none)",
                number,
                start,
                ja=f"{word!r} は切り札スートではありません (S, H, D, C, none)",
            )
            return None
        record.trump = (suit, number)
        return Element("trump", (suit,))
    m = _RESULT.match(body)
    if m is None:
        bag.error(
            "SJ007",
            "a result is 'attackers' points, the side that goes up +levels' (result: 85 EW+1)",
            number,
            start,
            ja="結果は「攻め側の点数 上がる側+レベル」と書きます (result: 85 EW+1)",
        )
        return None
    record.result = Result(int(m["points"]), m["team"].upper(), int(m["levels"]), number)
    return Element("result", (record.result,))


def _verb(
    seat: str,
    verb: str,
    rest: str,
    start: int,
    line: SourceLine,
    record: SJRecord,
    bag: DiagnosticBag,
    marks: str,
) -> Declare | Kitty | None:
    number = line.number
    if verb == "declare":
        cards = _cards(rest, number, start, bag)
        if cards is None:
            return None
        return Declare(seat, tuple(c for c, _ in cards), number, start, marks)
    inside = lines.bracketed(rest, start) if rest.strip() else ("", start)
    if inside is None:
        bag.error(
            "SJ008",
            f"the {verb}'s cards are written in brackets: {seat}: {verb} (…)",
            number,
            start,
            ja=f"{verb} のカードは括弧で書きます: {seat}: {verb} (…)",
        )
        return None
    text, column = inside
    if not text.strip():
        return Kitty(seat, verb == "bury", None, number, start, marks)
    cards = _cards(text, number, column, bag)
    if cards is None:
        return None
    return Kitty(seat, verb == "bury", tuple(c for c, _ in cards), number, start, marks)


def _play(
    seat: str, body: str, start: int, line: SourceLine, bag: DiagnosticBag, marks: str
) -> Play | None:
    main, arrow, forced_text = body.partition(">")
    cards = _cards(main, line.number, start, bag)
    if cards is None:
        return None
    forced = None
    forced_column = 0
    if arrow:
        forced_column = start + len(main) + 1
        found = _cards(forced_text, line.number, forced_column, bag)
        if found is None:
            return None
        forced = tuple(c for c, _ in found)
        forced_column = found[0][1]
    return Play(
        seat, tuple(c for c, _ in cards), line.number, cards[0][1], forced, forced_column, marks
    )


def _line(line: SourceLine, record: SJRecord, bag: DiagnosticBag) -> object | None:
    m = lines.LINE.match(line.text)
    if m is None:
        bag.error(
            "SJ001",
            "not a record line: write 'N: SA', 'N: (hand)', 'E: declare H2' or 'levels: …'",
            line.number,
            1,
            ja="記録の行ではありません: 「N: SA」「N: (手札)」「E: declare H2」「levels: …」",
        )
        if record.events or record.hands or record.trump:
            # Among the plays (or the deal's last lines): a step of its own, shown as
            # written; whose turn it took, the plays after it say (cardkit.unread).
            record.events.append(Play("", (), line.number, 1, text=line.text))
        return None
    key, body, start = m["key"], m["body"], m.start("body") + 1
    if key.lower() in ("levels", "declarer", "trump", "result"):
        return _special(key.lower(), body, start, line, record, bag)
    seat = SEAT_WORDS.get(key.upper()) or SEAT_WORDS.get(key)
    if seat is None:
        _seat_error(key, line.number, 1, bag)
        body, marks = lines.split_marks(body)
        if body.strip() and body.strip()[0] != "(" and not _VERBS.get(body.split()[0].lower()):
            # A card play by a seat that is none: it takes the turn of the seat whose
            # turn it is (cardkit.unread), its cards unread (review13 R13-2: 46 errors
            # from one letter).
            record.events.append(Play("", (), line.number, start, text=line.text))
        return None
    body, marks = lines.split_marks(body)
    inside = lines.bracketed(body, start)
    if inside is not None:
        found = _cards(inside[0], line.number, inside[1], bag)
        if found is None:
            return None
        if seat in record.hands:
            bag.error(
                "SJ009",
                f"{seat}'s hand is written twice; the first is used",
                line.number,
                ja=f"{seat} の手札が二度書かれています。最初のものを使います",
            )
            return None
        hand = Hand(tuple(c for c, _ in found), line.number, tuple(c for _, c in found))
        record.hands[seat] = hand
        return Element("hand", (seat, hand.cards))
    word, _, rest = body.strip().partition(" ")
    verb = _VERBS.get(word.lower())
    if verb is not None:
        event: Play | Declare | Kitty | None = _verb(
            seat, verb, rest, start + body.index(word) + len(word) + 1, line, record, bag, marks
        )
    else:
        event = _play(seat, body, start, line, bag, marks)
        if event is None:  # unreadable cards: the play keeps its seat's turn in the trick
            record.events.append(Play(seat, (), line.number, start, text=line.text))
            return None
    if event is not None:
        record.events.append(event)
    return event


def parse(source: RecordSource) -> Parsed:
    bag = DiagnosticBag()
    record = SJRecord(first_line=source.first_line)
    lines.walk(source, record, lambda line: _line(line, record, bag), lambda: len(record.events))
    return Parsed(record, bag)


__all__ = ["SEATS", "Element", "Parsed", "parse"]
