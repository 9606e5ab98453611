"""What ``validate`` asks of a path given as text, without :mod:`pathlib`.

Importing :mod:`pathlib` brings :mod:`urllib.parse`, :mod:`ipaddress`, :mod:`fnmatch`
and :mod:`ntpath` with it: ~18 M instructions, ~2.5 ms of a ~50 ms ``kifuwiki
validate`` start-up. The validate command line (``cli/fast.py``) and its walk
(:func:`kifuwiki.archive.iter_record_names`) work on strings, so these give what
``str(Path(text))``, ``Path(text).is_dir()`` and ``Path(text).is_file()`` give there.
``tests/core/test_paths.py`` compares them with :mod:`pathlib`.
"""

from __future__ import annotations

import errno
import os
import stat

#: The errors after which ``Path.is_dir()``/``is_file()`` answer ``False`` instead of
#: raising (``pathlib._IGNORED_ERRNOS`` and ``_IGNORED_WINERRORS``, Python 3.11–3.13).
_IGNORED_ERRNOS = (errno.ENOENT, errno.ENOTDIR, errno.EBADF, errno.ELOOP)
_IGNORED_WINERRORS = (21, 123, 1921)


def posix_path_text(text: str) -> str:
    """``str(PurePosixPath(text))``: the parts without empty and ``.`` ones, joined by
    ``/`` after the root (``/``, or ``//`` kept as POSIX allows), ``.`` when there is
    nothing. For POSIX systems only (``cli/fast.py`` runs nowhere else)."""
    if text.startswith("/"):
        root = "//" if text.startswith("//") and not text.startswith("///") else "/"
    else:
        root = ""
    parts = [part for part in text.split("/") if part and part != "."]
    return root + "/".join(parts) if root or parts else "."


def _mode(path: str) -> int | None:
    """``os.stat(path).st_mode``, or ``None`` where ``Path.is_dir()`` would say
    ``False`` rather than raise (it raises on any other error, so does this)."""
    try:
        return os.stat(path).st_mode  # noqa: PTH116 (a string: no pathlib)
    except OSError as exc:
        if exc.errno in _IGNORED_ERRNOS or getattr(exc, "winerror", None) in _IGNORED_WINERRORS:
            return None
        raise
    except ValueError:  # a NUL in the name
        return None


def is_dir(path: str) -> bool:
    """``Path(path).is_dir()`` of a path's text as ``str(Path)`` writes it (``.``, not an
    empty text; no ``/`` at the end)."""
    mode = _mode(path)
    return mode is not None and stat.S_ISDIR(mode)


def is_file(path: str) -> bool:
    """``Path(path).is_file()``, of a path's text as :func:`is_dir` takes it."""
    mode = _mode(path)
    return mode is not None and stat.S_ISREG(mode)
