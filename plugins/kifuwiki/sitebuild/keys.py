"""Cache keys and fingerprints: what makes a cached page stale."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import kifuwiki


def file_key(name: str, data: bytes | None, error: str = "") -> str:
    """The cache key of one record file: its display path and its bytes (the cache's
    salt adds the rules, language, templates and kifuwiki's version)."""
    digest = hashlib.blake2b(digest_size=16)
    digest.update(name.encode("utf-8", "surrogateescape") + b"\x00")
    digest.update(data if data is not None else b"\x00unreadable:" + error.encode())
    return digest.hexdigest()


def code_fingerprint() -> str:
    """Name, size and mtime of kifuwiki's own ``.py`` files (not ``__pycache__``, which
    changes whenever a module is first imported, mid-build)."""
    package = Path(kifuwiki.__file__).parent
    digest = hashlib.blake2b(digest_size=8)
    for path in sorted(package.rglob("*.py")):
        stat = path.stat()
        digest.update(f"{path.relative_to(package)}:{stat.st_size}:{stat.st_mtime_ns};".encode())
    return digest.hexdigest()


def display_path(path: Path, base: Path) -> str:
    """``path`` relative to the site's folder (``records/x.kifu``), as the archive's
    pages and diagnostics name it. A file outside that folder (a ``records_dir`` beside
    the site) is named from it too (``../archive/x.kifu``): a page must not publish the
    build machine's absolute path, and a diagnostic names every file the same way. The
    path as given only where no relative path exists (another drive on Windows)."""
    resolved = path.resolve()
    try:
        return resolved.relative_to(base).as_posix()
    except ValueError:
        return _outside(resolved, base, path)


def _outside(resolved: Path, base: Path, given: Path) -> str:
    """A resolved path outside ``base``, named from ``base`` (``../x``)."""
    try:
        return Path(os.path.relpath(resolved, base)).as_posix()
    except ValueError:
        return given.as_posix()


class DisplayPaths:
    """:func:`display_path` of many files against one ``base``, each folder resolved
    once: :meth:`pathlib.Path.resolve` of every record file looked up each component of
    its path (an archive of 2,000 records spent ~0.1 s there, on every ``mkdocs serve``
    rebuild too). A file that is not a link resolves to its resolved folder joined with
    its name, which is the folder's display path (worked out once, too) and the name;
    a link still resolves on its own (it may lead elsewhere in the folder)."""

    def __init__(self, base: Path) -> None:
        self.base = base
        # A folder -> its resolved path, and its display path + "/" ("" for the base
        # itself; None outside the base).
        self._folders: dict[Path, tuple[Path, str | None]] = {}

    def __call__(self, path: Path) -> str:
        name = path.name
        if name in ("", ".", "..") or path.is_symlink():
            return display_path(path, self.base)
        parent = path.parent
        known = self._folders.get(parent)
        if known is None:
            folder = parent.resolve()
            try:
                inside = folder.relative_to(self.base).as_posix()
                prefix: str | None = "" if inside == "." else f"{inside}/"
            except ValueError:
                prefix = None
            known = self._folders[parent] = (folder, prefix)
        folder, prefix = known
        if prefix is not None:
            return prefix + name
        try:  # outside the base (or the base itself, named through its parent)
            return (folder / name).relative_to(self.base).as_posix()
        except ValueError:
            return _outside(folder / name, self.base, path)
