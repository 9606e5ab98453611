"""kifuwiki as a library: load records, step through them, check them, render them.

>>> import kifuwiki
>>> game = kifuwiki.loads("a:(7K)\\nb:(2Q)\\na:7\\nb:%\\na:K#\\n")[0]
>>> game.winner, game.moves, game.errors
('a', 3, 0)

Everything here is re-exported by :mod:`kifuwiki` itself. Loading never raises on a
bad record: what is wrong comes back as :class:`~kifuwiki.core.diagnostics.Diagnostic`
objects, each with a stable code, a line and column, and its message in English and
Japanese (``diagnostic.text("ja")``).
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from html import escape
from pathlib import Path
from typing import Any

from kifuwiki.archive import iter_record_paths, load_file, load_text
from kifuwiki.core.diagnostics import Diagnostic
from kifuwiki.core.variations import Variation
from kifuwiki.games.base import GameRecord, RecordView, StepView
from kifuwiki.render.assets import asset_content, page_asset_files
from kifuwiki.render.environment import make_environment
from kifuwiki.render.labels import normalise_language
from kifuwiki.render.prerender import view_of
from kifuwiki.render.record import render_record_page

Rules = Mapping[str, Any] | None
"""A rule set for records whose front matter names none: ``{"preset": "online"}``."""


@dataclass(slots=True)
class Record:
    """One game of a record file: parsed, replayed against its rules, checked."""

    record: GameRecord
    """The underlying :class:`~kifuwiki.games.base.GameRecord` (what games produce)."""
    _view: RecordView | None = field(default=None, repr=False)

    @property
    def game(self) -> str:
        """The game's id: ``prime-daifugo``, ``catan`` …"""
        return self.record.game

    @property
    def title(self) -> str:
        return self.record.title

    @property
    def path(self) -> str | None:
        return self.record.path

    @property
    def index(self) -> int:
        """The game's position in its file (1-based)."""
        return self.record.index

    @property
    def meta(self) -> dict[str, Any]:
        """The front matter, as written."""
        return self.record.meta

    @property
    def players(self) -> list[str]:
        """Display names in seat order."""
        return self.record.players

    @property
    def winner(self) -> str | None:
        return self.record.winner

    @property
    def ranking(self) -> list[str]:
        return self.record.ranking

    @property
    def moves(self) -> int:
        return self.record.moves

    @property
    def rules(self) -> str:
        """The name of the rule set the game was checked against."""
        return self.record.rules

    @property
    def diagnostics(self) -> list[Diagnostic]:
        """Everything the rules engine found, in reading order (line, then column: loading
        sorts them once, ``kifuwiki.archive.load_source``)."""
        return list(self.record.diagnostics)

    @property
    def errors(self) -> int:
        return self.record.errors

    @property
    def warnings(self) -> int:
        return self.record.warnings

    @property
    def view(self) -> RecordView:
        """The game's view: players, badges and every step (computed once)."""
        if self._view is None:
            self._view = view_of(self.record)
        return self._view

    @property
    def steps(self) -> list[StepView]:
        """The replay, one :class:`~kifuwiki.games.base.StepView` per position: step 0
        is the position before any move; each has the move as written, its player, a
        label in both languages and the position after it (``step.state``)."""
        return self.view.steps

    @property
    def variations(self) -> list[Variation]:
        """The side lines written in comments (```` ```kifu ```` blocks), each checked by
        the game from the step it branches from (``variation.branch``); its problems are
        ``variation.diagnostics`` (also among :attr:`diagnostics`), nested ones are
        ``variation.children``. :meth:`side_line` gives a variation's steps."""
        return self.record.variations

    def side_line(self, variation: Variation) -> list[StepView]:
        """A variation's steps, from the branch position on (empty when the game could
        not replay it: see its diagnostics)."""
        if variation.record is None:
            return []
        return view_of(variation.record).steps[variation.branch :]

    def to_html(self, lang: str = "ja", *, standalone: bool = True) -> str:
        """The record page. ``standalone``: a whole HTML document with the viewer's CSS
        and script inlined, which works opened from a file; else only the page body (for
        a site that adds the assets itself)."""
        language = normalise_language(lang)
        body = render_record_page(self.view, make_environment(None), language)
        if not standalone:
            return body
        return standalone_page(body, self.title, language, [self.game])

    def summary(self) -> dict[str, Any]:
        """The JSON summary ``kifuwiki validate --format json`` prints for this game."""
        return self.record.summary()


def _checked_rules(rules: object) -> Rules:
    """``rules`` as the loaders take it: a preset name (``"online"``), a mapping of options
    or per-game rules, or nothing. Anything else is the caller's mistake, said at once:
    deep inside the loader it became an RF999 "internal error, please report it" on
    every record."""
    if rules is None or isinstance(rules, Mapping):
        return rules
    if isinstance(rules, str):
        return {"preset": rules} if rules else None
    raise TypeError(
        "rules must be a rule set's name (a str) or a mapping of options, "
        f"not {type(rules).__name__}"
    )


def load(path: str | os.PathLike[str], *, rules: Rules = None) -> list[Record]:
    """Every game in a record file (a file may hold several, separated by ``---``)."""
    rules = _checked_rules(rules)
    return [Record(record) for record in load_file(Path(path), rules=rules)]


def loads(text: str, path: str | None = None, *, rules: Rules = None) -> list[Record]:
    """Every game in a record's text; ``path`` only names it in diagnostics."""
    given: object = text  # untyped callers pass bytes or None
    if not isinstance(given, str):
        hint = " (decode it, or give the file to kifuwiki.load)" if isinstance(given, bytes) else ""
        raise TypeError(
            f"loads() takes the record's text as a str, not {type(given).__name__}{hint}"
        )
    rules = _checked_rules(rules)
    return [Record(record) for record in load_text(text, path, rules)]


def validate(*paths: str | os.PathLike[str], rules: Rules = None) -> list[Diagnostic]:
    """Every diagnostic of every record file under ``paths`` (files or folders), in file
    order; an empty list means every game is clean."""
    rules = _checked_rules(rules)
    found: list[Diagnostic] = []
    for record_path in iter_record_paths(Path(p) for p in paths):
        for record in load(record_path, rules=rules):
            found.extend(record.diagnostics)
    return found


def viewer_assets(game_ids: Iterable[str] = ()) -> tuple[str, str]:
    """The viewer's stylesheets and scripts (the shared ones, then those of the games
    in ``game_ids``), each kind concatenated."""
    files = page_asset_files(list(game_ids))
    css = "\n".join(asset_content(p).decode("utf-8") for p in files if p.suffix == ".css")
    js = "\n".join(asset_content(p).decode("utf-8") for p in files if p.suffix == ".js")
    return css, js


_PAGE_STYLE = (
    "body{font-family:system-ui,sans-serif;line-height:1.5;max-width:60rem;"
    "margin:0 auto;padding:1rem}"
)


def standalone_page(body: str, title: str, lang: str = "ja", games: Iterable[str] = ()) -> str:
    """A complete HTML document around ``body`` (already escaped HTML), with the
    viewer's assets (and those of ``games``) inlined so the file works on its own,
    offline."""
    css, js = viewer_assets(games)
    # A script's text ends at the first "</script", whatever the JavaScript means.
    js = js.replace("</script", "<\\/script")
    css = css.replace("</style", "<\\/style")
    return (
        f'<!DOCTYPE html>\n<html lang="{escape(lang)}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{escape(title)}</title>\n<style>{_PAGE_STYLE}\n{css}</style>\n</head>\n"
        f"<body>\n{body}\n<script>{js}</script>\n</body>\n</html>\n"
    )
