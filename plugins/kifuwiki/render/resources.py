"""Where the packaged templates and assets live, installed or in a checkout."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import kifuwiki


@cache
def templates_dir() -> Path:
    """The packaged templates folder.

    A wheel carries the top-level ``templates/`` inside the package as
    ``kifuwiki/templates``; an editable install (a checkout) does not, so fall back
    to the repository's own top-level folder. Once per process: the record page's,
    the search text's and the viewer's fast paths ask for it on every record, and
    resolving the package's path is a system call per folder.
    """
    package = Path(kifuwiki.__file__).resolve().parent
    packaged = package / "templates"
    if packaged.is_dir():
        return packaged
    return package.parent.parent / "templates"


def assets_dir() -> Path:
    """Static files (JS, CSS) the viewer needs on every page that shows a record."""
    return templates_dir() / "assets"


@cache
def is_packaged_file(filename: str | None, packaged: Path) -> bool:
    """Whether a template Jinja read from ``filename`` is the packaged file ``packaged``
    (and not a site's override): a Python fast path that writes a template's text is
    used only then. Once per file: resolving a path is a system call per folder."""
    if filename is None:
        return False
    return Path(filename).resolve() == packaged.resolve()
