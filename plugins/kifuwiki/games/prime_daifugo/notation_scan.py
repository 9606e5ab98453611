"""The general reader of one Prime Daifugo move body, and the common shape's quick
reader in front of it (:func:`scan_move`): what a move says, as a :class:`Scanned`, with
:class:`Problem` entries for what could not be read.

Apart from :mod:`.notation_moves` (the shared card and pattern helpers): a record whose
lines all have the standard shape is read by :mod:`.notation`'s own fast path and never
needs this module, whose two dataclasses and scanner are then not created at all
(``kifuwiki validate`` on the real corpus). :mod:`.notation_moves` still names them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from kifuwiki.core.diagnostics import Severity
from kifuwiki.games.prime_daifugo import notation_codes as codes
from kifuwiki.games.prime_daifugo.codes import quote
from kifuwiki.games.prime_daifugo.model import (
    UNKNOWN,
    Action,
    Card,
    CardRun,
    Dialect,
    Factor,
    Penalty,
    Special,
)
from kifuwiki.games.prime_daifugo.notation_moves import (
    CARDS_RE,
    JOKER_VALUES,
    MAX_COUNT_DIGITS,
    PLAIN_CARDS,
    SPECIALS,
    cards_of,
    factors_from_text,
    first_non_card,
    std_fast,
    token_regex,
)


@dataclass(frozen=True, slots=True)
class Problem:
    """A problem found in a move body; the game parser turns it into a Diagnostic."""

    severity: Severity
    code: str
    message: str
    column: int
    ja: str = ""
    """The message in Japanese."""


@dataclass(slots=True)
class Scanned:
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
    problems: list[Problem] = field(default_factory=list)


def _fast(body: str, column: int) -> Scanned | None:
    """The common standard shape in one regex match; ``None`` → use the token scanner."""
    match = std_fast().fullmatch(body)
    if match is None:
        return None
    draw, passed, num, fac, jok, tag, pen, out = match.group(
        "draw", "pass", "num", "fac", "jok", "tag", "pen", "out"
    )
    scanned = Scanned()
    if draw is not None:
        scanned.draw = cards_of(draw)
    if passed is not None:
        if out:
            return None
        scanned.action = Action.TIMEOUT if passed == "%%" else Action.PASS
        return scanned
    if num is None:
        return None
    offset = column + (len(draw) + 3 if draw is not None else 0)
    scanned.number = CardRun(cards_of(num), offset)
    if fac is not None:
        factors = factors_from_text(fac, offset + len(num) + 1)
        if factors is None:
            return None
        scanned.factors = factors
        scanned.action = Action.COMPOSITE
    else:
        scanned.action = Action.PLAY
    if jok:
        scanned.joker_values = [JOKER_VALUES[value] for value in jok[3::4]]
    if tag is not None:
        scanned.tags = [SPECIALS[tag]]
    if pen is not None:
        scanned.penalty = Penalty(cards_of(pen), len(pen), column + match.start("pen") - 2)
    scanned.out = out is not None
    return scanned


#: ``*`` after a space and followed by text no move is made of (``KQ#  * 決着``); a
#: factorisation's ``*`` is followed by cards (``KQ=2^5 * 4A``).
_TRAILING_COMMENT = re.compile(r"\s(?P<star>\*)\s*[^\sA2-9TJQKX0-9(\[*^=]")


class MoveScanner:
    """The general reader: one left-to-right pass over the tokens of a move body."""

    __slots__ = ("body", "column", "dialect", "result")

    def __init__(self, body: str, column: int, dialect: Dialect) -> None:
        self.body = body
        self.column = column
        self.dialect = dialect
        self.result = Scanned()

    def _problem(
        self, severity: Severity, code: str, message: str, offset: int, *, ja: str = ""
    ) -> None:
        self.result.problems.append(Problem(severity, code, message, self.column + offset, ja))

    def scan(self) -> Scanned:
        result = self.result
        comment = _TRAILING_COMMENT.search(self.body)
        if comment is not None:
            # "747A3#  * 決着": a comment on the move's line. Said as such; the bare
            # "'*' is a second number" or "cannot read '決'" left a player guessing.
            where = comment.start("star")
            written = quote(self.body[where:].strip())
            self._problem(
                Severity.ERROR,
                codes.UNREADABLE_MOVE,
                f"cannot read '{written}' after the move: a comment goes on its own line, "
                "starting with *",
                where,
                ja=f"手の後の '{written}' が読めない。コメントは * で始まる別の行に書く",
            )
            return self._unknown()
        expression: list[tuple[str, str, int]] = []
        expression_closed = False
        passed: Action | None = None
        for match in token_regex().finditer(self.body):
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
                        f"'{quote(text)}' is a second number in one move",
                        start,
                        ja=f"'{quote(text)}' は1つの手の2つ目の数",
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
                    f"cannot read '{quote(text)}' in the move '{quote(self.body.strip())}'",
                    start,
                    ja=f"手 '{quote(self.body.strip())}' の '{quote(text)}' が読めない",
                )
                return self._unknown()
            if kind == "pass":
                passed = Action.TIMEOUT if text in ("%%", "T.O.") else Action.PASS
            elif kind == "draw":
                if not self._draw(match):
                    return self._unknown()
            elif kind == "tag":
                result.tags.append(SPECIALS[text[1:-1]])
            elif kind == "joker":
                if not self._jokers(match):
                    return self._unknown()
            elif kind == "jokbad":
                self._problem(
                    Severity.ERROR,
                    codes.BAD_JOKER_VALUE,
                    "a joker value must follow 'X=': 0–13 (0, A, 2 … 9, T, J, Q, K)",
                    match.end(),
                    ja="'X=' の後にはジョーカーの値 0–13(0, A, 2 … 9, T, J, Q, K)を書く",
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
                    ja="1つの手でパスとカードを出すことは同時にできない",
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
                ja="カードを出す・パス・ドローのどれもない手"
                if self.body.strip()
                else "'名前:' の後に何も書かれていない",
            )
            return self._unknown()
        return result

    def _unknown(self) -> Scanned:
        problems = self.result.problems
        self.result = Scanned()
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
            self.result.draw = (PLAIN_CARDS[UNKNOWN],)
            return True
        if CARDS_RE.fullmatch(inner.strip()) is None:
            group = (
                "draw_f" if fandom is not None else "draw_p" if match.group("draw_p") else "draw_b"
            )
            offset = match.start(group) + first_non_card(inner)
            self._problem(
                Severity.ERROR,
                codes.BAD_DRAW,
                f"the drawn cards '{inner.strip()}' are not cards ('{inner.strip()[0]}'?)"
                if inner.strip()
                else "the drawn cards are not cards",
                offset,
                ja=f"ドローしたカード '{inner.strip()}' がカードとして読めない",
            )
            return False
        self.result.draw = cards_of(inner.strip())
        return True

    def _jokers(self, match: re.Match[str]) -> bool:
        for value in match.group("jv").split(","):
            canonical = JOKER_VALUES.get(value.strip())
            if canonical is None:
                self._problem(
                    Severity.ERROR,
                    codes.BAD_JOKER_VALUE,
                    f"the joker value '{value}' is not 0–13",
                    match.start("jv"),
                    ja=f"ジョーカーの値 '{value}' が 0–13 でない",
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
            if len(text) > MAX_COUNT_DIGITS:
                self._problem(
                    Severity.ERROR,
                    codes.BAD_PENALTY,
                    f"the penalty of {len(text)} digits is more cards than any deck holds",
                    offset + len(raw) - len(raw.lstrip()),
                    ja=f"{len(text)} 桁のペナルティは、どのデッキよりも多い枚数",
                )
                return None
            return Penalty(None, int(text), self.column + start)
        if CARDS_RE.fullmatch(text) is not None:
            cards = cards_of(text)
            return Penalty(cards, len(cards), self.column + start)
        self._problem(
            Severity.ERROR,
            codes.BAD_PENALTY,
            f"the penalty '{text}' is neither cards nor a number of cards",
            offset + first_non_card(raw),
            ja=f"ペナルティ '{text}' がカードでも枚数でもない",
        )
        return None

    def _penalty(self, kind: str, match: re.Match[str]) -> bool:
        start = match.start()
        current = self.result.penalty
        if kind == "pen":
            inner, count = match.group("pen_p", "pen_n")
            if inner is not None:
                # "P(2)" counts cards in Fandom records, and wherever ";P=cards" follows
                # (the Fandom form); in the standard dialect, and after a comma (the
                # standard ",P(…)" in any record), it names the cards drawn.
                standard_form = self.body[start - 1 : start] == ","
                counts = (
                    self.dialect is Dialect.FANDOM and not standard_form
                ) or self.body.startswith(";P", match.end())
                found = self._penalty_content(inner, match.start("pen_p"), start, counts)
                if found is None:
                    return False
                self.result.penalty = found
            elif count is not None:
                found = self._penalty_content(count, match.start("pen_n"), start, True)
                if found is None:
                    return False
                self.result.penalty = found
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
        if CARDS_RE.fullmatch(cards_text) is None or (
            count_text is not None and not count_text.strip().isdigit()
        ):
            self._problem(
                Severity.ERROR,
                codes.BAD_PENALTY,
                f"the penalty '{match.group()}' is not 'P=cards'",
                start,
                ja=f"ペナルティ '{match.group()}' が 'P=カード' の形でない",
            )
            return False
        cards = cards_of(cards_text)
        if count_text is not None and len(count_text.strip()) > MAX_COUNT_DIGITS:
            self._problem(
                Severity.ERROR,
                codes.BAD_PENALTY,
                "the penalty count is more cards than any deck holds",
                start,
                ja="ペナルティの枚数が、どのデッキよりも多い",
            )
            return False
        if count_text is not None:
            drawn = int(count_text)
        elif current is not None and current.cards is None and current.count is not None:
            drawn = current.count  # "P(2);P=7X": the count, then the cards
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
                    ja=f"'{text}' はカードでなく10進の数に見える(A=1, T=10, J, Q, K のカードで"
                    "書く)。書かれたまま残す",
                )
                return False
        equals = [i for i, (kind, text, _) in enumerate(tokens) if text == "="]
        if not equals:
            if len(tokens) == 1 and tokens[0][0] == "cards":
                self.result.number = CardRun(cards_of(tokens[0][1]), self.column + tokens[0][2])
                self.result.action = Action.PLAY
                return True
            first_op = next((t for t in tokens if t[0] == "op"), None)
            if first_op is not None:
                self._problem(
                    Severity.ERROR,
                    codes.BAD_COMPOSITE,
                    "a factorisation needs '=' and the composite number",
                    first_op[2],
                    ja="素因数分解には '=' と合成数が要る",
                )
            else:
                self._problem(
                    Severity.ERROR,
                    codes.TWO_NUMBERS,
                    f"'{tokens[1][1]}' is a second number in one move",
                    tokens[1][2],
                    ja=f"'{tokens[1][1]}' は1つの手の2つ目の数",
                )
            return False
        if len(equals) > 1:
            self._problem(
                Severity.ERROR,
                codes.BAD_COMPOSITE,
                "a second '=' in one play",
                tokens[equals[1]][2],
                ja="1つの出し方に2つ目の '=' がある",
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
                ja="合成数出しは '数=因数'(Fandom の棋譜では '因数=数')",
            )
            return False
        factors = self._factors(factor_side)
        if factors is None:
            return False
        self.result.number = CardRun(cards_of(number_side[0][1]), self.column + number_side[0][2])
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
                    ja=f"素因数分解に予期しない '{text}' がある",
                )
                return None
        if not tokens or len(tokens) % 2 == 0:
            where = tokens[-1][2] if tokens else 0
            self._problem(
                Severity.ERROR,
                codes.BAD_COMPOSITE,
                "the factorisation ends without a factor",
                where,
                ja="素因数分解が因数なしで終わっている",
            )
            return None
        factors: list[Factor] = []
        runs: list[CardRun] = []
        for index in range(0, len(tokens), 2):
            _, text, start = tokens[index]
            runs.append(CardRun(cards_of(text), self.column + start))
            operator = tokens[index + 1][1] if index + 1 < len(tokens) else "*"
            if operator == "*":
                factors.append(Factor(runs[0], runs[1] if len(runs) > 1 else None, tuple(runs[2:])))
                runs = []
        return tuple(factors)


def scan_move(body: str, column: int, dialect: Dialect) -> Scanned:
    if dialect is Dialect.STANDARD:
        fast = _fast(body, column)
        if fast is not None:
            return fast
    return MoveScanner(body, column, dialect).scan()
