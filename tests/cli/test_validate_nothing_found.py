"""``validate`` of a folder with no record in it says so on stderr (most often a wrong
path); it still exits 0, since an archive may start empty or a CI shard get no file."""

from __future__ import annotations

from pathlib import Path

import pytest

from kifuwiki.cli.report import write_report


@pytest.mark.parametrize("output_format", ["text", "json", "github"])
def test_no_file_found_is_a_note_on_stderr(
    capsys: pytest.CaptureFixture[str], output_format: str
) -> None:
    assert write_report([], output_format, strict=True) == 0
    out, err = capsys.readouterr()
    assert "note: no record files (*.kifu) were found in the given paths" in err
    assert "no record files" not in out


def test_in_japanese(capsys: pytest.CaptureFixture[str]) -> None:
    write_report([], "text", strict=False, lang="ja")
    assert "棋譜ファイル (*.kifu) が見つかりませんでした" in capsys.readouterr().err


def test_the_whole_command_on_an_empty_folder(tmp_path: Path) -> None:
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-m", "kifuwiki", "validate", "--lang", "en", str(tmp_path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0
    assert done.stdout == "0 file(s), 0 error(s), 0 warning(s)\n"
    assert "no record files" in done.stderr


def test_nothing_is_said_when_files_were_read(capsys: pytest.CaptureFixture[str]) -> None:
    write_report([("x.kifu", 0, 0, "")], "text", strict=False)
    assert "no record files" not in capsys.readouterr().err
