"""Card glyphs for Prime Daifugo's templates: the ``pd_cards`` Jinja filter.

Ranks are single characters (``A``, ``2`` … ``K``, ``X`` the joker, ``?`` a card
nobody saw). The script in ``assets/prime-daifugo.js`` draws the same glyphs from the
compact text form in the browser (``data-cards``).
"""

from __future__ import annotations

from functools import lru_cache

import jinja2
from markupsafe import Markup, escape


@lru_cache(maxsize=4096)
def cards_html(text: str, extra: str = "") -> Markup:
    """Card glyphs for a run of ranks (``QT338X?``): one ``kw-card`` per rank.

    A filter (``{{ hand | pd_cards }}``) rather than a template macro, because state
    partials print hands at every step: a macro call per card costs more than the rest
    of a record page together. Hands repeat a lot, so results are cached.
    """
    parts = []
    for rank in text:
        kind = " kw-joker" if rank == "X" else " kw-unknown" if rank == "?" else ""
        glyph = escape(rank)
        parts.append(
            f'<span class="kw-card{kind}{escape(extra)}" data-rank="{glyph}">{glyph}</span>'
        )
    return Markup("".join(parts))  # noqa: S704 - every piece is escaped above


@lru_cache(maxsize=4096)
def cards_text(text: str, extra: str = "") -> Markup:
    """The compact form of :func:`cards_html`: the ranks as text in one element.

    Every step of a record carries its own position, so a 60-move game would print
    thousands of card glyphs; the per-step positions print text instead (readable
    without JavaScript, and searchable), and the game's script turns the one position
    the board shows into glyphs from ``data-cards``.
    """
    if not text:
        return Markup("")
    glyphs = escape(text)
    return Markup(  # noqa: S704 - every piece is escaped here
        f'<span class="kw-cards{escape(extra)}" data-cards="{glyphs}">{glyphs}</span>'
    )


@jinja2.pass_context
def cards_filter(context: jinja2.runtime.Context, text: object, extra: str = "") -> Markup:
    """``pd_cards``: glyphs, or compact text where the viewer set ``compact``."""
    ranks = "" if text is None else str(text)
    if context.get("compact"):
        return cards_text(ranks, extra)
    return cards_html(ranks, extra)
