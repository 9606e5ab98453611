"""Under ``mkdocs serve``: the last build's output is deleted in the background.

Before every rebuild MkDocs empties the site folder (``clean_directory``), one file and
folder at a time, and only then writes the first page. A site of 2,000 records is
6,000 entries; where deleting is slow (a virtual disk that discards freed blocks, a
network folder, a virus scanner) that took 0.2–2.5 s of a rebuild on the development
machine, with the CPU idle. So just before (``on_pre_build``), the folder's entries are
moved (renamed: one operation each, nothing copied) into a new folder beside it, and a
background thread deletes that folder while the build writes the new pages. MkDocs then
finds the folder empty. Entries whose name starts with a dot stay, as MkDocs leaves
them too; an entry that cannot be moved is left for MkDocs to delete as before.

The thread is waited for when ``serve`` stops (``on_shutdown``); a process killed
meanwhile leaves the hidden ``.kifuwiki-old-site-*`` folder beside the site folder
(``serve``'s site folder is a temporary one).
"""

from __future__ import annotations

import shutil
import tempfile
import threading
from pathlib import Path


class OldOutput:
    """Moves a site folder's entries aside and deletes them in the background."""

    def __init__(self) -> None:
        self._threads: list[threading.Thread] = []

    def move_aside(self, site_dir: str) -> Path | None:
        """Empty ``site_dir`` at once (but its hidden entries); the entries are deleted
        by a background thread. Returns the folder they went into, if any."""
        folder = Path(site_dir)
        try:
            entries = [entry for entry in folder.iterdir() if not entry.name.startswith(".")]
        except OSError:
            return None  # no folder yet (a first build), or not readable: MkDocs decides
        if not entries:
            return None
        try:
            aside = Path(tempfile.mkdtemp(prefix=".kifuwiki-old-site-", dir=folder.parent))
        except OSError:
            return None
        for entry in entries:
            try:
                entry.rename(aside / entry.name)
            except OSError:
                continue  # left in place: clean_directory deletes it as it always did
        thread = threading.Thread(
            target=shutil.rmtree,
            args=(aside,),
            kwargs={"ignore_errors": True},
            name="kifuwiki: delete the last build's output",
            daemon=True,
        )
        thread.start()
        self._threads = [t for t in self._threads if t.is_alive()] + [thread]
        return aside

    def wait(self) -> None:
        """Wait until every folder moved aside is deleted."""
        for thread in self._threads:
            thread.join()
        self._threads = []
