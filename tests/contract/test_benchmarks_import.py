"""The benchmarks name only what the package has: a renamed function breaks a benchmark
the day it is renamed, not the day someone next measures (``record_page.py`` imported
``prerender._views`` for two rounds after it was gone). Benchmarks are not run here:
timings never go in the tests."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def _kifuwiki_imports(path: Path) -> list[tuple[str, str, int]]:
    """(module, name, line) of every ``from kifuwiki… import name`` in the file,
    wherever it is (benchmarks import inside functions, after setting their path)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("kifuwiki"):
            found += [(node.module or "", alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.Import):
            found += [
                (a.name, "", node.lineno) for a in node.names if a.name.startswith("kifuwiki")
            ]
    return found


@pytest.mark.parametrize("path", sorted(BENCHMARKS.glob("*.py")), ids=lambda p: p.name)
def test_every_name_a_benchmark_imports_exists(path: Path) -> None:
    missing = []
    for module_name, name, line in _kifuwiki_imports(path):
        module = importlib.import_module(module_name)
        if name and not hasattr(module, name):
            try:
                importlib.import_module(f"{module_name}.{name}")  # a submodule
            except ImportError:
                missing.append(f"{path.name}:{line}: {module_name}.{name}")
    assert not missing, missing
