"""Shards of a ``validate`` run (``--shard K/N``): which files one machine of a CI matrix
checks. Apart from :mod:`kifuwiki.sitebuild.reports` so that a run without ``--shard``
creates neither the class nor imports what its paths need (:mod:`pathlib`)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pathlib import Path, PurePath


@dataclass(frozen=True, slots=True)
class Shard:
    """Shard ``number`` of ``count`` (1-based): the files whose normalised relative
    path hashes to it. The assignment depends on a file's path alone, never on the
    order or number of files, so every shard of a CI matrix agrees on it."""

    number: int
    count: int

    @classmethod
    def parse(cls, text: str) -> Shard:
        """``"2/4"`` → shard 2 of 4; ``ValueError`` with a readable message otherwise."""
        number, slash, count = text.strip().partition("/")
        try:
            shard = cls(int(number), int(count))
        except ValueError:
            raise ValueError(f"'{text}' is not K/N (for example 2/4)") from None
        if not slash or not 1 <= shard.number <= shard.count:
            raise ValueError(f"'{text}' is not K/N with 1 ≤ K ≤ N (for example 2/4)")
        return shard

    def owns(self, path: PurePath | str) -> bool:
        return shard_of(path, self.count) == self.number


def normalised_path(path: PurePath | str, cwd: Path | None = None) -> str:
    """The path as every machine of a CI matrix writes it: relative to the working
    folder when inside it, ``/``-separated, without ``.``/``..``, Unicode NFC (macOS
    writes names decomposed)."""
    from pathlib import Path  # here: only --shard needs it (with urllib.parse, ~2.5 ms)

    text = os.fspath(path)
    if Path(text).is_absolute():
        here = os.fspath(cwd or Path.cwd())
        relative = os.path.relpath(text, here)
        if not relative.startswith(os.pardir):
            text = relative
    text = os.path.normpath(text).replace(os.sep, "/")
    import unicodedata  # here: only --shard needs it (~0.6 ms of every start-up)

    return unicodedata.normalize("NFC", text)


def shard_of(path: PurePath | str, count: int) -> int:
    """Which of ``count`` shards (1-based) a file belongs to."""
    import hashlib  # here: only ``--shard`` needs it (~2.5 ms of every start-up)

    digest = hashlib.blake2b(normalised_path(path).encode("utf-8"), digest_size=8).digest()
    return int.from_bytes(digest, "big") % count + 1
