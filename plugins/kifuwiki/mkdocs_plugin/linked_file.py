"""Record files put into the site: copied in one read and one write, or hard-linked.

Every record page links its record file for download, so a site holds a copy of each
record file. Under ``mkdocs serve``, which deletes and writes them all again on every
rebuild, they are hard links (:class:`LinkedFile`): 2,000 copies took 0.3 s on the
development machine, 2,000 links 0.02 s. A link is safe in ``serve``'s temporary site
folder, which nothing else writes into; ``mkdocs build`` keeps copying
(:class:`CopiedFile`), since a deployment step that rewrote a site file in place would
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


class CopiedFile(File):
    """A generated file backed by a small file on disk (a record file), copied into the
    site by reading it whole and writing it whole. MkDocs' copy makes sure of the
    folder, checks that the two are not the same file and copies through ``shutil``:
    ~60 µs a record file on a tmpfs against ~20 µs, in the building process, once per
    record file (0.05 s of a 1,344-file build's critical path). The folder is made only
    when the write finds it missing. The file is only ever created here (a clean
    build's site): one already there (a dirty build, or the two paths the same file,
    which must not be truncated and written again, nor lost should that write fail)
    goes to MkDocs' copy, which leaves the same file alone. The same bytes either way."""

    def copy_file(self, dirty: bool = False) -> None:
        if self.abs_src_path is None or (dirty and not self.is_modified()):
            super().copy_file(dirty)
            return
        # Strings and open(), not pathlib: its parsing is a good part of what this saves.
        target_path = self.abs_dest_path
        try:
            with open(self.abs_src_path, "rb") as source:  # noqa: PTH123
                data = source.read()
            try:
                target = open(target_path, "xb")  # noqa: PTH123, SIM115 (closed below)
            except FileNotFoundError:
                os.makedirs(os.path.dirname(target_path), exist_ok=True)  # noqa: PTH103, PTH120
                target = open(target_path, "xb")  # noqa: PTH123, SIM115
            with target:
                target.write(data)
        except OSError:  # FileExistsError among them: a file already there
            super().copy_file(dirty)  # MkDocs' own copy, and its own error
