"""Stable codes of the importers' messages (``IM…``), one line each, for the docs."""

from __future__ import annotations

CODES: dict[str, str] = {
    # Getting the page.
    "IM001": "the page could not be fetched (network failure or timeout, after retries)",
    "IM002": "the wiki answered with an HTTP error status",
    "IM003": "the wiki's API reported an error (for example a missing page)",
    "IM004": "the file or answer could not be read (not HTML, not JSON, bad encoding)",
    # Reading the page.
    "IM010": "no game record was found on the page",
    "IM011": "a block looks like a notation example (a fragment), not a whole game",
    "IM012": "a line could not be interpreted; it is kept as a comment marked [import-review]",
    "IM013": "players written as 'same as game N' could not be resolved",
    "IM014": "the page has no article body (div.mw-parser-output); the whole page was read",
    # Catan log sheets.
    "IM030": "no log-sheet table (a turn column and one column per player) was found",
    "IM031": "a log-sheet column header names no player letter, e.g. 青プレイヤー(B)",
    # primeqk database.
    "IM040": "a primeqk match file lacks a field the importer needs",
    "IM041": "a primeqk game's first line is not the database's '### …' header",
    "IM042": "a primeqk game's source file name does not begin with a YYMMDD date",
    # Games' own importers (GameModule.importers).
    "IM060": "an imported game breaks the game's rules; the engine's code and message follow",
    # Writing.
    "IM050": "an existing record differs from the import and was kept (use --force)",
    "IM051": "a record file could not be written",
}
