"""Text → :class:`DdzRecord`. Errors are collected as diagnostics, never raised.

One action per line, ``seat:`` then what happened (the Prime Daifugo kifu's shape)::

    A:(3 4 5 5 6 7 8 9 10 J Q Q K K K BJ RJ)   the hand dealt to A ('?' = the rest, not known)
    kitty:(7 A 2)                              the bottom cards (底牌)
    A:bid1   B:bid-   C:bid3                   bids; bid- is no bid
    C:3 4 5 6 7 8                              a play: ranks, or suited cards (H3 S3)
    A:%                                        a pass (also -, pass, 不要)
    C:K K K + 3 #  [bomb]                      '+' kickers, '#' goes out, [..] checked notes
    score: A -6, B -6, C +12                   totals, checked

Comments ``* …``, bookmarks ``*&name`` and move marks (``!`` ``?!`` …) work as in
every kifuwiki record. The deal may instead sit in the front matter:
``hands: {A: "3 4 5 …"}`` and ``kitty: "7 A 2"`` (kept there by ``fmt``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from kifuwiki.cardkit import unread
from kifuwiki.cardkit.lines import split_marks
from kifuwiki.cards import BLACK_JOKER, RED_JOKER, Card, CardSyntaxError, standard_deck, tokens
from kifuwiki.core.diagnostics import DiagnosticBag
from kifuwiki.core.front_matter_keys import key_path_position
from kifuwiki.core.recordfile import LineKind, RecordSource, SourceLine, front_matter_line
from kifuwiki.games.doudizhu.model import (
    Bid,
    DdzRecord,
    Hand,
    Item,
    Kitty,
    Pass,
    Play,
    Score,
    Unreadable,
)
from kifuwiki.games.doudizhu.rules import resolve

#: Joker spellings beyond the shared model's BJ/RJ: DouZero's X, RLCard's B and R.
JOKER_ALIASES: Mapping[str, Card] = {
    "X": Card(BLACK_JOKER),
    "B": Card(BLACK_JOKER),
    "R": Card(RED_JOKER),
}
KITTY_WORDS = frozenset({"KITTY", "底牌", "底札"})
SCORE_WORDS = frozenset({"SCORE", "得点", "点数"})
PASS_WORDS = frozenset({"%", "-", "PASS", "P", "不要", "パス", "要不起"})
_LINE = re.compile(r"\s*(?P<seat>[^:：\s]+)\s*[:：]\s*(?P<body>.*?)\s*\Z")
_BID = re.compile(r"(?i)bid\s*(?P<value>[0-3\-])\Z")
#: A line without its colon that is a bid (``B bid-``, ``Bbid2``): a seat, then ``bid``.
_BID_WRITTEN = re.compile(r"(?i)\s*[^\s:：]*?\W*bid")
#: A line without its colon shaped as a bid: a seat, ``bid`` or not, then one value.
_BID_SHAPED = re.compile(r"(?i)\s*(?P<seat>[^\s;]+?)\s*;?\s*(?:bid\s*)?(?P<value>[0-3\-])\s*\Z")
#: A line whose seat (or ``kitty``, ``score``) is followed by a space or a ``;`` instead
#: of its colon (``C 3 3``, ``A;%``, ``kitty (7 A 2)``).
_COLON_SLIP = re.compile(r"\s*(?P<key>[^\s:：;]+?)(?:\s*;\s*|\s+)(?P<body>\S.*?)\s*\Z")
_CLAIM = re.compile(r"\s*\[(?P<word>[^\]]*)\]\s*\Z")
_SCORE_ENTRY = re.compile(r"\s*(?P<seat>[^\s,、:+\-−]+)\s*:?\s*(?P<value>[+\-−]?[0-9]+)\s*")
CLAIMS = ("bomb", "rocket", "spring")
#: Every card as the writer writes it: ``3`` … ``A``, ``H10``, ``BJ``.
_CANONICAL: dict[str, Card] = {
    str(card): card for card in [*standard_deck(), *(Card(rank) for rank in range(1, 14))]
}
_CARD_WORD = r"(?:[SHDC]?(?:10|[2-9JQKA])|BJ|RJ)"
_CANONICAL_RUN = re.compile(rf" *(?:{_CARD_WORD}(?: +{_CARD_WORD})* *)?")
_WORD = re.compile(r"\S+")


@dataclass(slots=True)
class Parsed:
    record: DdzRecord
    bag: DiagnosticBag


def _seats_from_meta(
    meta: Mapping[str, Any], bag: DiagnosticBag, line: int
) -> tuple[list[str], dict[str, str]]:
    players = meta.get("players")
    if players is None:
        return [], {}
    if isinstance(players, str):
        players = players.split()
    if isinstance(players, Mapping):
        return [str(k) for k in players], {str(k): str(v) for k, v in players.items()}
    if isinstance(players, list):
        return [str(p) for p in players], {}
    bag.error(
        "DZ006",
        "'players' is a mapping of seat letters to names (A: Alice) or a list of seats",
        line,
        ja="'players' は席と名前の対応 (A: Alice) か席のリストです",
    )
    return [], {}


def _read_cards(
    text: str, offset: int, line: int, bag: DiagnosticBag, allow_unknown: bool
) -> tuple[list[Card], list[int], int] | None:
    """Cards written in ``text`` (which starts at 1-based column ``offset``), their columns,
    and how many ``?`` it had."""
    unknown = text.count("?") if allow_unknown else 0
    if allow_unknown:
        text = text.replace("?", " ")
    if _CANONICAL_RUN.fullmatch(text):
        # The canonical form (what fmt and the generator write): one dictionary look-up
        # per card instead of the shared tokenizer's folding and matching.
        words = [(m.group(), m.start()) for m in _WORD.finditer(text)]
        return [_CANONICAL[w] for w, _ in words], [offset + col for _, col in words], unknown
    try:
        found = tokens(text, JOKER_ALIASES)
    except CardSyntaxError as error:
        bag.error(
            "DZ003",
            f"{error} (write ranks 3-10 J Q K A 2, jokers BJ RJ, suits as H3 S10)",
            line,
            offset + error.column,
            ja=f"カードではありません: {text[error.column :].split()[0]!r} "
            "(ランク 3〜10 J Q K A 2、ジョーカー BJ RJ、スート付きは H3 S10 の形)",
        )
        return None
    return [card for card, _ in found], [offset + col for _, col in found], unknown


def _hand_body(
    body: str, offset: int, line: int, bag: DiagnosticBag, full: int
) -> tuple[list[Card], list[int], int] | None:
    """A hand in parentheses; a ``?`` stands for the rest of it, the cards not known."""
    read = _read_cards(body[1:-1], offset + 1, line, bag, allow_unknown=True)
    if read is None:
        return None
    cards, columns, unknown = read
    return cards, columns, max(full - len(cards), 0) if unknown else 0


def _play(
    seat: str, body: str, offset: int, source: SourceLine, marks: str, bag: DiagnosticBag
) -> Play | None:
    claims: list[str] = []
    while (found := _CLAIM.search(body)) is not None:
        claims.insert(0, found["word"].strip().lower())
        body = body[: found.start()]
    out = body.rstrip().endswith("#")
    if out:
        body = body.rstrip()[:-1]
    parts = body.split("+")
    if len(parts) > 2 or (len(parts) == 2 and not (parts[0].strip() and parts[1].strip())):
        bag.error(
            "DZ008",
            "write one '+' between the main cards and the kickers (K K K + 3)",
            source.number,
            offset + body.find("+"),
            ja="'+' は主札とキッカーの間に1つだけ書きます (K K K + 3)",
        )
        return None
    cards: list[Card] = []
    columns: list[int] = []
    split = None
    start = 0
    for index, part in enumerate(parts):
        read = _read_cards(part, offset + start, source.number, bag, allow_unknown=False)
        if read is None:
            return None
        cards += read[0]
        columns += read[1]
        if index == 0 and len(parts) == 2:
            split = len(cards)
        start += len(part) + 1
    for word in claims:
        if word not in CLAIMS:
            bag.error(
                "DZ001",
                f"[{word}] is not an annotation this game knows ([bomb], [rocket], [spring])",
                source.number,
                offset + len(body),
                ja=f"[{word}] は使える注記ではありません ([bomb]・[rocket]・[spring])",
            )
    return Play(
        source.number,
        source.text,
        marks,
        seat=seat,
        cards=cards,
        columns=columns,
        column=columns[0] if columns else offset,
        split=split,
        out=out,
        claims=tuple(c for c in claims if c in CLAIMS),
    )


def _score(body: str, source: SourceLine, marks: str, bag: DiagnosticBag) -> Score | None:
    values: dict[str, int] = {}
    for entry in re.split(r"[,、]", body):
        if not entry.strip():
            continue
        match = _SCORE_ENTRY.fullmatch(entry)
        if match is None:
            bag.error(
                "DZ009",
                f"{entry.strip()!r} is not 'seat points' (write score: A +12, B -6, C -6)",
                source.number,
                source.text.find(entry.strip()) + 1,
                ja=f"{entry.strip()!r} は '席 点数' ではありません (score: A +12, B -6, C -6)",
            )
            return None
        values[match["seat"]] = int(match["value"].replace("−", "-"))
    return Score(source.number, source.text, marks, values=values)


class _Reader:
    def __init__(
        self, source: RecordSource, bag: DiagnosticBag, default_rules: Mapping[str, Any] | None
    ) -> None:
        self.bag = bag
        meta = source.meta
        self.source = source
        seats, names = _seats_from_meta(meta, bag, front_matter_line(source, "players"))
        spec = meta.get("rules")
        options, problems = resolve(spec if spec is not None else default_rules)
        line = front_matter_line(source, "rules")
        for problem in problems:
            # A warning, as in every game: the record is checked under what is named.
            bag.warning("DZ007", problem.message, line, ja=problem.message_ja)
        self.fixed_seats = bool(seats)
        self.record = DdzRecord(seats, names, options)
        self._front_landlord(meta)

    def _front_landlord(self, meta: Mapping[str, Any]) -> None:
        landlord = meta.get("landlord")
        if landlord is not None:
            self.record.landlord = str(landlord)
        bid = meta.get("bid", 1)
        if isinstance(bid, int) and not isinstance(bid, bool) and 1 <= bid <= 3:
            self.record.base_bid = bid
        else:
            self.bag.error(
                "DZ006",
                f"'bid' is 1, 2 or 3, not {bid!r}",
                front_matter_line(self.source, "bid"),
                ja=f"'bid' は 1・2・3 のどれかです ({bid!r} は不可)",
            )

    def seat(self, key: str, source: SourceLine, column: int, meant: str = "") -> bool:
        """Whether ``key`` is a seat of the record (a new one while they are not all
        known); else its error, ending with the line ``meant`` when there is one."""
        if key in self.record.seats:
            return True
        if not self.fixed_seats and len(self.record.seats) < 3:
            self.record.seats.append(key)
            return True
        seats = ", ".join(self.record.seats)
        hint, hint_ja = did_you_mean(meant)
        self.bag.error(
            "DZ002",
            f"'{key}' is not a player of this record (the seats are {seats}){hint}",
            source.number,
            column,
            ja=f"'{key}' はこの記録のプレイヤーではありません (席は {seats}){hint_ja}",
        )
        return False

    def case_slip(self, key: str, body: str, source: SourceLine, marks: str) -> str:
        """The line as meant when ``key`` is a seat of the record written in another case
        (``c:8 8`` → ``C:8 8``) and the line then reads; "" otherwise."""
        if key in self.record.seats or (not self.fixed_seats and len(self.record.seats) < 3):
            return ""
        seat = next((s for s in self.record.seats if s.casefold() == key.casefold()), None)
        if seat is None or self.reads(seat, body, source) is None:
            return ""
        return f"{seat}:{body}{' ' + marks if marks else ''}"

    def reads(self, key: str, body: str, source: SourceLine) -> Item | None:
        """What ``key:body`` reads as, when it reads without an error (nothing is said)."""
        scratch = DiagnosticBag()
        found = self._known_item(key.upper(), body, 1, source, "", scratch)
        if found is None and key in self.record.seats:
            found = self._seat_item(key, body, 1, source, "", scratch)
        if found is None or isinstance(found, Unreadable) or scratch.items:
            return None
        if isinstance(found, Play) and not found.cards:
            return None  # ``A:[bomb]``: nothing played
        return found

    def colon_slip(self, text: str, source: SourceLine) -> tuple[str, Item | None]:
        """A line whose colon is left out or written ``;`` (``C 3 3``, ``A;%``,
        ``kitty (7 A 2)``): the line with its colon, and what it then reads as; ("",
        None) when it does not open with a seat, ``kitty`` or ``score``, or the rest does
        not read."""
        slip = _COLON_SLIP.fullmatch(text)
        if slip is None:
            return "", None
        found = self.reads(slip["key"], slip["body"], source)
        if found is None:
            return "", None
        written = _COLON_SLIP.fullmatch(source.text)
        assert written is not None  # the marks follow the body
        return f"{slip['key']}:{written['body']}", found

    def item(self, source: SourceLine) -> Item:
        text, marks = split_marks(source.text)
        match = _LINE.match(text)
        if match is None:
            written = self.written_seat(text)
            shown = unread.quoted(source.text)
            meant, found = self.colon_slip(text, source)
            # A play or a pass may be a bid's turn (``B 3`` in the bidding): the rules
            # stage says which (_Engine._suggest_spelling). Nothing else can be.
            direct = found is not None and not isinstance(found, Play | Pass | Bid)
            hint, hint_ja = did_you_mean(meant if direct else "")
            self.bag.error(
                "DZ001",
                f"{shown} is not 'seat: action' (A: 3 3 3 4, A: %, A: bid2, A:(hand), "
                f"kitty:(…)){hint}",
                source.number,
                1,
                ja=f"{shown} は '席: 行動' の形ではありません "
                f"(A: 3 3 3 4、A: %、A: bid2、A:(手札)、kitty:(…)){hint_ja}",
            )
            # A hand, the bottom cards or the score take no turn, in the bidding or after
            # it (a hand took a bid's turn: every bid after it was out of turn; the bottom
            # cards a play's, at the end of a variation's cut: review18).
            deal = isinstance(found, Hand | Kitty | Score)
            return Unreadable(
                source.number,
                source.text,
                marks,
                step=not deal and self.among_turns(),
                bid=_BID_WRITTEN.match(text) is not None,
                seat_first=bool(written) and not deal,
                written_seat="" if deal else written,
                spelling=self.bid_spelling(text),
                play_spelling=meant if isinstance(found, Play | Pass) else "",
            )
        key, body = match["seat"], match["body"]
        offset = match.start("body") + 1
        found = self._known_item(key.upper(), body, offset, source, marks)
        if found is not None:
            return found
        hand = body[:1] == "("
        bid = body[:3].lower() == "bid"
        meant = self.case_slip(key, body, source, marks)
        if not self.seat(key, source, match.start("seat") + 1, meant):
            return Unreadable(
                source.number, source.text, marks, step=not hand and self.among_turns(), bid=bid
            )
        # A play that cannot be read (or nothing after the seat) still names whose turn
        # it was; a hand or a bid does not take a play's turn.
        played = key if not hand and not bid else ""
        return self._seat_item(key, body, offset, source, marks) or Unreadable(
            source.number,
            source.text,
            marks,
            seat=played,
            step=not hand,
            bid=bid,
            written_seat=key,
        )

    def written_seat(self, text: str) -> str:
        """The seat of the record a line without its colon opens with: its first word
        (``B 1``, ``B -``), or the seat and a bid's value or ``bid`` (``B1``, ``Bbid2``);
        "" when it opens with none."""
        words = text.split()
        first = words[0] if words else ""
        for seat in self.record.seats:
            rest = first[len(seat) :].lstrip(";") if first.startswith(seat) else None
            if rest is not None and (
                rest in ("", "0", "1", "2", "3", "-") or rest[:3].lower() == "bid"
            ):
                return seat
        return ""

    def bid_spelling(self, text: str) -> str:
        """The bid a line without its colon is shaped as, as the notation writes it
        (``B 1`` → ``B:bid1``; ``A 0`` and ``A -`` → ``A:bid-``, ``bid0`` being read as no
        bid); "" when it does not open with a seat of the record or holds more."""
        shaped = _BID_SHAPED.fullmatch(text)
        if shaped is None or shaped["seat"] not in self.record.seats:
            return ""
        value = shaped["value"]
        return f"{shaped['seat']}:bid{'-' if value in '0-' else value}"

    def among_turns(self) -> bool:
        """Whether a line naming no seat comes among the turns (cardkit.unread): after
        a line of the deal or the game, or with the landlord named in the front matter
        (an imported game's plays come first)."""
        return bool(self.record.items) or self.record.landlord is not None

    def _known_item(
        self,
        key: str,
        body: str,
        offset: int,
        source: SourceLine,
        marks: str,
        bag: DiagnosticBag | None = None,
    ) -> Item | None:
        bag = bag or self.bag
        if key in KITTY_WORDS:
            read = None
            if body.startswith("(") and body.endswith(")"):
                read = _hand_body(body, offset, source.number, bag, 3)
            else:
                bag.error(
                    "DZ001",
                    "write the bottom cards as kitty:(7 A 2)",
                    source.number,
                    offset,
                    ja="底札は kitty:(7 A 2) の形で書きます",
                )
            if read is None:
                return Unreadable(source.number, source.text, marks)
            return Kitty(
                source.number, source.text, marks, cards=read[0], columns=read[1], unknown=read[2]
            )
        if key in SCORE_WORDS:
            return _score(body, source, marks, bag) or Unreadable(source.number, source.text, marks)
        return None

    def _seat_item(
        self,
        seat: str,
        body: str,
        offset: int,
        source: SourceLine,
        marks: str,
        bag: DiagnosticBag | None = None,
    ) -> Item | None:
        bag = bag or self.bag
        if body.startswith("(") and body.endswith(")"):
            read = _hand_body(body, offset, source.number, bag, 17)
            if read is None:
                return None
            return Hand(
                source.number,
                source.text,
                marks,
                seat=seat,
                cards=read[0],
                columns=read[1],
                unknown=read[2],
            )
        if body.upper() in PASS_WORDS:
            return Pass(source.number, source.text, marks, seat=seat, column=offset)
        if body[:3].lower() == "bid":
            bid = _BID.fullmatch(body)
            if bid is None:
                bag.error(
                    "DZ004",
                    f"'{body}' is not a bid: write bid1, bid2, bid3, or bid- for no bid",
                    source.number,
                    offset,
                    ja=f"'{body}' は競りではありません: bid1・bid2・bid3、競らないときは bid-",
                )
                return None
            value = 0 if bid["value"] == "-" else int(bid["value"])
            return Bid(source.number, source.text, marks, seat=seat, value=value, column=offset)
        if not body:
            bag.error(
                "DZ001",
                "the line has no action after the seat",
                source.number,
                offset,
                ja="席の後に行動がありません",
            )
            return None
        return _play(seat, body, offset, source, marks, bag)


def did_you_mean(meant: str, note: str = "", note_ja: str = "") -> tuple[str, str]:
    """The end of an error naming the line as it was meant (``B:3``), with a word on it
    (``(no bid)``); ("", "") without one."""
    if not meant:
        return "", ""
    return (
        f"; did you mean '{meant}'{' ' + note if note else ''}?",
        f"。'{meant}'{' ' + note_ja if note_ja else ''} のことですか?",
    )


def _front_line(source: RecordSource, key: str, parent: str | None = None) -> tuple[int, int]:
    """(line, column of the value) of ``key:`` in the front matter, under ``parent:``
    when given; (1, 1) when it is not written."""
    path = (key,) if parent is None else (parent, key)
    return key_path_position(source.front_matter, *path)


def _cards_value(value: Any) -> str | None:
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        return " ".join(str(v) for v in value)
    return None


def _front_matter_deal(source: RecordSource, record: DdzRecord, bag: DiagnosticBag) -> None:
    """``hands: {A: "3 4 5 …"}`` and ``kitty: "7 A 2"`` in the front matter: the same as
    the ``A:(…)`` and ``kitty:(…)`` lines, for records that keep the deal with the players."""
    hands = source.meta.get("hands")
    found: list[Item] = []
    if isinstance(hands, Mapping):
        if not record.seats:
            record.seats.extend(str(seat) for seat in list(hands)[:3])
        for seat, value in hands.items():
            line, column = _front_line(source, str(seat), "hands")
            text = _cards_value(value)
            if str(seat) not in record.seats or text is None:
                bag.error(
                    "DZ006",
                    f"'hands' maps the seats ({', '.join(record.seats)}) to cards; "
                    f"'{seat}' cannot be used",
                    line,
                    ja=f"'hands' は席 ({', '.join(record.seats)}) とカードの対応です。"
                    f"'{seat}' は使えません",
                )
                continue
            read = _hand_body(f"({text})", column - 1, line, bag, 17)
            if read is not None:
                found.append(
                    Hand(
                        line,
                        text,
                        seat=str(seat),
                        cards=read[0],
                        columns=read[1],
                        unknown=read[2],
                        front=True,
                    )
                )
    elif hands is not None:
        bag.error(
            "DZ006",
            "'hands' maps seats to cards (A: 3 4 5 …)",
            _front_line(source, "hands")[0],
            ja="'hands' は席とカードの対応です (A: 3 4 5 …)",
        )
    kitty = source.meta.get("kitty")
    if kitty is not None:
        line, column = _front_line(source, "kitty")
        text = _cards_value(kitty)
        if text is None:
            # Not dropped without a word: the header no longer repeats the key.
            bag.error(
                "DZ006",
                "'kitty' is the three bottom cards (kitty: 7 A 2)",
                line,
                ja="'kitty' は底札3枚です (kitty: 7 A 2)",
            )
        read = _hand_body(f"({text})", column - 1, line, bag, 3) if text is not None else None
        if read is not None and text is not None:
            found.append(
                Kitty(line, text, cards=read[0], columns=read[1], unknown=read[2], front=True)
            )
    record.items[:0] = found


def parse(source: RecordSource, default_rules: Mapping[str, Any] | None = None) -> Parsed:
    """Read one game; ``default_rules`` (the site's, ``{"preset": …}``) apply when the
    front matter names no rules."""
    bag = DiagnosticBag()
    reader = _Reader(source, bag, default_rules)
    record = reader.record
    _front_matter_deal(source, record, bag)
    for line in source.lines:
        if line.kind is LineKind.BLANK:
            continue
        if line.kind in (LineKind.COMMENT, LineKind.BOOKMARK):
            if record.items:
                record.items[-1].notes.append(line)
            else:
                record.setup_notes.append(line)
            continue
        record.items.append(reader.item(line))
    if len(record.seats) != 3:
        bag.error(
            "DZ010",
            f"Dou Dizhu has three players; this record has {len(record.seats)}",
            source.first_line,
            ja=f"闘地主は3人で遊びます。この記録は {len(record.seats)} 人です",
        )
    return Parsed(record, bag)
