"""``read_file`` (``os.open``/``os.read``, validate's read) gives what ``Path.read_bytes``
(the general read) gives, and fails as it fails: ``load_file``'s RF000 says the same."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from kifuwiki.archive import _READ_CHUNK, load_file, read_file


@pytest.mark.parametrize(
    "size", [0, 1, 100, _READ_CHUNK - 1, _READ_CHUNK, _READ_CHUNK + 1, 3 * _READ_CHUNK + 7]
)
def test_bytes_as_read_bytes(tmp_path: Path, size: int) -> None:
    data = random.Random(size).randbytes(size).replace(b"\n", b"\r\n")
    path = tmp_path / "r.kifu"
    path.write_bytes(data)
    assert read_file(path) == path.read_bytes() == data
    assert read_file(str(path)) == data


@pytest.mark.skipif(not Path("/dev/fd").is_dir(), reason="no /dev/fd")
def test_a_pipe_is_read_to_its_end() -> None:
    read_end, write_end = os.pipe()
    os.write(write_end, b"a:%\n" * 100)
    os.close(write_end)
    try:
        assert read_file(f"/dev/fd/{read_end}") == b"a:%\n" * 100
    finally:
        os.close(read_end)


def general_reason(path: Path) -> str:
    try:
        path.read_bytes()
    except OSError as exc:
        return str(exc.strerror or exc)
    raise AssertionError("readable")


@pytest.mark.parametrize("kind", ["missing", "folder", "dangling link", "not a folder"])
def test_failures_as_read_bytes(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "x.kifu"
    if kind == "folder":
        path.mkdir()
    elif kind == "dangling link":
        path.symlink_to(tmp_path / "nowhere")
    elif kind == "not a folder":
        (tmp_path / "file").write_text("", encoding="utf-8")
        path = tmp_path / "file" / "x.kifu"
    with pytest.raises(OSError) as caught:
        read_file(path)
    assert caught.value.strerror == general_reason(path)
    [record] = load_file(path)
    [diagnostic] = record.diagnostics
    assert diagnostic.code == "RF000"
    assert diagnostic.message == f"cannot read the file: {general_reason(path)}"
