"""``kifuwiki.core.paths`` answers what :mod:`pathlib` answers (validate's command line
and walk use it so that a run does not import :mod:`pathlib`)."""

from __future__ import annotations

import os
from pathlib import Path, PurePosixPath

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kifuwiki.core.paths import is_dir, is_file, posix_path_text

AWKWARD = [
    "", ".", "..", "/", "//", "///", "////", "a", "a/", "a//", "/a", "//a", "///a", "//a//b/",
    "./a", "a/./b", "a/../b", "./", "./.", "../..", "a/b/.", ".a/./..b", " a / b ", "a\\b",
    "é/./x.kifu", "records//sub/", "/./", "//./a", ".//a",
]  # fmt: skip


@pytest.mark.parametrize("text", AWKWARD)
def test_posix_path_text_is_str_of_the_path(text: str) -> None:
    assert posix_path_text(text) == str(PurePosixPath(text))


@given(st.text(alphabet="/./ab\\é ", max_size=14))
def test_posix_path_text_on_any_text(text: str) -> None:
    assert posix_path_text(text) == str(PurePosixPath(text))


def _answer(check: object, path: str) -> object:
    try:
        return check(path)  # type: ignore[operator]
    except Exception as exc:  # the same exception is the answer
        return type(exc)


def _tree(root: Path) -> list[str]:
    (root / "dir").mkdir()
    (root / "file").write_text("x", encoding="utf-8")
    (root / "link-file").symlink_to(root / "file")
    (root / "link-dir").symlink_to(root / "dir")
    (root / "dangling").symlink_to(root / "missing")
    (root / "loop").symlink_to(root / "loop")
    names = ["dir", "file", "link-file", "link-dir", "dangling", "loop", "missing"]
    if hasattr(os, "mkfifo"):
        os.mkfifo(root / "fifo")
        names.append("fifo")
    paths = [str(root / name) for name in names]
    return [
        *paths,
        str(root / "file" / "child"),  # ENOTDIR
        str(root / "loop" / "child"),  # ELOOP
        str(root / "nul\0name"),  # ValueError
        "",
        str(root / "dir") + "/",
    ]


def test_is_dir_and_is_file_answer_as_pathlib(tmp_path: Path) -> None:
    """Of a path's text as ``str(Path(text))`` writes it (what the callers hold)."""
    for text in _tree(tmp_path):
        path = posix_path_text(text)
        assert _answer(is_dir, path) == _answer(lambda p: Path(p).is_dir(), text), text
        assert _answer(is_file, path) == _answer(lambda p: Path(p).is_file(), text), text
    assert is_dir(str(tmp_path / "dir")) and is_file(str(tmp_path / "link-file"))


@pytest.mark.skipif(
    not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root may stat anything"
)
def test_a_refused_stat_raises_as_pathlib(tmp_path: Path) -> None:
    (tmp_path / "locked").mkdir()
    (tmp_path / "locked" / "inner").mkdir()
    (tmp_path / "locked").chmod(0)
    try:
        inner = str(tmp_path / "locked" / "inner")
        assert _answer(is_dir, inner) == _answer(lambda p: Path(p).is_dir(), inner)
        assert _answer(is_dir, inner) is PermissionError
        assert _answer(is_file, inner) == _answer(lambda p: Path(p).is_file(), inner)
    finally:
        (tmp_path / "locked").chmod(0o755)
