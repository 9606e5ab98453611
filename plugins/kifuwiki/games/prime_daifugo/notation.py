"""Prime Daifugo notation: record text → :class:`ParsedGame` (both dialects, blog variants).

Two dialects are read into one model (see :mod:`.model`):

* the **standard 数譜** of tournaments and the online server: ``name:(hand)``,
  ``name:D(7)KQ=2^5*4A|X=K[GC],P(…)#``, ``%`` pass, ``%%`` time-out;
* the **Fandom wiki spec**: ``A:Foo`` player lines, ``A初期:…``, ``素数判定員:…``,
  ``A:3*5=A5``, ``57(GC)``, ``;X=K``, ``A:D;D=7`` (a draw on its own line),
  ``P(2);P=7X``, ``r`` flush marks, suits ``QhKs`` and footnotes ``[1]``;

plus the variants people write in blogs (``パス``, ``T.O.``, ``(P)``, ``,P12``,
``D{2} KQ``, ``|X=K,K``, ``1.n:`` move numbers, ``[R]`` …).

This module reads whole games (headers, hands, players, comments, dialect);
:mod:`.notation_moves` reads one move body. Speed matters (validation of big
archives), so a standard move line is read by one compiled regex and anything else by
a single left-to-right token scan. The parser never raises: whatever it cannot read
becomes an :attr:`Action.UNKNOWN` move and an error diagnostic pointing at the first
character it could not read.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from kifuwiki.core.diagnostics import Diagnostic, Severity
from kifuwiki.core.lazyre import lazy_pattern
from kifuwiki.core.recordfile import (
    LineKind,
    RecordSource,
    heading_rest,
    kanji_number,
    split_record_file,
)
from kifuwiki.games.prime_daifugo import notation_codes as codes
from kifuwiki.games.prime_daifugo.codes import quote
from kifuwiki.games.prime_daifugo.model import (
    NOTE_BOOKMARK,
    NOTE_BOOKMARK_COMMENT,
    NOTE_COMMENT,
    Action,
    Card,
    CardRun,
    Dialect,
    Factor,
    Hand,
    Move,
    ParsedGame,
    Penalty,
    Special,
)
from kifuwiki.games.prime_daifugo.notation_moves import (
    CARDS_RE,
    JOKER_VALUES,
    SPECIALS,
    STD_FAST_PATTERN,
    card_run,
    cards_of,
    factors_from_text,
    normalise,
    parse_cards,
    std_fast,
    tokenize,
)

#: A whole line in the standard shape: ``name:`` and a body ``STD_FAST`` reads.
_FAST_LINE = re.compile(r"(?P<name>[^\s:*](?:[^:]*[^:\s])?):(?P<body>" + STD_FAST_PATTERN + ")")


_LINE = re.compile(
    r"\s*(?:(?P<label>\d+)\.\s*)?(?P<rev>\[R\]\s*)?"
    r"(?P<name>[^:\s*](?:[^:]*[^:\s])?)\s*:\s*(?P<body>.*)"
)
_MARKS = re.compile(r"\s+(!!|\?\?|!\?|\?!|!|\?)\Z")
_STD_HAND = re.compile(r"\(\s*(?P<cards>[^()]*?)\s*\)(?P<feet>(?:\s*\[\d+\])*)")
_FOOTNOTES = re.compile(r"\[\d+\]")
_HAND_SUFFIX = "初期"
_JUDGE_KEYS = ("素数判定員", "判定員")
_UNKNOWN_WORD = "不明"
_same_players = lazy_pattern(
    # The seed's own sentence is "プレイヤー・素数判定員は一試合目と同じ"; the note may
    # also be just "(一試合目)と同じ" or name the previous game (前試合).
    r"(?:プレ[イー]ヤー(?:\s*[・、]\s*素数判定員)?\s*は\s*)?"
    r"(?:\(?\s*(?:(?P<kanji>[一二三四五六七八九十百]{1,6})|(?P<digits>\d{1,6}))\s*試合目\s*\)?"
    r"|\(?\s*前試合\s*\)?)\s*と同じ(?:である|です)?\s*。?"
)
#: Initial hands written together: "初期手札a:(23) b:(57)", "私の初期手札:(23)".
_hands_line = lazy_pattern(r"\s*(?P<mine>私の)?初期手札\s*(?P<rest>.*)")
#: One "key:cards" item of a hands list (cards in brackets or bare).
_hand_item = lazy_pattern(r"(?P<key>[^\s:、,()]+)\s*:\s*\(?(?P<cards>[^\s()、,]*)\)?")
#: "第2局" / "2局目" (with "：先手あ" or hands after it): the game's title line. (Not a
#: file-level separator: other games number rounds that way inside one record.)
_round_title = lazy_pattern(
    r"\s*(?:第\s*(?:[一二三四五六七八九十百]{1,6}|\d{1,6})\s*局目?"
    r"|(?:[一二三四五六七八九十百]{1,6}|\d{1,6})\s*局目)\s*(?:[:、,]\s*(?P<rest>.*))?"
)
#: "先手あ" in a heading: who moves first (the moves say it too).
_first_player = lazy_pattern(r"先手\s*[:：]?\s*\S+")
_NOT_A_NAME = re.compile(r"[()\[\]|%#=^*,]|^D\(")

_FANDOM_SIGNS = re.compile(
    # "*" before "=" on a line: factors first, the Fandom order of a composite. (The
    # judge line, 素数判定員:…, is written in both dialects, so it is no sign.)
    r"初期\s*:|:\s*Pass\b|\((?:GC|RR)\)|;X=|:\s*D(?:;|$)|P\(\d+\);|\*[^=\n]*=",
    re.MULTILINE,
)
_fandom_symbol = lazy_pattern(r"[A-Za-z0-9]{1,3}")
_FANDOM_KEY = re.compile(r"^\s*[A-Z]\s*:", re.MULTILINE)
#: ``_FANDOM_KEY`` at the text's start, and after a line end (see _has_fandom_key).
_KEY_HERE = re.compile(r"\s*[A-Z]\s*:")
_KEY_AFTER_NEWLINE = re.compile(r"\n\s*[A-Z]\s*:")
_STANDARD_SIGNS = re.compile(
    r":\s*\(|D\(|:\s*%|\[(?:GC|RR|IN)\]|\|X=|,P\(|:\s*[A2-9TJQKX]+=", re.MULTILINE
)


# --------------------------------------------------------------------------- dialect


def _count(pattern: re.Pattern[str], text: str) -> int:
    return len(pattern.findall(text))


def detect_dialect(source: RecordSource) -> Dialect:
    """Front matter ``notation:`` wins; otherwise count each dialect's telltale signs."""
    declared = source.meta.get("notation")
    if declared:
        name = str(declared).strip().lower()
        if name in ("fandom", "standard"):
            return Dialect(name)
    text_kind = LineKind.TEXT
    text = normalise("\n".join([line.text for line in source.lines if line.kind is text_kind]))
    # The usual record: no Fandom sign and a standard one, so neither needs counting.
    if (
        _FANDOM_SIGNS.search(text) is None
        and not _has_fandom_key(text)
        and _STANDARD_SIGNS.search(text) is not None
    ):
        return Dialect.STANDARD
    fandom = _fandom_signs(text)
    standard = _count(_STANDARD_SIGNS, text)
    if fandom == standard and source.count > 1:
        # A short game in a multi-game file ("二試合目" with a few plain plays) may say
        # nothing (or as much for each dialect) by itself: the file's other games do.
        return _dialect_of_other_games(source)
    return Dialect.FANDOM if fandom > standard else Dialect.STANDARD


def _dialect_of_other_games(source: RecordSource) -> Dialect:
    """The dialect of the first other game of the file that shows one by itself; else
    what the whole file's signs say. (Games that decide for themselves keep their dialect
    when ``fmt`` rewrites them, so this choice stays the same after formatting.)"""
    for other in split_record_file(source.file_text, source.path):
        if other.index == source.index:
            continue
        lines = [line.text for line in other.lines if line.kind is LineKind.TEXT]
        fandom, standard = _signs(normalise("\n".join(lines)))
        if fandom != standard:
            return Dialect.FANDOM if fandom > standard else Dialect.STANDARD
    fandom, standard = _signs(normalise(source.file_text))
    return Dialect.FANDOM if fandom > standard else Dialect.STANDARD


def _fandom_signs(text: str) -> int:
    """How many telltale signs of the Fandom dialect the text has."""
    fandom = _count(_FANDOM_SIGNS, text)
    # The spec's one-letter player symbols (A:Foo, B:223) count once, not per line:
    # a standard record may have a player called "A" too.
    if _has_fandom_key(text):
        fandom += 1
    return fandom


def _has_fandom_key(text: str) -> bool:
    """Whether ``_FANDOM_KEY`` matches somewhere in ``text`` (a line ``A:…``).

    ``^`` with ``re.MULTILINE`` is the text's start or just after a line end, so the
    key is at the start (``_KEY_HERE``) or after a ``\n`` (``_KEY_AFTER_NEWLINE``):
    that search starts with one literal character, which ``re`` skips to directly,
    instead of trying every capital letter of the text's moves (``QT338``, ``D(K)``)."""
    return _KEY_HERE.match(text) is not None or _KEY_AFTER_NEWLINE.search(text) is not None


def _signs(text: str) -> tuple[int, int]:
    """How many telltale signs of (Fandom, standard) the text has."""
    return _fandom_signs(text), _count(_STANDARD_SIGNS, text)


def detect(source: RecordSource) -> bool:
    """Whether an untagged record looks like Prime Daifugo (hands or a few move lines)."""
    moves = 0
    for line in source.lines:
        if line.kind is not LineKind.TEXT:
            continue
        match = _LINE.match(normalise(line.text))
        if match is None:
            continue
        body = match.group("body")
        if match.group("name").endswith(_HAND_SUFFIX) or _STD_HAND.fullmatch(body):
            moves += 1
            continue
        # The general reader, for lines not in the standard shape (imported when needed).
        from kifuwiki.games.prime_daifugo.notation_scan import MoveScanner

        scanned = MoveScanner(body, 1, Dialect.STANDARD).scan()
        if not scanned.problems and scanned.action is not Action.UNKNOWN:
            moves += 1
        if moves >= 3:
            return True
    return moves >= 2


# --------------------------------------------------------------------------- games


class _GameParser:
    __slots__ = (
        "declaration_lines",
        "declared",
        "diagnostics",
        "game",
        "header",
        "heading_hands",
        "known_names",
        "last_move",
        "meta_given",
        "meta_players",
        "movers",
        "my_hand",
        "pending",
        "played",
        "seated",
        "source",
        "text",
    )

    def __init__(
        self, source: RecordSource, players_meta: Mapping[str, str] | None, dialect: Dialect
    ) -> None:
        self.source = source
        self.diagnostics: list[Diagnostic] = []
        self.game = ParsedGame(dialect=dialect, players={}, order=[], initial_hands={}, moves=[])
        self.meta_given = bool(players_meta)
        self.known_names: set[str] = set()
        if players_meta:
            for key, name in players_meta.items():
                self.game.players[str(key)] = str(name)
                self.known_names.add(str(key))
                self.known_names.add(str(name))
        self.declared: set[str] = set()
        self.movers: set[str] = set()
        #: Keys with a readable move so far: after one, ``key:(…)`` is a move, not a hand.
        self.played: set[str] = set()
        self.last_move: Move | None = None
        self.meta_players = dict(players_meta or {})
        self.declaration_lines: dict[str, list[tuple[int, int, str]]] = {}
        #: Keys with a seat (in ``game.order``): the fast path's "known player" test.
        self.seated: set[str] = set()
        self.text = ""
        #: Still in the header (players, judge, hands): no move line read yet.
        self.header = True
        #: Moves by names no player line declares: (move, its action as read, column of
        #: the name, step). Decided at the end: a declaration of someone who never
        #: moves must not reject the players who do.
        self.pending: list[tuple[Move, Action, int, int]] = []
        #: "私の初期手札:(…)": (cards, line, column), whose hand is decided at the end.
        self.my_hand: tuple[tuple[Card, ...], int, int] | None = None
        #: Keys whose hand the heading gave (``1セット目、a:23``): the same hand on a
        #: line of its own (as ``fmt`` writes it) is the same hand, not a second one.
        self.heading_hands: set[str] = set()

    def add(
        self,
        severity: Severity,
        code: str,
        message: str,
        line: int,
        column: int,
        step: int | None = None,
        *,
        ja: str = "",
    ) -> None:
        """Record a problem; ``step`` is the 1-based index of the move it belongs to."""
        self.diagnostics.append(
            Diagnostic(severity, code, message, line, column, self.source.path, step, ja)
        )

    def _seat(self, key: str) -> None:
        if key not in self.seated:
            self.seated.add(key)
            if key not in self.game.order:
                self.game.order.append(key)
            self.game.players.setdefault(key, key)

    def parse(self) -> ParsedGame:
        game = self.game
        rest = heading_rest(self.source.heading)
        if rest:
            self._heading_hands(rest)
        # Until a line is read as anything (a player, the judge, a hand), the header
        # text no rule reads and the comments stay on top when the game is written
        # (``lead_*``): read again there, they are read the same way.
        on_top = not self.seated
        for line in self.source.lines:
            kind = line.kind
            if kind is LineKind.TEXT:
                kept = len(game.header_lines)
                self._text(line.number, line.text)
                if on_top:
                    on_top = len(game.header_lines) == kept + 1 and not (
                        self.seated or game.judge is not None or game.declared_players
                    )
                    if on_top:
                        game.lead_header_lines = len(game.header_lines)
            elif kind is LineKind.COMMENT:
                if self.last_move is None:
                    game.comments.append(line.comment)
                    game.note_forms.append(NOTE_COMMENT)
                    if on_top and not game.header_lines:
                        game.lead_comments = len(game.comments)
                        game.lead_note_forms = len(game.note_forms)
                else:
                    self.last_move.comments.append(line.comment)
                    self.last_move.comment_lines.append(line.number)
                    self.last_move.note_forms.append(NOTE_COMMENT)
            elif kind is LineKind.BOOKMARK:
                target = self.last_move
                name, text = line.bookmark, line.comment
                # "*&name text": a bookmark with a comment on its line, written back so.
                form = NOTE_BOOKMARK_COMMENT if text else NOTE_BOOKMARK
                if target is None:
                    game.bookmarks.append(name)
                    if text:
                        game.comments.append(text)
                    game.note_forms.append(form)
                    if on_top and not game.header_lines:
                        game.lead_bookmarks = len(game.bookmarks)
                        game.lead_comments = len(game.comments)
                        game.lead_note_forms = len(game.note_forms)
                else:
                    target.bookmarks.append(name)
                    target.comment_lines.append(line.number)
                    if text:
                        target.comments.append(text)
                    target.note_forms.append(form)
        self._decide_pending_movers()
        if self.my_hand is not None:
            self._place_my_hand(*self.my_hand)
        if not self.header:
            self._undeclare_silent_players()
        return game

    def _heading_hands(self, rest: str) -> None:
        """Hands written in a game's heading: ``1セット目、a:23、b:57``. Other text there
        (``先手あ``, a title) is the heading's own."""
        first = self.source.lines[0].number if self.source.lines else 2
        rest = normalise(_first_player().sub("", rest))
        for item in _hand_item().finditer(rest):
            cards = item.group("cards")
            if cards and CARDS_RE.fullmatch(cards):
                key = item.group("key")
                self.text = rest
                self._hand(key, cards, max(first - 1, 1), item.start("cards") + 1, (key, cards, 1))
                self.heading_hands.add(key)

    def _hands_line(self, number: int, norm: str, match: re.Match[str]) -> bool:
        """ "初期手札a:(23) b:(57)" (several hands on one line) or "私の初期手札:(23)"
        (the writer's own hand, whose it is decided at the end). ``False``: not one."""
        rest = match.group("rest")
        offset = match.start("rest")
        if match.group("mine"):
            body = rest.lstrip(" :")
            cards = body.strip().strip("()").strip()
            if not cards or CARDS_RE.fullmatch(cards) is None:
                return False
            self.my_hand = (cards_of(cards), number, offset + norm[offset:].find(cards) + 1)
            return True
        items = list(_hand_item().finditer(rest))
        if not items or not all(CARDS_RE.fullmatch(item.group("cards")) for item in items):
            return False
        hands = self.game.initial_hands
        twice = [
            item
            for item in items
            if item.group("key") in hands
            and not (
                item.group("key") in self.heading_hands
                and _same_cards(hands[item.group("key")], item.group("cards"))
            )
        ]
        if twice:
            # One error for the line, which is kept once, as written.
            self.add(
                Severity.ERROR,
                codes.HAND_TWICE,
                f"the initial hand of '{twice[0].group('key')}' is given twice",
                number,
                offset + twice[0].start() + 1,
                None if self.header else len(self.game.moves) + 1,
                ja=f"'{twice[0].group('key')}' の初期手札が2回書かれている",
            )
            self._kept_as_unknown(number, ("", self.text, 1))
            return True
        for item in items:
            key, cards = item.group("key"), item.group("cards")
            column = offset + item.start("cards") + 1
            self._hand(key, cards, number, column, (key, cards, column))
        return True

    def _place_my_hand(self, cards: tuple[Card, ...], number: int, column: int) -> None:
        """The writer's own hand: front matter ``me:`` says whose; otherwise the first
        player whose first play it can hold (else the first to move)."""
        game = self.game
        me = self.source.meta.get("me")
        key = str(me) if me is not None else None
        if key is not None and key not in game.order:
            # "me:" may give the display name rather than the key.
            key = next((k for k, name in game.players.items() if name == key), key)
        if key is None:
            key = _owner_of(cards, game.moves)
        if key is None or key in game.initial_hands:
            self.add(
                Severity.WARNING,
                codes.HEADER_TEXT_KEPT,
                "'私の初期手札' does not say whose hand it is (write 'me: <player>' in the "
                "front matter); kept as header text",
                number,
                column,
                ja="'私の初期手札' が誰の手札か分からない"
                "(front matter に 'me: プレイヤー' と書く)。"
                "見出しの文として残す",
            )
            game.header_lines.append(f"私の初期手札:({''.join(str(c) for c in cards)})")
            return
        game.initial_hands[key] = Hand(cards, number, column)
        self._seat(key)

    def _decide_pending_movers(self) -> None:
        """Moves by undeclared names: accepted when a declared player never moves (that
        line was a heading or a note, not a seat), else one error per unknown name."""
        if not self.pending:
            return
        game = self.game
        # Player symbols (A, B1) are seats by the Fandom spec: a mover missing from a
        # list of them is a typo. A longer key that never moves ("1セット目:先手あ",
        # "先手:nishimura") was a heading or a note.
        silent = [key for key in game.declared_players if self._is_silent(key)]
        # Hands for two or more players name the seats (as in _known_player).
        if silent and len(game.initial_hands) < 2:
            for move, action, _, _ in self.pending:
                move.action = action
                self._seat(move.player)
                self.movers.add(move.player)
            for key in silent:
                for number, column, text in self.declaration_lines.get(key, []):
                    self._warn_no_player_who_plays(number, column, text)
                self._undeclare(key)
            return
        by_name: dict[str, list[tuple[Move, int, int]]] = {}
        for move, _, name_column, step in self.pending:
            by_name.setdefault(move.player, []).append((move, name_column, step))
        for name, moves in by_name.items():
            first, name_column, step = moves[0]
            more = len(moves) - 1
            self.add(
                Severity.ERROR,
                codes.UNKNOWN_PLAYER,
                f"'{name}' is not a player in this game"
                + (f"; its {more} later move(s) are skipped too" if more else ""),
                first.line,
                name_column,
                step,
                ja=f"'{name}' はこのゲームのプレイヤーではない"
                + (f"(その後の {more} 手も飛ばす)" if more else ""),
            )

    def _undeclare_silent_players(self) -> None:
        """A ``key:text`` header line whose key never plays and has no hand is header
        text, not a seat: ``先手:nishimura`` in a standard record (which has no player
        lines), ``注意:この棋譜は…`` above a Fandom record. Player symbols (``A``,
        ``B1``) stay seats even if they never play: the Fandom spec declares them (and
        the rule does not depend on the dialect, which a short game may not show)."""
        game = self.game
        kept: list[tuple[int, int, str]] = []
        for key in list(game.declared_players):
            if self._is_silent(key):
                kept.extend(self.declaration_lines[key])
                self._undeclare(key, keep=False)
        for number, column, text in sorted(kept):
            game.header_lines.append(text)
            self._warn_no_player_who_plays(number, column, text)

    def _is_silent(self, key: str) -> bool:
        """A declared key that never moves, has no hand and is no player symbol."""
        return (
            key not in self.movers
            and key not in self.game.initial_hands
            and not _fandom_symbol().fullmatch(key)
        )

    def _warn_no_player_who_plays(self, number: int, column: int, text: str) -> None:
        self.add(
            Severity.WARNING,
            codes.HEADER_TEXT_KEPT,
            f"'{text.strip()}' names no player who plays; kept as header text",
            number,
            column,
            ja=f"'{text.strip()}' は手を指すプレイヤーを挙げていない。見出しの文として残す",
        )

    def _undeclare(self, key: str, keep: bool = True) -> None:
        """``key`` is no seat after all; its line stays as header text (``keep``)."""
        game = self.game
        if keep:
            for _, _, text in self.declaration_lines.get(key, []):
                game.header_lines.append(text)
        game.declared_players.remove(key)
        if key in game.order:
            game.order.remove(key)
        self.declared.discard(key)
        self.seated.discard(key)
        if key in self.meta_players:
            game.players[key] = str(self.meta_players[key])
        else:
            game.players.pop(key, None)

    def _text(self, number: int, text: str) -> None:
        game = self.game
        self.text = text
        if game.dialect is Dialect.STANDARD:
            # Most lines of real records: a seated player's standard move, one match
            # (or none: the same line read before).
            fast = _fast_line(text)
            if fast is not None and fast[0] in self.seated:
                name, body_at, fields = fast
                self._add_fast_move(number, body_at + 1, name, text[body_at:], fields)
                return
        norm = normalise(text)
        same = _same_players().fullmatch(norm.strip()) if "同じ" in norm else None
        if same is not None and self.header:
            if same.group("kanji"):
                game.same_players_as = kanji_number(same.group("kanji"))
            elif same.group("digits"):
                game.same_players_as = int(same.group("digits"))
            else:
                game.same_players_as = max(self.source.index - 1, 0)
            game.same_players_line = number
            return
        if "局" in norm and self.header:
            title = _round_title().fullmatch(norm)
            if title is not None:
                self.game.header_lines.append(text)
                if title.group("rest"):
                    self._heading_hands(title.group("rest"))
                return
        if "初期手札" in norm:
            hands = _hands_line().fullmatch(norm)
            if hands is not None and self._hands_line(number, norm, hands):
                return
        match = _LINE.match(norm)
        if match is None:
            self._not_a_move(number, text, norm)
            return
        name = match.group("name")
        body = match.group("body")
        body_start = match.start("body")
        column = body_start + 1
        if name in _JUDGE_KEYS:
            judge = body.strip()
            if game.judge is not None and game.judge != judge:
                self.add(
                    Severity.WARNING,
                    codes.PLAYER_TWICE,
                    f"the judge was already named '{game.judge}'; now '{judge}'",
                    number,
                    column,
                    ja=f"判定員は '{game.judge}' と書かれていたが、ここでは '{judge}'",
                )
            game.judge = judge
            return
        line = (name, text[body_start:], column)
        if name.endswith(_HAND_SUFFIX) and len(name) > len(_HAND_SUFFIX):
            self._hand(name[: -len(_HAND_SUFFIX)].strip(), body, number, column, line)
            return
        hand = _STD_HAND.fullmatch(body) if body[:1] == "(" else None
        if hand is not None and name not in self.played:
            inner_start = body_start + hand.start("cards")
            inner = hand.group("cards") + hand.group("feet")
            self._hand(name, inner, number, inner_start + 1, line)
            return
        if (
            self.header
            and name not in game.initial_hands
            and name not in _JUDGE_KEYS
            and self._is_declaration(body)
        ):
            self._declare(name, body.strip(), number, column)
            return
        self._move(number, text, match, norm)

    def _not_a_move(self, number: int, text: str, norm: str) -> None:
        game = self.game
        if self.header:
            game.header_lines.append(text)
            self.add(
                Severity.WARNING,
                codes.HEADER_TEXT_KEPT,
                f"'{text.strip()}' is not a player, hand or move line; kept as header text",
                number,
                len(norm) - len(norm.lstrip()) + 1,
                ja=f"'{text.strip()}' はプレイヤー・手札・手の行ではない。見出しの文として残す",
            )
            return
        move = Move(number, 1, "", text, Action.UNKNOWN)
        game.moves.append(move)
        self.header = False
        self.last_move = move
        self.add(
            Severity.ERROR,
            codes.NOT_A_MOVE_LINE,
            f"'{quote(text.strip())}' is not a move ('name:…') or a comment ('* …')",
            number,
            len(norm) - len(norm.lstrip()) + 1,
            len(game.moves),
            ja=f"'{quote(text.strip())}' は手('名前:…')でもコメント('* …')でもない",
        )

    def _is_declaration(self, body: str) -> bool:
        value = body.strip()
        if not value:
            return False
        if value == _UNKNOWN_WORD:
            return True
        if _NOT_A_NAME.search(value):
            # Notation symbols: a (wrong) move such as "D(Q)98746Z", not a name. The
            # rule is the same in both dialects, which a short game may not show.
            return False
        # A name has a character the notation does not use ("Foo", "はち"); a value made
        # of notation characters is a move, even a wrong one ("1213", "KQ=").
        # The general reader, for lines not in the standard shape (imported when needed).
        from kifuwiki.games.prime_daifugo.notation_scan import MoveScanner

        scanned = MoveScanner(value, 1, self.game.dialect).scan()
        return any(problem.code == codes.UNREADABLE_MOVE for problem in scanned.problems)

    def _declare(self, key: str, name: str, number: int, column: int) -> None:
        game = self.game
        if key in self.declared and game.players.get(key) != name:
            self.add(
                Severity.WARNING,
                codes.PLAYER_TWICE,
                f"player '{key}' was already declared as '{game.players[key]}'",
                number,
                column,
                ja=f"プレイヤー '{key}' は '{game.players[key]}' として宣言済み",
            )
        if key not in self.declared:
            game.declared_players.append(key)
        self.declared.add(key)
        self.known_names.add(key)
        self.declaration_lines.setdefault(key, []).append((number, column, self.text))
        game.players[key] = name
        if key not in game.order:
            game.order.append(key)

    def _hand(
        self, key: str, body: str, number: int, column: int, line: tuple[str, str, int]
    ) -> None:
        """An initial hand; ``line`` is (name, raw body, body column) as written, kept as
        an unreadable step when the hand cannot be used, so that nothing is lost."""
        game = self.game
        footnotes = tuple(_FOOTNOTES.findall(body))
        value = _FOOTNOTES.sub("", body).strip() if footnotes else body.strip()
        if key in game.initial_hands:
            if key in self.heading_hands and _same_cards(game.initial_hands[key], value):
                return
            self.add(
                Severity.ERROR,
                codes.HAND_TWICE,
                f"the initial hand of '{key}' is given twice",
                number,
                column,
                None if self.header else len(game.moves) + 1,
                ja=f"'{key}' の初期手札が2回書かれている",
            )
            self._kept_as_unknown(number, line)
            return
        if value == _UNKNOWN_WORD:
            cards: tuple[Card, ...] | None = None
        elif CARDS_RE.fullmatch(value) is not None:
            cards = cards_of(value)
        else:
            bad = CARDS_RE.match(value)
            offset = bad.end() if bad else 0
            message, message_ja = _bad_hand_message(key, value, offset)
            self.add(
                Severity.ERROR,
                codes.BAD_HAND,
                message,
                number,
                column + (len(body) - len(body.lstrip())) + offset,
                None if self.header else len(game.moves) + 1,
                ja=message_ja,
            )
            self._kept_as_unknown(number, line)
            return
        game.initial_hands[key] = Hand(cards, number, column, footnotes)
        self.known_names.add(key)
        self._seat(key)

    def _kept_as_unknown(self, number: int, line: tuple[str, str, int]) -> None:
        """A line that cannot be used, kept with its text: as header text in the header,
        as an unreadable step among the moves."""
        name, raw, column = line
        if self.header:
            self.game.header_lines.append(self.text)
            return
        move = Move(number, column, name, raw, Action.UNKNOWN)
        self.game.moves.append(move)
        self.last_move = move

    def _move(self, number: int, text: str, match: re.Match[str], norm: str) -> None:
        game = self.game
        name = match.group("name")
        body = match.group("body")
        column = match.start("body") + 1
        raw = text[match.start("body") :]
        marks = ""
        if body[-1:] in ("!", "?"):
            mark = _MARKS.search(body)
            if mark is not None:
                marks = mark.group(1)
                body = body[: mark.start()]
        if game.dialect is Dialect.STANDARD and name in self.seated:
            fast = std_fast().fullmatch(body)
            fields = _fast_fields(fast, column) if fast is not None else None
            if fields is not None:
                self._add_fast_move(
                    number,
                    column,
                    name,
                    raw,
                    fields,
                    marks,
                    match.group("label"),
                    match.group("rev") is not None,
                )
                return
        # The general reader, for lines not in the standard shape (imported when needed).
        from kifuwiki.games.prime_daifugo.notation_scan import scan_move

        scanned = scan_move(body, column, game.dialect)
        step = len(game.moves) + 1
        for problem in scanned.problems:
            self.add(
                problem.severity,
                problem.code,
                problem.message,
                number,
                problem.column,
                step,
                ja=problem.ja,
            )
        action = scanned.action
        known = self._known_player(name)
        if known:
            self._seat(name)
            self.movers.add(name)
            if action is not Action.UNKNOWN:
                self.played.add(name)
        move = Move(
            line=number,
            column=column,
            player=name,
            raw=raw,
            action=action if known else Action.UNKNOWN,
            marks=marks,
            number_label=match.group("label"),
            revolution_mark=bool(match.group("rev")) or scanned.revolution,
        )
        if action is not Action.UNKNOWN:
            move.draw = scanned.draw
            move.number = scanned.number
            move.factors = scanned.factors
            move.joker_values = tuple(scanned.joker_values)
            move.tags = tuple(scanned.tags)
            move.penalty = scanned.penalty
            move.out = scanned.out
            move.flush_mark = scanned.flush
            move.footnotes = tuple(scanned.footnotes)
        else:
            # What cannot be read keeps the marks that can: a going-out "#" (the game
            # must still have its winner) and a Fandom flush mark "r".
            move.out, move.flush_mark = _end_marks(body, game.dialect)
        if not known:
            self.pending.append((move, action, match.start("name") + 1, step))
        game.moves.append(move)
        self.header = False
        self.last_move = move

    def _add_fast_move(
        self,
        number: int,
        column: int,
        name: str,
        raw: str,
        fields: _FastFields,
        marks: str = "",
        label: str | None = None,
        revolution: bool = False,
    ) -> None:
        """A move in the common standard shape, from :func:`_fast_fields` (no token scan)."""
        action, draw, run, factors, jokers, tags, penalty, out = fields
        move = Move(
            number,
            column,
            name,
            raw,
            action,
            draw,
            run,
            factors,
            jokers,
            tags,
            penalty,
            out,
            False,
            revolution,
            (),
            marks,
            label,
        )
        self.movers.add(name)
        self.played.add(name)
        self.game.moves.append(move)
        self.header = False
        self.last_move = move

    def _known_player(self, name: str) -> bool:
        game = self.game
        if name in self.known_names or name in game.initial_hands:
            return True
        if game.same_players_as is not None:
            return True
        if self.declared or self.meta_given:
            return False
        # Standard records without front matter: the hands name the players when every
        # seat has one; a blog may give one player's hand only, so one hand says nothing.
        return len(game.initial_hands) < 2


#: What a move line in the common standard shape says, read once:
#: (action, draw, cards, factors, joker values, tags, penalty, out).
_FastFields = tuple[
    Action,
    tuple[Card, ...] | None,
    CardRun | None,
    tuple[Factor, ...],
    tuple[str, ...],
    tuple[Special, ...],
    Penalty | None,
    bool,
]


def _fast_fields(match: re.Match[str], base: int) -> _FastFields | None:
    """The fields of a ``STD_FAST`` (or ``_FAST_LINE``) match; ``None`` for a shape the
    token scan must read. ``base`` is the column of position 0 of the matched string."""
    # STD_FAST's groups are the last eight of both patterns (by position: cheaper
    # than eight lookups by name, on every move line).
    draw, passed, num, fac, jok, tag, pen, out = match.groups()[-8:]
    if passed is not None:
        if out:
            return None
        action = Action.TIMEOUT if passed == "%%" else Action.PASS
        run = None
        factors: tuple[Factor, ...] = ()
    elif num is not None:
        run = CardRun(cards_of(num), base + match.start("num"))
        if fac is not None:
            found = factors_from_text(fac, base + match.start("fac"))
            if found is None:
                return None
            factors = found
            action = Action.COMPOSITE
        else:
            factors = ()
            action = Action.PLAY
    else:
        return None
    return (
        action,
        cards_of(draw) if draw is not None else None,
        run,
        factors,
        tuple(JOKER_VALUES[value] for value in jok[3::4]) if jok else (),
        (SPECIALS[tag],) if tag is not None else (),
        Penalty(cards_of(pen), len(pen), base + match.start("pen") - 2)
        if pen is not None
        else None,
        out is not None,
    )


#: ``_FAST_LINE``'s groups by number: ``name`` and ``body``, then STD_FAST's eight.
(_NAME, _BODY, _DRAW, _PASS, _NUM, _FAC, _JOK, _TAG, _PEN, _OUT) = range(1, 11)


def _line_fields(match: re.Match[str]) -> _FastFields | None:
    """:func:`_fast_fields` of a ``_FAST_LINE`` match (``base`` 1), for the most common
    lines: their plain shapes (a pass, a play, a draw then a play or a pass, a going-out
    ``#``) read with the groups by number; anything else (factors, jokers, a tag, a
    penalty, a draw alone) through :func:`_fast_fields` itself. Proven equal to it on
    every line of the corpus, ``records/`` and generated and edited records (tests)."""
    draw, passed, num, fac, jok, tag, pen, out = match.groups()[2:]
    if fac is not None or jok or tag is not None or pen is not None:
        return _fast_fields(match, 1)
    if passed is not None:
        if out:
            return None
        return (
            Action.TIMEOUT if passed == "%%" else Action.PASS,
            cards_of(draw) if draw is not None else None,
            None,
            (),
            (),
            (),
            None,
            False,
        )
    if num is None:
        return None
    return (
        Action.PLAY,
        cards_of(draw) if draw is not None else None,
        card_run(cards_of(num), match.start(_NUM) + 1),
        (),
        (),
        (),
        None,
        out is not None,
    )


#: Move lines by their text, as :func:`_fast_line` read them: archives repeat the same
#: lines (``a:%``, ``b:D(7)%``, ``a:57[GC]`` …), and what is kept is immutable (a Move
#: is built anew from it for each line). Bounded so that no input can make it grow
#: without limit.
_FAST_LINES: dict[str, tuple[str, int, _FastFields] | None] = {}
_FAST_LINES_LIMIT = 8_192
#: A line not read yet (``None`` is a line read and not in the standard shape).
_UNSEEN: Any = object()


def _fast_line(text: str) -> tuple[str, int, _FastFields] | None:
    """(player, offset of the move body, its fields) of a whole line in the common
    standard shape (``name:`` then what ``STD_FAST`` reads); ``None`` for any other."""
    # get() with a marker, not [] and KeyError: a line read the first time (most lines
    # of a new game) raised and caught an exception, ~0.3 µs.
    known = _FAST_LINES.get(text, _UNSEEN)
    if known is not _UNSEEN:
        return known  # type: ignore[no-any-return]
    fast = _FAST_LINE.fullmatch(normalise(text))
    found = None
    if fast is not None:
        fields = _line_fields(fast)
        if fields is not None:
            found = (fast.group(_NAME), fast.start(_BODY), fields)
    if len(_FAST_LINES) >= _FAST_LINES_LIMIT:
        _FAST_LINES.clear()
    _FAST_LINES[text] = found
    return found


def _same_cards(hand: Hand, text: str) -> bool:
    return hand.cards is not None and "".join(str(card) for card in hand.cards) == text


_trailing_footnotes = lazy_pattern(r"(?:\s*\[\d+\])+\s*\Z")


def _end_marks(body: str, dialect: Dialect) -> tuple[bool, bool]:
    """(going out, flush mark) at the end of a move body that could not be read."""
    text = _trailing_footnotes().sub("", body).rstrip()
    flush = dialect is Dialect.FANDOM and text.endswith("r") and len(text) > 1
    if flush:
        text = text[:-1].rstrip()
    return text.endswith("#"), flush


def _owner_of(cards: tuple[Card, ...], moves: list[Move]) -> str | None:
    """Whose hand ``cards`` are: the first player whose first play they can hold."""
    hand = [card.rank for card in cards]
    tried: set[str] = set()
    for move in moves:
        if move.player in tried or move.number is None:
            continue
        tried.add(move.player)
        left = list(hand) + [card.rank for card in move.draw or ()]
        played = [card.rank for card in move.number.cards]
        played += [card.rank for factor in move.factors for card in factor.cards]
        for rank in played:
            if rank not in left:
                break
            left.remove(rank)
        else:
            return move.player
    return moves[0].player if moves else None


def parse_game(
    source: RecordSource, players_meta: Mapping[str, str] | None = None
) -> tuple[ParsedGame, list[Diagnostic]]:
    """Parse one game of a record file. Never raises, whatever the text."""
    diagnostics: list[Diagnostic] = []
    declared = source.meta.get("notation")
    if declared is not None and str(declared).strip().lower() not in ("fandom", "standard"):
        diagnostics.append(
            Diagnostic(
                Severity.WARNING,
                codes.BAD_NOTATION_OPTION,
                f"notation '{declared}' is not 'standard' or 'fandom'; detected instead",
                1,
                1,
                source.path,
                message_ja=f"記法 '{declared}' は 'standard' でも 'fandom' でもないため、"
                "自動判定する",
            )
        )
    parser = _GameParser(source, players_meta, detect_dialect(source))
    try:
        game = parser.parse()
    except RecursionError:  # pragma: no cover - nothing here recurses; belt and braces
        game = parser.game
    diagnostics.extend(parser.diagnostics)
    if not game.moves:
        line = source.first_written_line
        diagnostics.append(
            Diagnostic(
                Severity.ERROR,
                codes.NO_MOVES,
                "this record has no moves: write one move a line, e.g. 'A:223'",
                line,
                1,
                source.path,
                message_ja="手の行が1つもありません。1行に1手ずつ書きます(例 'A:223')",
            )
        )
    return game, diagnostics


def resolve_same_players(games: list[ParsedGame]) -> list[Diagnostic]:
    """Fill in the players of games that say "(一試合目)と同じ" from that earlier game.

    ``same_players_as`` is the 1-based position of the earlier game in ``games``
    (the file's order). Returns an error for a reference to no earlier game.
    """
    diagnostics: list[Diagnostic] = []
    for index, game in enumerate(games, start=1):
        ref = game.same_players_as
        if ref is None:
            continue
        if not 1 <= ref < index:
            diagnostics.append(
                Diagnostic(
                    Severity.ERROR,
                    codes.SAME_PLAYERS_UNKNOWN,
                    f"game {index} says its players are those of game {ref}, "
                    "which is not earlier in this file",
                    game.same_players_line or 1,
                    message_ja=f"{index} 試合目はプレイヤーが {ref} 試合目と同じとしているが、"
                    "その試合はこのファイルでより前にない",
                )
            )
            continue
        earlier = games[ref - 1]
        for key, name in earlier.players.items():
            # A key this game only saw on move lines has itself as its name so far.
            if game.players.get(key, key) == key:
                game.players[key] = name
        # The earlier game's seats, except that player lines written in this game
        # itself (besides the note) keep their own order in front.
        own = list(game.declared_players)
        seats = own + [key for key in earlier.order if key not in own]
        game.order[:] = seats + [key for key in game.order if key not in seats]
        if game.judge is None and earlier.judge is not None:
            game.judge = earlier.judge
            game.judge_inherited = True
    return diagnostics


__all__ = [
    "detect",
    "detect_dialect",
    "normalise",
    "parse_cards",
    "parse_game",
    "resolve_same_players",
    "tokenize",
]


def _bad_hand_message(key: str, value: str, offset: int) -> tuple[str, str]:
    """PD008's message in English and Japanese. A hand written with spaces between its
    cards (``(2 3 5 7 K)``, as other card games' records write them) gets the spelling
    that works, since a space is the one "not a card" a player is sure to mean nothing by.
    """
    together = "".join(value.split())
    if value[offset].isspace() and CARDS_RE.fullmatch(together) is not None:
        return (
            f"the initial hand of '{key}' has spaces between its cards; "
            f"write them together: ({together})",
            f"'{key}' の初期手札のカードの間に空白がある。続けて書く: ({together})",
        )
    return (
        f"the initial hand of '{key}' has '{value[offset]}', which is not a card",
        f"'{key}' の初期手札の '{value[offset]}' はカードではない",
    )
