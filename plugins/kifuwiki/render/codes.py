"""Diagnostic codes of the publishing side (the record's own codes belong to its game)."""

from __future__ import annotations

from collections.abc import Mapping

UNKNOWN_FENCE_OPTION = "KW001"
UNKNOWN_FENCE_GAME = "KW002"
INTERNAL_VIEW_ERROR = "KW003"

#: Code → one-line description, for the documentation.
CODES: Mapping[str, str] = {
    UNKNOWN_FENCE_OPTION: "a ```kifu block has an option kifuwiki does not know "
    "(known: game, rules, lang, title); it is ignored",
    UNKNOWN_FENCE_GAME: "a ```kifu block names a game kifuwiki does not know; "
    "the block shows an error box",
    INTERNAL_VIEW_ERROR: "kifuwiki failed while showing a record (a bug: please report it "
    "with the record attached); the page shows the record's diagnostics",
}
