"""Prime Daifugo notation: record text → :class:`ParsedGame` (both dialects, blog variants).

Two dialects are read into one model (see :mod:`.model`):

* the **standard 数譜** of tournaments and the online server: ``name:(hand)``,
  ``name:D(7)KQ=2^5*4A|X=K[GC],P(…)#``, ``%`` pass, ``%%`` time-out;
* the **Fandom wiki spec**: ``A:Foo`` player lines, ``A初期:…``, ``素数判定員:…``,
  ``A:3*5=A5``, ``57(GC)``, ``;X=K``, ``A:D;D=7`` (a draw on its own line),
  ``P(2);P=7X``, ``r`` flush marks, suits ``QhKs`` and footnotes ``[1]``;

plus the variants people write in blogs (``パス``, ``T.O.``, ``(P)``, ``,P12``,
``D{2} KQ``, ``|X=K,K``, ``1.n:`` move numbers, ``[R]`` …).

Speed matters (validation of big archives), so a move line is read by one compiled
regex for the common standard shape and, failing that, by a single left-to-right
token scan (one master regex, no backtracking between tokens). The parser never
raises: whatever it cannot read becomes an :attr:`Action.UNKNOWN` move and an error
diagnostic pointing at the first character it could not read.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from kifuwiki.core.diagnostics import Diagnostic, Severity
from kifuwiki.core.recordfile import LineKind, RecordSource, kanji_number
from kifuwiki.games.prime_daifugo import notation_codes as codes
from kifuwiki.games.prime_daifugo.model import (
    RANKS,
    UNKNOWN,
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

# --------------------------------------------------------------------------- text


def _fullwidth_table() -> dict[int, int]:
    table = {code: code - 0xFEE0 for code in range(0xFF01, 0xFF5F)}
    table[0x3000] = 0x20  # ideographic space
    table[ord("×")] = ord("*")
    return table


#: Full-width ASCII → ASCII, one character for one, so columns stay right.
_NORMALISE = str.maketrans(_fullwidth_table())


#: Whether a line has anything to normalise (cheaper than translating every Japanese line).
_NEEDS_NORMALISING = re.compile("[\uff01-\uff5e\u3000×]")


def normalise(text: str) -> str:
    """Full-width letters, digits and symbols (``：``, ``Ｋ``, ``％``) → ASCII, same length."""
    if text.isascii() or _NEEDS_NORMALISING.search(text) is None:
        return text
    return text.translate(_NORMALISE)


_CARD_CHARS = "A23456789TJQKX?"
_PLAIN_CARDS = {rank: Card(rank) for rank in _CARD_CHARS}
_CARDS_RE = re.compile(r"(?:[A2-9TJQKX?][dchs]?)*")
_SUITED_CARD = re.compile(r"([A2-9TJQKX?])([dchs]?)")


#: Card tuples by text: records repeat the same runs (hands, draws, plays) all the time,
#: and cards are immutable, so one tuple serves them all. Bounded so that no input can
#: make it grow without limit.
_CARD_CACHE: dict[str, tuple[Card, ...]] = {}
_CARD_CACHE_LIMIT = 50_000


def _cards(text: str) -> tuple[Card, ...]:
    """Cards of a text already known to match ``_CARDS_RE``."""
    cached = _CARD_CACHE.get(text)
    if cached is not None:
        return cached
    if not ("d" in text or "c" in text or "h" in text or "s" in text):
        cards = tuple(_PLAIN_CARDS[ch] for ch in text)
    else:
        cards = tuple(
            _PLAIN_CARDS[rank] if not suit else Card(rank, suit)
            for rank, suit in _SUITED_CARD.findall(text)
        )
    if len(_CARD_CACHE) >= _CARD_CACHE_LIMIT:
        _CARD_CACHE.clear()
    _CARD_CACHE[text] = cards
    return cards


def _first_non_card(text: str) -> int:
    """Offset of the first character in ``text`` that is not part of a card (or blank)."""
    stripped = text.lstrip()
    skipped = len(text) - len(stripped)
    match = _CARDS_RE.match(stripped)
    return skipped + (match.end() if match else 0)


def parse_cards(text: str, column: int = 1) -> CardRun | None:
    """``QhK?X`` → a :class:`CardRun`; ``None`` when the text is not all cards."""
    if _CARDS_RE.fullmatch(text) is None:
        return None
    return CardRun(_cards(text), column)


#: Joker values as written (a rank, or its decimal value 0–13) → canonical (``0``, ``A`` … ``K``).
_JOKER_VALUES: dict[str, str] = {"0": "0", **{rank: rank for rank in RANKS}}
_JOKER_VALUES.update({str(value): rank for value, rank in enumerate(RANKS, start=1)})

_SPECIALS = {
    "GC": Special.GC,
    "グロタンカット": Special.GC,
    "グロタンディーク素数切り": Special.GC,
    "RR": Special.RR,
    "ラマヌジャン革命": Special.RR,
    "IN": Special.IN,
}

# --------------------------------------------------------------------------- regexes

_C = "[A2-9TJQKX?]"

#: The standard shape of ≈99% of real move lines, read in one match.
_STD_FAST = re.compile(
    rf"(?:D\((?P<draw>{_C}*)\))?"
    rf"(?:(?P<pass>%%?)|(?P<num>{_C}+)(?:=(?P<fac>{_C}+(?:[*^]{_C}+)*))?"
    r"(?P<jok>(?:\|X=[0A2-9TJQK])*)(?:\[(?P<tag>GC|RR|IN)\])?"
    rf"(?:,P\((?P<pen>{_C}*)\))?)?"
    r"(?P<out>#)?"
)

#: A whole line in the standard shape: ``name:`` and a body ``_STD_FAST`` reads.
_FAST_LINE = re.compile(r"(?P<name>[^\s:*](?:[^:]*[^:\s])?):(?P<body>" + _STD_FAST.pattern + ")")

_STOP = r"[^\s|;,#()\[\]]"
#: One joker value: a rank, or its decimal value 0–13 (a longer number is not one).
_JV = r"(?:1[0-3](?!\d)|\d(?!\d)|[A2-9TJQK])"
_TOKEN = re.compile(
    "|".join(
        [
            r"(?P<ws>\s+)",
            r"(?P<rev>\[R\])",
            r"(?P<foot>\[\d+\])",
            r"(?P<tag>[\[(](?:GC|RR|IN|グロタンカット|グロタンディーク素数切り|ラマヌジャン革命)[\])])",
            r"(?P<pass>%%|%|Pass|PASS|pass|パス|T\.O\.)",
            r"(?P<draw>D(?:\((?P<draw_p>[^()]*)\)|\{(?P<draw_b>[^{}]*)\})?"
            rf"(?:;D=(?P<draw_f>{_STOP}*))?)",
            rf"(?P<penf>;P(?:\((?P<penf_n>[^()]*)\))?=(?P<penf_c>{_STOP}*))",
            r"(?P<pen>P(?:\((?P<pen_p>[^()]*)\)|(?P<pen_n>\d+))?)",
            r"(?P<penj>\((?:ペナルティ|P|P=(?P<penj_c>[^()]*))\))",
            rf"(?P<joker>[|;]X=(?P<jv>{_JV}(?:,{_JV})*))",
            r"(?P<jokbad>[|;]X=)",
            r"(?P<dec>[A2-9TJQKX?0-9]*[01][A2-9TJQKX?0-9]*)",
            r"(?P<cards>(?:[A2-9TJQKX?][dchs]?)+)",
            r"(?P<op>[=*^])",
            r"(?P<sep>[,;])",
            r"(?P<out>#)",
            r"(?P<flush>r)",
            # Text the notation does not use (names, headings, URLs) is one token per run,
            # so that the bare tokenizer pass is a fair baseline; the scanner reports the
            # run's first character, which is where reading failed.
            r"(?P<bad>[^\sA-Z0-9?%#=*^|;,()\[\]{}.:!]+|.)",
        ]
    )
)

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
_SAME_PLAYERS = re.compile(
    r"\(?\s*(?:(?P<kanji>[一二三四五六七八九十百]+)|(?P<digits>\d+))\s*試合目\s*\)?\s*と同じ"
    r"|\(?\s*前試合\s*\)?\s*と同じ"
)
_NOT_A_NAME = re.compile(r"[()\[\]|%#=^*,]|^D\(")

_FANDOM_SIGNS = re.compile(
    r"初期\s*:|素数判定員|:\s*Pass\b|\((?:GC|RR)\)|;X=|:\s*D(?:;|$)|P\(\d+\);|:\s*[^:\n]*\*[^:\n]*=",
    re.MULTILINE,
)
_FANDOM_SYMBOL = re.compile(r"[A-Za-z0-9]{1,3}")
_FANDOM_KEY = re.compile(r"^\s*[A-Z]\s*:", re.MULTILINE)
_STANDARD_SIGNS = re.compile(
    r":\s*\(|D\(|:\s*%|\[(?:GC|RR|IN)\]|\|X=|,P\(|:\s*[A2-9TJQKX]+=", re.MULTILINE
)


def tokenize(text: str) -> int:
    """A bare tokenizer pass over record text (the benchmark's baseline): token count."""
    return sum(1 for _ in _TOKEN.finditer(text))


# --------------------------------------------------------------------------- dialect


def _count(pattern: re.Pattern[str], text: str) -> int:
    return len(pattern.findall(text))


def detect_dialect(source: RecordSource) -> Dialect:
    """Front matter ``notation:`` wins; otherwise count each dialect's telltale signs."""
    declared = str(source.meta.get("notation") or "").strip().lower()
    if declared in ("fandom", "standard"):
        return Dialect(declared)
    text = normalise("\n".join(line.text for line in source.lines if line.kind is LineKind.TEXT))
    fandom, standard = _signs(text)
    if fandom == standard == 0 and source.count > 1:
        # A short game in a multi-game file ("二試合目" with a few plain plays) says
        # nothing by itself: the file's other games do.
        fandom, standard = _signs(normalise(source.file_text))
    return Dialect.FANDOM if fandom > standard else Dialect.STANDARD


def _signs(text: str) -> tuple[int, int]:
    """How many telltale signs of (Fandom, standard) the text has."""
    fandom = _count(_FANDOM_SIGNS, text)
    # The spec's one-letter player symbols (A:Foo, B:223) count once, not per line:
    # a standard record may have a player called "A" too.
    if _FANDOM_KEY.search(text):
        fandom += 1
    return fandom, _count(_STANDARD_SIGNS, text)


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
        scanned = _MoveScanner(body, 1, Dialect.STANDARD).scan()
        if not scanned.problems and scanned.action is not Action.UNKNOWN:
            moves += 1
        if moves >= 3:
            return True
    return moves >= 2


# --------------------------------------------------------------------------- moves


@dataclass(frozen=True, slots=True)
class _Problem:
    """A problem found in a move body; the game parser turns it into a Diagnostic."""

    severity: Severity
    code: str
    message: str
    column: int


@dataclass(slots=True)
class _Scanned:
    """What one move body says, before it becomes a :class:`Move`."""

    action: Action = Action.UNKNOWN
    draw: tuple[Card, ...] | None = None
    number: CardRun | None = None
    factors: tuple[Factor, ...] = ()
    joker_values: list[str] = field(default_factory=list)
    tags: list[Special] = field(default_factory=list)
    penalty: Penalty | None = None
    out: bool = False
    flush: bool = False
    revolution: bool = False
    footnotes: list[str] = field(default_factory=list)
    problems: list[_Problem] = field(default_factory=list)


def _fast(body: str, column: int) -> _Scanned | None:
    """The common standard shape in one regex match; ``None`` → use the token scanner."""
    match = _STD_FAST.fullmatch(body)
    if match is None:
        return None
    draw, passed, num, fac, jok, tag, pen, out = match.group(
        "draw", "pass", "num", "fac", "jok", "tag", "pen", "out"
    )
    scanned = _Scanned()
    if draw is not None:
        scanned.draw = _cards(draw)
    if passed is not None:
        if out:
            return None
        scanned.action = Action.TIMEOUT if passed == "%%" else Action.PASS
        return scanned
    if num is None:
        return None
    offset = column + (len(draw) + 3 if draw is not None else 0)
    scanned.number = CardRun(_cards(num), offset)
    if fac is not None:
        factors = _factors_from_text(fac, offset + len(num) + 1)
        if factors is None:
            return None
        scanned.factors = factors
        scanned.action = Action.COMPOSITE
    else:
        scanned.action = Action.PLAY
    if jok:
        scanned.joker_values = [_JOKER_VALUES[value] for value in jok[3::4]]
    if tag is not None:
        scanned.tags = [_SPECIALS[tag]]
    if pen is not None:
        scanned.penalty = Penalty(_cards(pen), len(pen), column + match.start("pen") - 2)
    scanned.out = out is not None
    return scanned


def _factors_from_text(text: str, column: int) -> tuple[Factor, ...] | None:
    factors: list[Factor] = []
    for part in text.split("*"):
        if not part:
            return None
        pieces = part.split("^")
        runs: list[CardRun] = []
        col = column
        for piece in pieces:
            if not piece:
                return None
            runs.append(CardRun(_cards(piece), col))
            col += len(piece) + 1
        factors.append(Factor(runs[0], runs[1] if len(runs) > 1 else None, tuple(runs[2:])))
        column += len(part) + 1
    return tuple(factors)


class _MoveScanner:
    """The general reader: one left-to-right pass over the tokens of a move body."""

    __slots__ = ("body", "column", "dialect", "result")

    def __init__(self, body: str, column: int, dialect: Dialect) -> None:
        self.body = body
        self.column = column
        self.dialect = dialect
        self.result = _Scanned()

    def _problem(self, severity: Severity, code: str, message: str, offset: int) -> None:
        self.result.problems.append(_Problem(severity, code, message, self.column + offset))

    def scan(self) -> _Scanned:
        result = self.result
        expression: list[tuple[str, str, int]] = []
        expression_closed = False
        passed: Action | None = None
        for match in _TOKEN.finditer(self.body):
            kind = match.lastgroup
            start = match.start()
            text = match.group()
            if kind == "ws" or kind == "sep":
                continue
            if kind in ("cards", "op", "dec"):
                if expression_closed or passed is not None:
                    self._problem(
                        Severity.ERROR,
                        codes.TWO_NUMBERS,
                        f"'{text}' is a second number in one move",
                        start,
                    )
                    return self._unknown()
                expression.append((kind or "", text, start))
                continue
            if expression:
                expression_closed = True
            if kind == "bad":
                self._problem(
                    Severity.ERROR,
                    codes.UNREADABLE_MOVE,
                    f"cannot read '{text}' in the move '{self.body.strip()}'",
                    start,
                )
                return self._unknown()
            if kind == "pass":
                passed = Action.TIMEOUT if text in ("%%", "T.O.") else Action.PASS
            elif kind == "draw":
                if not self._draw(match):
                    return self._unknown()
            elif kind == "tag":
                result.tags.append(_SPECIALS[text[1:-1]])
            elif kind == "joker":
                if not self._jokers(match):
                    return self._unknown()
            elif kind == "jokbad":
                self._problem(
                    Severity.ERROR,
                    codes.BAD_JOKER_VALUE,
                    "a joker value must follow 'X=': 0–13 (0, A, 2 … 9, T, J, Q, K)",
                    match.end(),
                )
                return self._unknown()
            elif kind in ("pen", "penf", "penj"):
                if not self._penalty(kind, match):
                    return self._unknown()
            elif kind == "out":
                result.out = True
            elif kind == "flush":
                result.flush = True
            elif kind == "rev":
                result.revolution = True
            elif kind == "foot":
                result.footnotes.append(text)
        if expression:
            if passed is not None:
                self._problem(
                    Severity.ERROR,
                    codes.TWO_NUMBERS,
                    "a move cannot both pass and play cards",
                    expression[0][2],
                )
                return self._unknown()
            if not self._expression(expression):
                return self._unknown()
        elif passed is not None:
            result.action = passed
        elif result.draw is not None and not (
            result.penalty or result.out or result.tags or result.joker_values
        ):
            result.action = Action.DRAW
        else:
            self._problem(
                Severity.ERROR,
                codes.EMPTY_MOVE,
                "the move plays no cards, passes or draws"
                if self.body.strip()
                else "nothing is written after 'name:'",
                0,
            )
            return self._unknown()
        return result

    def _unknown(self) -> _Scanned:
        problems = self.result.problems
        self.result = _Scanned()
        self.result.problems = problems
        return self.result

    def _draw(self, match: re.Match[str]) -> bool:
        inner = match.group("draw_p")
        if inner is None:
            inner = match.group("draw_b")
        fandom = match.group("draw_f")
        if fandom is not None:
            inner = fandom
        if inner is None:
            self.result.draw = (_PLAIN_CARDS[UNKNOWN],)
            return True
        if _CARDS_RE.fullmatch(inner.strip()) is None:
            group = (
                "draw_f" if fandom is not None else "draw_p" if match.group("draw_p") else "draw_b"
            )
            offset = match.start(group) + _first_non_card(inner)
            self._problem(
                Severity.ERROR,
                codes.BAD_DRAW,
                f"the drawn cards '{inner.strip()}' are not cards ('{inner.strip()[0]}'?)"
                if inner.strip()
                else "the drawn cards are not cards",
                offset,
            )
            return False
        self.result.draw = _cards(inner.strip())
        return True

    def _jokers(self, match: re.Match[str]) -> bool:
        for value in match.group("jv").split(","):
            canonical = _JOKER_VALUES.get(value.strip())
            if canonical is None:
                self._problem(
                    Severity.ERROR,
                    codes.BAD_JOKER_VALUE,
                    f"the joker value '{value}' is not 0–13",
                    match.start("jv"),
                )
                return False
            self.result.joker_values.append(canonical)
        return True

    def _penalty_content(self, text: str, offset: int, start: int, counts: bool) -> Penalty | None:
        """``P(…)`` content: cards, or a count (Fandom ``P(12)``; any number with 0 or 1).

        ``offset`` is where the content starts in the body, ``start`` where the penalty
        notation (``P``, ``(P=``) starts: the penalty's column."""
        raw = text
        text = text.strip()
        if text.isdigit() and (counts or "0" in text or "1" in text):
            return Penalty(None, int(text), self.column + start)
        if _CARDS_RE.fullmatch(text) is not None:
            cards = _cards(text)
            return Penalty(cards, len(cards), self.column + start)
        self._problem(
            Severity.ERROR,
            codes.BAD_PENALTY,
            f"the penalty '{text}' is neither cards nor a number of cards",
            offset + _first_non_card(raw),
        )
        return None

    def _penalty(self, kind: str, match: re.Match[str]) -> bool:
        start = match.start()
        current = self.result.penalty
        if kind == "pen":
            inner, count = match.group("pen_p", "pen_n")
            if inner is not None:
                found = self._penalty_content(
                    inner, match.start("pen_p"), start, self.dialect is Dialect.FANDOM
                )
                if found is None:
                    return False
                self.result.penalty = found
            elif count is not None:
                self.result.penalty = Penalty(None, int(count), self.column + start)
            else:
                self.result.penalty = Penalty(None, None, self.column + start)
            return True
        if kind == "penj":
            inner = match.group("penj_c")
            if inner is None:
                self.result.penalty = Penalty(None, None, self.column + start)
                return True
            found = self._penalty_content(inner, match.start("penj_c"), start, False)
            if found is None:
                return False
            self.result.penalty = found
            return True
        # ";P=7X" / ";P(2)=7X": the Fandom list of penalty cards, after "P(n)".
        count_text, cards_text = match.group("penf_n", "penf_c")
        if _CARDS_RE.fullmatch(cards_text) is None or (
            count_text is not None and not count_text.strip().isdigit()
        ):
            self._problem(
                Severity.ERROR,
                codes.BAD_PENALTY,
                f"the penalty '{match.group()}' is not 'P=cards'",
                start,
            )
            return False
        cards = _cards(cards_text)
        if count_text is not None:
            drawn = int(count_text)
        elif current is not None and current.count is not None:
            drawn = current.count
        else:
            drawn = len(cards)
        column = current.column if current is not None else self.column + start
        self.result.penalty = Penalty(cards, drawn, column)
        return True

    def _expression(self, tokens: list[tuple[str, str, int]]) -> bool:
        for kind, text, start in tokens:
            if kind == "dec":
                self._problem(
                    Severity.WARNING,
                    codes.DECIMAL_NUMBER,
                    f"'{text}' looks like a decimal number, not cards "
                    "(write cards: A for 1, T for 10, J, Q, K); kept as written",
                    start,
                )
                return False
        equals = [i for i, (kind, text, _) in enumerate(tokens) if text == "="]
        if not equals:
            if len(tokens) == 1 and tokens[0][0] == "cards":
                self.result.number = CardRun(_cards(tokens[0][1]), self.column + tokens[0][2])
                self.result.action = Action.PLAY
                return True
            first_op = next((t for t in tokens if t[0] == "op"), None)
            if first_op is not None:
                self._problem(
                    Severity.ERROR,
                    codes.BAD_COMPOSITE,
                    "a factorisation needs '=' and the composite number",
                    first_op[2],
                )
            else:
                self._problem(
                    Severity.ERROR,
                    codes.TWO_NUMBERS,
                    f"'{tokens[1][1]}' is a second number in one move",
                    tokens[1][2],
                )
            return False
        if len(equals) > 1:
            self._problem(
                Severity.ERROR,
                codes.BAD_COMPOSITE,
                "a second '=' in one play",
                tokens[equals[1]][2],
            )
            return False
        left, right = tokens[: equals[0]], tokens[equals[0] + 1 :]
        left_ops = any(kind == "op" for kind, _, _ in left)
        right_ops = any(kind == "op" for kind, _, _ in right)
        if left_ops and right_ops:
            number_side, factor_side = None, None
        elif right_ops:
            number_side, factor_side = left, right
        elif left_ops or self.dialect is Dialect.FANDOM:
            # Factors first: "3*5=A5" (the Fandom spec's order).
            number_side, factor_side = right, left
        else:
            number_side, factor_side = left, right
        if number_side is None or factor_side is None or len(number_side) != 1:
            self._problem(
                Severity.ERROR,
                codes.BAD_COMPOSITE,
                "a composite play is 'number=factors' (or 'factors=number' in Fandom records)",
                tokens[equals[0]][2],
            )
            return False
        factors = self._factors(factor_side)
        if factors is None:
            return False
        self.result.number = CardRun(_cards(number_side[0][1]), self.column + number_side[0][2])
        self.result.factors = factors
        self.result.action = Action.COMPOSITE
        return True

    def _factors(self, tokens: list[tuple[str, str, int]]) -> tuple[Factor, ...] | None:
        # cards (op cards)*, strictly alternating.
        for index, (kind, text, start) in enumerate(tokens):
            if (kind == "cards") != (index % 2 == 0) or (kind == "op" and text == "="):
                self._problem(
                    Severity.ERROR,
                    codes.BAD_COMPOSITE,
                    f"unexpected '{text}' in the factorisation",
                    start,
                )
                return None
        if not tokens or len(tokens) % 2 == 0:
            where = tokens[-1][2] if tokens else 0
            self._problem(
                Severity.ERROR,
                codes.BAD_COMPOSITE,
                "the factorisation ends without a factor",
                where,
            )
            return None
        factors: list[Factor] = []
        runs: list[CardRun] = []
        for index in range(0, len(tokens), 2):
            _, text, start = tokens[index]
            runs.append(CardRun(_cards(text), self.column + start))
            operator = tokens[index + 1][1] if index + 1 < len(tokens) else "*"
            if operator == "*":
                factors.append(Factor(runs[0], runs[1] if len(runs) > 1 else None, tuple(runs[2:])))
                runs = []
        return tuple(factors)


def _scan(body: str, column: int, dialect: Dialect) -> _Scanned:
    if dialect is Dialect.STANDARD:
        fast = _fast(body, column)
        if fast is not None:
            return fast
    return _MoveScanner(body, column, dialect).scan()


# --------------------------------------------------------------------------- games


class _GameParser:
    __slots__ = (
        "declaration_lines",
        "declared",
        "diagnostics",
        "game",
        "hands_seen",
        "known_names",
        "last_move",
        "meta_given",
        "meta_players",
        "movers",
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
        self.last_move: Move | None = None
        self.meta_players = dict(players_meta or {})
        self.declaration_lines: dict[str, list[tuple[int, int, str]]] = {}
        #: Keys with a seat (in ``game.order``): the fast path's "known player" test.
        self.seated: set[str] = set()
        self.text = ""

    def add(
        self,
        severity: Severity,
        code: str,
        message: str,
        line: int,
        column: int,
        step: int | None = None,
    ) -> None:
        """Record a problem; ``step`` is the 1-based index of the move it belongs to."""
        self.diagnostics.append(
            Diagnostic(severity, code, message, line, column, self.source.path, step)
        )

    def _seat(self, key: str) -> None:
        if key not in self.seated:
            self.seated.add(key)
            if key not in self.game.order:
                self.game.order.append(key)
            self.game.players.setdefault(key, key)

    def parse(self) -> ParsedGame:
        game = self.game
        for line in self.source.lines:
            kind = line.kind
            if kind is LineKind.TEXT:
                self._text(line.number, line.text)
            elif kind is LineKind.COMMENT:
                if self.last_move is None:
                    game.comments.append(line.comment)
                else:
                    self.last_move.comments.append(line.comment)
                    self.last_move.comment_lines.append(line.number)
            elif kind is LineKind.BOOKMARK:
                target = self.last_move
                name, text = line.bookmark, line.comment
                if target is None:
                    game.bookmarks.append(name)
                    if text:
                        game.comments.append(text)
                else:
                    target.bookmarks.append(name)
                    target.comment_lines.append(line.number)
                    if text:
                        target.comments.append(text)
        if game.moves:
            self._undeclare_silent_players()
        return game

    def _undeclare_silent_players(self) -> None:
        """A ``key:text`` header line whose key never plays and has no hand is header
        text, not a seat: ``先手:nishimura`` in a standard record (which has no player
        lines), ``注意:この棋譜は…`` above a Fandom record. Fandom player symbols
        (``A``, ``B1``) stay seats even if they never play: the spec declares them."""
        game = self.game
        kept: list[tuple[int, int, str]] = []
        for key in list(game.declared_players):
            if key in self.movers or key in game.initial_hands:
                continue
            if game.dialect is Dialect.FANDOM and _FANDOM_SYMBOL.fullmatch(key):
                continue
            kept.extend(self.declaration_lines[key])
            game.declared_players.remove(key)
            game.order.remove(key)
            self.declared.discard(key)
            if key in self.meta_players:
                game.players[key] = str(self.meta_players[key])
            else:
                del game.players[key]
        for number, column, text in sorted(kept):
            game.header_lines.append(text)
            self.add(
                Severity.WARNING,
                codes.HEADER_TEXT_KEPT,
                f"'{text.strip()}' names no player who plays; kept as header text",
                number,
                column,
            )

    def _text(self, number: int, text: str) -> None:
        game = self.game
        self.text = text
        norm = normalise(text)
        if game.dialect is Dialect.STANDARD:
            # Most lines of real records: a seated player's standard move, one match.
            fast = _FAST_LINE.fullmatch(norm)
            if (
                fast is not None
                and fast.group("name") in self.seated
                and self._fast_move(
                    number,
                    fast.start("body") + 1,
                    fast.group("name"),
                    text[fast.start("body") :],
                    fast,
                    1,
                )
            ):
                return
        same = _SAME_PLAYERS.fullmatch(norm.strip()) if "同じ" in norm else None
        if same is not None and not game.moves:
            if same.group("kanji"):
                game.same_players_as = kanji_number(same.group("kanji"))
            elif same.group("digits"):
                game.same_players_as = int(same.group("digits"))
            else:
                game.same_players_as = max(self.source.index - 1, 0)
            game.same_players_line = number
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
            game.judge = body.strip()
            return
        if name.endswith(_HAND_SUFFIX) and len(name) > len(_HAND_SUFFIX):
            self._hand(name[: -len(_HAND_SUFFIX)].strip(), body, number, column)
            return
        hand = _STD_HAND.fullmatch(body) if body[:1] == "(" else None
        if hand is not None and name not in game.initial_hands and name not in self.movers:
            inner_start = body_start + hand.start("cards")
            self._hand(name, hand.group("cards") + hand.group("feet"), number, inner_start + 1)
            return
        if (
            not game.moves
            and name not in game.initial_hands
            and name not in _JUDGE_KEYS
            and self._is_declaration(body)
        ):
            self._declare(name, body.strip(), number, column)
            return
        self._move(number, text, match, norm)

    def _not_a_move(self, number: int, text: str, norm: str) -> None:
        game = self.game
        if not game.moves:
            game.header_lines.append(text)
            self.add(
                Severity.WARNING,
                codes.HEADER_TEXT_KEPT,
                f"'{text.strip()}' is not a player, hand or move line; kept as header text",
                number,
                len(norm) - len(norm.lstrip()) + 1,
            )
            return
        move = Move(number, 1, "", text, Action.UNKNOWN)
        game.moves.append(move)
        self.last_move = move
        self.add(
            Severity.ERROR,
            codes.NOT_A_MOVE_LINE,
            f"'{text.strip()}' is not a move ('name:…') or a comment ('* …')",
            number,
            len(norm) - len(norm.lstrip()) + 1,
            len(game.moves),
        )

    def _is_declaration(self, body: str) -> bool:
        value = body.strip()
        if not value:
            return False
        if value == _UNKNOWN_WORD:
            return True
        if self.game.dialect is Dialect.STANDARD and _NOT_A_NAME.search(value):
            return False
        # A name has a character the notation does not use ("Foo", "はち"); a value made
        # of notation characters is a move, even a wrong one ("1213", "KQ=").
        scanned = _MoveScanner(value, 1, self.game.dialect).scan()
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
            )
        if key not in self.declared:
            game.declared_players.append(key)
        self.declared.add(key)
        self.known_names.add(key)
        self.declaration_lines.setdefault(key, []).append((number, column, self.text))
        game.players[key] = name
        if key not in game.order:
            game.order.append(key)

    def _hand(self, key: str, body: str, number: int, column: int) -> None:
        game = self.game
        footnotes = tuple(_FOOTNOTES.findall(body))
        value = _FOOTNOTES.sub("", body).strip() if footnotes else body.strip()
        if key in game.initial_hands:
            self.add(
                Severity.ERROR,
                codes.HAND_TWICE,
                f"the initial hand of '{key}' is given twice",
                number,
                column,
            )
            return
        if value == _UNKNOWN_WORD:
            cards: tuple[Card, ...] | None = None
        elif _CARDS_RE.fullmatch(value) is not None:
            cards = _cards(value)
        else:
            bad = _CARDS_RE.match(value)
            offset = bad.end() if bad else 0
            self.add(
                Severity.ERROR,
                codes.BAD_HAND,
                f"the initial hand of '{key}' has '{value[offset]}', which is not a card",
                number,
                column + (len(body) - len(body.lstrip())) + offset,
            )
            return
        game.initial_hands[key] = Hand(cards, number, column, footnotes)
        self.known_names.add(key)
        self._seat(key)

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
            fast = _STD_FAST.fullmatch(body)
            if fast is not None and self._fast_move(
                number,
                column,
                name,
                raw,
                fast,
                column,
                marks,
                match.group("label"),
                match.group("rev") is not None,
            ):
                return
        scanned = _scan(body, column, game.dialect)
        step = len(game.moves) + 1
        for problem in scanned.problems:
            self.add(problem.severity, problem.code, problem.message, number, problem.column, step)
        action = scanned.action
        if not self._known_player(name):
            self.add(
                Severity.ERROR,
                codes.UNKNOWN_PLAYER,
                f"'{name}' is not a player in this game",
                number,
                match.start("name") + 1,
                step,
            )
            action = Action.UNKNOWN
        else:
            self._seat(name)
            self.movers.add(name)
        move = Move(
            line=number,
            column=column,
            player=name,
            raw=raw,
            action=action,
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
        game.moves.append(move)
        self.last_move = move

    def _fast_move(
        self,
        number: int,
        column: int,
        name: str,
        raw: str,
        match: re.Match[str],
        base: int,
        marks: str = "",
        label: str | None = None,
        revolution: bool = False,
    ) -> bool:
        """The common standard shape, straight into a :class:`Move` (no token scan).

        ``match`` is a match of ``_STD_FAST`` (or ``_FAST_LINE``); ``base`` is the
        column of position 0 of the string it matched."""
        draw, passed, num, fac, jok, tag, pen, out = match.group(
            "draw", "pass", "num", "fac", "jok", "tag", "pen", "out"
        )
        if passed is not None:
            if out:
                return False
            action = Action.TIMEOUT if passed == "%%" else Action.PASS
            run = None
            factors: tuple[Factor, ...] = ()
        elif num is not None:
            run = CardRun(_cards(num), base + match.start("num"))
            if fac is not None:
                found = _factors_from_text(fac, base + match.start("fac"))
                if found is None:
                    return False
                factors = found
                action = Action.COMPOSITE
            else:
                factors = ()
                action = Action.PLAY
        else:
            return False
        move = Move(
            number,
            column,
            name,
            raw,
            action,
            _cards(draw) if draw is not None else None,
            run,
            factors,
            tuple(_JOKER_VALUES[value] for value in jok[3::4]) if jok else (),
            (_SPECIALS[tag],) if tag is not None else (),
            Penalty(_cards(pen), len(pen), base + match.start("pen") - 2)
            if pen is not None
            else None,
            out is not None,
            False,
            revolution,
            (),
            marks,
            label,
        )
        self.movers.add(name)
        self.game.moves.append(move)
        self.last_move = move
        return True

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
            )
        )
    parser = _GameParser(source, players_meta, detect_dialect(source))
    try:
        game = parser.parse()
    except RecursionError:  # pragma: no cover - nothing here recurses; belt and braces
        game = parser.game
    diagnostics.extend(parser.diagnostics)
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
                )
            )
            continue
        earlier = games[ref - 1]
        for key, name in earlier.players.items():
            # A key this game only saw on move lines has itself as its name so far.
            if game.players.get(key, key) == key:
                game.players[key] = name
        game.order[:] = earlier.order + [key for key in game.order if key not in earlier.order]
        if game.judge is None:
            game.judge = earlier.judge
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
