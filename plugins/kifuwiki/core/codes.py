"""Diagnostic codes of record files themselves (before any game reads them)."""

from __future__ import annotations

from collections.abc import Mapping

#: Code → one-line description, for ``kifuwiki codes`` and the documentation.
CODES: Mapping[str, str] = {
    "RF000": "the record file cannot be read (missing, or no permission)",
    "RF001": "the file is not valid UTF-8; bad bytes were replaced with U+FFFD",
    "RF002": "front matter starts with '---' but has no closing '---' line",
    "RF003": "front matter is not valid YAML",
    "RF004": "front matter is not a mapping of 'key: value' lines",
    "RF005": "the file is not UTF-8 but UTF-16, Shift_JIS (cp932) or EUC-JP; it was read as such",
    "RF006": "a front matter number too large to use (more than 15 digits); kept as text",
    "RF007": "front matter nested too deeply, too large or containing itself; cut or ignored",
    "RF008": "an 'accept:' acknowledgement that names no warning code, or names an error",
    "RF009": "a record file that is a symbolic link out of its folder; it is not read",
    "RF010": "the record's game is unknown, or cannot be told from its front matter or folder",
    "RF999": "kifuwiki failed while reading this record (a bug: please report it)",
}
