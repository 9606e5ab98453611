"""What ``kifuwiki validate`` does once its command line is read: check the records, print
the report (text for people, GitHub annotations, JSON for tools), give the exit code.

Nothing here imports click: the command's click definition (``cli/validate.py``) and
its click-free fast path (``cli/fast.py``) both end here."""

from __future__ import annotations

import gc
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from functools import partial
from typing import TYPE_CHECKING, Any, TextIO

from kifuwiki.archive import RecordReport
from kifuwiki.cli import tolerant
from kifuwiki.core.diagnostics import Diagnostic, Severity, path_text, terminal_safe
from kifuwiki.core.language import locale_language
from kifuwiki.sitebuild.reports import rendered_paths

if TYPE_CHECKING:
    from pathlib import Path

    from kifuwiki.sitebuild.shards import Shard

#: ``echo(text, err=…)``: click.echo, or :func:`write_line` where click is not loaded.
Echo = Callable[..., object]


def _github_escape(text: str, *, property_value: bool = False) -> str:
    text = text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    if property_value:
        text = text.replace(":", "%3A").replace(",", "%2C")
    return text


def format_github(diagnostic: Diagnostic, lang: str = "en") -> str:
    command = {"error": "error", "warning": "warning", "info": "notice"}[diagnostic.severity.value]
    path = _github_escape(diagnostic.path or "", property_value=True)
    message = _github_escape(f"{diagnostic.code} {diagnostic.text(lang)}")
    return terminal_safe(
        f"::{command} file={path},line={diagnostic.line},col={diagnostic.column},"
        f"title={diagnostic.code}::{message}"
    )


def format_text(diagnostic: Diagnostic, lang: str = "en") -> str:
    """``path:line:column: severity CODE message``, the message in ``lang``."""
    where = f"{path_text(diagnostic.path or None)}:{diagnostic.line}:{diagnostic.column}"
    return terminal_safe(
        f"{where}: {diagnostic.severity.value} {diagnostic.code} {diagnostic.text(lang)}"
    )


def json_summary(record: RecordReport) -> dict[str, Any]:
    """The game's JSON summary, each diagnostic with its Japanese message too
    (``message_ja``: the English one where no translation exists yet)."""
    summary = dict(record.summary)
    diagnostics = summary.get("diagnostics")
    if isinstance(diagnostics, list) and len(diagnostics) == len(record.diagnostics):
        summary["diagnostics"] = [
            {**entry, "message_ja": diagnostic.text("ja")}
            for entry, diagnostic in zip(diagnostics, record.diagnostics, strict=True)
        ]
    return summary


#: One game as the report writes it: its path, its error and warning counts, and its
#: part of the output (its JSON line without the separator, or its text lines).
RenderedRecord = tuple[str, int, int, str]


def _encode_json(summary: Mapping[str, Any]) -> str:
    """``json.dumps(summary, ensure_ascii=False)`` (the general path; :mod:`json` is
    imported here, when first used)."""
    import json

    return json.dumps(summary, ensure_ascii=False)


def _not_serializable(value: object) -> object:
    """What :class:`json.JSONEncoder`'s ``default`` does: refuse ``value`` (never called
    for a summary, built of strings, numbers, lists and dicts)."""
    import json

    return json.JSONEncoder().default(value)


def _game_encoder() -> Callable[[dict[str, Any]], str]:
    """:func:`_encode_json` for a game's summary: the json module's C encoder, made once
    with the options ``json.dumps(…, ensure_ascii=False)`` gives it (``JSONEncoder.encode``
    builds a new one for every game), taken from :mod:`_json` itself: importing the
    :mod:`json` package also reads its decoder and compiles the decoder's patterns (~5 M
    instructions, ~0.9 ms of every run) that a report never uses. No check for circular
    references (a summary is built fresh from strings, numbers, lists and dicts;
    ``markers`` left behind by an exception would otherwise outlive it). Where the C
    encoder is missing, :func:`_encode_json` itself.
    ``tests/core/test_report_fast_paths.py`` checks it against ``json.dumps``."""
    try:
        from _json import encode_basestring, make_encoder
    except ImportError:  # pragma: no cover - CPython always has _json
        return _encode_json
    chunks = make_encoder(
        None,  # markers: no check for cycles
        _not_serializable,  # default
        encode_basestring,  # ensure_ascii=False
        None,  # indent
        ": ",  # key_separator
        ", ",  # item_separator
        False,  # sort_keys
        False,  # skipkeys
        True,  # allow_nan
    )

    def encode(summary: dict[str, Any]) -> str:
        return "".join(chunks(summary, 0))

    return encode


_encode_game = _game_encoder()


def _json_key(key: str) -> str:
    """``json.dumps(key)`` (ASCII escapes), without the :mod:`json` package."""
    try:
        from _json import encode_basestring_ascii
    except ImportError:  # pragma: no cover - CPython always has _json
        import json

        return json.dumps(key)
    return encode_basestring_ascii(key)


def render_record(output_format: str, lang: str, record: RecordReport) -> RenderedRecord:
    """What the report says of one game (:data:`RenderedRecord`). ``validate -j`` runs
    this in its workers, which send back these few strings and numbers rather than report
    objects for the writing process to unpickle and format."""
    if output_format == "json":
        # No diagnostic: json_summary would copy the summary unchanged.
        summary = json_summary(record) if record.diagnostics else record.summary
        text = _encode_game(summary)
    elif output_format == "github":
        text = "".join(
            format_github(diagnostic, lang) + "\n"
            for diagnostic in record.diagnostics
            if diagnostic.severity is not Severity.INFO
        )
    else:
        text = "".join(format_text(diagnostic, lang) + "\n" for diagnostic in record.diagnostics)
    return record.path or "", record.errors, record.warnings, text


def validate_records(
    records: Iterable[RecordReport],
    output_format: str,
    strict: bool,
    lang: str = "en",
    echo: Echo | None = None,
) -> int:
    """Print the report for ``records`` and return the exit code.

    Streamed: each game is written as it comes (a JSON report too), so memory does not
    grow with the archive."""
    render = partial(render_record, output_format, lang)
    return write_report(map(render, records), output_format, strict, lang, echo)


def write_report(
    records: Iterable[RenderedRecord],
    output_format: str,
    strict: bool,
    lang: str = "en",
    echo: Echo | None = None,
) -> int:
    """Print the report of games rendered by :func:`render_record` and return the exit
    code. A file's games come one after another, so a new file is a new path."""
    files = errors = warnings = 0
    last_path: str | None = None
    out = tolerant(sys.stdout)
    json_report = JsonReportWriter(out) if output_format == "json" else None
    for path, record_errors, record_warnings, text in records:
        if path != last_path:
            files, last_path = files + 1, path
        errors += record_errors
        warnings += record_warnings
        if json_report is not None:
            json_report.encoded(text)
        elif text:
            out.write(text)
    if json_report is not None:
        json_report.close(files=files, errors=errors, warnings=warnings)
    else:
        (echo or write_line)(_totals(files, errors, warnings, lang), err=output_format == "github")
    if not files:
        # Most often a wrong path (a folder with no records in it); an archive may also
        # start empty, or a CI shard get no file, so it is a note, not a failure.
        write_line(_NOTHING_FOUND[lang if lang in _NOTHING_FOUND else "en"], err=True)
    if errors or (strict and warnings):
        return 1
    return 0


class JsonReportWriter:
    """``{"games": [...], "files": …, "errors": …, "warnings": …}``, written game by
    game: one game per line, each through the json module's C encoder (an indented
    dump goes through its pure-Python encoder, about a second for 10,000 records)."""

    def __init__(self, out: TextIO) -> None:
        self.out = out
        self.count = 0
        out.write('{\n "games": [')

    def game(self, summary: Mapping[str, Any]) -> None:
        self.encoded(_encode_json(summary))

    def encoded(self, game: str) -> None:
        """A game already encoded (by :func:`render_record`)."""
        self.out.write((",\n  " if self.count else "\n  ") + game)
        self.count += 1

    def close(self, **totals: int) -> None:
        self.out.write("\n ]" if self.count else "]")
        for key, value in totals.items():
            self.out.write(f",\n {_json_key(key)}: {value}")
        self.out.write("\n}\n")


_NOTHING_FOUND = {
    "en": "note: no record files (*.kifu) were found in the given paths",
    "ja": "注意: 指定したパスに棋譜ファイル (*.kifu) が見つかりませんでした",
}


def _totals(files: int, errors: int, warnings: int, lang: str) -> str:
    if lang == "ja":
        return f"{files} ファイル、エラー {errors} 件、警告 {warnings} 件"
    return f"{files} file(s), {errors} error(s), {warnings} warning(s)"


def write_line(text: str, err: bool = False) -> None:
    """``click.echo(text, err=err)`` for a plain line to a text stream that click would
    not re-wrap (:func:`kifuwiki.cli.fast.plain_streams`): write it, then flush."""
    stream = sys.stderr if err else sys.stdout
    stream.write(text + "\n")
    stream.flush()


def run_validate(
    paths: tuple[Path | str, ...],
    output_format: str,
    strict: bool,
    jobs: int,
    lang: str | None,
    shard: Shard | None,
    echo: Echo | None = None,
    rules: Mapping[str, Any] | None = None,
) -> int:
    """Check every record under ``paths`` and print the report; the exit code.
    ``rules``: the site's rules option (:func:`kifuwiki.sitebuild.site.site_rules`), for
    records that name none, as the site build gives them."""
    with batch_collector():
        lang = lang or locale_language()
        render = partial(render_record, output_format, lang)
        records = rendered_paths(paths, render, rules=rules, jobs=jobs, shard=shard)
        return write_report(records, output_format, strict, lang, echo)


#: Container allocations between two collections of the youngest generation during a
#: validate run (Python's default: 700).
BATCH_GC_THRESHOLD = 10_000


@contextmanager
def batch_collector() -> Iterator[None]:
    """The cycle collector tuned for a batch of records, then restored.

    A record's objects (lines, moves, states) form no cycles: reference counting frees
    them once its report is written. With Python's defaults the collector still ran
    every 700 allocations, traversing the young objects and, now and then, every object
    the imports made: ~10 % of the CPU of ``validate`` on 2,000 generated games (~260 ms
    of 2.3 s; ~23 ms with this). Freezing what exists now (the imports, kept to the
    end) and collecting the young generation every 10,000 allocations keeps memory
    flat all the same. Workers forked by ``-j`` inherit both settings.
    """
    threshold = gc.get_threshold()
    gc.freeze()
    gc.set_threshold(BATCH_GC_THRESHOLD, *threshold[1:])
    try:
        yield
    finally:
        gc.set_threshold(*threshold)
        gc.unfreeze()
