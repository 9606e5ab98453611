"""Load records from files and folders into :class:`GameRecord` objects.

This is the one place that goes from paths to checked games; the CLI, the MkDocs
plugin and the benchmarks all call it. It never raises on bad records: a record
whose game is unknown, or whose loader failed unexpectedly, becomes a record with
an error diagnostic, so one broken file never breaks the whole site.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from kifuwiki.core import paths as path_checks
from kifuwiki.core.diagnostics import Diagnostic, Severity
from kifuwiki.core.recordfile import (
    RecordSource,
    accepts_in,
    blocks_in_comments,
    comment_texts,
    decode,
    front_matter_line,
    split_record_file,
)
from kifuwiki.games import (
    game_for,
    game_ids,
    get_game,
    installed_games_text,
    normalise_game_id,
    untagged_game,
    untagged_problem,
)
from kifuwiki.games.base import GameRecord

if TYPE_CHECKING:
    import logging
    from pathlib import Path


def _log() -> logging.Logger:
    """This module's logger; :mod:`logging` (~3 ms with ``traceback``, ``string`` and
    their patterns) is imported only when there is something to log."""
    import logging

    return logging.getLogger(__name__)


RECORD_SUFFIX = ".kifu"


def iter_record_paths(
    paths: Iterable[Path], problems: list[Diagnostic] | None = None
) -> Iterator[Path]:
    """Record files under the given files and folders, recursively, in a stable order.

    Inside a folder, a record that is a symbolic link is given only when it leads to a
    file inside that same folder: a link out of the records folder (to a secret, say)
    is never read, and a link loop or a dangling link is never handed on to crash a
    reader. Each one skipped becomes an RF009 diagnostic in ``problems`` (or a logged
    warning when the caller collects none); so does, as RF012, a ``.kifu`` entry that is
    not a regular file (a named pipe would block its reader for ever). Linked folders are
    not entered (``os.walk`` does not follow them), so a folder loop cannot make the walk
    endless. A file named
    on its own is given as it is: whoever names it chose it.
    """
    from pathlib import Path  # not at the top: validate walks by name (iter_record_names)

    for path in paths:
        if path.is_dir():
            root = os.path.realpath(path)
            for folder, dirs, files in os.walk(path):
                dirs[:] = sorted(d for d in dirs if not d.startswith("."))
                base = Path(folder)  # once per folder, not per file
                for name in sorted(files):
                    if name.endswith(RECORD_SUFFIX):
                        record = base / name
                        if record.is_symlink():
                            if not _link_inside(record, root, problems):
                                continue
                        elif not record.is_file():
                            _not_regular(record, problems)
                            continue
                        yield record
        else:
            yield path


def iter_record_names(
    paths: Iterable[Path | str], problems: list[Diagnostic] | None = None
) -> Iterator[str]:
    """``str(path)`` of each path :func:`iter_record_paths` gives, in the same order,
    with the same links skipped: what ``validate`` reads. Folders are listed with
    :func:`os.scandir` as :func:`os.walk` lists them, but each entry's own answers (the
    directory entry's type: no ``lstat`` a file) are used and no :class:`~pathlib.Path`
    is made per file (~5 µs a file of a short record's ~200). A path may be given as
    text, ``str()`` of the ``Path`` it stands for (``cli/fast.py`` gives those:
    :func:`kifuwiki.core.paths.posix_path_text`); nothing here imports :mod:`pathlib`."""
    for path in paths:
        top = path if isinstance(path, str) else str(path)  # as os.walk(path) sees it
        if path_checks.is_dir(top):
            yield from _walk_names(top, os.path.realpath(top), problems)
        else:
            yield top


def _walk_names(folder: str, root: str, problems: list[Diagnostic] | None) -> Iterator[str]:
    """The record files of ``folder`` then those of its subfolders, as ``os.walk`` (top
    down, links to folders listed but not entered, unreadable folders skipped) and
    :func:`iter_record_paths` (hidden folders skipped, names sorted) give them."""
    dirs: list[str] = []
    files: list[tuple[str, bool | None]] = []  # (name, is a link; None: not a regular file)
    try:
        listing = os.scandir(folder)
    except OSError:
        return
    with listing:
        while True:
            try:
                entry = next(listing, None)
            except OSError:
                return  # os.walk yields nothing of a folder whose listing fails
            if entry is None:
                break
            try:
                is_dir = entry.is_dir()
            except OSError:
                is_dir = False
            if is_dir:
                dirs.append(entry.name)
            elif entry.name.endswith(RECORD_SUFFIX):
                try:
                    link = entry.is_symlink()
                    # the directory entry's type: no stat for a plain file or a pipe
                    regular = link or entry.is_file()
                except OSError:
                    link, regular = False, False
                files.append((entry.name, link if regular else None))
    # Path(folder) / name, as a string: the folder is normalised already (it is str() of
    # a Path, or such a string joined with a name), but a bare "." is dropped.
    prefix = "" if folder == "." else os.path.join(folder, "")  # noqa: PTH118 (strings)
    for name, is_link in sorted(files):
        record = prefix + name
        if is_link is None:
            _not_regular(record, problems)
            continue
        if is_link and not _link_inside(record, root, problems):
            continue
        yield record
    for name in sorted(d for d in dirs if not d.startswith(".")):
        child = prefix + name
        # os.walk asks again when it enters a folder (strings: no Path a folder)
        if not os.path.islink(child):  # noqa: PTH114
            yield from _walk_names(child, root, problems)


def _not_regular(record: Path | str, problems: list[Diagnostic] | None) -> None:
    """RF012 for a ``.kifu`` entry of a folder that is not a regular file (a named pipe,
    a socket, a device): reading a pipe would wait for a writer for ever."""
    diagnostic = Diagnostic(
        Severity.ERROR,
        "RF012",
        "this record is not a regular file (a named pipe, a socket or a device); not read",
        1,
        1,
        str(record),
        message_ja="この棋譜は通常のファイルではありません（名前付きパイプ・ソケット・デバイス）。"
        "読み込みません",
    )
    _skipped(diagnostic, problems)


def _skipped(diagnostic: Diagnostic, problems: list[Diagnostic] | None) -> None:
    """A record file the walk does not hand on: into ``problems``, or logged when the
    caller collects none."""
    if problems is None:
        _log().warning("%s", diagnostic.format_text())
    else:
        problems.append(diagnostic)


def _link_inside(link: Path | str, root: str, problems: list[Diagnostic] | None) -> bool:
    """Whether a symbolic link leads to a readable file inside ``root``; says why not."""
    target = os.path.realpath(link)
    try:
        inside = os.path.commonpath([root, target]) == root
    except ValueError:  # different drives on Windows
        inside = False
    if inside and path_checks.is_file(target):
        return True
    if not inside:
        english = "this record is a symbolic link to a file outside the records folder; not read"
        japanese = (
            "この棋譜はレコードフォルダの外のファイルへのシンボリックリンクです。読み込みません"
        )
    else:
        english = "this record is a symbolic link that leads nowhere (a loop or a missing file)"
        japanese = (
            "この棋譜はどこにも行き着かないシンボリックリンクです（循環、またはリンク先がない）"
        )
    _skipped(
        Diagnostic(Severity.ERROR, "RF009", english, 1, 1, str(link), message_ja=japanese), problems
    )
    return False


def _section(source: RecordSource) -> str:
    """The archive section (and URL folder) of a record no game loaded: the game it
    names; but when that is no installed game (a typo, ``game: chess``) and its folder
    names one, the folder's, so a typo does not move the record's page nor make a
    section of its own (RF010 still says what is wrong)."""
    declared = source.game_id
    if declared is not None and normalise_game_id(declared) is None and source.path:
        from pathlib import PurePath  # here: only for a record with an unknown game

        for part in reversed(PurePath(source.path).parts[:-1]):
            found = normalise_game_id(part)
            if found:
                return found
    return declared or "unknown"


def _unloadable(
    source: RecordSource, code: str, message: str, message_ja: str, line: int | None = None
) -> GameRecord:
    """A record no game can load: one error at ``line`` (default: the body's first
    written line, or its first line when it is all blank)."""
    if line is None:
        line = next((entry.number for entry in source.lines if entry.text.strip()), None)
    where = source.first_line if line is None else line
    diagnostic = Diagnostic(Severity.ERROR, code, message, where, 1, source.path, None, message_ja)
    return GameRecord(
        game=_section(source),
        source=source,
        title=source.title,
        players=[],
        first_player=None,
        winner=None,
        ranking=[],
        moves=0,
        diagnostics=[*source.diagnostics, diagnostic],
        rules="",
    )


def rules_for(rules: Mapping[str, Any] | str | None, game_id: str) -> dict[str, Any] | None:
    """One game's share of a site's ``rules`` option.

    ``{prime-daifugo: standard, catan: base}`` names rules per game (a value is a preset
    name or a mapping of options); a bare name or a mapping without game ids (the
    older form, ``rules: standard`` or ``{preset: online, hand_size: 7}``) is the rule
    set of the game that claims what names no game (:func:`~kifuwiki.games.untagged_game`;
    with none, it is no game's: :func:`untagged_rules_warning`). A game gets
    ``{"preset": name, …}`` or ``None``.
    """
    if rules is None or rules == "":
        return None
    if isinstance(rules, str):
        return {"preset": rules} if game_id == untagged_game() else None
    per_game = {normalise_game_id(str(key)): value for key, value in rules.items()}
    if not any(key is not None for key in per_game):
        # No key names a game: the whole mapping is one rule spec for the game that
        # claims it (or ``{rules: spec}``, the plugin's option passed on as it was written).
        if game_id != untagged_game():
            return None
        if set(rules) == {"rules"}:
            return rules_for(rules["rules"], game_id)
        return dict(rules)
    value = per_game.get(game_id)
    if value is None:
        return None
    if isinstance(value, Mapping):
        return dict(value)
    return {"preset": str(value)}


def unknown_rule_games(rules: Mapping[str, Any] | str | None) -> list[str]:
    """The keys of a per-game ``rules`` option that name no installed game (a typo, a
    game not installed): :func:`rules_for` gives their rules to no one, so the site's
    front ends warn about them. A mapping that names no game at all is the default
    game's rule spec (the older form), whose unknown options that game reports; there,
    only a key spelt almost like a game (``catn``: :func:`closest_game`) is one."""
    if not isinstance(rules, Mapping):
        return []
    keys = [str(key) for key in rules]
    unknown = [key for key in keys if normalise_game_id(key) is None]
    if len(unknown) < len(keys):
        return unknown
    return [key for key in unknown if closest_game(key) is not None]


def untagged_rules_warning(rules: Mapping[str, Any] | str | None) -> str | None:
    """The warning for a site ``rules`` option that names no game (``rules: standard``)
    when no single game claims it (:func:`~kifuwiki.games.untagged_game`): those rules
    would silently apply to no record. ``None`` when a game takes them, or the option
    names games (or is empty)."""
    if rules is None or rules == "" or (isinstance(rules, Mapping) and not rules):
        return None
    if isinstance(rules, Mapping) and any(normalise_game_id(str(key)) for key in rules):
        return None
    problem = untagged_problem()
    if problem is None:
        return None
    return (
        f"rules: names no game and {problem}, so these rules are not used; name the game "
        f"(rules: {{<game>: …}}; installed games: {installed_games_text()})"
    )


def closest_game(name: str) -> str | None:
    """The installed game whose id ``name`` looks like a typo of (``catn`` → ``catan``),
    or None. Short names are never guessed: ``in`` (a Prime Daifugo option) is not
    ``nim``."""
    import difflib

    if len(name) < 4:
        return None
    found = difflib.get_close_matches(name.strip().lower(), game_ids(), n=1, cutoff=0.85)
    return found[0] if found else None


def _internal_error(source: RecordSource, exc: BaseException) -> GameRecord:
    # Logged at debug level only: the diagnostic names the file, and a traceback in
    # a CI log or a build log helps nobody who wrote the record.
    _log().debug("internal error while loading %s", source.path, exc_info=True)
    return _unloadable(
        source,
        "RF999",
        f"internal error while reading this record ({type(exc).__name__}); "
        "please report it with the record attached",
        f"棋譜の読み込み中の内部エラー ({type(exc).__name__})。棋譜を添えて報告してください",
    )


def _position(diagnostic: Diagnostic) -> tuple[int, int]:
    return diagnostic.line, diagnostic.column


def load_source(source: RecordSource, rules: Mapping[str, Any] | None = None) -> GameRecord:
    """Load one game; diagnostics carry the source path. Never raises (but on
    ``KeyboardInterrupt`` and the like): a bug becomes an RF999 diagnostic.

    ``rules`` is the site's option (see :func:`rules_for`); front matter wins over it."""
    try:
        game_id = game_for(source)
        if game_id is None:
            known = source.game_id
            installed = installed_games_text()
            message = (
                f"unknown game '{known}'" if known else "cannot tell which game this record is"
            ) + f" (set 'game:' in the front matter; installed games: {installed})"
            message_ja = (
                f"ゲーム '{known}' はインストールされていない"
                if known
                else "どのゲームの棋譜か分からない"
            ) + f" (フロントマターに 'game:' を書く。インストール済みのゲーム: {installed})"
            # An unknown name points at the ``game:`` line that wrote it.
            line = front_matter_line(source, "game") if known else None
            return _unloadable(source, "RF010", message, message_ja, line)
        game = get_game(game_id)
        record = game.load(source, rules_for(rules, game_id))
        # Variations and acceptances are rare: their modules are imported for the records
        # that may have them (the same tests their functions start with), both told from
        # one pass over the game's comment lines.
        comments = comment_texts(source.lines)
        if comments and blocks_in_comments(comments):
            from kifuwiki.core.variations import check_variations, has_blocks

            if has_blocks(source.lines):
                found = check_variations(game, record, rules_for(rules, game_id))
                record.variations, found_diagnostics = found
                record.diagnostics = [*record.diagnostics, *found_diagnostics]
        # The file-level problems (front matter, encoding) belong to the file's first game.
        found_all = [*source.diagnostics, *record.diagnostics]
        if source.index == 1 and source.meta.get("players") is not None:
            from kifuwiki.core.front_matter_keys import dropped_players

            found_all += dropped_players(
                source.meta, record.players, source.front_matter, source.path
            )
        if accepts_in(source, comments):
            from kifuwiki.core.acknowledge import acknowledge

            found_all = acknowledge(found_all, source)
        # In reading order: side lines and ``accept:`` notes are checked after the main
        # line, but a reader fixes a file top to bottom. The sort is stable, so problems
        # at one place keep the order their checker gave them.
        record.diagnostics = sorted(found_all, key=_position)
    except Exception as exc:  # a bug in a loader must not take the site down
        return _internal_error(source, exc)
    if source.path:
        record.diagnostics = [d if d.path else d.located(source.path) for d in record.diagnostics]
    return record


def split_safely(text: str, path: str | None) -> list[RecordSource]:
    """:func:`split_record_file`, with a bug in it turned into an RF999 record."""
    try:
        return split_record_file(text, path)
    except Exception as exc:  # never a traceback for a record, whatever it holds
        _log().debug("internal error while splitting %s", path, exc_info=True)
        source = RecordSource(path=path, index=1, count=1, meta={}, lines=[], file_text=text)
        source.diagnostics.append(_internal_error(source, exc).diagnostics[-1])
        return [source]


def load_text(
    text: str, path: str | None = None, rules: Mapping[str, Any] | None = None
) -> list[GameRecord]:
    return [load_source(source, rules) for source in split_safely(text, path)]


#: ``os.open`` flags of :func:`read_file` (binary: no newline translation on Windows).
_READ_FLAGS = os.O_RDONLY | getattr(os, "O_BINARY", 0)
_READ_CHUNK = 1 << 16


def read_file(path: Path | str) -> bytes:
    """The bytes of a file, as ``Path.read_bytes()`` gives them (the same ``OSError`` for
    a missing file, a folder or a file not allowed), by ``os.open`` and ``os.read``: no
    file object, no ``fstat``, ``isatty`` or ``lseek`` (~3 µs of a short record's ~200;
    ``open()`` took half of ``Path.read_bytes()``'s ~11 µs already)."""
    fd = os.open(path, _READ_FLAGS)
    try:
        chunks = []
        while chunk := os.read(fd, _READ_CHUNK):  # to the end: a file still written, a pipe
            chunks.append(chunk)
    finally:
        os.close(fd)
    return chunks[0] if len(chunks) == 1 else b"".join(chunks)


def load_file(
    path: Path | str, display_path: str | None = None, rules: Mapping[str, Any] | None = None
) -> list[GameRecord]:
    name = display_path or str(path)
    try:
        data = read_file(path)
    except OSError as exc:
        source = RecordSource(path=name, index=1, count=1, meta={}, lines=[])
        reason = exc.strerror or exc
        return [
            _unloadable(
                source, "RF000", f"cannot read the file: {reason}", f"ファイルを読めない: {reason}"
            )
        ]
    text, diagnostics = decode(data, name)
    sources = split_safely(text, name)
    if diagnostics:
        sources[0].diagnostics[:0] = diagnostics
    return [load_source(source, rules) for source in sources]


def load_paths(
    paths: Iterable[Path], rules: Mapping[str, Any] | None = None
) -> Iterator[GameRecord]:
    """Stream records from files and folders (memory does not grow with the archive)."""
    for path in iter_record_paths(paths):
        yield from load_file(path, rules=rules)


@dataclass(frozen=True, slots=True)
class RecordReport:
    """What ``validate`` needs of a game: small and picklable, so workers can send it back."""

    path: str | None
    index: int
    summary: dict[str, Any]
    diagnostics: tuple[Diagnostic, ...]
    errors: int
    warnings: int

    @classmethod
    def of(cls, record: GameRecord) -> RecordReport:
        return cls(
            record.path,
            record.index,
            record.summary(),
            tuple(record.diagnostics),
            record.errors,
            record.warnings,
        )


def warm_up(path: str) -> None:
    """Load the first game of the record file at ``path`` here and forget it: this process
    then holds the engines the file's game needs (its imports, its first caches), and
    workers forked from it start with them. A file that is not a regular file (a named
    pipe would block) or cannot be read is skipped; loading never raises."""
    if not path_checks.is_file(path):
        return
    try:
        text, _problems = decode(read_file(path), path)
    except OSError:
        return
    sources = split_safely(text, path)
    if sources:
        load_source(sources[0])


def default_jobs() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def report_paths(
    paths: Iterable[Path], rules: Mapping[str, Any] | None = None, jobs: int = 1
) -> Iterator[RecordReport]:
    """Validate files and folders, in order, with ``jobs`` worker processes (at most one
    per core): :func:`kifuwiki.sitebuild.reports.report_paths`, which ``validate`` runs.

    Results are streamed in file order whatever the number of workers, so the output
    is the same for ``-j 1`` and ``-j 8`` and memory does not grow with the archive.
    """
    from kifuwiki.sitebuild.reports import report_paths as report  # it imports this module

    return report(paths, rules, jobs=max(jobs, 1))
