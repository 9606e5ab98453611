"""The Jinja environment every kifuwiki page and partial is rendered with.

It is kifuwiki's own environment, not the MkDocs theme's: autoescape is on (record
text is never trusted), the loader searches a user's ``custom_templates`` folder
before the packaged templates (so any template or game partial can be overridden),
and environments are cached per folder so templates compile once per process.
"""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping
from functools import cache, partial
from pathlib import Path
from typing import Any

import jinja2
from markupsafe import Markup, escape

from kifuwiki.core.diagnostics import counted, ordinal
from kifuwiki.core.safe_markdown import render_comment, render_inline
from kifuwiki.core.variations import SideLine, side_line_views, split_comments
from kifuwiki.games import all_games, get_game, normalise_game_id, registry_generation
from kifuwiki.games.base import (
    CORE_FLAGS,
    GameRecord,
    RecordView,
    StepFlag,
    in_language,
    rules_label,
    step_annotations,
    step_label,
)
from kifuwiki.render.escape import output_escape as output_escape  # re-exported
from kifuwiki.render.index_rows import badge_legend, games_table_rows
from kifuwiki.render.labels import badge_label, sorted_badges, step_title, t
from kifuwiki.render.partials import make_state_partial
from kifuwiki.render.resources import templates_dir
from kifuwiki.render.whitespace import DropIndentation


def game_name(game_id: str, lang: str = "ja") -> str:
    """The game's display name in ``lang``; the id itself for an unknown game."""
    known = normalise_game_id(game_id)
    if known is None:
        return game_id
    try:
        names = get_game(known).names
    except ImportError:  # a game package that is not there (yet)
        return game_id
    return in_language(names, lang, game_id)


def rules_name(game_id: str, rules: str, lang: str = "ja") -> str:
    """A record's rule set as its game labels it (``rule_preset_names``), else as written."""
    known = normalise_game_id(game_id)
    if known is None or not rules:
        return rules
    try:
        return rules_label(get_game(known), rules, lang)
    except ImportError:
        return rules


def with_core_flags(own: Mapping[str, StepFlag]) -> dict[str, StepFlag]:
    """A game's flags among the core's: comment first, the game's, then error, warning."""
    flags = {"comment": CORE_FLAGS["comment"], **own}
    for core in ("error", "warning"):
        flags.setdefault(core, CORE_FLAGS[core])
    return flags


def badge_markup(flags: Mapping[str, StepFlag], lang: str) -> dict[str, Markup]:
    """Flag id → the badge the move list shows next to a flagged move (with its space)."""
    return {
        flag_id: Markup(  # noqa: S704 - every piece is escaped here
            f' <span class="kw-badge kw-flag-{escape(flag_id)} kw-tone-{escape(flag.style)}">'
            f"{escape(flag.badge(lang))}</span>"
        )
        for flag_id, flag in flags.items()
        if flag.show_badge
    }


def viewer_flags(game_id: str) -> dict[str, StepFlag]:
    """The flags a viewer of ``game_id`` knows (``GameModule.step_flags`` and the core's)."""
    known = normalise_game_id(game_id)
    return with_core_flags(get_game(known).step_flags if known is not None else {})


def seat_hands(game_id: str) -> str:
    """The game's ``seat_hands`` rule (how the seat view finds a hand's player and
    count without ``data-kw-seat``), or ``""``; the viewer writes it once a page."""
    return _game_text(game_id, "seat_hands")


def guess_ignore(game_id: str) -> str:
    """The game's ``guess_ignore`` pattern (what of a move's notation the reader cannot
    know before it: guess mode takes the move without it), or ``""``; the viewer writes
    it once a page, on the guess form."""
    return _game_text(game_id, "guess_ignore")


def _game_text(game_id: str, name: str) -> str:
    """An optional text attribute of the game's contract, ``""`` when absent."""
    known = normalise_game_id(game_id)
    value = getattr(get_game(known), name, "") if known is not None else ""
    return value if isinstance(value, str) else ""


def flag_badges(game_id: str, lang: str) -> dict[str, Markup]:
    """:func:`badge_markup` of a game's flags, computed once per game and language."""
    return _flag_badges(game_id, lang, registry_generation())


@cache
def _flag_badges(game_id: str, lang: str, games_generation: int) -> dict[str, Markup]:
    return badge_markup(viewer_flags(game_id), lang)


class KifuwikiTemplate(jinja2.Template):
    """A template whose output expressions use :func:`output_escape`."""

    @classmethod
    def _from_namespace(
        cls,
        environment: jinja2.Environment,
        namespace: MutableMapping[str, Any],
        globals: MutableMapping[str, Any],
    ) -> jinja2.Template:
        # The compiled module imported markupsafe's escape as a global of its own
        # namespace; its functions (root, blocks, macros) look it up there at run time.
        namespace["escape"] = output_escape
        return super()._from_namespace(environment, namespace, globals)


#: What a plain ``dict`` has as attributes (its methods): ``d.items`` stays the method.
_DICT_ATTRIBUTES = frozenset(dir(dict))


class KifuwikiEnvironment(jinja2.Environment):
    """Jinja's environment, with ``mapping.key`` looked up first as a key for a plain
    ``dict`` (games' state mappings are dicts read once per field per step).

    Jinja tries ``getattr`` first, which for a dict key raises ``AttributeError`` on
    every read. A plain dict instance has exactly ``dir(dict)`` as attributes, so this
    gives the same result as Jinja's order for every name, without the exception."""

    template_class = KifuwikiTemplate

    def getattr(self, obj: object, attribute: str) -> object:
        if type(obj) is dict and attribute not in _DICT_ATTRIBUTES:
            try:
                return obj[attribute]
            except KeyError:
                return self.undefined(obj=obj, name=attribute)
        return super().getattr(obj, attribute)


def _game_view(record: GameRecord) -> RecordView:
    """A side line's view, guarded as the main line's is: a bug in the game's view
    leaves the side line out (logged) instead of failing the page."""
    # Imported here: prerender builds on this module.
    from kifuwiki.render.prerender import view_of

    return view_of(record)


def step_side_lines(view: RecordView) -> dict[int, list[str | SideLine]]:
    """Step index → its comments with side lines in place (steps without side lines
    are left out): what ``templates/_variation.html`` shows in the viewer."""
    if not view.record.variations:
        return {}
    by_step = side_line_views(view.record.variations, _game_view)
    comments = {step.index: step.comments for step in view.steps}
    return {
        index: split_comments(comments.get(index, ()), sides) for index, sides in by_step.items()
    }


def make_environment(custom_templates: Path | None = None) -> jinja2.Environment:
    """The (cached) environment for ``custom_templates`` over the packaged templates."""
    key = str(custom_templates.resolve()) if custom_templates is not None else None
    return _environment(key, registry_generation())


@cache
def _environment(custom_templates: str | None, games_generation: int) -> jinja2.Environment:
    # A user's folder first (it may override any template, a game's too: catan/state.html),
    # then kifuwiki's own, then each game's templates/ folder as <game id>/….
    loaders: list[jinja2.BaseLoader] = []
    if custom_templates is not None:
        loaders.append(jinja2.FileSystemLoader(custom_templates))
    loaders.append(jinja2.FileSystemLoader(str(templates_dir())))
    games = all_games()
    loaders.append(
        jinja2.PrefixLoader(
            {
                game.id: jinja2.FileSystemLoader(str(game.package_dir / "templates"))
                for game in games
            }
        )
    )
    env = KifuwikiEnvironment(
        loader=jinja2.ChoiceLoader(loaders),
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
        # Indentation is for reading templates, not for the page (render/whitespace.py).
        extensions=[DropIndentation],
        # No mtime check on every get_template: a viewer includes its state partial
        # once per step, and the stat calls cost seconds per thousand pages. A
        # long-running process that sees templates change calls forget_environments().
        auto_reload=False,
    )
    env.filters["comment"] = render_comment
    env.filters["comment_inline"] = render_inline
    for game in games:
        env.filters.update(game.template_filters)
    env.globals["t"] = t
    # English counts and ranks for game templates ("1 card", "2nd"; Japanese needs neither).
    env.globals["counted"] = counted
    env.globals["ordinal"] = ordinal
    env.globals["game_name"] = game_name
    env.globals["rules_name"] = rules_name
    env.globals["sorted_badges"] = sorted_badges
    env.globals["badge_label"] = badge_label
    env.globals["step_label"] = step_label
    env.globals["step_annotations"] = step_annotations
    env.globals["step_title"] = step_title
    env.globals["viewer_flags"] = viewer_flags
    env.globals["flag_badges"] = flag_badges
    env.globals["seat_hands"] = seat_hands
    env.globals["guess_ignore"] = guess_ignore
    # Per-step positions: a compiled partial with a minimal context (render/partials.py).
    state_partial = env.globals["state_partial"] = make_state_partial(env)
    # The viewer's step loop in Python, the same text (render/viewer_steps.py).
    from kifuwiki.render.viewer_steps import make_viewer_steps  # it builds on this module

    env.globals["viewer_steps"] = make_viewer_steps(state_partial, flag_badges)
    from kifuwiki.render.viewer_head import make_viewer_head  # it builds on this module

    env.globals["viewer_head"] = make_viewer_head(state_partial, viewer_flags)
    env.globals["step_side_lines"] = step_side_lines
    # The rows of every games table (archive pages): written in Python, see index_rows.py.
    env.globals["games_table_rows"] = partial(games_table_rows, game_name=game_name)
    env.globals["badge_legend"] = badge_legend
    return env


def forget_environments() -> None:
    """Drop cached environments, so edited templates are read again (``mkdocs serve``)."""
    _environment.cache_clear()
    _flag_badges.cache_clear()
