"""Card glyphs for Prime Daifugo's templates: the ``pd_cards`` Jinja filter.

Cards are written as *faces*: a rank (``A``, ``2`` … ``K``, ``X`` the joker, ``?`` a
card nobody saw), then the suit's symbol when the record names it (``9♥``), then for a
joker on the field the value it stands for (``X(=7)``). Plain ranks (``QT338X?``) are
the usual case and stay exactly as they were. The per-step positions print the faces
as text, which reads as it is; ``assets/prime-daifugo.js`` draws the same glyphs from
that text in the browser (the text is the only copy: no ``data-`` attribute repeats it).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

import jinja2
from markupsafe import Markup, escape

from kifuwiki.games.prime_daifugo.model import JOKER, Card

#: The record's suit letters (seed 000: d c h s) and the symbols the faces show.
SUIT_SYMBOLS = {"d": "♦", "c": "♣", "h": "♥", "s": "♠"}
SUIT_LETTERS = {symbol: letter for letter, symbol in SUIT_SYMBOLS.items()}
_FACE = re.compile(r"([^()♦♣♥♠])([♦♣♥♠])?(?:\(=(\d+)\))?")
_PLAIN = re.compile(r"[^()♦♣♥♠]*")


def face_text(cards: Sequence[Card], jokers: Sequence[int] = ()) -> str:
    """Faces of ``cards``: ``9♥7♠X(=7)``; jokers take ``jokers`` left to right."""
    parts: list[str] = []
    values = iter(jokers)
    for card in cards:
        text = card.rank + (SUIT_SYMBOLS.get(card.suit, "") if card.suit else "")
        if card.rank == JOKER:
            value = next(values, None)
            if value is not None:
                text += f"(={value})"
        parts.append(text)
    return "".join(parts)


def ranks_with_jokers(ranks: str, jokers: Sequence[int]) -> str:
    """:func:`face_text` for a run of ranks without suits (``X3`` + (1,) → ``X(=1)3``)."""
    if not jokers or JOKER not in ranks:
        return ranks
    return face_text([Card(rank) for rank in ranks], jokers)


def parse_faces(text: str) -> list[tuple[str, str, str]]:
    """``9♥X(=7)`` → ``[("9", "h", ""), ("X", "", "7")]`` (rank, suit letter, joker value)."""
    return [
        (rank, SUIT_LETTERS.get(symbol, ""), value) for rank, symbol, value in _FACE.findall(text)
    ]


@lru_cache(maxsize=1024)
def _glyph(rank: str, suit: str, value: str, extra: str) -> str:
    """One card's glyph. Remembered: the board shows each record's first hands, which
    rarely repeat as a whole (``cards_html`` misses) but are made of a few dozen
    distinct cards."""
    kind = " kw-joker" if rank == JOKER else " kw-unknown" if rank == "?" else ""
    if suit:
        kind += f" kw-suit-{suit}"
    # No data-rank / data-suit / data-value: the text, the suit's class and symbol and
    # the title say them (this is the no-script board; the script draws its own glyphs).
    inner = str(escape(rank))
    title = ""
    if suit:
        inner += f'<small class="kw-suit">{SUIT_SYMBOLS[suit]}</small>'
    if value:
        # The value a joker stands for, visible and read out ("X=7").
        title = f' title="X={value}"'
        inner += f'<small class="kw-jv">={value}</small>'
    return f'<span class="kw-card{kind}{escape(extra)}"{title}>{inner}</span>'


@lru_cache(maxsize=4096)
def cards_html(text: str, extra: str = "") -> Markup:
    """Card glyphs for faces (``QT338X?``, ``9♥X(=7)``): one ``kw-card`` per card.

    A filter (``{{ hand | pd_cards }}``) rather than a template macro, because state
    partials print hands at every step: a macro call per card costs more than the rest
    of a record page together. Hands repeat a lot, so results are cached.
    """
    plain = _PLAIN.fullmatch(text)
    faces = [(rank, "", "") for rank in text] if plain else parse_faces(text)
    parts = [_glyph(rank, suit, value, extra) for rank, suit, value in faces]
    return Markup("".join(parts))  # noqa: S704 - every piece is escaped in _glyph


@lru_cache(maxsize=4096)
def cards_text(text: str, extra: str = "") -> Markup:
    """The compact form of :func:`cards_html`: the faces as text in one element.

    Every step of a record carries its own position, so a 60-move game would print
    thousands of card glyphs; the per-step positions print text instead (readable
    without JavaScript, searchable, and what "copy position" copies), and the game's
    script turns the one position the board shows into glyphs from that same text.
    """
    if not text:
        return Markup("")
    # <i>: the one element a position uses for a run of cards (the game's stylesheet
    # keeps it upright); an element a step, not a class name, since every step has several.
    marks = extra.strip()
    cls = f' class="{escape(marks)}"' if marks else ""
    return Markup(f"<i{cls}>{escape(text)}</i>")  # noqa: S704 - every piece is escaped here


@jinja2.pass_context
def cards_filter(context: jinja2.runtime.Context, text: object, extra: str = "") -> Markup:
    """``pd_cards``: glyphs, or compact text where the viewer set ``compact``."""
    faces = "" if text is None else str(text)
    if context.get("compact"):
        return cards_text(faces, extra)
    return cards_html(faces, extra)
