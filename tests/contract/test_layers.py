"""Front ends depend on the core, never the other way round, and never on each other.

The command line (``kifuwiki.cli``) and the MkDocs adapter (``kifuwiki.mkdocs_plugin``)
are front ends: everything else (core, render, sitebuild, games, importers) must work
without them, so another front end can be written over the same core. Imports are read
from the source (``ast``), so an import inside a function counts as much as one at the top.
"""

from __future__ import annotations

import ast
from pathlib import Path

import kifuwiki

PACKAGE = Path(kifuwiki.__file__).parent
FRONT_ENDS = ("kifuwiki.cli", "kifuwiki.mkdocs_plugin")


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(source: str, module: str, is_package: bool = False) -> list[tuple[int, str]]:
    """(line, module imported) for every import in ``source``, the text of ``module``;
    relative imports resolved against its package."""
    tree = ast.parse(source)
    package = module.split(".") if is_package else module.split(".")[:-1]
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            name = ".".join([*base, node.module] if node.module else base)
            found.append((node.lineno, name))
    return found


def _is_front_end(name: str) -> bool:
    return any(name == end or name.startswith(end + ".") for end in FRONT_ENDS)


def test_nothing_below_the_front_ends_imports_them() -> None:
    checked = 0
    wrong = []
    for path in sorted(PACKAGE.rglob("*.py")):
        module = _module_name(path)
        if _is_front_end(module) or module == "kifuwiki.__main__":
            continue
        checked += 1
        source = path.read_text(encoding="utf-8")
        for line, name in _imports(source, module, path.name == "__init__.py"):
            if _is_front_end(name):
                wrong.append(f"{path.relative_to(PACKAGE)}:{line}: imports {name}")
    assert checked > 100  # the walk found the package
    assert wrong == []


def test_the_scan_sees_relative_and_nested_imports() -> None:
    # The scan's own check: a relative import of the command line from a game module,
    # and an import inside a function, are both seen (a scan that saw neither would pass).
    source = "def f():\n    from ..cli import report\n    import kifuwiki.mkdocs_plugin.plugin\n"
    names = [name for _, name in _imports(source, "kifuwiki.games.probe")]
    assert names == ["kifuwiki.cli", "kifuwiki.mkdocs_plugin.plugin"]
    assert all(_is_front_end(name) for name in names)
    assert _imports("from . import base\n", "kifuwiki.games", is_package=True) == [
        (1, "kifuwiki.games")
    ]
    assert not _is_front_end("kifuwiki.client")
