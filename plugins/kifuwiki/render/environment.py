"""The Jinja environment every kifuwiki page and partial is rendered with.

It is kifuwiki's own environment, not the MkDocs theme's: autoescape is on (record
text is never trusted), the loader searches a user's ``custom_templates`` folder
before the packaged templates (so any template or game partial can be overridden),
and environments are cached per folder so templates compile once per process.
"""

from __future__ import annotations

from functools import cache, lru_cache
from pathlib import Path

import jinja2
from markupsafe import Markup, escape

from kifuwiki.core.safe_markdown import render_comment, render_inline
from kifuwiki.games import get_game, normalise_game_id
from kifuwiki.games.base import step_annotations, step_label
from kifuwiki.render.labels import badge_label, sorted_badges, t
from kifuwiki.render.resources import templates_dir


def game_name(game_id: str, lang: str = "ja") -> str:
    """The game's display name in ``lang``; the id itself for an unknown game."""
    known = normalise_game_id(game_id)
    if known is None:
        return game_id
    try:
        names = get_game(known).names
    except ImportError:  # a game package that is not there (yet)
        return game_id
    return names.get("en" if lang == "en" else "ja") or names.get("en") or game_id


@lru_cache(maxsize=4096)
def cards_html(text: str, extra: str = "") -> Markup:
    """Card glyphs for a run of ranks (``QT338X?``): the generic ``kw-card`` markup.

    A filter (``{{ hand | kw_cards }}``) rather than a template macro, because state
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
    without JavaScript, and searchable), and the viewer script turns the one position
    it shows in the board into glyphs from ``data-cards``.
    """
    if not text:
        return Markup("")
    glyphs = escape(text)
    return Markup(  # noqa: S704 - every piece is escaped here
        f'<span class="kw-cards{escape(extra)}" data-cards="{glyphs}">{glyphs}</span>'
    )


@jinja2.pass_context
def cards_filter(context: jinja2.runtime.Context, text: object, extra: str = "") -> Markup:
    """``kw_cards``: glyphs, or compact text where the template set ``compact``."""
    ranks = "" if text is None else str(text)
    if context.get("compact"):
        return cards_text(ranks, extra)
    return cards_html(ranks, extra)


def make_environment(custom_templates: Path | None = None) -> jinja2.Environment:
    """The (cached) environment for ``custom_templates`` over the packaged templates."""
    key = str(custom_templates.resolve()) if custom_templates is not None else None
    return _environment(key)


@cache
def _environment(custom_templates: str | None) -> jinja2.Environment:
    loaders: list[jinja2.BaseLoader] = []
    if custom_templates is not None:
        loaders.append(jinja2.FileSystemLoader(custom_templates))
    loaders.append(jinja2.FileSystemLoader(str(templates_dir())))
    env = jinja2.Environment(
        loader=jinja2.ChoiceLoader(loaders),
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
        # No mtime check on every get_template: a viewer includes its state partial
        # once per step, and the stat calls cost seconds per thousand pages. A
        # long-running process that sees templates change calls forget_environments().
        auto_reload=False,
    )
    env.filters["comment"] = render_comment
    env.filters["comment_inline"] = render_inline
    env.filters["kw_cards"] = cards_filter
    env.globals["t"] = t
    env.globals["game_name"] = game_name
    env.globals["sorted_badges"] = sorted_badges
    env.globals["badge_label"] = badge_label
    env.globals["step_label"] = step_label
    env.globals["step_annotations"] = step_annotations
    return env


def forget_environments() -> None:
    """Drop cached environments, so edited templates are read again (``mkdocs serve``)."""
    _environment.cache_clear()
