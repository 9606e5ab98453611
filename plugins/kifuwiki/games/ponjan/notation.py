"""Read a ポンジャン session record into :class:`PonjanRecord`.

Body lines (Japanese keywords, English aliases in brackets)::

    第1局 親 A                 a hand and its dealer          (hand 1 dealer A)
    A 配牌 11234567            a starting hand, when known    (A start …)
    A 引 5                     a draw (``?``: not shown)      (A draw 5)
    A 捨 3                     a discard                      (A discard 3)
    A リーチ 3                 riichi with its discard        (A riichi 3)
    B ロン [333 555 77W] +三色  ron on the last discard        (B ron …)
    A ツモ                     a self-drawn win               (A tsumo)
    流局                       the wall is exhausted          (exhausted)
    精算 A+30 B-10 C-10 D-10   the hand's chip payments       (pay …)
    計 A130 B90 C90 D90        running chip totals (checked)  (totals …)

Tiles are the names of the record's tile set, separated by spaces; when every name is
one character, ``11234567`` reads tile by tile. Errors are collected, never raised, and
every line is kept (an unreadable one with a PJ001 error).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from kifuwiki.cardkit.lines import split_marks
from kifuwiki.core.diagnostics import DiagnosticBag
from kifuwiki.core.recordfile import LineKind, RecordSource, SourceLine
from kifuwiki.games.ponjan.frontmatter import read_chips, read_players, read_tiles
from kifuwiki.games.ponjan.model import (
    Action,
    ChipLine,
    Hand,
    Item,
    PonjanRecord,
    TileSet,
    Unread,
    Verb,
)

HEADING = re.compile(
    r"^\s*(?:第\s*(?P<ja>[0-9]+)\s*局|(?:hand|Hand|HAND)\s+(?P<en>[0-9]+))"
    r"\s*(?:(?:親|dealer)\s*[:：]?\s*(?P<dealer>\S+)?)?\s*$"
)
LOOSE_HEADING = re.compile(
    r"^\s*(?:第|hand\b)(?P<head>.*?)\s*(?:親|dealer)?\s*[:：]?\s*(?P<dealer>\S+)\s*$",
    re.IGNORECASE,
)
"""A heading with a typo (``第2曲 親 B``, ``第２局 親 B``, ``第2局 B``): read as a heading
when it ends with a seat, after its error, so the hand's lines are not read into the hand
before it (one typo, one error: they were "starting hand after the first action" and
"the hand has ended" on every line of the hand)."""
EXHAUSTED = re.compile(r"^\s*(?:流局|exhausted)\s*$", re.IGNORECASE)
CHIPS = re.compile(
    r"^\s*(?P<label>精算|pay|計|合計|totals)\s*[:：]?\s*(?P<rest>.*)$", re.IGNORECASE
)
ACTION = re.compile(r"^\s*(?P<seat>[^\s:：]+)\s*[:：]?\s+(?P<verb>\S+)(?:\s+(?P<rest>.*?))?\s*$")
ENTRY = re.compile(r"(?P<seat>[^\s,、+\-0-9:：]+)\s*[:：]?\s*(?P<value>[+\-]?[0-9]+)")

VERBS: dict[str, Verb] = {
    "引": Verb.DRAW,
    "draw": Verb.DRAW,
    "捨": Verb.DISCARD,
    "打": Verb.DISCARD,
    "discard": Verb.DISCARD,
    "リーチ": Verb.RIICHI,
    "riichi": Verb.RIICHI,
    "ロン": Verb.RON,
    "ron": Verb.RON,
    "ツモ": Verb.TSUMO,
    "tsumo": Verb.TSUMO,
}
START_VERBS = ("配牌", "start")
FAST = re.compile(r"(\S+) (引|捨) (\S+)\Z")
FAST_VERBS = {"引": Verb.DRAW, "捨": Verb.DISCARD}
UNKNOWN = "?"
_ONE_TILE = {word for word, verb in VERBS.items() if verb in (Verb.DRAW, Verb.DISCARD, Verb.RIICHI)}


@dataclass(slots=True)
class ParseResult:
    record: PonjanRecord
    bag: DiagnosticBag


class _Reader:
    def __init__(self, record: PonjanRecord, bag: DiagnosticBag) -> None:
        self.record = record
        self.bag = bag
        self.hand: Hand | None = None
        self.seats = frozenset(record.order)

    # -- tiles ------------------------------------------------------------------

    def tiles(self, text: str, line: int, column: int) -> list[str | None] | None:
        """Tile names in ``text`` (``None`` for ``?``); ``None`` after a PJ003 error."""
        tile_set: TileSet = self.record.tiles
        found: list[str | None] = []
        for match in re.finditer(r"\S+", text):
            token = match.group()
            if token in tile_set.copies:
                found.append(token)
            elif token == UNKNOWN:
                found.append(None)
            elif tile_set.compact and all(ch in tile_set.copies or ch == UNKNOWN for ch in token):
                found.extend(None if ch == UNKNOWN else ch for ch in token)
            else:
                names = " ".join(tile_set.copies)
                self.bag.error(
                    "PJ003",
                    f"'{token}' is not a tile of this set (tiles: {names}; ? for a hidden one)",
                    line,
                    column + match.start(),
                    ja=f"'{token}' はこの牌セットの牌ではありません (牌: {names}、見えない牌は ?)",
                )
                return None
        return found

    # -- lines ------------------------------------------------------------------

    def seat(self, seat: str, line: int, column: int) -> bool:
        if seat in self.record.order:
            return True
        seats = ", ".join(self.record.order)
        self.bag.error(
            "PJ002",
            # No seats known (no players: yet): said so, not "(seats: )" (review13 R13-15).
            f"'{seat}' is not a seat of this record (seats: {seats or 'none declared'})",
            line,
            column,
            ja=f"'{seat}' はこの棋譜の席ではありません (席: {seats or '宣言なし'})",
        )
        return False

    def heading(self, source_line: SourceLine, match: re.Match[str]) -> None:
        number = int(match.group("ja") or match.group("en"))
        dealer = match.group("dealer")
        line = source_line.number
        if dealer is None:
            self.bag.error(
                "PJ007",
                "a hand heading names its dealer: '第1局 親 A' (or 'hand 1 dealer A')",
                line,
                len(source_line.text) + 1,
                ja="局の見出しには親を書きます: '第1局 親 A'",
            )
        elif not self.seat(dealer, line, source_line.text.index(dealer) + 1):
            dealer = None
        self.hand = Hand(number, dealer, line, source_line.text.strip())
        self.record.hands.append(self.hand)

    def loose_heading(self, source_line: SourceLine, body: str) -> bool:
        """A line that reads as a hand heading but for a typo: PJ001, then a heading."""
        match = LOOSE_HEADING.match(body)
        if match is None or match.group("dealer") not in self.seats:
            return False
        if body.split()[0] in self.seats:
            return False  # a seat's line ('A ...'), never a heading
        digits = re.search(r"\d+", match.group("head"))
        previous = self.record.hands[-1].number if self.record.hands else 0
        number = int(digits.group()) if digits else previous + 1
        dealer, text = match.group("dealer"), source_line.text.strip()
        self.bag.error(
            "PJ001",
            f"'{text}' is not a hand heading as written ('第{number}局 親 {dealer}' or "
            f"'hand {number} dealer {dealer}'); read as hand {number}, dealt by {dealer}",
            source_line.number,
            1,
            ja=f"'{text}' は局の見出しの形 ('第{number}局 親 {dealer}') ではありません。"
            f"第{number}局 (親 {dealer}) の見出しとして読みます",
        )
        self.hand = Hand(number, dealer, source_line.number, text, read=False)
        self.record.hands.append(self.hand)
        return True

    def chips(self, source_line: SourceLine, match: re.Match[str]) -> ChipLine | None:
        label = match.group("label").lower()
        totals = label in ("計", "合計", "totals")
        rest, offset = match.group("rest"), match.start("rest")
        values: dict[str, int] = {}
        for part in re.finditer(r"[^\s,、]+(?:\s+[+\-]?[0-9]+)?", rest):
            entry = ENTRY.fullmatch(part.group().replace(" ", ""))
            column = offset + part.start() + 1
            signed = entry is not None and entry.group("value")[0] in "+-"
            if entry is None or (not totals and not signed and entry.group("value") != "0"):
                self.bag.error(
                    "PJ006",
                    f"'{part.group()}' is not 'seat ±chips' (like A+30 or B-10)"
                    if not totals
                    else f"'{part.group()}' is not 'seat chips' (like A 130)",
                    source_line.number,
                    column,
                    ja=f"'{part.group()}' は「席 ±チップ」(A+30、B-10 など) の形ではありません",
                )
                return None
            if not self.seat(entry.group("seat"), source_line.number, column):
                return None
            if entry.group("seat") in values:
                # ``精算 A-16 C+24 C-8`` (B mistyped C): one of the two was lost, so the
                # sum was wrong (PJ113) and fmt dropped what was written. Not read: kept.
                self.bag.error(
                    "PJ006",
                    f"'{entry.group('seat')}' is named twice on this line; each seat is named once",
                    source_line.number,
                    column,
                    ja=f"'{entry.group('seat')}' がこの行に2回あります。席は1回ずつ書きます",
                )
                return None
            values[entry.group("seat")] = int(entry.group("value"))
        return ChipLine(totals, values, source_line.number, source_line.text.strip())

    def starting(self, source_line: SourceLine, seat: str, rest: str, column: int) -> bool:
        """Read a starting hand; ``False`` (after an error) when it cannot be used."""
        hand = self.hand
        assert hand is not None
        line = source_line.number
        # Lines not read (``A 配 1112…``) are no first action: the next starting hands
        # stay starting hands, not "after the first action" (one typo, one error).
        if any(not isinstance(i, Unread) for i in hand.items) or seat in hand.starting:
            self.bag.error(
                "PJ008",
                f"{seat}'s starting hand comes before the hand's first action, once",
                line,
                1,
                ja=f"{seat} の配牌は局の最初の行動より前に一度だけ書きます",
            )
            return False
        tiles = self.tiles(rest, line, column)
        if tiles is None:
            return False
        if any(tile is None for tile in tiles):
            self.bag.error(
                "PJ003",
                "a starting hand is written whole, without '?' (leave it out if unknown)",
                line,
                column,
                ja="配牌は ? なしで全部書きます (わからないときは配牌の行を省きます)",
            )
            return False
        hand.starting[seat] = ([t for t in tiles if t is not None], line)
        return True

    def win_parts(
        self, rest: str, line: int, column: int
    ) -> tuple[str | None, list[str], list[str]]:
        """(tile, revealed tiles, yaku) of a win line's ``3 [333 555 77W] +三色``."""
        yaku = [m.group(1) for m in re.finditer(r"\+(\S+)", rest)]
        revealed: list[str] = []
        bracket = re.search(r"\[([^\]]*)\]", rest)
        if bracket:
            tiles = self.tiles(bracket.group(1), line, column + bracket.start(1))
            revealed = [t for t in tiles or [] if t is not None]
            if tiles is not None and len(tiles) != 9:
                self.bag.error(
                    "PJ011",
                    f"a win shows the winner's 9 tiles in brackets, not {len(tiles)}",
                    line,
                    column + bracket.start(),
                    ja=f"アガリの公開牌は9枚です ({len(tiles)}枚ではありません)",
                )
                revealed = []
        plain = re.sub(r"\[[^\]]*\]|\+\S+", " ", rest).strip()
        tile: str | None = None
        if plain:
            tiles = self.tiles(plain, line, column + rest.index(plain.split()[0]))
            if tiles and len(tiles) == 1:
                tile = tiles[0]
            elif tiles is not None:
                self.bag.error(
                    "PJ001",
                    f"a win line holds one tile, the tiles in [ ] and +hands, not '{plain}'",
                    line,
                    column,
                    ja=f"アガリの行は牌1枚、[ ] の公開牌、+役だけを書きます ('{plain}' は不可)",
                )
        return tile, revealed, yaku

    def action(self, source_line: SourceLine, match: re.Match[str], marks: str) -> Action | None:
        line, text = source_line.number, source_line.text
        seat, verb_text = match.group("seat"), match.group("verb")
        rest = match.group("rest") or ""
        rest_column = match.start("rest") + 1 if match.group("rest") else len(text) + 1
        if not self.seat(seat, line, match.start("seat") + 1):
            return None
        verb = VERBS.get(verb_text.lower(), VERBS.get(verb_text))
        if verb is None:
            self.bag.error(
                "PJ001",
                f"'{verb_text}' is not an action (引 draw, 捨 discard, リーチ riichi, ロン ron, "
                "ツモ tsumo, 配牌 start)",
                line,
                match.start("verb") + 1,
                ja=f"'{verb_text}' は行動ではありません (引・捨・リーチ・ロン・ツモ・配牌)",
            )
            return None
        if verb in (Verb.RON, Verb.TSUMO):
            tile, revealed, yaku = self.win_parts(rest, line, rest_column)
            return Action(verb, seat, tile, line, 1, text, tuple(revealed), tuple(yaku), marks)
        tiles = self.tiles(rest, line, rest_column)
        if tiles is None:
            return None
        if len(tiles) != 1:
            self.bag.error(
                "PJ001",
                f"a {verb.value} names exactly one tile (? when it is hidden)",
                line,
                rest_column,
                ja="ツモ・打牌・リーチには牌を1枚書きます (見えないときは ?)",
            )
            return None
        return Action(verb, seat, tiles[0], line, 1, text, marks=marks)

    def fast(self, source_line: SourceLine) -> bool:
        """Most lines of a record: ``A 引 5`` / ``A 捨 3`` with a known seat and tile."""
        match = FAST.match(source_line.text)
        if match is None or self.hand is None:
            return False
        seat, verb, tile = match.groups()
        if seat not in self.seats or tile not in self.record.tiles.copies:
            return False
        self.hand.items.append(
            Action(FAST_VERBS[verb], seat, tile, source_line.number, 1, source_line.text)
        )
        return True

    def read(self, source_line: SourceLine) -> None:
        if self.fast(source_line):
            return
        text = source_line.text
        body, marks = split_marks(text)
        bare = ACTION.match(body)
        if marks and bare and not bare.group("rest") and bare.group("verb") in _ONE_TILE:
            marks, body = "", text  # 'A 引 ?': the '?' is the hidden tile, not a mark
        heading = HEADING.match(body)
        if heading:
            self.heading(source_line, heading)
            return
        if self.loose_heading(source_line, body):
            return
        if self.hand is None:
            self.bag.error(
                "PJ005",
                "write the hand heading first: '第1局 親 A' (or 'hand 1 dealer A')",
                source_line.number,
                1,
                ja="先に局の見出しを書きます: '第1局 親 A'",
            )
            self.record.preamble.append(source_line)
            return
        item: Item | None = None
        if EXHAUSTED.match(body):
            item = Action(Verb.EXHAUSTED, None, None, source_line.number, 1, text, marks=marks)
        elif chips := CHIPS.match(body):
            item = self.chips(source_line, chips)
        elif (action := ACTION.match(body)) and action.group("verb") in START_VERBS:
            if self.seat(action.group("seat"), source_line.number, 1):
                rest = action.group("rest") or ""
                column = action.start("rest") + 1 if rest else len(body) + 1
                if self.starting(source_line, action.group("seat"), rest, column):
                    return
            if not self.hand.items:  # keep the line with the heading, not as a move
                self.hand.notes.append(source_line)
                return
        elif action:
            item = self.action(source_line, action, marks)
        else:
            self.bag.error(
                "PJ001",
                "not a hand heading, an action ('A 捨 3'), '流局', '精算 …' or '計 …'",
                source_line.number,
                1,
                ja="局の見出し・行動 ('A 捨 3')・流局・精算・計 のどれでもない行です",
            )
        if item is None:
            written = ACTION.match(body)
            seat = written.group("seat") if written else None
            item = Unread(source_line.number, text, seat=seat)
        self.hand.items.append(item)


def parse(source: RecordSource) -> ParseResult:
    bag = DiagnosticBag()
    players, order = read_players(source, bag)
    record = PonjanRecord(
        players=players,
        order=order,
        tiles=read_tiles(source, bag),
        start_chips=read_chips(source, bag),
        hands=[],
    )
    reader = _Reader(record, bag)
    for source_line in source.lines:
        if source_line.kind is LineKind.BLANK:
            continue
        if source_line.kind is not LineKind.TEXT:
            _attach_note(record, source_line)
            continue
        reader.read(source_line)
    if not record.hands:
        bag.error(
            "PJ009",
            "the record has no hand: start one with '第1局 親 A'",
            source.first_line,
            ja="局がありません: '第1局 親 A' で始めます",
        )
    return ParseResult(record, bag)


def _attach_note(record: PonjanRecord, note: SourceLine) -> None:
    """A comment belongs to the item above it (the hand heading when it has none)."""
    if not record.hands:
        record.preamble.append(note)
        return
    hand = record.hands[-1]
    if hand.items:
        hand.items[-1].notes.append(note)
    else:
        hand.notes.append(note)
