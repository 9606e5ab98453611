"""Diagnostics: what a record and the rules cannot both be right about.

Every diagnostic has a stable code (documented in the game's ``codes`` table), a
message a player understands, and a 1-based line and column in the record file.
Parsers and rules engines *collect* diagnostics on the record instead of raising,
so one broken move never hides the rest of the game.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass

from kifuwiki.core.lazyre import lazy_pattern

#: Characters a terminal or a CI log acts on rather than shows: C0 controls but tab and
#: line feed, DEL, C1 controls, and the bidirectional overrides that reorder what is read.
#: Compiled when first used (~0.25 ms): ``validate --format json`` never escapes.
_controls = lazy_pattern("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def _visible(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def path_text(path: str | None) -> str:
    """A file's path as a report line starts with it: its control characters escaped,
    a line feed too (a name may hold one; the line must stay one line)."""
    if path is None:
        return "<record>"
    return terminal_safe(path).replace("\n", "\\x0a")


def terminal_safe(text: str) -> str:
    """``text`` with every control character written as an escape (``\\x1b``): a record
    quoted in a message (its move, its file name) must not set a terminal's title, clear
    it, or erase the lines above it in a CI log."""
    controls = _controls()
    return controls.sub(_visible, text) if controls.search(text) else text


class Severity(enum.Enum):
    ERROR = "error"
    WARNING = "warning"
    INFO = "info"

    @property
    def rank(self) -> int:
        return {"error": 0, "warning": 1, "info": 2}[self.value]


def counted(count: int, noun: str, plural: str | None = None) -> str:
    """``count`` and ``noun`` as an English message says them: "1 card", "6 cards"
    ("1 copy", "2 copies" with ``plural``). Japanese needs no such form."""
    return f"{count} {noun if count == 1 else plural or noun + 's'}"


def ordinal(number: int) -> str:
    """``number`` as an English ordinal: "1st", "2nd", "3rd", "4th", "11th", "22nd"."""
    if 10 <= number % 100 <= 20:
        return f"{number}th"
    return f"{number}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(number % 10, 'th') }"


@dataclass(frozen=True, slots=True)
class Diagnostic:
    severity: Severity
    code: str
    message: str
    line: int
    column: int = 1
    path: str | None = None
    #: Index of the step (move) the diagnostic belongs to, when it belongs to one.
    step: int | None = None
    #: The message in Japanese; empty when the code's author gave none yet.
    message_ja: str = ""
    #: A warning the record accepts (``accept:``): shown, but counted as information.
    acknowledged: bool = False

    def located(self, path: str) -> Diagnostic:
        """The same diagnostic with its file path filled in."""
        return Diagnostic(
            self.severity,
            self.code,
            self.message,
            self.line,
            self.column,
            path,
            self.step,
            self.message_ja,
            self.acknowledged,
        )

    def text(self, lang: str) -> str:
        """The message in ``lang`` (``ja`` or ``en``); English when no Japanese was given."""
        return self.message_ja if lang == "ja" and self.message_ja else self.message

    def format_text(self) -> str:
        where = f"{path_text(self.path or None)}:{self.line}:{self.column}"
        return terminal_safe(f"{where}: {self.severity.value} {self.code} {self.message}")

    def to_json(self) -> dict[str, object]:
        report: dict[str, object] = {
            "severity": self.severity.value,
            "code": self.code,
            "message": self.message,
            "line": self.line,
            "column": self.column,
        }
        if self.acknowledged:
            report["acknowledged"] = True
        return report


class DiagnosticBag:
    """Collects diagnostics; `once` keys let incomplete records warn once, not per move."""

    __slots__ = ("_once", "items")

    def __init__(self) -> None:
        self.items: list[Diagnostic] = []
        self._once: set[str] = set()

    def add(
        self,
        severity: Severity,
        code: str,
        message: str,
        line: int,
        column: int = 1,
        *,
        step: int | None = None,
        once: str | None = None,
        ja: str = "",
    ) -> None:
        if once is not None:
            if once in self._once:
                return
            self._once.add(once)
        self.items.append(Diagnostic(severity, code, message, line, column, None, step, ja))

    def error(
        self,
        code: str,
        message: str,
        line: int,
        column: int = 1,
        *,
        step: int | None = None,
        once: str | None = None,
        ja: str = "",
    ) -> None:
        self.add(Severity.ERROR, code, message, line, column, step=step, once=once, ja=ja)

    def warning(
        self,
        code: str,
        message: str,
        line: int,
        column: int = 1,
        *,
        step: int | None = None,
        once: str | None = None,
        ja: str = "",
    ) -> None:
        self.add(Severity.WARNING, code, message, line, column, step=step, once=once, ja=ja)

    def info(
        self,
        code: str,
        message: str,
        line: int,
        column: int = 1,
        *,
        step: int | None = None,
        once: str | None = None,
        ja: str = "",
    ) -> None:
        self.add(Severity.INFO, code, message, line, column, step=step, once=once, ja=ja)

    def extend(self, other: list[Diagnostic]) -> None:
        self.items.extend(other)

    @property
    def errors(self) -> int:
        return sum(1 for d in self.items if d.severity is Severity.ERROR)

    @property
    def warnings(self) -> int:
        return sum(1 for d in self.items if d.severity is Severity.WARNING)

    def sorted(self) -> list[Diagnostic]:
        return sorted(self.items, key=lambda d: (d.line, d.column, d.severity.rank))
