"""An imported record through its game's rules engine, before it is written.

An importer that translates another program's log should not let a broken game (a card
in two hands, a play out of turn) through silently: each error the game's engine finds
becomes an ``IM060`` import error at its line in the record file, with the engine's own
code and message.
"""

from __future__ import annotations

import datetime as dt

from kifuwiki.core.diagnostics import Severity
from kifuwiki.core.recordfile import split_record_file
from kifuwiki.games import get_game
from kifuwiki.importers.issues import ImportIssue
from kifuwiki.importers.output import ImportedRecord


def rule_errors(record: ImportedRecord) -> list[ImportIssue]:
    """The engine's errors on ``record`` as it will be written (any import date: the
    front matter has the same number of lines)."""
    game = get_game(record.game)
    text = record.render(dt.date(2000, 1, 1))
    issues = []
    for source in split_record_file(text, record.relative_path):
        for diagnostic in game.load(source).diagnostics:
            if diagnostic.severity is Severity.ERROR:
                issues.append(
                    ImportIssue(
                        Severity.ERROR,
                        "IM060",
                        f"{diagnostic.code} {diagnostic.message}",
                        record.page,
                        record.relative_path,
                        diagnostic.line,
                        f"{diagnostic.code} {diagnostic.text('ja')}",
                    )
                )
    return issues
