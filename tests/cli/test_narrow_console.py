"""A console or CI locale whose encoding lacks a record's characters (a cp932 Windows
console, a Latin-1 locale) gets them as escapes; the report ended in a
UnicodeEncodeError traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest


@pytest.mark.parametrize("encoding", ["latin-1", "cp932"])
def test_validate_reports_to_a_console_that_cannot_write_every_character(
    tmp_path: Path, encoding: str
) -> None:
    record = tmp_path / "r.kifu"
    # The move quoted in PD001 holds 撿 and ♥: neither is in Latin-1 or cp932.
    record.write_text("---\ntitle: t\n---\na:(7K)\nb:(2Q)\na:Z撿♥!\n", encoding="utf-8")
    env = {**os.environ, "PYTHONIOENCODING": encoding}
    result = subprocess.run(
        [sys.executable, "-m", "kifuwiki", "validate", "--lang", "ja", str(record)],
        capture_output=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert result.returncode == 1, result.stderr.decode(encoding, "replace")
    assert b"Traceback" not in result.stderr
    out = result.stdout.decode(encoding)
    assert "PD001" in out and "r.kifu:6:3" in out


@pytest.mark.parametrize(
    "args",
    [
        ["codes", "--lang", "ja", "RF001"],
        ["games"],
        ["fmt", "{record}"],
        ["import", "fandom", "{page}", "--dry-run", "--records", "{records}"],
    ],
)
def test_every_command_writes_to_a_latin1_console(tmp_path: Path, args: list[str]) -> None:
    record = tmp_path / "r.kifu"
    record.write_text("はち:(QT338647JA9)\nnishimura:(T77TJK4X3KA)\nはち:%\n", encoding="utf-8")
    page = Path(__file__).resolve().parents[1] / "fixtures" / "fandom" / "single-game.html"
    places = {"record": str(record), "page": str(page), "records": str(tmp_path / "out")}
    command = [arg.format(**places) for arg in args]
    result = subprocess.run(
        [sys.executable, "-m", "kifuwiki", *command],
        capture_output=True,
        env={**os.environ, "PYTHONIOENCODING": "latin-1"},
        timeout=120,
        check=False,
    )
    assert b"Traceback" not in result.stderr, result.stderr.decode("latin-1")
    assert result.returncode == 0
    assert "\\u" in result.stdout.decode("latin-1")
