"""Writing imported records: stable names, front matter, and never losing someone's edits.

Re-importing the same source must give byte-identical files, yet each record keeps the
date it was imported. So the date is chosen last: when a record file already exists and
differs from the new import *only* in its import date, the file is left exactly as it is.
Any other difference means someone edited the record (or the source changed); such a file
is only overwritten with ``force``. Every write is atomic (:func:`atomic_write_text`), so
an interrupted import leaves the old file whole.
"""

from __future__ import annotations

import datetime as dt
import enum
import hashlib
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from kifuwiki.core.atomic import TargetExists, atomic_write_text
from kifuwiki.core.diagnostics import Severity
from kifuwiki.importers.issues import ImportIssue

#: Marks a line the importer kept but could not interpret, so a person can review it.
REVIEW_MARK = "[import-review]"
RECORD_SUFFIX = ".kifu"
#: Front-matter key of the import date.
DATE_KEY = "imported"

_SLUG_JUNK = re.compile(r"[^\w]+")
#: Bytes of a slug, and of a whole file stem (slug plus ``-2``, ``-g01`` … suffixes).
#: File systems allow 255 bytes per name, and the atomic write's temporary file adds 14.
MAX_SLUG_BYTES = 150
MAX_STEM_BYTES = 200
#: Names Windows reserves for devices, whatever follows them (``con.kifu``, ``nul.txt``).
_WINDOWS_DEVICES = frozenset(
    {"con", "prn", "aux", "nul", "conin$", "conout$"}
    | {f"{port}{n}" for port in ("com", "lpt") for n in [*"0123456789", "¹", "²", "³"]}
)


def _fit(text: str, limit: int) -> str:
    """``text`` within ``limit`` UTF-8 bytes: a long one is cut at a character boundary
    and ends with a hash of the whole, so it stays the same on every import and two
    long titles that share their beginning still get different names."""
    data = text.encode("utf-8")
    if len(data) <= limit:
        return text
    digest = hashlib.blake2b(data, digest_size=4).hexdigest()
    head = data[: limit - len(digest) - 1].decode("utf-8", errors="ignore").rstrip("-_")
    return f"{head}-{digest}"


def safe_stem(stem: str) -> str:
    """A file stem every checkout can hold: within :data:`MAX_STEM_BYTES` and never a
    Windows device name (``con``, ``com1``, ``nul-txt`` → ``record-…``)."""
    device = re.split(r"[.\-_ ]", stem, maxsplit=1)[0].lower()
    if device in _WINDOWS_DEVICES:
        stem = f"record-{stem}"
    return _fit(stem, MAX_STEM_BYTES)


def slugify(text: str, fallback: str = "page") -> str:
    """A file-name-safe slug that keeps Japanese letters.

    ``素数大富豪 第1回/決勝`` → ``素数大富豪-第1回-決勝``; a title too long for a file
    name is shortened stably (see :func:`_fit`).
    """
    normal = unicodedata.normalize("NFKC", text).strip().lower()
    slug = _SLUG_JUNK.sub("-", normal).strip("-_")
    if len(slug) > 80:
        # The first 80 characters, as before; beyond that a hash tells titles apart.
        digest = hashlib.blake2b(slug.encode("utf-8"), digest_size=4).hexdigest()
        slug = f"{slug[:80].strip('-_')}-{digest}"
    return _fit(slug, MAX_SLUG_BYTES) or fallback


def comment_lines(text: str) -> list[str]:
    """A record comment (``* …``) per non-blank line of ``text``."""
    return [f"* {line.strip()}" for line in text.splitlines() if line.strip()]


#: What YAML reads as a line break inside a scalar (U+0085 NEL, U+2028, U+2029): written
#: raw, as ``safe_dump`` writes them, a title's NEL (what ``…`` becomes when a cp1252
#: page is read as Latin-1) came back as a space.
_YAML_BREAKS = ("\x85", "\u2028", "\u2029")


class _FrontMatterDumper(yaml.SafeDumper):
    """``yaml.safe_dump``'s output, but a text holding a YAML line break is double-quoted,
    where it is written as an escape (``\\N``) and read back as it was."""


def _represent_text(dumper: yaml.SafeDumper, value: str) -> yaml.ScalarNode:
    if any(mark in value for mark in _YAML_BREAKS):
        return dumper.represent_scalar("tag:yaml.org,2002:str", value, style='"')
    return dumper.represent_str(value)


_FrontMatterDumper.add_representer(str, _represent_text)


@dataclass(frozen=True, slots=True)
class BodyNote:
    index: int
    """0-based index of the body line the note is about."""
    severity: Severity
    code: str
    message: str
    message_ja: str = ""


@dataclass(slots=True)
class ImportedRecord:
    """One record file an importer wants to write."""

    game: str
    """Game id, which is also the folder under the records root."""
    slug: str
    meta: dict[str, Any]
    """Front matter, in the order it is written (without the import date)."""
    page: str
    """Where it came from, for messages."""
    body: list[str] = field(default_factory=list)
    notes: list[BodyNote] = field(default_factory=list)
    dated: bool = True
    """Whether the front matter carries the import date."""

    @property
    def relative_path(self) -> str:
        return f"{self.game}/{safe_stem(self.slug)}{RECORD_SUFFIX}"

    def add(self, line: str) -> None:
        self.body.append(line)

    def review(self, original: str, code: str, message: str, ja: str = "") -> None:
        """Keep a line the importer cannot interpret as a marked comment, with a warning."""
        self.notes.append(BodyNote(len(self.body), Severity.WARNING, code, message, ja))
        self.body.append(f"* {REVIEW_MARK} {original.strip()}")

    def front_matter(self, date: dt.date | None) -> str:
        meta = dict(self.meta)
        if self.dated and date is not None:
            meta[DATE_KEY] = date
        dumped = yaml.dump(
            meta,
            Dumper=_FrontMatterDumper,
            allow_unicode=True,
            sort_keys=False,
            default_flow_style=False,
            width=10**6,
        )
        return f"---\n{dumped}---\n"

    def render(self, date: dt.date | None) -> str:
        body = "\n".join(line.rstrip() for line in self.body).strip("\n")
        return self.front_matter(date) + body + "\n"

    def issues(self) -> list[ImportIssue]:
        """The notes, located at their lines in the record file."""
        offset = self.front_matter(dt.date(2000, 1, 1)).count("\n")
        return [
            ImportIssue(
                note.severity,
                note.code,
                note.message,
                self.page,
                self.relative_path,
                offset + note.index + 1,
                note.message_ja,
            )
            for note in self.notes
        ]


def unique_slugs(records: Iterable[ImportedRecord], taken: set[str]) -> None:
    """Give records that would share a file name in one run distinct ``-2``, ``-3`` … slugs."""
    for record in records:
        base = record.slug
        number = 1
        while record.relative_path in taken:
            number += 1
            record.slug = f"{base}-{number}"
        taken.add(record.relative_path)


class WriteStatus(enum.Enum):
    NEW = "new"
    UPDATED = "updated"
    """An existing, different file replaced because of ``force``."""
    UNCHANGED = "unchanged"
    KEPT = "kept"
    """An existing, different file left alone (no ``force``)."""
    FAILED = "failed"


@dataclass(frozen=True, slots=True)
class WriteResult:
    path: Path
    status: WriteStatus
    text: str
    written: bool
    issue: ImportIssue | None = None


def _existing_date(text: str) -> dt.date | None:
    """The import date in an existing record's front matter, if it has one."""
    if not text.startswith("---\n"):
        return None
    end = text.find("\n---\n", 3)
    if end < 0:
        return None
    try:
        meta = yaml.safe_load(text[4 : end + 1])
    except yaml.YAMLError:
        return None
    value = meta.get(DATE_KEY) if isinstance(meta, dict) else None
    return value if isinstance(value, dt.date) else None


def _kept(record: ImportedRecord) -> ImportIssue:
    return ImportIssue(
        Severity.ERROR,
        "IM050",
        "the file exists and differs from this import (edited by hand, or the source "
        "changed); it was kept as it is. Use --force to overwrite it",
        record.page,
        record.relative_path,
        message_ja="ファイルがすでにあり、今回の取り込みと内容が違います（手で編集されたか、"
        "取り込み元が変わりました）。そのまま残しました。"
        "上書きするには --force を使ってください",
    )


def write_record(
    record: ImportedRecord,
    root: Path,
    *,
    today: dt.date,
    force: bool = False,
    dry_run: bool = False,
) -> WriteResult:
    """Write one record under ``root`` (atomically), unless that would lose a person's edit."""
    path = root / record.relative_path
    text = record.render(today)
    status = WriteStatus.NEW
    if path.exists():
        try:
            existing: str | None = path.read_bytes().decode("utf-8")
        except (OSError, UnicodeDecodeError):
            existing = None
        if existing == text:
            return WriteResult(path, WriteStatus.UNCHANGED, text, False)
        if existing is not None and record.dated:
            old_date = _existing_date(existing)
            if old_date is not None and existing == record.render(old_date):
                # Same import on another day: keep the file byte for byte.
                return WriteResult(path, WriteStatus.UNCHANGED, existing, False)
        if not force:
            return WriteResult(path, WriteStatus.KEPT, text, False, _kept(record))
        status = WriteStatus.UPDATED
    if dry_run:
        return WriteResult(path, status, text, False)
    try:
        # A new file only where there is still none: one written meanwhile (another
        # import, an editor) is someone's, and kept as the check above would keep it.
        atomic_write_text(path, text, overwrite=status is WriteStatus.UPDATED)
    except TargetExists:
        return WriteResult(path, WriteStatus.KEPT, text, False, _kept(record))
    except OSError as exc:
        reason = ja_reason = str(exc.strerror or exc)
        blocking = next((p for p in path.parents if p.exists() and not p.is_dir()), None)
        if blocking is not None:  # mkdir's bare "File exists" named no file
            reason = f"{blocking} is a file, not a folder"
            ja_reason = f"{blocking} はフォルダではなくファイルです"
        issue = ImportIssue(
            Severity.ERROR,
            "IM051",
            f"cannot write the file: {reason}",
            record.page,
            record.relative_path,
            message_ja=f"ファイルを書き込めません: {ja_reason}",
        )
        return WriteResult(path, WriteStatus.FAILED, text, False, issue)
    return WriteResult(path, status, text, True)
