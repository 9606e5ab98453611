"""Atomic file writes: a reader (or a crash) never sees half a file."""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
from pathlib import Path


class TargetExists(FileExistsError):
    """``overwrite=False`` and a file took the name meanwhile (not, say, a file where a
    folder on the way should be, which ``mkdir`` reports as a plain FileExistsError)."""


def _mode_for(path: Path) -> int:
    """The permissions the written file gets: those of the file it replaces, else what
    ``open(path, "w")`` would give a new file (``0o666`` less the umask). The temporary
    file :func:`tempfile.mkstemp` makes is ``0o600``; renamed as it is, a record written
    by ``fmt --write`` or an import would become unreadable to everyone else."""
    try:
        return stat.S_IMODE(path.stat().st_mode)
    except OSError:
        umask = os.umask(0o022)  # read the umask (it can only be read by setting it)
        os.umask(umask)
        return 0o666 & ~umask


def atomic_write_text(
    path: Path, text: str, encoding: str = "utf-8", *, overwrite: bool = True
) -> None:
    """Write ``text`` to a temporary file beside ``path``, fsync it, then rename over.
    The file keeps the permissions of the one it replaces (a new one gets the umask's).

    ``overwrite=False``: only create ``path``; should a file appear there after the
    caller looked (another import, an editor), raise :class:`TargetExists` and leave
    it alone. The finished file is hard-linked into place, which fails when the name is
    taken; where the file system has no hard links, it is renamed after one more look."""
    path.parent.mkdir(parents=True, exist_ok=True)
    mode = _mode_for(path)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "w", encoding=encoding, newline="\n") as handle:
            if hasattr(os, "fchmod"):  # not on Windows, where mkstemp's file is not private
                os.fchmod(handle.fileno(), mode)
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        if overwrite:
            tmp.replace(path)
            return
        try:
            os.link(tmp, path)
        except FileExistsError:
            raise TargetExists(errno.EEXIST, "File exists", str(path)) from None
        except OSError:  # no hard links here (FAT, some network shares)
            if os.path.lexists(path):
                raise TargetExists(errno.EEXIST, "File exists", str(path)) from None
            tmp.replace(path)
            return
        tmp.unlink()
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
