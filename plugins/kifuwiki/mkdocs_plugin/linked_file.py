"""Under ``mkdocs serve``: record files in the site as hard links, not copies.

Every record page links its record file for download, so a site holds a copy of each
record file, and ``serve`` deletes and writes them all again on every rebuild: 2,000
copies took 0.3 s on the development machine, 2,000 links 0.02 s. A link is safe in
``serve``'s temporary site folder, which nothing else writes into; ``mkdocs build``
keeps copying, since a deployment step that rewrote a site file in place would
otherwise rewrite the user's record.
"""

from __future__ import annotations

import os
from pathlib import Path

from mkdocs.structure.files import File


class LinkedFile(File):
    """A generated file backed by a file on disk, put into the site as a hard link
    (a copy where the file system refuses one: another device, no link support)."""

    def copy_file(self, dirty: bool = False) -> None:
        if self.abs_src_path is None or (dirty and not self.is_modified()):
            super().copy_file(dirty)
            return
        output = Path(self.abs_dest_path)
        output.parent.mkdir(parents=True, exist_ok=True)
        try:
            if output.is_symlink() or output.exists():
                if output.samefile(self.abs_src_path):
                    return  # already this file: linked by an earlier build, or itself
                output.unlink()
            os.link(self.abs_src_path, output)
        except OSError:
            super().copy_file(dirty)
