"""kifuwiki's code names no game outside the game packages and the registry.

Comments and docstrings may use the built-in games as examples; code and templates may
not: a new game must need no edit anywhere else. A place that has to name a game is
listed in ``ALLOWED`` with a reason, and this test fails on any other.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import kifuwiki
from kifuwiki.games import game_ids, get_game

PACKAGE = Path(kifuwiki.__file__).parent
ROOT = PACKAGE.parent.parent
TEMPLATES = ROOT / "templates"


def _spellings() -> dict[str, set[str]]:
    """Every installed game's package folder → the ways it is named (id, display names,
    aliases, the id with '_' or ' ' for '-'): taken from the registry, so a game added
    tomorrow is checked the same way."""
    found: dict[str, set[str]] = {}
    for game_id in game_ids():
        game = get_game(game_id)
        names = {game_id, *game.names.values(), *game.aliases}
        names |= {game_id.replace("-", sep) for sep in ("_", " ", "")}
        try:
            folder = Path(game.package_dir).resolve().relative_to(PACKAGE).as_posix()
        except ValueError:  # installed from elsewhere (the example game): not kifuwiki's
            continue
        found[folder] = {n for n in names if len(n) >= 3}
    return found


SPELLINGS = _spellings()
GAME_NAMES = re.compile(
    "|".join(sorted({re.escape(n) for names in SPELLINGS.values() for n in names} | {"primeqk"}))
    or "(?!)",
    re.IGNORECASE,
)

#: Path (relative to the package) → why it may name a built-in game. Each game's own
#: package may name that game (only).
ALLOWED = {
    **dict.fromkeys(SPELLINGS, "the game's own package"),
    "games/__init__.py": "the registry: the default game of the fence and of `rules: name`",
    "importers": "each importer reads one game's sources (Fandom, log sheets, primeqk)",
    "cli/import_cmd.py": "`kifuwiki import <source>`: one sub-command per importer",
}


def _allowed(relative: str) -> bool:
    return any(relative == key or relative.startswith(key + "/") for key in ALLOWED)


def _docstrings(tree: ast.AST) -> set[int]:
    """ids of the string constants that are docstrings (module, class, function)."""
    found: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
        # Attribute docstrings: a string statement right after an assignment.
        for field in ("body", "orelse"):
            statements = getattr(node, field, None)
            if not isinstance(statements, list):
                continue
            for statement in statements:
                if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant):
                    found.add(id(statement.value))
    return found


def code_mentions(path: Path, root: Path = PACKAGE) -> list[str]:
    """Game names in a Python file's code: names, attributes and non-docstring strings."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = _docstrings(tree)
    hits = []
    for node in ast.walk(tree):
        text = None
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) not in docstrings:
                text = node.value
        elif isinstance(node, ast.Name):
            text = node.id
        elif isinstance(node, ast.Attribute):
            text = node.attr
        elif isinstance(node, ast.alias):
            text = node.name
        elif isinstance(node, ast.ImportFrom):
            text = node.module
        if text and GAME_NAMES.search(text):
            hits.append(f"{path.relative_to(root)}:{getattr(node, 'lineno', '?')}: {text!r}")
    return hits


def test_no_python_code_outside_the_games_names_a_game() -> None:
    hits = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if not _allowed(path.relative_to(PACKAGE).as_posix()):
            hits += code_mentions(path)
    assert hits == []


def test_no_shared_template_or_asset_names_a_game() -> None:
    folders = [TEMPLATES] if TEMPLATES.is_dir() else []
    folders.append(PACKAGE / "templates")
    hits = [
        f"{path}: {match.group(0)}"
        for folder in folders
        if folder.is_dir()
        for path in sorted(folder.rglob("*"))
        if path.is_file()
        for match in GAME_NAMES.finditer(path.read_text(encoding="utf-8"))
    ]
    assert hits == []


def test_the_check_finds_a_name_in_code_but_not_in_a_docstring(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text('"""About catan."""\nGAME = "catan"  # catan\n', encoding="utf-8")
    assert code_mentions(sample, tmp_path) == ["sample.py:2: 'catan'"]
