"""The README's "Python API" example runs as written (from the repository's root)."""

from __future__ import annotations

import contextlib
import io
import os
import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def python_api_example() -> str:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    section = readme.split("\n## Python API\n", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```python\n(.*?)```", section, re.S)
    assert len(blocks) == 1, "the Python API section has one example"
    return str(blocks[0])


def test_the_readme_example_runs() -> None:
    code = python_api_example()
    output = io.StringIO()
    here = Path.cwd()
    os.chdir(REPO)
    try:
        with contextlib.redirect_stdout(output):
            exec(compile(code, "README.md (Python API)", "exec"), {"__name__": "readme"})
    finally:
        os.chdir(here)
    printed = output.getvalue().splitlines()
    assert any("winner:" in line for line in printed)
    assert any("PD001" in line and "bad.kifu" in line for line in printed)
