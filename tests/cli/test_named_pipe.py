"""A named pipe called ``*.kifu`` in a records folder: ``validate`` (one process and
``-j 2``) and the site build report it (RF012) and go on; before, both waited for a
writer for ever. Run in a child process with a time limit so a regression fails
instead of hanging the suite."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")

GOOD = "---\ngame: prime-daifugo\nplayers: [A, B]\n---\nA:(357)\nB:(2468)\nA:7\n"


def folder_with_a_pipe(tmp_path: Path) -> Path:
    records = tmp_path / "records" / "prime-daifugo"
    records.mkdir(parents=True)
    (records / "good.kifu").write_text(GOOD, encoding="utf-8")
    os.mkfifo(records / "pipe.kifu")
    return tmp_path / "records"


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_validate_reports_a_pipe_and_goes_on(tmp_path: Path, jobs: str) -> None:
    records = folder_with_a_pipe(tmp_path)
    command = ["validate", "-j", jobs, "--format", "json", str(records)]
    done = subprocess.run(
        [sys.executable, "-m", "kifuwiki", *command],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    report = json.loads(done.stdout)
    codes = [
        (Path(record["path"]).name, d["code"])
        for record in report["games"]
        for d in record["diagnostics"]
    ]
    assert ("pipe.kifu", "RF012") in codes
    assert any(Path(r["path"]).name == "good.kifu" for r in report["games"])
    assert done.returncode == 1  # an error: the archive has a file that was not read


def test_the_site_build_reports_a_pipe_and_goes_on(tmp_path: Path) -> None:
    folder_with_a_pipe(tmp_path)
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text("# Home\n", encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text(
        "site_name: t\nplugins:\n  - kifuwiki:\n      records_dir: records\n", encoding="utf-8"
    )
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "-f", str(tmp_path / "mkdocs.yml")],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    assert done.returncode == 0, done.stderr
    assert "RF012" in done.stderr
    assert (tmp_path / "site" / "records" / "prime-daifugo" / "good" / "index.html").is_file()
