"""``kifuwiki validate`` without click, for the plain command lines CI writes.

Importing click and building its group and command is ~18 ms of every start-up (about
a sixth of validating one file). :func:`fast_validate` reads the command lines of the
simple forms below itself and runs the same :func:`~kifuwiki.cli.report.run_validate`
the click command runs::

    kifuwiki validate [--format text|json|github] [--strict] [-j N | -jN | --jobs N]
                      [--lang ja|en] [--shard K/N] [--no-config] [PATH …]

in a folder without ``mkdocs.yml`` or with ``--no-config`` (a site's config is read by
the click command, which gives its kifuwiki options to the records).

(``--opt=value`` too, options and paths in any order, each option once). Anything else
goes to click, which prints what it always printed: help, a typo, a value click would
refuse, a path that does not exist or cannot be read, ``--``, no path and no
``./records``, shell completion, Windows (click expands wildcards there), and a
standard stream click would re-wrap (ASCII). ``tests/cli/test_fast_validate.py`` runs
both on the same command lines and compares stdout, stderr and the exit code.
"""

from __future__ import annotations

import atexit
import codecs
import errno
import gc
import os
import sys
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NoReturn

from kifuwiki.core.paths import is_dir, posix_path_text

if TYPE_CHECKING:
    from kifuwiki.sitebuild.shards import Shard

_FORMATS = ("text", "json", "github")
_LANGS = ("ja", "en")
#: click's ``main`` answers a shell's completion request when this is set.
_COMPLETION_VARIABLE = "_KIFUWIKI_COMPLETE"


@dataclass
class FastArgs:
    """What the click command's parameters would hold for the same command line; the
    paths as ``str()`` of the click command's ``Path`` objects (no :mod:`pathlib` on
    this path: :mod:`kifuwiki.core.paths`)."""

    paths: tuple[str, ...]
    output_format: str = "text"
    strict: bool = False
    jobs: int = 0
    lang: str | None = None
    shard: Shard | None = None


def parse_validate(args: list[str]) -> FastArgs | None:
    """The arguments after ``validate``; ``None`` unless they are plain (see above)."""
    values: dict[str, str] = {}
    strict = no_config = False
    paths: list[str] = []
    rest = list(args)
    while rest:
        arg = rest.pop(0)
        if not arg.startswith("-"):
            paths.append(arg)
            continue
        if arg.startswith("--"):
            name, equals, value = arg.partition("=")
            has_value = bool(equals)
        elif arg.startswith("-j"):  # click's short option: -j N or -jN (-j=2 is "=2")
            name, value, has_value = "--jobs", arg[2:], len(arg) > 2
        else:
            return None
        if name == "--strict" and not has_value and not strict:
            strict = True
            continue
        if name == "--no-config" and not has_value and not no_config:
            no_config = True
            continue
        if name not in ("--format", "--jobs", "--lang", "--shard") or name in values:
            return None
        if not has_value:
            if not rest:
                return None
            value = rest.pop(0)
        values[name] = value
    return _checked(values, strict, paths, no_config)


def _checked(
    values: dict[str, str], strict: bool, paths: list[str], no_config: bool = False
) -> FastArgs | None:
    """The values click would accept, as it would convert them; else ``None``."""
    output_format = values.get("--format", "text")
    lang = values.get("--lang")
    jobs = values.get("--jobs", "0")
    if output_format not in _FORMATS or (lang is not None and lang not in _LANGS):
        return None
    if not (jobs.isascii() and jobs.isdigit()):
        return None
    shard = None
    if "--shard" in values:
        from kifuwiki.sitebuild.shards import Shard

        try:
            shard = Shard.parse(values["--shard"])
        except ValueError:
            return None
    if not all(_readable(path) for path in paths):
        return None
    if not no_config and os.path.isfile("mkdocs.yml"):  # noqa: PTH113
        return None  # the site's options apply: click's command reads them
    if not paths:
        if not is_dir("records"):
            return None  # click's usage error
        paths = ["records"]
    texts = tuple(map(posix_path_text, paths))
    return FastArgs(texts, output_format, strict, int(jobs), lang, shard)


def _readable(path: str) -> bool:
    """What ``click.Path(exists=True)`` (readable by default) lets through."""
    try:
        os.stat(path)  # noqa: PTH116 (the call click.Path makes)
    except (OSError, ValueError):
        return False
    return os.access(path, os.R_OK)


def plain_streams() -> bool:
    """Whether click would write to ``sys.stdout``/``sys.stderr`` as they are (it wraps
    a binary stream, or one whose encoding is ASCII, "misconfigured")."""
    for stream in (sys.stdout, sys.stderr):
        encoding = getattr(stream, "encoding", None)
        if not encoding or getattr(stream, "errors", None) is None:
            return False
        try:
            if codecs.lookup(encoding).name == "ascii":
                return False
        except LookupError:
            return False
    return True


def fast_validate(args: list[str]) -> None:
    """Run ``kifuwiki validate ARGS`` and exit, if the command line is plain; else return
    (the caller hands it to click)."""
    if sys.platform == "win32" or _COMPLETION_VARIABLE in os.environ or not plain_streams():
        return
    parsed = parse_validate(args)
    if parsed is None:
        return
    from kifuwiki.cli.report import run_validate

    try:
        code = run_validate(
            parsed.paths, parsed.output_format, parsed.strict, parsed.jobs, parsed.lang,
            parsed.shard,
        )  # fmt: skip
    except (EOFError, KeyboardInterrupt):
        _aborted()
    except OSError as exc:
        if exc.errno != errno.EPIPE:
            raise
        # As click's main does: exit 1, and let the interpreter's last flush of a
        # closed pipe pass quietly.
        sys.stdout = _QuietFlush(sys.stdout)
        sys.stderr = _QuietFlush(sys.stderr)
        sys.exit(1)
    # The process ends here. What the run made (modules, the engine's caches) lives to
    # the end: frozen as the atexit handlers start (registered last, this one runs
    # first; the others run after it), the interpreter's collections at exit
    # (one after those handlers, three while modules are torn down) do not traverse it
    # all again: ~36 M instructions of a run over 448 games, ~17 M of one file. A
    # caller that catches the exit in process keeps its collector as it was until its
    # own interpreter ends. Nothing of a validate run waits on a cycle's finaliser:
    # files are closed and workers gone by now; the standard streams are flushed
    # before those collections. (The site build's twin: sitebuild.collector's
    # freeze_at_exit, not imported here to keep this path's start-up small.)
    atexit.unregister(gc.freeze)
    atexit.register(gc.freeze)
    sys.exit(code)


def _aborted() -> NoReturn:
    """click's answer to Ctrl-C: a blank line, then ``Aborted!`` (in the locale's
    language, through gettext as click does), exit 1."""
    from gettext import gettext

    import click

    click.echo(file=sys.stderr)
    click.echo(gettext("Aborted!"), file=sys.stderr)
    sys.exit(1)


class _QuietFlush:
    """A standard stream whose flush ignores a closed pipe (click's ``_PacifyFlushWrapper``)."""

    def __init__(self, wrapped: Any) -> None:
        self.wrapped = wrapped

    def flush(self) -> None:
        try:
            self.wrapped.flush()
        except OSError as exc:
            if exc.errno != errno.EPIPE:
                raise

    def __getattr__(self, name: str) -> Any:
        return getattr(self.wrapped, name)
