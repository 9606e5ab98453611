"""Building an archive site without MkDocs: the core every front end drives.

* :mod:`kifuwiki.sitebuild.site`: :class:`SiteBuild`, records → site plan → page HTML;
* :mod:`kifuwiki.sitebuild.records`: finding and loading record files (memory, disk
  cache, or worker processes);
* :mod:`kifuwiki.sitebuild.export`: the pages as files in a docs folder (``kifuwiki
  pages``);
* :mod:`kifuwiki.sitebuild.reports`: checking for ``kifuwiki validate`` (workers, shards);
* :mod:`kifuwiki.sitebuild.pool`: worker processes that never outnumber the work or
  the cores, and die with their parent;
* :mod:`kifuwiki.sitebuild.keys`: cache keys and fingerprints.

Nothing here imports MkDocs (a test checks it): the MkDocs plugin and ``kifuwiki
pages`` are thin adapters over :class:`SiteBuild`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from kifuwiki.sitebuild.site import BuildSettings, SiteBuild


def __getattr__(name: str) -> Any:
    # Imported on first use: `kifuwiki validate` uses kifuwiki.sitebuild.reports and
    # must not pay for the site build's imports (Jinja, the templates) at start-up.
    if name in ("BuildSettings", "SiteBuild"):
        from kifuwiki.sitebuild import site

        return getattr(site, name)
    raise AttributeError(f"module 'kifuwiki.sitebuild' has no attribute {name!r}")


__all__ = ["BuildSettings", "SiteBuild"]
