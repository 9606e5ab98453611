"""Read a Catan log sheet (the seed's notation) into :class:`CatanRecord`.

Body lines::

    1 B: 6 | R                  dice | after (the common case)
    11 W: [R]-G8(B) | 8 | R R+   before | dice | after
    (中略)                       omitted turns (also ``...``)
    追加点: Y 1                  bonus points (also ``bonus:``)
    合計: B 5, Y 5, R 7, W 11    totals (also ``total:``)

Letters mean different things by position (the reference's resolution): a bare
letter in an action part is a build, the first letter after ``7-`` or ``]-`` is a
terrain, letters after ``M``/``E``/``D`` inside brackets are resources, and ``( )``
after a hex always holds a player. Errors are collected, never raised.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from kifuwiki.cardkit import unread
from kifuwiki.core.diagnostics import DiagnosticBag
from kifuwiki.core.recordfile import LineKind, RecordSource, SourceLine, front_matter_line
from kifuwiki.games.catan.board import parse_board, parse_hex
from kifuwiki.games.catan.body import Body, TurnText
from kifuwiki.games.catan.model import (
    RESOURCES,
    Action,
    Board,
    Build,
    Card,
    CatanRecord,
    Closing,
    ClosingKind,
    Dice,
    Omission,
    Robbery,
    Turn,
    Unreadable,
)
from kifuwiki.games.catan.places import PLACE_TEXT
from kifuwiki.games.catan.sheet import points_in
from kifuwiki.games.catan.start import parse_start
from kifuwiki.games.catan.table import find_table, merge_table_players, read_table

OMISSION = re.compile(r"^\s*(?:\.\.\.|…|⋯|\.{3,}|[(（]中略[)）]|中略)\s*$")
CLOSING = re.compile(
    r"^\s*(?P<label>追加点|合計|bonus|total)\s*[:：]\s*(?P<rest>.*)$", re.IGNORECASE
)
TURN = re.compile(
    r"^(?P<indent>\s*)(?P<turn>[0-9]+)\s+(?P<player>[^\s:：|]+)\s*[:：]\s?(?P<cell>.*)$"
)
#: A line that is no turn but may be one written wrong: a turn number first, or a '|'.
TURNISH = re.compile(r"^\s*[0-9]|.*\|")
MARKS = re.compile(r"\s+(?P<marks>!!|\?\?|!\?|\?!|!|\?)$")
#: A closing entry: ``Y 1``, ``R=1``, ``R:1``, ``B 5点``, ``Y カード1点`` (the words beside the
#: number are what people write; :func:`.sheet.points_in` reads the number).
ENTRY = re.compile(
    r"(?P<player>[^\s,、:：=0-9]+?)(?:\s*[=:：]\s*|\s+|(?=[-0-9]))"
    # Not the first four digits of a longer number ("R 99999…" is no entry, not R 9999).
    r"(?P<points>(?:[^\s,、:：=0-9-]+\s*)?-?[0-9]{1,4}(?![0-9])\s*点?)"
)
BUILD_LETTERS = {b.value: b for b in Build}

#: Card letters that only one set uses, and which set they prove.
_SET_MARKERS = {"K": "en", "D": "en", "S": "de", "E": "de"}


@dataclass(slots=True)
class ParseResult:
    record: CatanRecord
    bag: DiagnosticBag
    card_set_declared: bool
    card_sets_seen: set[str] = field(default_factory=set)


def _keys(value: Any) -> list[str]:
    if isinstance(value, list):
        return [str(v).strip() for v in value if str(v).strip()]
    return [k for k in re.split(r"[\s,、→>]+", str(value)) if k]


def _read_players(source: RecordSource, bag: DiagnosticBag) -> tuple[dict[str, str], list[str]]:
    meta = source.meta
    players: dict[str, str] = {}
    raw = meta.get("players")
    if isinstance(raw, dict):
        players = {str(k).strip(): str(v).strip() for k, v in raw.items()}
    elif raw is not None:
        for key in _keys(raw):
            key, _, name = key.partition("=")
            players[key] = name or key
    order: list[str] = []
    if meta.get("order") is not None:
        order = _keys(meta["order"])
        line = front_matter_line(source, "order")
        if len(set(order)) != len(order):
            bag.error(
                "CT115",
                "'order' names a player twice",
                line,
                ja="order に同じプレイヤーが2回あります",
            )
            order = list(dict.fromkeys(order))
        for key in order:
            players.setdefault(key, key)
    if not order:
        order = list(players)
    if any(not re.fullmatch(r"[^\s:：|()（）]+", key) for key in order):
        bag.error(
            "CT115",
            "player letters must not contain spaces, ':', '|' or parentheses",
            front_matter_line(source, "players"),
            ja="プレイヤーの記号に空白・「:」・「|」・括弧は使えません",
        )
    if players and set(players) - set(order):
        extra = ", ".join(sorted(set(players) - set(order)))
        bag.error(
            "CT115",
            f"'players' names {extra}, who is not in 'order'",
            front_matter_line(source, "order"),
            ja=f"players にある {extra} が order にいません",
        )
    return players, order


def _read_card_set(source: RecordSource, bag: DiagnosticBag) -> str | None:
    raw = source.meta.get("cards")
    if raw is None:
        return None
    value = str(raw).strip().lower()
    aliases = {"de": "de", "german": "de", "deutsch": "de", "en": "en", "english": "en"}
    if value not in aliases:
        bag.error(
            "CT115",
            f"cards: '{raw}' is neither 'de' (German letters) nor 'en' (English letters)",
            front_matter_line(source, "cards"),
            ja=f"cards: 「{raw}」は de（ドイツ語の記号）でも en（英語の記号）でもありません",
        )
        return None
    return aliases[value]


def _read_board(source: RecordSource, order: list[str], bag: DiagnosticBag) -> Board | None:
    if source.meta.get("board") is None:
        if source.meta.get("start") is not None:
            bag.error(
                "CT226",
                "starting settlements need a board to stand on",
                front_matter_line(source, "start"),
                ja="初期配置の開拓地には盤面（board）が必要です",
            )
        if source.meta.get("harbours") is not None:
            bag.error(
                "CT119",
                "harbours are given without a board",
                front_matter_line(source, "harbours"),
                ja="盤面（board）なしで港（harbours）が書かれています",
            )
        return None
    board = parse_board(
        source.meta["board"],
        source.meta.get("harbours"),
        front_matter_line(source, "board"),
        bag,
    )
    if board is None or source.meta.get("start") is None:
        return board
    return parse_start(source.meta["start"], board, order, front_matter_line(source, "start"), bag)


class _CellReader:
    """Reads one turn cell: its parts, actions, dice and robberies."""

    def __init__(
        self, line: int, players: set[str], card_set: str | None, bag: DiagnosticBag
    ) -> None:
        self.line = line
        self.players = players
        self.card_set = card_set
        self.bag = bag

    def robbery(self, text: str, column: int) -> tuple[Robbery | None, int]:
        """A hex and an optional ``(victim)`` at the start of ``text``; returns the length read."""
        match = re.match(r"(?P<hex>[A-Za-z0-9]+)(?:\((?P<victim>[^()]*)\))?", text)
        if match is None:
            self.bag.error(
                "CT104",
                f"'{text[:12]}' is not a hex: write terrain + number (+ identifier), "
                "like T8 or S4n, or D for the desert",
                self.line,
                column,
                ja=(
                    f"「{text[:12]}」は土地ではありません。T8 や S4n "
                    "のように土地の種類＋数字（＋識別子）で、砂漠は D と書いてください"
                ),
            )
            return None, len(text.split(" ")[0])
        ref = parse_hex(match.group("hex"), column)
        if ref is None:
            self.bag.error(
                "CT104",
                f"'{match.group('hex')}' is not a hex: write terrain (G B S W T) + number "
                "2–12 (+ identifier), like T8 or S4n, or D for the desert",
                self.line,
                column,
                ja=(
                    f"「{match.group('hex')}」は土地ではありません。土地の種類（G "
                    "B S W T）＋数字 2–12（＋識別子）で、砂漠は D と書いてください"
                ),
            )
            return None, match.end()
        victim = match.group("victim")
        victim_column = column + match.start("victim") if victim is not None else column
        if victim is not None:
            victim = victim.strip()
            if victim not in self.players:
                self.bag.error(
                    "CT112",
                    f"'{victim}' in ( ) is not a player of this record"
                    + (f" (players: {', '.join(sorted(self.players))})" if self.players else ""),
                    self.line,
                    victim_column,
                    ja=f"( ) の中の「{victim}」はこの棋譜のプレイヤーではありません"
                    + (
                        f"（プレイヤー: {', '.join(sorted(self.players))}）" if self.players else ""
                    ),
                )
        return Robbery(ref, victim, victim_column), match.end()

    def dice(self, text: str, column: int) -> Dice | None:
        stripped = text.strip()
        column += len(text) - len(text.lstrip())
        match = re.fullmatch(r"(?P<value>[0-9]{1,2})(?:\s*-\s*(?P<rest>.*))?", stripped)
        if match is None or not 2 <= int(match.group("value")) <= 12:
            self.bag.error(
                "CT102",
                f"'{stripped}' is not a dice result: write the number 2–12 (a 7 as 7-T8(R))"
                if stripped
                else "the dice result is missing",
                self.line,
                column,
                ja=(
                    f"「{stripped}」はダイスの目ではありません。"
                    "2–12 の数を書いてください（7 は 7-T8(R)）"
                    if stripped
                    else "ダイスの目がありません"
                ),
            )
            return None
        value = int(match.group("value"))
        rest = match.group("rest")
        if rest is None:
            if value == 7:
                self.bag.error(
                    "CT110",
                    "a 7 needs the robber's destination: write 7-T8(R) (hex, then the victim)",
                    self.line,
                    column,
                    ja="7 には泥棒の行き先が必要です。7-T8(R) のように土地と被害者を書いてください",
                )
            return Dice(value, column)
        rest_column = column + match.start("rest")
        if value != 7:
            self.bag.error(
                "CT111",
                f"only a 7 moves the robber; '{stripped}' rolls {value}",
                self.line,
                rest_column,
                ja=f"泥棒を動かせるのは 7 だけです。「{stripped}」は {value} です",
            )
        robbery, used = self.robbery(rest, rest_column)
        if robbery is not None and used < len(rest):
            self.bag.error(
                "CT104",
                f"unexpected '{rest[used:]}' after the robber's destination",
                self.line,
                rest_column + used,
                ja=f"泥棒の行き先の後に余分な「{rest[used:]}」があります",
            )
        return Dice(value, column, robbery if value == 7 else None)

    def card(self, inner: str, column: int) -> tuple[Card | None, tuple[str, ...], bool, str]:
        """The card in ``[inner]``: (card, resources, takes, letter)."""
        stripped = inner.strip()
        takes = "+" in stripped
        body = stripped.replace("+", "")
        letter, rest = body[:1], body[1:]
        resources = tuple(ch for ch in rest if ch not in " ()（）,、")
        if any(ch not in RESOURCES for ch in resources):
            self.bag.error(
                "CT103",
                f"'[{inner}]': only resource letters G B S W T may follow the card letter",
                self.line,
                column,
                ja=f"「[{inner}]」: カードの記号の後には資源の記号 G B S W T しか書けません",
            )
            resources = tuple(ch for ch in resources if ch in RESOURCES)
        card: Card | None
        if letter == "K":
            card = Card.KNIGHT
        elif letter == "S":
            card = Card.ROAD_BUILDING
        elif letter == "M":
            card = Card.MONOPOLY
        elif letter in ("E", "D"):
            card = Card.DISCOVERY
        elif letter == "R":
            # Resolved by the caller: knight (German) or Road Building (English).
            card = None
        else:
            self.bag.error(
                "CT106",
                f"'[{inner}]' is not a card: German letters [R] [S] [M] [E], "
                "English letters [K] [R] [M] [D]",
                self.line,
                column,
                ja=(
                    f"「[{inner}]」はカードではありません。ドイツ語の記号は [R] "
                    "[S] [M] [E]、英語の記号は [K] [R] [M] [D] です"
                ),
            )
            return None, (), takes, ""
        return card, resources, takes, letter

    def actions(self, text: str, column: int) -> tuple[Action, ...]:
        actions: list[Action] = []
        i = 0
        while i < len(text):
            ch = text[i]
            if ch.isspace():
                i += 1
                continue
            at = column + i
            if ch == "[":
                end = text.find("]", i)
                if end < 0:
                    self.bag.error(
                        "CT103",
                        "a card bracket '[' is not closed",
                        self.line,
                        at,
                        ja="カードの括弧「[」が閉じていません",
                    )
                    break
                card, resources, takes, letter = self.card(text[i + 1 : end], at)
                i = end + 1
                if i < len(text) and text[i] == "+":
                    takes = True
                    i += 1
                robbery = None
                if i < len(text) and text[i] == "-":
                    robbery, used = self.robbery(text[i + 1 :], column + i + 1)
                    i += 1 + used
                if letter == "":
                    continue
                actions.append(self.resolve_card(card, letter, resources, takes, robbery, at))
                continue
            if ch in BUILD_LETTERS:
                action, i = self.build(text, i, column)
                actions.append(action)
                continue
            end = i
            while end < len(text) and not text[end].isspace():
                end += 1
            self.bag.error(
                "CT103",
                f"'{text[i:end]}' is not an action: builds are R S C D, cards are in brackets",
                self.line,
                at,
                ja=(
                    f"「{text[i:end]}」は行動ではありません。"
                    "建設は R S C D、カードは [ ] で囲みます"
                ),
            )
            i = end
        return tuple(actions)

    def build(self, text: str, i: int, column: int) -> tuple[Action, int]:
        """``R``, ``R+``, ``S@T6/W12/G8``, ``R+@G8/S5`` (or ``R@G8/S5+``) from ``text[i]``."""
        kind = BUILD_LETTERS[text[i]]
        at = column + i
        i += 1
        takes = text.startswith("+", i)
        i += 1 if takes else 0
        place: str | None = None
        place_column = column + i
        if text.startswith("@", i):
            match = PLACE_TEXT.match(text, i + 1)
            end = match.end() if match else i + 1
            while end < len(text) and not text[end].isspace() and text[end] != "+":
                end += 1
            written = text[i + 1 : end]
            if match is None or match.end() != end:
                self.bag.error(
                    "CT125",
                    f"'@{written}' is not a place: write the land hexes around a corner "
                    "(S@T6/W12/G8) or beside a road (R@G8/S5), joined by '/'",
                    self.line,
                    place_column,
                    ja=(
                        f"「@{written}」は場所ではありません。角を囲む土地（S@T6/W12/G8）"
                        "や街道をはさむ土地（R@G8/S5）を「/」でつないで書いてください"
                    ),
                )
            elif kind is Build.DEVELOPMENT:
                self.bag.error(
                    "CT125",
                    "a development card is not placed on the board; write 'D' without '@'",
                    self.line,
                    place_column,
                    ja="発展カードは盤面に置きません。「@」なしで D と書いてください",
                )
            else:
                place = written
            i = end
            if text.startswith("+", i):
                takes = True
                i += 1
        return Action(
            at,
            build=kind,
            takes=takes,
            place=place,
            place_column=place_column,
        ), i

    def resolve_card(
        self,
        card: Card | None,
        letter: str,
        resources: tuple[str, ...],
        takes: bool,
        robbery: Robbery | None,
        column: int,
    ) -> Action:
        if card is None:  # [R]: a knight with a robber move, else by the card set
            if robbery is not None or self.card_set != "en":
                card = Card.KNIGHT
            else:
                card = Card.ROAD_BUILDING
        if card is Card.KNIGHT and robbery is None:
            self.bag.error(
                "CT113",
                f"a knight moves the robber: write [{letter}]-T8(B) (hex, then the victim)",
                self.line,
                column,
                ja=f"騎士は泥棒を動かします。[{letter}]-T8(B) のように土地と被害者を書いてください",
            )
        if card is not Card.KNIGHT and robbery is not None:
            self.bag.error(
                "CT114",
                f"only a knight moves the robber; [{letter}] is not a knight here",
                self.line,
                column,
                ja=f"泥棒を動かせるのは騎士だけです。ここでの [{letter}] は騎士ではありません",
            )
            robbery = None
        wanted = {Card.MONOPOLY: 1, Card.DISCOVERY: 2}.get(card, 0)
        if resources and len(resources) != wanted:
            what = {
                Card.MONOPOLY: "Monopoly names one resource",
                Card.DISCOVERY: "Discovery takes two resources",
            }.get(card, "this card takes no resources")
            self.bag.error(
                "CT120",
                f"[{letter}…]: {what}",
                self.line,
                column,
                ja=f"[{letter}…]: "
                + {
                    Card.MONOPOLY: "独占は資源を1つ指定します",
                    Card.DISCOVERY: "発見は資源を2つ取ります",
                }.get(card, "このカードは資源を取りません"),
            )
        return Action(column, card=card, resources=resources, robbery=robbery, takes=takes)

    def cell(
        self, text: str, column: int
    ) -> tuple[tuple[Action, ...], Dice | None, tuple[Action, ...]]:
        parts: list[tuple[str, int]] = []
        start = 0
        for index, ch in enumerate(text + "|"):
            if ch == "|":
                parts.append((text[start:index], column + start))
                start = index + 1
        if len(parts) > 3:
            self.bag.error(
                "CT105",
                f"this cell has {len(parts)} parts; write before | dice | after",
                self.line,
                parts[3][1] - 1,
                ja=(
                    f"このセルは {len(parts)} つに分かれています。"
                    "「行動 | ダイスの目 | 行動」と書いてください"
                ),
            )
            parts = parts[:3]
        if len(parts) == 3:
            before = self.actions(*parts[0])
            dice = self.dice(*parts[1])
            after = self.actions(*parts[2])
            return before, dice, after
        if len(parts) == 2:
            return (), self.dice(*parts[0]), self.actions(*parts[1])
        return (), self.dice(*parts[0]), ()


def _closing(
    match: re.Match[str], line: SourceLine, players: set[str], bag: DiagnosticBag
) -> Closing:
    label = match.group("label")
    kind = ClosingKind.BONUS if label.lower() in ("追加点", "bonus") else ClosingKind.TOTAL
    rest = match.group("rest")
    base = match.start("rest") + 1
    values: dict[str, int] = {}
    position = 0
    errors_before = bag.errors
    for entry in ENTRY.finditer(rest):
        between = rest[position : entry.start()]
        gap = between.strip(" ,、")
        if gap:
            bag.error(
                "CT108",
                f"'{gap}' is not an entry: write the player letter and the points, like 'Y 1'",
                line.number,
                # At the text, not at the comma before it.
                base + position + len(between) - len(between.lstrip(" ,、")),
                ja=(
                    f"「{gap}」は項目ではありません。「Y "
                    "1」のようにプレイヤーの記号と点数を書いてください"
                ),
            )
        position = entry.end()
        key = entry.group("player")
        if key not in players:
            bag.error(
                "CT101",
                f"'{key}' is not a player of this record",
                line.number,
                base + entry.start(),
                ja=f"「{key}」はこの棋譜のプレイヤーではありません",
            )
            continue
        if key in values:
            bag.error(
                "CT109",
                f"{key} is listed twice",
                line.number,
                base + entry.start(),
                ja=f"{key} が2回書かれています",
            )
            continue
        values[key] = points_in(entry.group("points")) or 0
    after = rest[position:]
    tail = after.strip(" ,、")
    if tail:
        bag.error(
            "CT108",
            f"'{tail}' is not an entry: write the player letter and the points, like 'Y 1'",
            line.number,
            base + position + len(after) - len(after.lstrip(" ,、")),
            ja=(
                f"「{tail}」は項目ではありません。「Y "
                "1」のようにプレイヤーの記号と点数を書いてください"
            ),
        )
    kept = line.text.strip() if bag.errors != errors_before else None
    return Closing(kind, label, values, line.number, text=kept)


def _read_lines(source: RecordSource, players: set[str], bag: DiagnosticBag) -> Body:
    """The line layout: ``12 W: 4 | R``, ``(中略)``, ``追加点: Y 1``."""
    body = Body()
    for line in source.lines:
        if line.kind is LineKind.BLANK:
            continue
        if line.kind in (LineKind.COMMENT, LineKind.BOOKMARK):
            body.note(line)
            continue
        text = line.text
        if OMISSION.match(text):
            body.items.append(Omission(line.number, line.text.strip()))
            continue
        closing = CLOSING.match(text)
        if closing:
            body.close(_closing(closing, line, players, bag), line, 1 + closing.start(), bag)
            continue
        match = TURN.match(text)
        if match is None:
            shown = unread.quoted(text)
            bag.error(
                "CT100",
                f"{shown} is not a turn ('12 W: 4 | R'), an omission ('...' or '(中略)'), "
                "or a closing line ('追加点:' / '合計:')",
                line.number,
                len(text) - len(text.lstrip()) + 1,
                ja=f"{shown} は手番（12 W: 4 | R）、省略（... や (中略)）、締めの行（追加点: /"
                " 合計:）のどれでもない行です",
            )
            # Among the turns, a line that starts with a number or has a '|' may be one
            # written wrong (``1 6 |``, the seat left out): the replay gives it the turn
            # the lines after it say it took. A stray note or a closing line written
            # wrong (``合 計: …``) is none.
            maybe_turn = not body.closed and TURNISH.match(text) is not None
            body.items.append(Unreadable(line.number, line.text.strip(), maybe_turn=maybe_turn))
            continue
        number = int(match.group("turn")) if len(match.group("turn")) <= 9 else 0
        body.turn(
            TurnText(
                line,
                number,
                match.group("player"),
                match.start("player") + 1,
                match.group("cell"),
                match.start("cell") + 1,
            ),
            bag,
        )
    return body


def parse(source: RecordSource) -> ParseResult:
    """Parse one game; every problem becomes a diagnostic, never an exception."""
    bag = DiagnosticBag()
    table = find_table(source)
    players, order = _read_players(source, bag)
    if table is not None:
        order = merge_table_players(table, source, players, order, bag)
    declared = _read_card_set(source, bag)
    board = _read_board(source, order, bag)
    known_players = set(order)
    infer_order = not order
    if table is not None:
        body = read_table(source, table, bag)
    else:
        body = _read_lines(source, known_players, bag)
    if infer_order:
        for text in body.turns:
            if text.player not in known_players:
                order.append(text.player)
                players.setdefault(text.player, text.player)
                known_players.add(text.player)

    # The card set decides what a bare [R] is, so find it before reading any cell.
    sets_seen = _card_sets_in(text.cell for text in body.turns)
    card_set = declared or (next(iter(sets_seen)) if len(sets_seen) == 1 else "de")

    # Cells are read once every player is known (an inferred order grows while reading).
    turns = iter(item for item in body.items if isinstance(item, Turn))
    strangers: set[str] = set()
    for text, turn in zip(body.turns, turns, strict=True):
        _read_turn(text, turn, order, known_players, card_set, strangers, bag)

    if not body.turns:
        bag.error(
            "CT123",
            "this record has no turn lines ('1 B: 6 | R')",
            source.first_line,
            ja="手番の行（1 B: 6 | R）が1つもありません",
        )
    if infer_order and body.turns:
        bag.warning(
            "CT115",
            "no 'order' in the front matter: the seat order is taken from the first turns ("
            + " → ".join(order)
            + ")",
            source.first_line,
            once="order",
            ja="フロントマターに order がないため、最初の手番から席順を決めました（"
            + " → ".join(order)
            + "）",
        )

    if len(sets_seen) > 1 or (declared and sets_seen - {declared}):
        bag.warning(
            "CT107",
            "this record mixes German card letters ([R]=knight, [S], [E]) and English ones "
            "([K], [R]=road building, [D]); each card was read by its own set",
            source.first_line,
            ja="ドイツ語のカード記号（[R]=騎士, [S], [E]）と英語の記号（[K], [R]=街道建設, [D]）"
            "が混ざっています。カードごとにその記号の組で読みました",
        )
    record = CatanRecord(
        players,
        order,
        card_set,
        board,
        body.items,
        body.setup_notes,
        layout="table" if table is not None else "lines",
    )
    return ParseResult(record, bag, declared is not None, sets_seen)


def _read_turn(
    text: TurnText,
    turn: Turn,
    order: list[str],
    known_players: set[str],
    card_set: str,
    strangers: set[str],
    bag: DiagnosticBag,
) -> None:
    """Read one turn cell into ``turn``. A player who is not in the seat order is
    reported once, at their first turn, with how many turns they have (one cause,
    one error); the rules then skip that player's turns instead of blaming the order."""
    cell = text.cell
    marks = ""
    mark = MARKS.search(cell)
    if mark:
        marks = mark.group("marks")
        cell = cell[: mark.start()]
    if text.player not in known_players and text.player not in strangers:
        strangers.add(text.player)
        bag.error(
            "CT101",
            f"'{text.player}' is not in the seat order ({' '.join(order)})",
            text.line.number,
            text.player_column,
            ja=f"「{text.player}」は席順（{' '.join(order)}）にいません",
        )
    reader = _CellReader(text.line.number, known_players, card_set, bag)
    errors_before = bag.errors
    before, dice, after = reader.cell(cell, text.cell_column)
    turn.clean = bag.errors == errors_before
    turn.number = text.number
    turn.player = text.player
    turn.player_column = text.player_column
    turn.before, turn.dice, turn.after = before, dice, after
    turn.text = cell.strip()
    turn.marks = marks


def _card_sets_in(cells: Iterable[str]) -> set[str]:
    """Which letter sets the cells prove: [K] [D…] are English, [S] [E…] [R]-hex German."""
    seen: set[str] = set()
    for cell in cells:
        for match in re.finditer(r"\[\s*(?P<letter>[A-Z])[^\]]*\](?P<hex>\+?-)?", cell):
            letter = match.group("letter")
            if letter in _SET_MARKERS:
                seen.add(_SET_MARKERS[letter])
            elif letter == "R" and match.group("hex"):
                seen.add("de")
    return seen
