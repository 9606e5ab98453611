"""The ``kifuwiki`` command: thin over the library, exit codes 0 fine, 1 errors, 2 usage.

Subcommands are imported when they run, not when ``kifuwiki`` starts: ``validate``
in CI should not pay for the importers' HTML parser and every other command's
dependencies (about a second of start-up on a two-core machine, issue 16). A plain
``kifuwiki validate`` command line does not even import click (~18 ms of its start-up,
:mod:`kifuwiki.cli.fast`); everything else goes through the click group
(:mod:`kifuwiki.cli.app`), which is imported on first use of :data:`cli`.
"""

from __future__ import annotations

import codecs
import gc
import sys
from typing import TYPE_CHECKING, Any, TextIO

from kifuwiki.cli.commands import COMMANDS

if TYPE_CHECKING:
    from kifuwiki.cli.app import LazyGroup, cli


#: The young generation's threshold while ``kifuwiki validate`` imports its modules
#: (Python's default: 700): more allocations than those imports make.
IMPORTS_GC_THRESHOLD = 1_000_000


def tolerant(stream: TextIO) -> TextIO:
    """``stream``, set to write what its encoding lacks as ``\\u…`` escapes: a record's
    player names or suits (♥, 撿) printed to a cp932 console or a Latin-1 CI locale
    ended every command (validate's report, fmt, import, codes, games) in a
    UnicodeEncodeError traceback."""
    errors = getattr(stream, "errors", None)
    encoding = getattr(stream, "encoding", None) or "utf-8"
    if errors == "strict" and hasattr(stream, "reconfigure"):
        try:
            unicode = codecs.lookup(encoding).name.startswith("utf")
        except LookupError:
            unicode = False
        if not unicode:
            stream.reconfigure(errors="backslashreplace")
    return stream


def main() -> None:
    """Console-script entry point."""
    tolerant(sys.stdout)
    tolerant(sys.stderr)
    args = sys.argv[1:]
    if args[:1] == ["validate"]:
        # What validate imports lives to the end: no collection before its batch finds
        # anything to free (~18 collections of the imports' young objects, ~2 ms of a
        # ~45 ms start-up). The batch sets its own threshold (``batch_collector``).
        threshold = gc.get_threshold()
        gc.set_threshold(IMPORTS_GC_THRESHOLD, *threshold[1:])
        try:
            from kifuwiki.cli.fast import fast_validate

            fast_validate(args[1:])  # exits, unless the command line is one for click
        finally:
            gc.set_threshold(*threshold)
    from kifuwiki.cli.app import cli

    cli(prog_name="kifuwiki")


def __getattr__(name: str) -> Any:
    if name in ("cli", "LazyGroup"):
        from kifuwiki.cli import app

        return getattr(app, name)
    raise AttributeError(f"module 'kifuwiki.cli' has no attribute {name!r}")


__all__ = ["COMMANDS", "LazyGroup", "cli", "main", "tolerant"]
