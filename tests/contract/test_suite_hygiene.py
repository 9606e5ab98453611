"""The test suite runs anywhere: no absolute paths, plain `pytest` collects everything."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ABSOLUTE = re.compile(r"""["'](?:/work|/home|/tmp|/root|/Users|/opt|[A-Z]:\\\\)[/\\]""")


def test_no_test_or_benchmark_reads_an_absolute_path() -> None:
    offenders = [
        f"{path.relative_to(ROOT)}:{number}"
        for folder in ("tests", "benchmarks")
        for path in sorted((ROOT / folder).rglob("*.py"))
        if path != Path(__file__).resolve()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if ABSOLUTE.search(line)
    ]
    assert offenders == []


def test_plain_pytest_collects_the_packages_that_import_tests_helpers(tmp_path: Path) -> None:
    """`pytest` (not `python -m pytest`, which puts the current folder on sys.path)."""
    pytest_script = Path(sys.executable).with_name("pytest")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    result = subprocess.run(
        [str(pytest_script), "--collect-only", "-q", "-p", "no:cacheprovider", "tests/catan"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    assert "tests collected" in result.stdout
