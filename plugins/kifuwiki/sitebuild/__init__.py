"""Building an archive site without MkDocs: the core every front end drives.

* :mod:`kifuwiki.sitebuild.site`: :class:`SiteBuild`, records → site plan → page HTML;
* :mod:`kifuwiki.sitebuild.records`: finding and loading record files (memory, disk
  cache, or worker processes);
* :mod:`kifuwiki.sitebuild.pool`: worker processes that never outnumber the work or
  the cores, and die with their parent;
* :mod:`kifuwiki.sitebuild.keys`: cache keys and fingerprints.

Nothing here imports MkDocs (a test checks it): the MkDocs plugin and ``kifuwiki
pages`` are thin adapters over :class:`SiteBuild`.
"""

from __future__ import annotations

from kifuwiki.sitebuild.site import BuildSettings, SiteBuild

__all__ = ["BuildSettings", "SiteBuild"]
