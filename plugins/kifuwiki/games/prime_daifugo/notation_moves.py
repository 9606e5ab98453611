"""Reading one Prime Daifugo move body: ``D(7)KQ=2^5*4A|X=K[GC],P(…)#`` → fields.

Used by :mod:`.notation` (which reads whole games). Two readers that must agree (a
test checks every corpus move and fuzzed ones):

* :func:`std_fast`, one regex for the standard shape of ≈99% of real lines (each
  pattern here is compiled on first use: :mod:`kifuwiki.core.lazyre`);
* :class:`MoveScanner`, a single left-to-right pass over :func:`token_regex` matches (one
  master regex, no backtracking between tokens) for everything else: the Fandom
  dialect, blog variants, and text that is wrong.

Neither raises: problems become :class:`Problem` entries with the column of the first
character that could not be read. ``MoveScanner``, ``scan_move``, ``Scanned`` and
``Problem`` live in :mod:`.notation_scan`, imported when first named here (a corpus of
standard lines never needs them: ``kifuwiki validate`` skips creating two dataclasses).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from kifuwiki.core.lazyre import lazy_pattern
from kifuwiki.games.prime_daifugo.model import (
    RANKS,
    Card,
    CardRun,
    Factor,
    Special,
)

if TYPE_CHECKING:
    from kifuwiki.games.prime_daifugo.notation_scan import MoveScanner as MoveScanner
    from kifuwiki.games.prime_daifugo.notation_scan import Problem as Problem
    from kifuwiki.games.prime_daifugo.notation_scan import Scanned as Scanned
    from kifuwiki.games.prime_daifugo.notation_scan import scan_move as scan_move

#: The general reader's names, in :mod:`.notation_scan` (imported on first use).
_SCANNER_NAMES = frozenset({"MoveScanner", "Problem", "Scanned", "scan_move"})

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
PLAIN_CARDS = {rank: Card(rank) for rank in _CARD_CHARS}
CARDS_RE = re.compile(r"(?:[A2-9TJQKX?][dchs]?)*")
_suited_card = lazy_pattern(r"([A2-9TJQKX?])([dchs]?)")


#: Card tuples by text: records repeat the same runs (hands, draws, plays) all the time,
#: and cards are immutable, so one tuple serves them all. Bounded so that no input can
#: make it grow without limit.
_CARD_CACHE: dict[str, tuple[Card, ...]] = {}
_CARD_CACHE_LIMIT = 50_000


#: The ranks of the tuples in ``_CARD_CACHE`` (by ``id``; the entry keeps its tuple, so
#: the id is that tuple's): the replay needs a play's or a draw's ranks as text.
_RANKS_BY_ID: dict[int, tuple[tuple[Card, ...], str]] = {}


def cards_of(text: str) -> tuple[Card, ...]:
    """Cards of a text already known to match ``CARDS_RE``."""
    cached = _CARD_CACHE.get(text)
    if cached is not None:
        return cached
    if not ("d" in text or "c" in text or "h" in text or "s" in text):
        # map() rather than a generator: no frame per card (a hand of 11: ~0.49 →
        # ~0.33 µs). The same cards as _read_cards (tests).
        cards = tuple(map(_PLAIN_CARD, text))
        ranks = text
    else:
        cards = _read_cards(text)
        ranks = "".join([card.rank for card in cards])
    if len(_CARD_CACHE) >= _CARD_CACHE_LIMIT:
        _CARD_CACHE.clear()
        _RANKS_BY_ID.clear()
    _CARD_CACHE[text] = cards
    _RANKS_BY_ID[id(cards)] = (cards, ranks)
    return cards


_PLAIN_CARD = PLAIN_CARDS.__getitem__


def _read_cards(text: str) -> tuple[Card, ...]:
    """The cards of a text matching ``CARDS_RE``, suited or not: :func:`cards_of`'s
    general reading (a text without suits takes its shortcut)."""
    return tuple(
        PLAIN_CARDS[rank] if not suit else Card(rank, suit)
        for rank, suit in _suited_card().findall(text)
    )


_new_object = object.__new__
_set_run_cards = CardRun.cards.__set__  # type: ignore[attr-defined,misc]
_set_run_column = CardRun.column.__set__  # type: ignore[attr-defined,misc]


def card_run(cards: tuple[Card, ...], column: int) -> CardRun:
    """``CardRun(cards, column)`` without the frozen ``__init__`` (two
    ``object.__setattr__`` calls): the slots' own setters, ~0.23 → ~0.13 µs. The same
    instance, equal, hashed and shown alike (tests)."""
    run: CardRun = _new_object(CardRun)
    _set_run_cards(run, cards)
    _set_run_column(run, column)
    return run


def ranks_of(cards: Sequence[Card]) -> str:
    """``"".join(card.rank for card in cards)``, looked up for the cards of
    :func:`cards_of` (every move line's), joined for any others."""
    known = _RANKS_BY_ID.get(id(cards))
    if known is not None and known[0] is cards:
        return known[1]
    return "".join([card.rank for card in cards])


def first_non_card(text: str) -> int:
    """Offset of the first character in ``text`` that is not part of a card (or blank)."""
    stripped = text.lstrip()
    skipped = len(text) - len(stripped)
    match = CARDS_RE.match(stripped)
    return skipped + (match.end() if match else 0)


def parse_cards(text: str, column: int = 1) -> CardRun | None:
    """``QhK?X`` → a :class:`CardRun`; ``None`` when the text is not all cards."""
    if CARDS_RE.fullmatch(text) is None:
        return None
    return CardRun(cards_of(text), column)


#: Joker values as written (a rank, or its decimal value 0–13) → canonical (``0``, ``A`` … ``K``).
JOKER_VALUES: dict[str, str] = {"0": "0", **{rank: rank for rank in RANKS}}
JOKER_VALUES.update({str(value): rank for value, rank in enumerate(RANKS, start=1)})

SPECIALS = {
    "GC": Special.GC,
    "グロタンカット": Special.GC,
    "グロタンディーク素数切り": Special.GC,
    "RR": Special.RR,
    "ラマヌジャン革命": Special.RR,
    "IN": Special.IN,
}

#: A count of cards (a penalty's ``P(12)``) has at most this many digits: no deck holds
#: more than 9,999 cards, and Python will not even read a number of 4,300 digits.
MAX_COUNT_DIGITS = 4

# --------------------------------------------------------------------------- regexes

_C = "[A2-9TJQKX?]"

#: The standard shape of ≈99% of real move lines, read in one match.
STD_FAST_PATTERN = (
    rf"(?:D\((?P<draw>{_C}*)\))?"
    rf"(?:(?P<pass>%%?)|(?P<num>{_C}+)(?:=(?P<fac>{_C}+(?:[*^]{_C}+)*))?"
    r"(?P<jok>(?:\|X=[0A2-9TJQK])*)(?:\[(?P<tag>GC|RR|IN)\])?"
    rf"(?:,P\((?P<pen>{_C}*)\))?)?"
    r"(?P<out>#)?"
)
std_fast = lazy_pattern(STD_FAST_PATTERN)

#: A card with its optional suit, for ";D=…" and ";P=…" (which end where cards end).
_CS = r"(?:[A2-9TJQKX?][dchs]?)"
#: One joker value: a rank, or its decimal value 0–13 (a longer number is not one).
_JV = r"(?:1[0-3](?!\d)|\d(?!\d)|[A2-9TJQK])"
token_regex = lazy_pattern(
    "|".join(
        [
            r"(?P<ws>\s+)",
            r"(?P<rev>\[R\])",
            r"(?P<foot>\[\d+\])",
            r"(?P<tag>[\[(](?:GC|RR|IN|グロタンカット|グロタンディーク素数切り|ラマヌジャン革命)[\])])",
            r"(?P<pass>%%|%|Pass|PASS|pass|パス|T\.O\.)",
            r"(?P<draw>D(?:\((?P<draw_p>[^()]*)\)|\{(?P<draw_b>[^{}]*)\})?"
            rf"(?:;D=(?P<draw_f>{_CS}*))?)",
            rf"(?P<penf>;P(?:\((?P<penf_n>[^()]*)\))?=(?P<penf_c>{_CS}*))",
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


def __getattr__(name: str) -> Any:
    """``TOKEN`` and ``STD_FAST``, the compiled patterns under their former names; the
    general reader's names (:mod:`.notation_scan`)."""
    if name == "TOKEN":
        return token_regex()
    if name == "STD_FAST":
        return std_fast()
    if name in _SCANNER_NAMES:
        from kifuwiki.games.prime_daifugo import notation_scan

        return getattr(notation_scan, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def tokenize(text: str) -> int:
    """A bare tokenizer pass over record text (the benchmark's baseline): token count."""
    return sum(1 for _ in token_regex().finditer(text))


# --------------------------------------------------------------------------- moves


def factors_from_text(text: str, column: int) -> tuple[Factor, ...] | None:
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
            runs.append(CardRun(cards_of(piece), col))
            col += len(piece) + 1
        factors.append(Factor(runs[0], runs[1] if len(runs) > 1 else None, tuple(runs[2:])))
        column += len(part) + 1
    return tuple(factors)
