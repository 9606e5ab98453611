"""Warnings a record accepts: known, explained, and no longer failing ``--strict``.

A record says which warnings it knows about, in the spirit of ``# noqa``:

* for the whole file, in front matter — ``accept: [CT224]``, ``accept: CT224``, or with
  reasons ``accept: {CT224: turns 2–10 are omitted in the original}``;
* for one line, with a comment line right below it — ``* accept: CT224 the sheet
  omits these turns``. A comment line (not a marker at the end of the move) because
  every game's ``fmt`` keeps comments where they are, so the acknowledgement survives
  formatting.

An accepted warning stays in the report, marked acknowledged, as information: it is
shown (``(acknowledged: reason)``) but counts as neither a warning nor an error, so
``kifuwiki validate --strict`` and strict builds pass. Errors cannot be accepted: a
record that accepts an error code gets an RF008 warning saying so, as does one naming
a code that does not exist (a typo: ``CT242`` for ``CT224``). Whether a code is an
error is known where it occurs, and for a code that is always one (the core's tables'
``ERRORS`` and each game's ``error_codes``, :func:`kifuwiki.code_tables.error_codes`)
where it does not: ``accept: [PD001]`` on a record with no PD001 is RF008 too. An
acceptance of any other real code that matches nothing any more (the record was
fixed) gets an RF011 note, as ruff's RUF100 reports an unused ``# noqa``:
information, so strict runs still pass, but the reader learns the line can go.

:func:`acknowledge` is the one function the loader calls (``archive.load_source``), so
the CLI, the MkDocs pages and the fence all see the same result.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from kifuwiki.core.diagnostics import Diagnostic, Severity
from kifuwiki.core.lazyre import lazy_pattern
from kifuwiki.core.recordfile import (
    ACCEPT_KEY,
    LineKind,
    RecordSource,
    front_matter_line,
    may_accept,
)

_code = lazy_pattern(r"[A-Z]{2}[0-9]{3}\Z")
_comment = lazy_pattern(
    r"^\s*\*\s*accept\s*[:：]\s*(?P<codes>[A-Za-z]{2}[0-9]{3}(?:\s*[,、]\s*[A-Za-z]{2}[0-9]{3})*)"
    r"(?:\s+(?P<reason>.*))?$",
    re.IGNORECASE,
)


@dataclass(slots=True)
class Acceptance:
    """What one record accepts: codes for the whole file, and codes per line."""

    file: dict[str, str] = field(default_factory=dict)
    """Code → reason (possibly empty)."""
    lines: dict[int, dict[str, str]] = field(default_factory=dict)
    """Line of the move a comment follows → code → reason."""
    problems: list[Diagnostic] = field(default_factory=list)
    origins: dict[tuple[int, str], int] = field(default_factory=dict)
    """(line, code) of a per-line acceptance → the comment line that wrote it."""
    used: set[tuple[int | None, str]] = field(default_factory=set)
    """What matched: (comment line, code) per line, (None, code) for the file."""

    def reason(self, diagnostic: Diagnostic) -> str | None:
        """Why ``diagnostic`` is accepted, or ``None`` when it is not."""
        at_line = self.lines.get(diagnostic.line, {})
        if diagnostic.code in at_line:
            origin = self.origins.get((diagnostic.line, diagnostic.code), diagnostic.line)
            self.used.add((origin, diagnostic.code))
            return at_line[diagnostic.code]
        if diagnostic.code in self.file:
            self.used.add((None, diagnostic.code))
            return self.file[diagnostic.code]
        return None

    def unused(self) -> list[tuple[int | None, str]]:
        """Acceptances nothing matched, as (comment line or None for the file, code)."""
        stale = {(origin, code) for (_, code), origin in self.origins.items()} | {
            (None, code) for code in self.file
        }
        return sorted(stale - self.used, key=lambda item: (item[0] or 0, item[1]))

    def __bool__(self) -> bool:
        return bool(self.file or self.lines or self.problems)


def _bad_value(line: int, value: object) -> Diagnostic:
    shown = str(value)[:40]
    return Diagnostic(
        Severity.WARNING,
        "RF008",
        f"accept: '{shown}' is not a warning code like CT224; it accepts nothing",
        line,
        1,
        message_ja=f"accept: の「{shown}」は CT224 のような警告コードではありません。"
        "何も承認しません",
    )


def _front_matter(value: Any, line: int, acceptance: Acceptance) -> None:
    entries: Iterable[tuple[object, object]]
    if isinstance(value, Mapping):
        entries = value.items()
    elif isinstance(value, (list, tuple)):
        entries = ((item, "") for item in value)
    else:
        entries = ((part, "") for part in re.split(r"[\s,、]+", str(value)) if part)
    for code, reason in entries:
        text = str(code).strip().upper()
        if not _code().match(text):
            acceptance.problems.append(_bad_value(line, code))
            continue
        acceptance.file[text] = "" if reason is None else str(reason).strip()


def acceptance_of(source: RecordSource) -> Acceptance:
    """The warnings ``source`` accepts, from its front matter and its comment lines."""
    acceptance = Acceptance()
    if source.meta.get(ACCEPT_KEY) is not None:
        _front_matter(source.meta[ACCEPT_KEY], front_matter_line(source, ACCEPT_KEY), acceptance)
    previous: int | None = None
    for line in source.lines:
        if line.kind is LineKind.COMMENT:
            match = _comment().match(line.text)
            if match is not None:
                reason = (match.group("reason") or "").strip()
                target = previous or line.number
                at = acceptance.lines.setdefault(target, {})
                for code in re.split(r"\s*[,、]\s*", match.group("codes")):
                    at[code.upper()] = reason
                    # The comment line itself too: a warning may point at the comment.
                    acceptance.lines.setdefault(line.number, {})[code.upper()] = reason
                    for where in (target, line.number):
                        acceptance.origins[(where, code.upper())] = line.number
            continue
        if line.kind is LineKind.TEXT:
            previous = line.number
    return acceptance


def _acknowledged(diagnostic: Diagnostic, reason: str) -> Diagnostic:
    suffix_en = f" (acknowledged: {reason})" if reason else " (acknowledged)"
    suffix_ja = f"（承認済み: {reason}）" if reason else "（承認済み）"
    return replace(
        diagnostic,
        severity=Severity.INFO,
        message=diagnostic.message + suffix_en,
        message_ja=(diagnostic.message_ja + suffix_ja) if diagnostic.message_ja else "",
        acknowledged=True,
    )


def acknowledge(diagnostics: list[Diagnostic], source: RecordSource) -> list[Diagnostic]:
    """``diagnostics`` with the warnings ``source`` accepts marked acknowledged.

    Returns the list unchanged (the same object) when the record accepts nothing, which
    is nearly every record.
    """
    if not may_accept(source):
        return diagnostics
    acceptance = acceptance_of(source)
    result: list[Diagnostic] = []
    refused: set[str] = set()
    for diagnostic in diagnostics:
        reason = acceptance.reason(diagnostic)
        if reason is None or diagnostic.acknowledged:
            result.append(diagnostic)
        elif diagnostic.severity is Severity.ERROR:
            refused.add(diagnostic.code)
            result.append(diagnostic)
        else:
            result.append(_acknowledged(diagnostic, reason))
    line = front_matter_line(source, ACCEPT_KEY) if acceptance.file else source.first_line
    for code in sorted(refused):
        result.append(
            Diagnostic(
                Severity.WARNING,
                "RF008",
                f"accept: {code} is an error here, and errors cannot be accepted: "
                "fix the record instead",
                line,
                1,
                message_ja=f"accept: {code} はこの棋譜ではエラーです。エラーは承認できません。"
                "棋譜を直してください",
            )
        )
    problems = acceptance.problems if source.index == 1 else []
    return [*problems, *result, *_unused_notes(acceptance, source, refused)]


def _unused_notes(
    acceptance: Acceptance, source: RecordSource, refused: set[str]
) -> list[Diagnostic]:
    """RF011 notes for acceptances that matched no warning of this game.

    The file's own ``accept:`` is shared by every game of a multi-game file, so an
    acceptance there is only called unused in a file of one game.
    """
    notes: list[Diagnostic] = []
    for origin, code in acceptance.unused():
        if code in refused:
            continue
        line = origin if origin is not None else front_matter_line(source, ACCEPT_KEY)
        if origin is not None or source.index == 1:
            wrong = _no_warning_code(code, line)
            if wrong is not None:  # a code nothing reports, or an error: never "stale"
                notes.append(wrong)
                continue
        if origin is None and source.count > 1:
            continue
        notes.append(
            Diagnostic(
                Severity.INFO,
                "RF011",
                f"accept: {code} matches no warning here any more; the acceptance can go",
                line,
                1,
                message_ja=f"accept: {code} に当たる警告はもうありません。この承認は消せます",
            )
        )
    return notes


def _known_codes() -> set[str]:
    """Every diagnostic code kifuwiki and the installed games can report (the tables
    ``kifuwiki codes`` lists)."""
    from kifuwiki.code_tables import all_code_tables

    return {code for table in all_code_tables().values() for code in table}


def _error_codes() -> frozenset[str]:
    """Every code that is always an error: the core's and the games' ``error_codes``."""
    from kifuwiki.code_tables import error_codes

    return error_codes()


def _no_warning_code(code: str, line: int) -> Diagnostic | None:
    """RF008 for an acceptance of a code that does not exist or is always an error."""
    if code in _error_codes():
        return Diagnostic(
            Severity.WARNING,
            "RF008",
            f"accept: {code} is an error code, and errors cannot be accepted: "
            "fix the record instead",
            line,
            1,
            message_ja=f"accept: {code} はエラーのコードです。エラーは承認できません。"
            "棋譜を直してください",
        )
    if code not in _known_codes():
        return Diagnostic(
            Severity.WARNING,
            "RF008",
            f"accept: {code} is no diagnostic code (`kifuwiki codes` lists them); "
            "it accepts nothing",
            line,
            1,
            message_ja=f"accept: {code} という診断コードはありません (`kifuwiki codes` で"
            "一覧できます)。何も承認しません",
        )
    return None
