"""Record files → record pages plus the light data the archive pages need.

This is the unit of work of a site build, shaped so it can run anywhere: in the
building process, in a worker process of a pool (large archives), or not at all when
the disk cache already has its result. It takes a file's bytes and picklable
settings and returns plain, JSON-able data:

* for each game in the file, a *light record* (:func:`light_record`): what index,
  player, event and report pages read (title, players, result, diagnostics, badges,
  statistics), without the parsed record, its replay or its steps;
* for each game, its rendered record page and search text, with links to other
  archive pages left as placeholders (:class:`~kifuwiki.render.site.DeferredLinks`)
  that the site fills in once every record is known.

Everything the archive pages show goes through :func:`view_from_light`, whether
the data was computed just now, in a worker or read from the cache, so the three
paths give the same site byte for byte.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path
from typing import Any, cast

from kifuwiki.archive import load_source
from kifuwiki.core.cache import ContentCache
from kifuwiki.core.diagnostics import Diagnostic, Severity
from kifuwiki.core.recordfile import RecordSource, decode, split_record_file
from kifuwiki.games import all_games, get_game, normalise_game_id
from kifuwiki.games.base import GameRecord, PlayerLine, PlayerStat, RecordView
from kifuwiki.render.assets import link_game_assets
from kifuwiki.render.codes import INTERNAL_VIEW_ERROR
from kifuwiki.render.environment import make_environment
from kifuwiki.render.record import render_record_page, render_record_search_text
from kifuwiki.render.record_page import TEMPLATES as PAGE_TEMPLATES
from kifuwiki.render.site import DeferredLinks, LinkTarget

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class PrerenderSettings:
    """Everything a record page depends on besides its file (picklable)."""

    rules: dict[str, Any] | None = None
    lang: str = "ja"
    custom_templates: str | None = None
    hide_results: bool = False


@dataclass(frozen=True, slots=True)
class CacheTarget:
    """Where a worker puts a file's pages: the disk cache's folder and salt, and the
    file's key (see :func:`page_key`)."""

    folder: str
    salt: str
    key: str


@dataclass(frozen=True, slots=True)
class PrerenderJob:
    """One record file to load and render: its display name and bytes (or why not)."""

    name: str
    data: bytes | None
    read_error: str = ""
    settings: PrerenderSettings = field(default_factory=PrerenderSettings)
    cache: CacheTarget | None = None
    """Write the pages to this cache instead of sending them back."""
    complete: bool = True
    """For :func:`first_pass`: render the pages now (``False``: only the light records,
    the pages come later from :func:`prerender_file`)."""


def page_key(file_key: str, index: int) -> str:
    """The cache key of the page of game ``index`` (1-based) in a record file."""
    return f"{file_key}-{index}"


@dataclass(slots=True)
class PrerenderedPage:
    """A record page's HTML and search text, links still placeholders."""

    html: str
    search: str
    nonce: str
    targets: list[LinkTarget]

    def to_text(self, records: list[dict[str, Any]] | None = None) -> str:
        """The cache entry: one JSON line (links, and both parts' lengths, which tell a
        complete entry from one cut short; the first game's page also carries its file's
        light ``records``), then the search text and the page as they are; a page is
        read back far faster than as a string inside JSON."""
        head: dict[str, Any] = {
            "nonce": self.nonce,
            "targets": [list(target) for target in self.targets],
            "search": len(self.search),
            "html": len(self.html),
        }
        if records is not None:
            head["records"] = records
        return json.dumps(head, ensure_ascii=False) + "\n" + self.search + self.html

    @classmethod
    def from_text(cls, text: str | None) -> PrerenderedPage | None:
        """The page, or ``None`` for anything that is not a complete entry (a miss)."""
        if text is None:
            return None
        # The parts are sliced from the entry itself (a page's text is copied once,
        # not twice through a body that a partition would make first).
        newline = text.find("\n")
        try:
            head = _page_head(text[:newline] if newline >= 0 else text)
            targets = [(str(k), str(v), str(f)) for k, v, f in head["targets"]]
            search_len, html_len = int(head["search"]), int(head["html"])
            nonce = str(head["nonce"])
        except (KeyError, TypeError, ValueError):
            return None
        start = newline + 1
        if newline < 0 or search_len < 0 or len(text) - start != search_len + html_len:
            return None
        middle = start + search_len
        return cls(text[middle:], text[start:middle], nonce, targets)


#: Where a page entry's head line (:meth:`PrerenderedPage.to_text`) has the file's light
#: records: its last key, as ``json.dumps`` writes it. Inside a JSON string a quote is
#: escaped, so this text is the key itself wherever it occurs.
_RECORDS_KEY = ', "records": '


def _page_head(line: str) -> Any:
    """A page entry's head line as JSON, without the file's light records that the
    first game's entry carries after the page's own keys (about four fifths of that
    line; a record page's read needs none of it). A line that does not parse so is
    parsed whole."""
    at = line.find(_RECORDS_KEY)
    if at >= 0:
        try:
            return json.loads(line[:at] + "}")
        except ValueError:
            pass
    return json.loads(line)


@dataclass(slots=True)
class PrerenderedFile:
    name: str
    records: list[dict[str, Any]]
    """One light record per game (:func:`light_record`)."""
    pages: list[PrerenderedPage]
    """Empty when ``stored``: the pages are in the disk cache, not here."""
    stored: bool = False
    rendered: bool = True
    """``False``: only the light records (:func:`first_pass` of a job not ``complete``);
    the pages are still to be rendered."""


def prerender_file(job: PrerenderJob) -> PrerenderedFile:
    """Load, check, view and render every game of one record file."""
    return _render_file(job, [view_of(record) for record in _records(job)])


def prerender_files(jobs: list[PrerenderJob]) -> list[PrerenderedFile]:
    """:func:`prerender_file` of a few files: one task a worker takes at a time."""
    return [prerender_file(job) for job in jobs]


def _render_file(job: PrerenderJob, views: list[RecordView]) -> PrerenderedFile:
    settings = job.settings
    custom = Path(settings.custom_templates) if settings.custom_templates else None
    env = make_environment(custom)
    records: list[dict[str, Any]] = []
    pages: list[PrerenderedPage] = []
    for view in views:
        links = DeferredLinks()
        html = render_record_page(view, env, settings.lang, links, settings.hide_results)
        # Its games' assets linked here, before each game's first viewer, as the front
        # end would have linked them in the theme's output (links filled in with the
        # others): the building process need not look for viewers in every page.
        html = link_game_assets(html, links.asset)
        search = render_record_search_text(view, env, settings.lang)
        pages.append(PrerenderedPage(html, search, links.nonce, links.targets))
        records.append(light_record(view))
    result = PrerenderedFile(job.name, records, pages)
    if job.cache is not None and store_file(job.cache, result):
        # Written where the site will read it: the pages need not travel back.
        result.pages, result.stored = [], True
    return result


#: The templates every record page reads, whatever its game: the page's own (those the
#: Python page writer checks it may stand in for), the viewer and the search text.
RECORD_TEMPLATES = (*PAGE_TEMPLATES, "viewer.html", "record_search.html")


def warm_up() -> None:
    """What every worker would otherwise do for itself on its first files, done once
    by the fork server before it forks them: import every installed game, and compile
    the templates every record page reads in the packaged environment (a worker's first
    page cost ~70 ms, what a hundred short pages cost after it). Forked workers start with
    both in memory. A site with its own template folder gets another environment and
    compiles there, as before.

    Only a head start: anything that fails here fails again, and is reported, where a
    worker renders a page, so nothing is raised here (the fork server would die of it
    and take the build's workers with it)."""
    try:
        all_games()
        env = make_environment(None)
        for name in RECORD_TEMPLATES:
            env.get_template(name)
    except Exception:  # see the docstring
        log.debug("warm-up failed; workers start cold", exc_info=True)


PAGE_ENTRY = "record-page"
"""The cache's kind for a game's page (key :func:`page_key`)."""


def store_file(target: CacheTarget, result: PrerenderedFile) -> bool:
    """Put a file's pages and light records in the disk cache. Whether everything is
    on disk."""
    return write_file_entries(
        ContentCache(Path(target.folder), target.salt), target.key, result.records, result.pages
    )


def write_file_entries(
    cache: ContentCache, key: str, records: list[dict[str, Any]], pages: list[PrerenderedPage]
) -> bool:
    """A file's pages, one entry a game; the first game's carries the file's light
    records in its head line and is written last, so its presence says the whole file
    is there. (The light records had an entry of their own: one more file created per
    record file, which on a disk that searches long for a free inode cost the workers
    about as much as rendering the page.) Whether everything is on disk. (Every file
    gives at least one game, a broken one included; a file without any would only be
    rendered again on the next build.)"""
    for n in range(len(pages), 0, -1):
        text = pages[n - 1].to_text(records if n == 1 else None)
        if not cache.put(PAGE_ENTRY, page_key(key, n), text, memory=False):
            return False
    return True


def read_light_records(cache: ContentCache, key: str) -> list[dict[str, Any]] | None:
    """A file's light records from the cache (reading only its first page's head
    line), if every page of the file is there too; else ``None``."""
    head = cache.get_head(PAGE_ENTRY, page_key(key, 1))
    if head is None:
        return None
    try:
        records = json.loads(head)["records"]
    except (KeyError, TypeError, ValueError):
        return None
    if not isinstance(records, list) or not records:
        return None
    if not all(cache.has(PAGE_ENTRY, page_key(key, n)) for n in range(2, len(records) + 1)):
        return None
    return records


def first_pass(job: PrerenderJob) -> PrerenderedFile:
    """Phase one of a parallel build, in a worker: the light records the site plan
    needs, and the pages too for a ``complete`` job, written to the cache while the
    views are at hand.

    A job not ``complete`` gives only its light records when every game of the file has
    a light view (``GameModule.light_view``: no steps, a fraction of the whole view);
    its pages are rendered later (:func:`prerender_file`), beside the front end's own
    work, at the price of loading the file twice. A game without one would pay a whole
    view for its light records, so such a file is rendered completely here instead."""
    if job.complete:
        return prerender_file(job)
    records = _records(job)
    lights = [light_view_of(record) for record in records]
    if all(light is not None for light in lights):
        records_data = [light_record(light) for light in lights if light is not None]
        return PrerenderedFile(job.name, records_data, [], rendered=False)
    return _render_file(job, [view_of(record) for record in records])


def first_pass_chunk(jobs: list[PrerenderJob]) -> list[PrerenderedFile]:
    """:func:`first_pass` of a few files: one task a worker takes at a time."""
    return [first_pass(job) for job in jobs]


def _records(job: PrerenderJob) -> list[GameRecord]:
    """Every game of the job's file, loaded (parsed, replayed, checked)."""
    settings = job.settings
    if job.data is None:
        source = RecordSource(path=job.name, index=1, count=1, meta={}, lines=[])
        source.diagnostics.append(
            Diagnostic(
                Severity.ERROR, "RF000", f"cannot read the file: {job.read_error}", 1, 1, job.name
            )
        )
        sources = [source]
    else:
        text, problems = decode(job.data, job.name)
        sources = split_record_file(text, job.name)
        if problems:
            sources[0].diagnostics[:0] = problems
    return [load_source(source, settings.rules) for source in sources]


def light_view_of(record: GameRecord) -> RecordView | None:
    """The game's light view (:func:`view_of` without steps), or ``None`` when the game
    has none and only its whole view would tell the light record."""
    game_id = normalise_game_id(record.game)
    if game_id is None or record.data is None:
        return view_of(record)  # the minimal view: no game code runs
    try:
        game = get_game(game_id)
    except ImportError:
        return view_of(record)
    light = getattr(game, "light_view", None)
    if light is None:
        return None
    try:
        return cast(RecordView, light(record))
    except Exception:
        # The whole view fails too, or not: either way it says what happened, as it will
        # again when the page is rendered, so the light record carries the same news.
        return view_of(record)


def view_of(record: GameRecord) -> RecordView:
    """The game's view, or a minimal one when the game is unknown or its view failed."""
    game_id = normalise_game_id(record.game)
    # A record whose game could not read it (RF999 already says why) has nothing for
    # the game's view to show: a second internal error would only repeat the first.
    if game_id is not None and record.data is not None:
        try:
            return get_game(game_id).view(record)
        except ImportError:
            pass
        except Exception as exc:  # a bug in a game's view must not take the site down
            log.warning("%s: internal error while showing this record (%r)", record.path, exc)
            record.diagnostics.append(
                Diagnostic(
                    Severity.ERROR,
                    INTERNAL_VIEW_ERROR,
                    f"internal error while showing this record ({type(exc).__name__}); "
                    "please report it with the record attached",
                    record.source.first_line,
                    1,
                    record.path,
                    None,
                    "この棋譜を表示する途中で内部エラーが起きました"
                    f"({type(exc).__name__})。棋譜を添えて報告してください",
                )
            )
    return RecordView(record=record, players=[], steps=[])


# -- light records --------------------------------------------------------------------


def _plain(value: Any) -> Any:
    """A front-matter value as JSON data (dates as ISO text, unknown types as text)."""
    if isinstance(value, (date, datetime)):
        return value.isoformat()
    if isinstance(value, dict):
        return {str(key): _plain(item) for key, item in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [_plain(item) for item in value]
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    return str(value)


def diagnostic_fields(d: Diagnostic) -> list[Any]:
    """A diagnostic as a light record holds it (:func:`view_from_light` reads it back)."""
    return [d.severity.value, d.code, d.message, d.line, d.column, d.path, d.step, d.message_ja]


def light_record(view: RecordView) -> dict[str, Any]:
    """What the archive pages need of one game, as JSON data (no parse, no steps)."""
    record = view.record
    source = record.source
    return {
        "game": record.game,
        "title": record.title,
        "players": list(record.players),
        "first_player": record.first_player,
        "winner": record.winner,
        "ranking": list(record.ranking),
        "moves": record.moves,
        "rules": record.rules,
        "diagnostics": [diagnostic_fields(d) for d in record.diagnostics],
        "source": {
            "path": source.path,
            "index": source.index,
            "count": source.count,
            "meta": _plain(source.meta),
            "heading": source.heading,
            "heading_number": source.heading_number,
        },
        "view_players": [[p.key, p.name, p.rank, p.winner] for p in view.players],
        "badges": sorted(view.badges),
        "player_stats": {
            name: [[s.key, s.label_ja, s.label_en, s.value, s.aggregate, s.display] for s in stats]
            for name, stats in view.player_stats.items()
        },
    }


def view_from_light(data: dict[str, Any]) -> RecordView:
    """A :class:`RecordView` with no steps (and a record with no parse) from
    :func:`light_record` data. Raises ``KeyError``/``TypeError``/``ValueError`` on data
    of another shape (a cache entry from elsewhere), which callers treat as a miss."""
    src = data["source"]
    source = RecordSource(
        path=src["path"],
        index=int(src["index"]),
        count=int(src["count"]),
        meta=dict(src["meta"]),
        lines=[],
        heading=src["heading"],
        heading_number=src["heading_number"],
    )
    record = GameRecord(
        game=str(data["game"]),
        source=source,
        title=str(data["title"]),
        players=[str(p) for p in data["players"]],
        first_player=data["first_player"],
        winner=data["winner"],
        ranking=[str(p) for p in data["ranking"]],
        moves=int(data["moves"]),
        diagnostics=[
            Diagnostic(Severity(sev), code, message, line, column, path, step, message_ja)
            for sev, code, message, line, column, path, step, message_ja in data["diagnostics"]
        ],
        rules=str(data["rules"]),
    )
    return RecordView(
        record=record,
        players=[
            PlayerLine(key, name, rank, bool(winner))
            for key, name, rank, winner in data["view_players"]
        ],
        steps=[],
        badges=frozenset(data["badges"]),
        player_stats={
            name: [
                PlayerStat(key, label_ja, label_en, value, aggregate, display)
                for key, label_ja, label_en, value, aggregate, display in stats
            ]
            for name, stats in data["player_stats"].items()
        },
    )
