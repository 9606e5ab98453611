"""Atomic writes leave the old file intact when a write fails midway."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from kifuwiki.core.atomic import atomic_write_text


def test_writes_and_replaces(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "r.kifu"
    atomic_write_text(path, "one\n")
    atomic_write_text(path, "two\n")
    assert path.read_text(encoding="utf-8") == "two\n"
    assert [p.name for p in path.parent.iterdir()] == ["r.kifu"]


def test_interrupted_write_keeps_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "r.kifu"
    path.write_text("old\n", encoding="utf-8")

    def broken_fsync(fd: int) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "fsync", broken_fsync)
    with pytest.raises(OSError, match="disk full"):
        atomic_write_text(path, "new and half written\n")
    assert path.read_text(encoding="utf-8") == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["r.kifu"]
