"""A content-hash cache: an unchanged record is never parsed or rendered twice.

Entries live in memory (across ``mkdocs serve`` rebuilds, as long as the plugin
object lives) and, when a folder is given, on disk under ``.cache/kifuwiki/``. The
disk layout is ``<folder>/<salt>/<kind>/<key[:2]>/<key>``: the salt hashes the
package version and everything else that changes the output (rule set, language,
templates), so a new version or an edited template simply misses. The folder is
safe to delete at any time; a corrupt or unreadable entry is a miss, never an error.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import os
import re
import tempfile
from pathlib import Path
from typing import Any

from kifuwiki import __version__

log = logging.getLogger(__name__)

#: A key whose entry's path a string join gives exactly as ``pathlib`` does: no ``/``,
#: no ``.`` part that ``pathlib`` would drop, never empty (the build's keys are hashes).
_PLAIN_KEY = re.compile(r"[0-9A-Za-z_][0-9A-Za-z_.-]*")


def cache_salt(*parts: object) -> str:
    """A short hash of the package version and ``parts`` (rules, language, templates…)."""
    text = json.dumps([__version__, *parts], sort_keys=True, default=str, ensure_ascii=False)
    return hashlib.blake2b(text.encode("utf-8"), digest_size=8).hexdigest()


def templates_fingerprint(*folders: Path | None) -> str:
    """Hash of every template's name, size and modification time (cheap, no reads)."""
    digest = hashlib.blake2b(digest_size=8)
    for folder in folders:
        if folder is None or not folder.is_dir():
            continue
        for path in sorted(folder.rglob("*")):
            if path.is_file():
                stat = path.stat()
                digest.update(
                    f"{path.relative_to(folder)}:{stat.st_size}:{stat.st_mtime_ns};".encode()
                )
    return digest.hexdigest()


class ContentCache:
    """Text values keyed by (kind, content hash), in memory and optionally on disk."""

    def __init__(self, folder: Path | None, salt: str) -> None:
        self.folder = folder
        self.salt = salt
        self._memory: dict[tuple[str, str], str] = {}
        # Each kind's folder as a string (see _file).
        self._folders: dict[str, str] = {}
        self.hits = 0
        self.misses = 0

    def _path(self, kind: str, key: str) -> Path | None:
        if self.folder is None:
            return None
        return self.folder / self.salt / kind / key[:2] / key

    def _file(self, kind: str, key: str) -> str | None:
        """:meth:`_path` as a string, joined without ``pathlib`` for a plain key: a
        build reads an entry per record page, and the four joins were a fifth of it."""
        if self.folder is None:
            return None
        if _PLAIN_KEY.fullmatch(key) is None:
            return str(self.folder / self.salt / kind / key[:2] / key)
        folder = self._folders.get(kind)
        if folder is None:
            folder = self._folders[kind] = str(self.folder / self.salt / kind)
        return f"{folder}/{key[:2]}/{key}"

    def get(self, kind: str, key: str, *, remember: bool = True) -> str | None:
        """The value, or ``None`` on a miss; ``remember=False`` reads the disk without
        keeping a copy in memory (pages that MkDocs holds itself until the build ends)."""
        value = self._memory.get((kind, key))
        if value is None:
            path = self._file(kind, key)
            if path is not None:
                value = _read(path)
                if value is not None and remember:
                    self._memory[(kind, key)] = value
        if value is None:
            self.misses += 1
        else:
            self.hits += 1
        return value

    def get_head(self, kind: str, key: str) -> str | None:
        """The entry's first line, without reading the rest from disk; ``None`` on a
        miss. (An entry cut short is found out when the whole of it is read.)"""
        value = self._memory.get((kind, key))
        if value is not None:
            return value.partition("\n")[0]
        path = self._file(kind, key)
        if path is None:
            return None
        try:
            with open(path, "rb") as handle:  # noqa: PTH123 (a string: see _file)
                return handle.readline().rstrip(b"\n").decode("utf-8")
        except (OSError, UnicodeDecodeError):
            return None

    def has(self, kind: str, key: str) -> bool:
        """Whether an entry exists (without reading it)."""
        if (kind, key) in self._memory:
            return True
        path = self._file(kind, key)
        return path is not None and os.path.isfile(path)  # noqa: PTH113

    def has_any(self, kind: str) -> bool:
        """Whether the disk holds any entry of ``kind`` under this salt (``False`` with
        no disk cache)."""
        if self.folder is None:
            return False
        try:
            with os.scandir(self.folder / self.salt / kind) as shards:
                for shard in shards:
                    if not shard.is_dir():
                        continue  # a stray file: not an entry
                    with os.scandir(shard.path) as entries:
                        if any(True for _ in entries):
                            return True
        except OSError:
            return False
        return False

    def put(self, kind: str, key: str, value: str, *, memory: bool = True) -> bool:
        """Store ``value``; with ``memory=False`` only on disk, unless the disk fails.
        Returns whether the value is on disk."""
        path = self._path(kind, key)
        written = path is not None and _write(path, value)
        if memory or not written:
            self._memory[(kind, key)] = value
        return written

    def get_json(self, kind: str, key: str, *, remember: bool = True) -> Any:
        """The JSON value, or ``None`` on a miss or an entry that is not JSON (a write
        cut short): JSON's own syntax is the entry's checksum."""
        text = self.get(kind, key, remember=remember)
        if text is None:
            return None
        try:
            return json.loads(text)
        except ValueError:
            return None

    def put_json(self, kind: str, key: str, value: Any, *, memory: bool = True) -> bool:
        text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
        return self.put(kind, key, text, memory=memory)

    def forget_memory(self) -> None:
        self._memory.clear()


def _read(path: str) -> str | None:
    """The entry at ``path`` as written (no newline translation), or ``None``: read whole
    in binary and decoded, without the text layer (a page's entry: ~18 µs instead of
    ~34 µs through ``Path.read_text``)."""
    try:
        with open(path, "rb", buffering=0) as handle:  # noqa: PTH123
            return handle.read().decode("utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def _write(path: Path, text: str) -> bool:
    """Write an entry through a temporary file and a rename, so a reader never sees
    half an entry. No fsync: after a power cut an entry may be lost or cut short,
    which the next build reads as a miss (JSON that does not parse); syncing every
    entry cost more than a third of a cold build's cache writes."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
                handle.write(text)
            Path(tmp_name).replace(path)
        except BaseException:
            with contextlib.suppress(OSError):
                Path(tmp_name).unlink()
            raise
    except OSError as exc:  # a read-only or full disk only costs speed
        log.debug("cannot write cache entry %s: %s", path, exc)
        return False
    return True
