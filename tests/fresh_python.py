"""Code run in a fresh interpreter: for what a process imports or does at start-up,
which a test inside pytest's own process (everything already imported) cannot see."""

from __future__ import annotations

import subprocess
import sys


def run_fresh(code: str) -> str:
    """Run ``code`` with this Python in a new process; fail the test, with what the
    process printed, unless it exits 0. Returns its standard output."""
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout
