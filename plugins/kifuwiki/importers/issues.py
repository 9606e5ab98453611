"""What an importer reports: one line per problem, with the page and the line it is about."""

from __future__ import annotations

from dataclasses import dataclass

from kifuwiki.core.diagnostics import Severity, terminal_safe
from kifuwiki.importers.codes import CODES


@dataclass(frozen=True, slots=True)
class ImportIssue:
    severity: Severity
    code: str
    message: str
    page: str
    """Where the material came from: a URL, a file, or a page title."""
    record: str | None = None
    """The record file the issue is about (its path relative to the records folder)."""
    line: int | None = None
    """1-based line in ``record``, or in the source when ``record`` is ``None``."""
    message_ja: str = ""
    """The message in Japanese."""

    def text(self, lang: str) -> str:
        """The message in ``lang`` (``ja`` or ``en``); English when no Japanese was given."""
        return self.message_ja if lang == "ja" and self.message_ja else self.message

    def __post_init__(self) -> None:
        if self.code not in CODES:  # a programming error, caught by the tests
            raise ValueError(f"undocumented importer code {self.code}")

    def format_text(self, lang: str = "en", source: str | None = None) -> str:
        """``page → record:line: severity CODE message``, the message in ``lang``.
        ``source``: what the user named (a saved file's path) when it is not the page
        the issue names (its address or title): both are said, ``file.html (title)``,
        so a title alone never leaves the user looking for its file. A page named by
        the file's own name is the file: its path alone is said."""
        where = self.page
        if source is not None and source != self.page:
            same_file = source.endswith(f"/{self.page}")
            where = source if same_file else f"{source} ({self.page})"
        if self.record is not None:
            where += f" → {self.record}" + (f":{self.line}" if self.line is not None else "")
        elif self.line is not None:
            where += f":{self.line}"
        return terminal_safe(f"{where}: {self.severity.value} {self.code} {self.text(lang)}")


def error(
    code: str, message: str, page: str, line: int | None = None, *, ja: str = ""
) -> ImportIssue:
    return ImportIssue(Severity.ERROR, code, message, page, None, line, ja)


def warning(
    code: str, message: str, page: str, line: int | None = None, *, ja: str = ""
) -> ImportIssue:
    return ImportIssue(Severity.WARNING, code, message, page, None, line, ja)
