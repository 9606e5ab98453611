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


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")
def test_a_new_file_gets_the_umask_permissions_not_the_temporary_files(tmp_path: Path) -> None:
    """mkstemp's file is 0o600: renamed as it is, an imported or formatted record would
    be unreadable to the web server or the other users of a shared checkout."""
    old = os.umask(0o022)
    try:
        atomic_write_text(tmp_path / "new.kifu", "one\n")
        os.umask(0o002)
        atomic_write_text(tmp_path / "group.kifu", "one\n")
    finally:
        os.umask(old)
    assert (tmp_path / "new.kifu").stat().st_mode & 0o777 == 0o644
    assert (tmp_path / "group.kifu").stat().st_mode & 0o777 == 0o664


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")
def test_a_replaced_file_keeps_its_permissions(tmp_path: Path) -> None:
    path = tmp_path / "r.kifu"
    path.write_text("old\n", encoding="utf-8")
    path.chmod(0o640)
    atomic_write_text(path, "new\n")
    assert path.read_text(encoding="utf-8") == "new\n"
    assert path.stat().st_mode & 0o777 == 0o640


@pytest.mark.parametrize("hard_links", [True, False])
def test_creating_only_never_replaces_a_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, hard_links: bool
) -> None:
    if not hard_links:

        def no_links(source: object, target: object) -> None:
            raise OSError(1, "Operation not permitted")

        monkeypatch.setattr(os, "link", no_links)
    path = tmp_path / "r.kifu"
    atomic_write_text(path, "new\n", overwrite=False)
    assert path.read_text(encoding="utf-8") == "new\n"
    with pytest.raises(FileExistsError):
        atomic_write_text(path, "other\n", overwrite=False)
    assert path.read_text(encoding="utf-8") == "new\n"
    assert [p.name for p in tmp_path.iterdir()] == ["r.kifu"]
