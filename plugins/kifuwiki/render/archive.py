"""A whole archive → pages: game indexes, player and event pages, the validation report.

Everything here is generic over :class:`RecordView`: games, wins, first-player wins
and each game's own ``player_stats`` (summed or maxed as the stat says), so a new game
needs no change here. Player identity is the display name (front matter ``players:``
already mapped abbreviations to names in the game's view).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

import jinja2
from markupsafe import escape

from kifuwiki.core.diagnostics import Diagnostic, Severity
from kifuwiki.games import game_ids
from kifuwiki.games.base import PlayerStat, RecordView
from kifuwiki.render.labels import sorted_badges
from kifuwiki.render.record import (
    meta_value_text,
    render_record_page,
    render_record_search_text,
)
from kifuwiki.render.site import PageLinks, SitePage, SitePlan, meta_text, page_url, record_key

#: The template of each archive page that is not a record's, by the page's kind.
LIST_TEMPLATES = {
    "home": "records_home.html",
    "index": "index_game.html",
    "player": "player.html",
    "players": "players.html",
    "event": "event.html",
    "events": "events.html",
    "report": "report.html",
}

#: Pages that list games: searched by their title (see Archive.search_text).
_LIST_PAGES = frozenset({"home", "index", "player", "players", "event", "events"})


@dataclass(frozen=True, slots=True)
class PlayerCell:
    name: str
    href: str | None
    winner: bool
    rank: int | None


#: A row's date, event, badges and winners (Archive._row_facts).
_RowFacts = tuple[str, str, tuple[str, ...], str]


@dataclass(frozen=True, slots=True)
class IndexRow:
    """One game in an index table, with its links resolved for the page showing it."""

    view: RecordView
    href: str | None
    date: str
    event: str
    event_href: str | None
    players: tuple[PlayerCell, ...]
    winner: str
    moves: int
    badges: tuple[str, ...]
    errors: int
    warnings: int

    @property
    def game(self) -> str:
        return self.view.record.game

    @property
    def title(self) -> str:
        return self.view.record.title


@dataclass(slots=True)
class StatTotal:
    """One statistic of a player over the archive (for one game kind)."""

    game: str
    key: str
    label_ja: str
    label_en: str
    aggregate: str
    value: int = 0
    display: str | None = None
    seen: bool = False

    def add(self, stat: PlayerStat) -> None:
        if self.aggregate == "max":
            if not self.seen or stat.value > self.value:
                self.value = stat.value
                self.display = stat.display
        else:
            self.value += stat.value
        self.seen = True

    def label(self, lang: str) -> str:
        return self.label_en if lang == "en" else self.label_ja

    @property
    def shown(self) -> str:
        return self.display if self.display is not None else str(self.value)


@dataclass(slots=True)
class PlayerSummary:
    name: str
    games: list[RecordView] = field(default_factory=list)
    wins: int = 0
    first_games: int = 0
    first_wins: int = 0
    stats: dict[tuple[str, str], StatTotal] = field(default_factory=dict)

    @property
    def win_rate(self) -> float | None:
        return self.wins / len(self.games) if self.games else None

    @property
    def first_win_rate(self) -> float | None:
        return self.first_wins / self.first_games if self.first_games else None

    @property
    def game_kinds(self) -> list[str]:
        return sorted({view.record.game for view in self.games})

    def stats_for(self, game: str) -> list[StatTotal]:
        return [stat for (kind, _), stat in self.stats.items() if kind == game]


def percent(rate: float | None) -> str:
    return "—" if rate is None else f"{rate * 100:.1f}%"


def display_name(view: RecordView, player: str) -> str:
    """A player's display name, whether the record gave their key or their name."""
    for line in view.players:
        if player in (line.key, line.name):
            return line.name
    return player


def first_player_name(view: RecordView) -> str | None:
    first = view.record.first_player
    return None if first is None else display_name(view, first)


def winners_of(view: RecordView) -> list[str]:
    names = [line.name for line in view.players if line.winner]
    if not names and view.record.winner:
        names = [display_name(view, view.record.winner)]
    return names


def archive_order(views: Iterable[RecordView]) -> list[RecordView]:
    """The games in the order an archive lists them and plans their pages: newest
    first, the file path (then the game's place in its file) keeping it stable between
    builds. A site build asks its workers for the pages in this order before planning."""
    ordered = sorted(views, key=lambda v: (v.record.path or "", v.record.index))
    ordered.sort(key=lambda v: meta_value_text(v.record.meta.get("date", "")), reverse=True)
    return ordered


@dataclass(slots=True)
class Archive:
    """All records of a site, grouped the ways the archive pages need."""

    views: list[RecordView]
    plan: SitePlan
    players: dict[str, PlayerSummary] = field(default_factory=dict)
    events: dict[str, list[RecordView]] = field(default_factory=dict)
    by_game: dict[str, list[RecordView]] = field(default_factory=dict)
    by_key: dict[str, RecordView] = field(default_factory=dict)
    # What a game's row shows alike on every page that lists it (see _row_facts).
    _facts: dict[int, tuple[RecordView, _RowFacts]] = field(
        default_factory=dict, repr=False, compare=False
    )

    @classmethod
    def build(
        cls,
        views: Iterable[RecordView],
        prefix: str = "records/",
        records_root: str | None = None,
        lang: str = "ja",
        games: Iterable[str] | None = None,
        *,
        in_order: bool = False,
    ) -> Archive:
        """Group ``views``; every game in ``games`` (default: every registered game)
        gets an index page, empty or not. ``in_order``: ``views`` are already in
        :func:`archive_order` (a site build orders them once, before planning)."""
        ordered = list(views) if in_order else archive_order(views)
        known = game_ids() if games is None else tuple(games)
        archive = cls(ordered, SitePlan.build(ordered, prefix, records_root, lang, known))
        for view in ordered:
            record = view.record
            archive.by_key[record_key(record)] = view
            archive.by_game.setdefault(record.game, []).append(view)
            event = meta_text(record, "event")
            if event:
                archive.events.setdefault(event, []).append(view)
            first = first_player_name(view)
            for line in view.players:
                summary = archive.players.setdefault(line.name, PlayerSummary(line.name))
                summary.games.append(view)
                summary.wins += line.winner
                if line.name == first:
                    summary.first_games += 1
                    summary.first_wins += line.winner
                for stat in view.player_stats.get(line.name, []):
                    total = summary.stats.get((record.game, stat.key))
                    if total is None:
                        total = StatTotal(
                            record.game, stat.key, stat.label_ja, stat.label_en, stat.aggregate
                        )
                        summary.stats[(record.game, stat.key)] = total
                    total.add(stat)
        return archive

    # -- rows and lists -------------------------------------------------------------

    def rows(self, views: Iterable[RecordView], links: PageLinks) -> list[IndexRow]:
        rows = []
        for view in views:
            record = view.record
            date, event, badges, winner = self._row_facts(view)
            rows.append(
                IndexRow(
                    view=view,
                    href=links.record(record),
                    date=date,
                    event=event,
                    event_href=links.event(event) if event else None,
                    players=tuple(
                        PlayerCell(p.name, links.player(p.name), p.winner, p.rank)
                        for p in view.players
                    ),
                    winner=winner,
                    moves=record.moves,
                    badges=badges,
                    errors=record.errors,
                    warnings=record.warnings,
                )
            )
        return rows

    def _row_facts(self, view: RecordView) -> _RowFacts:
        """A game's date, event, badges and winners as its rows show them: worked out
        once, though the archive's home, its game's index, its players' and its event's
        pages all list it (only the links differ from page to page)."""
        # By id: a view is not hashable. The entry keeps its view alive, so the id
        # stays that view's while the archive lives.
        known = self._facts.get(id(view))
        if known is not None:
            return known[1]
        record = view.record
        badges = set(view.badges)
        if record.errors:
            badges.add("error")
        if record.warnings:
            badges.add("warning")
        facts = (
            meta_value_text(record.meta.get("date", "")),
            meta_text(record, "event"),
            sorted_badges(badges),
            ", ".join(winners_of(view)),
        )
        self._facts[id(view)] = (view, facts)
        return facts

    def all_diagnostics(self) -> list[tuple[RecordView, Diagnostic]]:
        found = [(view, d) for view in self.views for d in view.record.diagnostics]
        found.sort(
            key=lambda item: (
                item[1].severity.rank,
                item[0].record.path or "",
                item[0].record.index,
                item[1].line,
                item[1].column,
            )
        )
        return found

    def counts(self) -> dict[str, int]:
        diagnostics = [d for view in self.views for d in view.record.diagnostics]
        return {
            "records": len(self.views),
            "files": len({view.record.path for view in self.views}),
            "errors": sum(d.severity is Severity.ERROR for d in diagnostics),
            "warnings": sum(d.severity is Severity.WARNING for d in diagnostics),
            "info": sum(d.severity is Severity.INFO for d in diagnostics),
        }

    # -- rendering ------------------------------------------------------------------

    def render(
        self,
        page: SitePage,
        env: jinja2.Environment,
        lang: str,
        url_of: Callable[[str], str] = page_url,
    ) -> str:
        """The HTML body of one archive page (the site generator adds its own theme)."""
        links = PageLinks(self.plan, page.src_uri, url_of)
        if page.kind == "record":
            return render_record_page(self.by_key[page.key], env, lang, links)
        context: dict[str, object] = {
            "archive": self,
            "page": page,
            "links": links,
            "lang": lang,
            "percent": percent,
        }
        if page.kind == "home":
            context["rows"] = self.rows(self.views, links)
            return env.get_template(LIST_TEMPLATES["home"]).render(context)
        if page.kind == "index":
            context["rows"] = self.rows(self.by_game.get(page.key, []), links)
            return env.get_template(LIST_TEMPLATES["index"]).render(context)
        if page.kind == "player":
            summary = self.players[page.key]
            context["player"] = summary
            context["rows"] = self.rows(summary.games, links)
            return env.get_template(LIST_TEMPLATES["player"]).render(context)
        if page.kind == "players":
            return env.get_template(LIST_TEMPLATES["players"]).render(context)
        if page.kind == "event":
            context["event"] = page.key
            context["rows"] = self.rows(self.events.get(page.key, []), links)
            return env.get_template(LIST_TEMPLATES["event"]).render(context)
        if page.kind == "events":
            return env.get_template(LIST_TEMPLATES["events"]).render(context)
        context["diagnostics"] = self.all_diagnostics()
        context["counts"] = self.counts()
        return env.get_template(LIST_TEMPLATES["report"]).render(context)

    def search_text(self, page: SitePage, env: jinja2.Environment, lang: str) -> str | None:
        """A lighter text for search indexes, for pages that need one.

        Record pages: their moves and comments without the per-step positions. Index,
        player and event pages: their title only. Their tables repeat, row by row,
        what every record page already puts in the index (title, players, event,
        date), and parsing them made the search plugin's work grow with the square of
        the archive (every list page lists every game). ``None``: index the page as is.
        """
        if page.kind == "record":
            return render_record_search_text(self.by_key[page.key], env, lang)
        if page.kind in _LIST_PAGES:
            return f"<h1>{escape(page.title)}</h1>"
        return None
