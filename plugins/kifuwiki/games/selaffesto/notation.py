"""Move lines → :class:`SelaffestoRecord`; problems become diagnostics, never exceptions.

A line is ``W: tokens`` (or a name declared in front matter ``players``). Tokens, in order:
``(c1 c2 …)`` the first hand, ``+card`` a draw, ``cell card`` the placement, ``[put]``
its judgement, ``xCELL>CELL2 card`` an own LC re-placed, ``xCELL`` a blown-off LC with
``+card@OWNER`` and ``*card``, ``{W:30 B:26.7}`` a points check, marks ``!?`` and
``// comment``. Every line is kept: an unreadable one is diagnosed and shown as written.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from kifuwiki.cardkit import unread
from kifuwiki.core.diagnostics import DiagnosticBag
from kifuwiki.core.recordfile import LineKind, RecordSource, front_matter_line
from kifuwiki.games.selaffesto.model import (
    FILES,
    SIZE,
    SN_SET,
    SNS,
    BlowOff,
    Card,
    Cell,
    MoveLine,
    Placement,
    SelaffestoRecord,
    cell_at,
    cell_name,
)

LINE = re.compile(r"^\s*(?P<player>[^:：\s]+)\s*[:：]\s*(?P<body>.*)$")
TOKEN = re.compile(
    r"(?P<ws>\s+)|(?P<comment>//.*)|(?P<hand>\([^)]*\)?)|(?P<check>\{[^}]*\}?)"
    r"|(?P<judge>\[[^\]]*\]?)|(?P<word>[^\s(){}\[\]]+)"
)
CELL = re.compile(r"^(?P<file>[a-zA-Z])(?P<rank>[0-9]+)$")
#: A word that starts as a cell (``g1``, ``g16-12-4-2`` with the space left out).
PLACING = re.compile(r"^[a-zA-Z][0-9]")
CARDISH = re.compile(r"^[0-9]+(?:-[0-9]*)*$|^[0-9]*(?:-[0-9]*)+$")
MARKS = frozenset({"!", "?", "!!", "??", "!?", "?!"})
CHECK_ENTRY = re.compile(r"^(?P<player>[^:：\s]+)[:：](?P<value>-?[0-9]+(?:\.[0-9])?)$")
JUDGES = ("put", "jump", "fail")
#: Every cell name → cell, and every card text already read → card: most tokens of a
#: record are one of these, and a dictionary look-up is what they cost then.
CELLS: dict[str, Cell] = {
    f"{file}{rank}": cell_at(col, rank - 1)
    for col, file in enumerate(FILES)
    for rank in range(1, SIZE + 1)
}
_CARDS: dict[str, Card] = {}
_ALLOWED = " ".join(str(n) for n in SNS)


@dataclass(slots=True)
class Parsed:
    record: SelaffestoRecord
    bag: DiagnosticBag


class _LineReader:
    """Reads one move line's tokens into a :class:`MoveLine`."""

    def __init__(self, move: MoveLine, offset: int, bag: DiagnosticBag, players: Mapping[str, str]):
        self.move = move
        self.offset = offset
        self.bag = bag
        self.players = players
        self.pending_cell: tuple[Cell, int, Cell | None] | None = None
        """A cell waiting for its card (``-1`` for a cell already diagnosed as bad)."""
        self.last_broken = False
        self.broken = False
        """A placement of this line could not be read: tokens that judge or follow it
        are not diagnosed again (one mistake, one diagnostic)."""
        """A cell waiting for its card (with the cell an LC was lifted from)."""

    def error(self, code: str, column: int, en: str, ja: str) -> None:
        self.move.unread = True
        self.bag.error(code, en, self.move.line, self.offset + column, ja=ja)

    def cell(self, text: str, column: int) -> Cell | None:
        known = CELLS.get(text)
        if known is not None:
            return known
        match = CELL.match(text)
        if match is None:
            self.error(
                "SF003",
                column,
                f"{text!r} is not a cell (a1-m13)",
                f"{text!r} はセル (a1-m13) ではありません",
            )
            return None
        file, rank = match.group("file").lower(), int(match.group("rank"))
        if file not in FILES or not 1 <= rank <= SIZE:
            self.error(
                "SF003",
                column,
                f"cell {text} is off the board: files a-m, ranks 1-13",
                f"セル {text} はボードの外です: 列は a-m、段は 1-13",
            )
            return None
        return cell_at(FILES.index(file), rank - 1)

    def card(self, text: str, column: int) -> Card | None:
        known = _CARDS.get(text)
        if known is not None:
            return known
        parts = text.split("-")
        if len(parts) != 4 or not all(part.isdigit() for part in parts):
            count = sum(1 for part in parts if part)
            self.error(
                "SF004",
                column,
                f"card {text!r} has {count} SNs; a card is four SNs N-E-S-W, like 6-12-4-2",
                f"カード {text!r} の SN は {count} 個です。カードは北-東-南-西の4つ (例 6-12-4-2)",
            )
            return None
        numbers = [int(part) for part in parts]
        ok = True
        for index, number in enumerate(numbers):
            if number not in SN_SET:
                at = column + sum(len(p) + 1 for p in parts[:index])
                self.error(
                    "SF005",
                    at,
                    f"{number} is not an SN; allowed: {_ALLOWED}",
                    f"{number} は SN ではありません。使える数: {_ALLOWED}",
                )
                ok = False
        if not ok:
            return None
        card = (numbers[0], numbers[1], numbers[2], numbers[3])
        if len(_CARDS) < 200_000:  # 20^4 = 160,000 cards at most, written canonically
            _CARDS[text] = card
        return card

    def word(self, text: str, column: int) -> None:
        move = self.move
        if CARDISH.match(text) or PLACING.match(text):
            move.placing = True
        if self.pending_cell is not None:
            cell, cell_column, lifted = self.pending_cell
            self.pending_cell = None
            if CARDISH.match(text):
                card = self.card(text, column)
                self.last_broken = card is None or cell < 0
                self.broken = self.broken or self.last_broken
                if card is not None and cell >= 0:
                    move.placements.append(
                        Placement(cell, card, self.offset + cell_column, lifted_from=lifted)
                    )
                return
            # The placement is broken: the judgement and the re-play after it are not
            # diagnosed again (one mistake, one diagnostic).
            self.last_broken = self.broken = True
            # The example names the cell written (a fixed 'g2' read as the cell to use).
            shown = self.cell_text(cell)
            example = f"{cell_name(cell) if cell >= 0 else 'g2'} 6-12-4-2"
            if text and not _other_token(text):
                # A word where the card goes (``g2 4-8-6-l2``): the card misspelt, told once
                # (it gave this SF009, an SF006 for the word and an SF009 for ``[put]``).
                self.error(
                    "SF009",
                    column,
                    f"{text!r} stands where the card of {shown} goes: a card is four SNs"
                    f" N-E-S-W, like '{example}'",
                    f"{text!r} は {shown} のカードの位置にあります。カードは北-東-南-西の4つ"
                    f" (例 '{example}')",
                )
                return
            self.error(
                "SF009",
                cell_column,
                f"a cell without its card: a card is four SNs N-E-S-W, like '{example}'",
                f"カードのないセルです。カードは北-東-南-西の4つ (例 '{example}')",
            )
            if not text:
                return
        if text in MARKS:
            move.marks = text
        elif text.lower() == "pass":
            move.passed = True
        elif text.startswith("+"):
            self.plus(text, column)
        elif text.startswith("*"):
            self.bonus(text[1:], column + 1)
        elif text[0] in "xX" and len(text) > 1 and not CARDISH.match(text):
            self.lc(text[1:], column + 1)
        elif CARDISH.match(text):
            self.card(text, column)  # diagnose the card itself first
            self.error(
                "SF009",
                column,
                f"card {text} has no cell: write 'g2 {text}'",
                f"カード {text} にセルがありません: 'g2 {text}' のように書いてください",
            )
        elif CELL.match(text):
            found = self.cell(text, column)
            self.pending_cell = (-1 if found is None else found, column, None)
        else:
            self.error(
                "SF006",
                column,
                f"{text!r} is not part of the notation",
                f"{text!r} は記法にありません",
            )

    @staticmethod
    def cell_text(cell: Cell) -> str:
        return "the cell" if cell < 0 else cell_name(cell)

    def plus(self, text: str, column: int) -> None:
        body, _, owner = text[1:].partition("@")
        card = self.card(body, column + 1)
        if "@" in text:
            blow = self.move.blow_off
            if blow is None:
                self.error(
                    "SF009",
                    column,
                    "an owner's draw +card@P follows the blown-off LC xCELL",
                    "所有者のドロー +card@P は取り除いた LC xCELL の後に書きます",
                )
                return
            if self.players.get(owner) is None:
                self.error(
                    "SF002",
                    column + len(body) + 2,
                    f"{owner!r} is not a player",
                    f"{owner!r} はプレイヤーではありません",
                )
            if card is not None:
                blow.owner_draw, blow.owner_draw_column = card, self.offset + column
            return
        if self.move.placements or self.move.draw is not None:
            self.error(
                "SF009",
                column,
                "a draw +card comes before the placement, once",
                "ドロー +card はプレースの前に1回だけ書きます",
            )
            return
        if card is not None:
            self.move.draw, self.move.draw_column = card, self.offset + column

    def bonus(self, text: str, column: int) -> None:
        card = self.card(text, column)
        blow = self.move.blow_off
        if blow is None:
            self.error(
                "SF009",
                column - 1,
                "a bonus card *card follows the blown-off LC xCELL",
                "ボーナスのカード *card は取り除いた LC xCELL の後に書きます",
            )
            return
        if card is not None:
            blow.bonus, blow.bonus_column = card, self.offset + column - 1

    def lc(self, text: str, column: int) -> None:
        source, arrow, target = text.partition(">")
        if not self.move.placements:
            if not self.broken:
                self.error(
                    "SF009",
                    column - 1,
                    "an LC xCELL follows the placement that jumps",
                    "LC xCELL はジャンプしたプレースの後に書きます",
                )
            if arrow:
                self.pending_cell = (-1, column, None)  # its card is read, not placed
            return
        cell = self.cell(source, column)
        if arrow:
            to = self.cell(target, column + len(source) + 1) if target else None
            if target == "":
                self.error(
                    "SF009",
                    column + len(source),
                    "write the new cell after '>': xh2>e2 16-2-2-3",
                    "'>' の後に新しいセルを書いてください: xh2>e2 16-2-2-3",
                )
            where = -1 if to is None or cell is None else to
            self.pending_cell = (where, column + len(source) + 1, cell)
            return
        if cell is not None:
            self.move.blow_off = BlowOff(cell, self.offset + column - 1)

    def judge(self, text: str, column: int) -> None:
        if not text.endswith("]"):
            self.error("SF010", column, "'[' is never closed", "'[' が閉じられていません")
            return
        word = text[1:-1].strip().lower()
        if word not in JUDGES:
            self.error(
                "SF007",
                column,
                f"{text} is not [put], [jump] or [fail]",
                f"{text} は [put] [jump] [fail] のどれでもありません",
            )
            return
        if self.last_broken or (self.move.unread and not self.move.placements):
            # The placement it judges was diagnosed already (a card left out, or a cell
            # and its card run together, ``g24-8-6-12``): not told twice.
            return
        if not self.move.placements:
            self.error(
                "SF009",
                column,
                f"{text} judges a placement: write it after the card",
                f"{text} はプレースの判定です: カードの後に書いてください",
            )
            return
        last = self.move.placements[-1]
        last.judge, last.judge_column = word, self.offset + column

    def hand(self, text: str, column: int) -> None:
        if not text.endswith(")"):
            self.error("SF010", column, "'(' is never closed", "'(' が閉じられていません")
            return
        cards: list[Card] = []
        position = 1
        for piece in re.finditer(r"\S+", text[1:-1]):
            card = self.card(piece.group(), column + position + piece.start())
            if card is not None:
                cards.append(card)
        if self.move.taken is not None or self.move.placements:
            self.error(
                "SF009",
                column,
                "cards taken into hand (…) come first, once",
                "ハンドに取るカード (…) は最初に1回だけ書きます",
            )
            return
        self.move.taken, self.move.taken_column = cards, self.offset + column

    def check(self, text: str, column: int) -> None:
        if not text.endswith("}"):
            self.error("SF010", column, "'{' is never closed", "'{' が閉じられていません")
            return
        values: dict[str, int] = {}
        for piece in text[1:-1].replace(",", " ").split():
            match = CHECK_ENTRY.match(piece)
            player = self.players.get(match.group("player")) if match else None
            if match is None or player is None:
                self.error(
                    "SF008",
                    column,
                    f"{piece!r} in a points check: write {{W:30 B:26.7}}",
                    f"ポイント確認の {piece!r}: {{W:30 B:26.7}} のように書いてください",
                )
                return
            whole, _, tenth = match.group("value").partition(".")
            sign = -1 if whole.startswith("-") else 1
            values[player] = sign * (abs(int(whole)) * 10 + (int(tenth) if tenth else 0))
        self.move.check, self.move.check_column = values, self.offset + column

    def read(self, body: str) -> None:
        for match in TOKEN.finditer(body):
            kind, text, column = match.lastgroup, match.group(), match.start() + 1
            if kind == "ws":
                continue
            if kind != "word" and self.pending_cell is not None:
                self.word("", column)  # the cell had no card
            if kind == "comment":
                self.move.trailing_comment = text[2:].strip()
            elif kind == "hand":
                self.hand(text, column)
            elif kind == "check":
                self.check(text, column)
            elif kind == "judge":
                self.judge(text, column)
            elif kind == "word":
                self.word(text, column)
        if self.pending_cell is not None:
            self.word("", len(body) + 1)


def _other_token(text: str) -> bool:
    """Whether a word is a token of its own (a mark, a pass, a draw, a bonus, an LC, a
    cell) rather than something written where a card goes."""
    return (
        text in MARKS
        or text.lower() == "pass"
        or text[0] in "+*"
        or (text[0] in "xX" and len(text) > 1)
        or CELL.match(text) is not None
    )


#: What may stand between a seat and its action when the colon is left out (``W g2``,
#: ``W;g2``): a line that starts so names its seat though it cannot be read.
_SEAT_GAP = " \t;,.=>-_"
#: How an action starts: a cell, the first hand, a draw, a pass.
#: A placement (cell and card) or a pass: what makes a line a whole action.
_WHOLE_ACTION = re.compile(r"(?:^|[\s)])[a-mA-M](?:1[0-3]|[1-9])\s+[0-9]|(?:^|\s)pass\b")
_ACTION_START = re.compile(r"^(?:[a-mA-M](?:1[0-3]|[1-9])(?![0-9])|\(|\+|pass\b)")


def _named_seat(text: str, lookup: Mapping[str, str]) -> tuple[str, str, str] | None:
    """(seat, as written, the action) of a line that is not ``player: action`` but
    starts with a player's spelling and then an action (``Wg2 4-8-6-12``, ``B (…)``):
    the seat it names takes the turn, so the lines after it stay in order."""
    stripped = text.strip()
    for key in sorted(lookup, key=len, reverse=True):
        if stripped.startswith(key):
            rest = stripped[len(key) :].lstrip(_SEAT_GAP)
            if _ACTION_START.match(rest):
                return lookup[key], key, rest
    return None


def player_keys(
    meta: Mapping[str, Any], bag: DiagnosticBag, line: int = 1
) -> tuple[dict[str, str], dict[str, str]]:
    """(display names by W/B, W/B by every spelling a line may use); a problem is
    reported at ``line``, where ``players:`` is written."""
    names = {"W": "White", "B": "Black"}
    lookup = {"W": "W", "B": "B", "w": "W", "b": "B", "白": "W", "黒": "B"}
    declared = meta.get("players")
    if declared is None:
        return names, lookup
    if not isinstance(declared, Mapping):
        bag.error(
            "SF011",
            "players: must map W and B to names",
            line,
            ja="players: は W と B を名前に対応させてください",
        )
        return names, lookup
    for key, value in declared.items():
        player = lookup.get(str(key))
        if player is None:
            bag.error(
                "SF011",
                f"players: {key!r} is not W or B",
                line,
                ja=f"players: {key!r} は W でも B でもありません",
            )
            continue
        names[player] = str(value)
        lookup[str(value)] = player
    return names, lookup


def parse(source: RecordSource) -> Parsed:
    bag = DiagnosticBag()
    record = SelaffestoRecord()
    # At the key's own line (review13 R13-13: these were reported at 1:1).
    record.names, lookup = player_keys(source.meta, bag, front_matter_line(source, "players"))
    first = source.meta.get("first")
    if first is not None:
        key = lookup.get(str(first))
        if key is None:
            bag.error(
                "SF011",
                f"first: {first!r} is not W or B",
                front_matter_line(source, "first"),
                ja=f"first: {first!r} は W でも B でもありません",
            )
        else:
            record.first = key
    for line in source.lines:
        if line.kind is LineKind.BLANK:
            continue
        if line.kind is not LineKind.TEXT:
            (record.moves[-1].notes if record.moves else record.setup_notes).append(line)
            continue
        match = LINE.match(line.text)
        if match is None:
            named = _named_seat(line.text, lookup)
            shown = unread.quoted(line.text)
            if named is None:
                en = f"{shown} is not a move line: write 'W: g2 4-8-6-12'"
                ja = f"{shown} は手の行ではありません: 'W: g2 4-8-6-12' のように書いてください"
            else:
                fixed = unread.quoted(f"{named[1]}: {named[2].partition('//')[0].strip()}")
                en = f"{shown} is not a move line: the player and a colon come first, {fixed}"
                ja = f"{shown} は手の行ではありません: プレイヤーとコロンを先に、{fixed}"
            bag.error("SF001", en, line.number, 1, ja=ja)
            seat, written = (named[0], named[1]) if named else ("", "")
            move = MoveLine(line.number, seat, written, line.text, not_read=True)
            move.names_action = named is not None and _WHOLE_ACTION.search(named[2]) is not None
            record.moves.append(move)
            continue
        player = lookup.get(match.group("player"))
        if player is None:
            bag.error(
                "SF002",
                f"{match.group('player')!r} is not a player: use W, B or a name from players:",
                line.number,
                match.start("player") + 1,
                ja=(
                    f"{match.group('player')!r} はプレイヤーではありません: W・B か players:"
                    " の名前を使ってください"
                ),
            )
            # A seat that is none names none: the engine gives it the turn of the player
            # to move if the lines after it say so.
            record.moves.append(MoveLine(line.number, "", "", line.text, not_read=True))
            continue
        move = MoveLine(line.number, player, match.group("player"), match.group("body"))
        _LineReader(move, match.start("body"), bag, lookup).read(match.group("body"))
        record.moves.append(move)
    if not record.moves:
        bag.error(
            "SF013",
            "this record has no actions: write one a line, e.g. 'W: g2 4-8-6-12'",
            source.first_written_line,
            1,
            ja="アクションの行が1つもありません。'W: g2 4-8-6-12' のように1行に1つずつ書きます",
        )
    return Parsed(record, bag)
