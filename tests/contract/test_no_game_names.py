"""kifuwiki's code names no game outside the game's own package.

Comments and docstrings may use the built-in games as examples; code and templates may
not: a new game must need no edit anywhere else, and a game's importers, its default
status (``claims_untagged``) and its options live in its package. No string in code
outside a game's own package (``games/<package>/``) holds a game's id or its package's
module name, without exception; the broader check (display names and aliases, in names
and strings too) lists its one text-only exception in ``ALLOWED`` with the reason.
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

#: Path (relative to the package) → why it may name a built-in game: each game's own
#: package may name that game (only). The registry, the importers and ``kifuwiki
#: import`` learn every game through the contract; the one other entry is text only.
ALLOWED = {
    **dict.fromkeys(SPELLINGS, "the game's own package"),
    "importers/codes.py": "the IM catalogue's descriptions of IM040-IM042 name the primeqk "
    "database (a Prime Daifugo alias); no id, no code path (the strict test below holds)",
}


def _ids_and_modules() -> dict[str, set[str]]:
    """Every built-in game's package folder → its id, the id as a module name would
    spell it, and its package's module name (``prime-daifugo``, ``prime_daifugo``,
    ``kifuwiki.games.prime_daifugo``): the spellings no shared code may hold."""
    found: dict[str, set[str]] = {}
    for game_id in game_ids():
        game = get_game(game_id)
        try:
            folder = Path(game.package_dir).resolve().relative_to(PACKAGE).as_posix()
        except ValueError:  # installed from elsewhere (the example game): not kifuwiki's
            continue
        package = ".".join((PACKAGE.name, *folder.split("/")))  # kifuwiki.games.catan
        found[folder] = {game_id, game_id.replace("-", "_"), package, folder.split("/")[-1]}
    return found


IDS_AND_MODULES = _ids_and_modules()


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
    files = [
        path
        for folder in folders
        if folder.is_dir()
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    ]
    # The shared pages and the shared CSS and JavaScript (templates/assets) are read.
    assert {".html", ".css", ".js"} <= {path.suffix for path in files}
    hits = [
        f"{path}: {match.group(0)}"
        for path in files
        for match in GAME_NAMES.finditer(path.read_text(encoding="utf-8"))
    ]
    assert hits == []


def test_the_check_finds_a_name_in_code_but_not_in_a_docstring(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text('"""About catan."""\nGAME = "catan"  # catan\n', encoding="utf-8")
    assert code_mentions(sample, tmp_path) == ["sample.py:2: 'catan'"]


def string_constants(path: Path) -> list[tuple[int, str]]:
    """The string constants of a Python file that are not docstrings, with their lines."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = _docstrings(tree)
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docstrings
    ]


def shared_code_naming_a_game(package: Path = PACKAGE) -> list[str]:
    """Every string constant (not a docstring) of a module outside ``games/<package>/``
    that holds a game's id or its package's module name (``"prime-daifugo"``,
    ``"prime_daifugo"``, ``"kifuwiki.games.catan"``), and every import of a game
    package from outside it, as ``path:line: text``."""
    spellings = sorted({name for names in IDS_AND_MODULES.values() for name in names})
    word = re.compile(
        "|".join(rf"(?<![a-z0-9]){re.escape(name)}(?![a-z0-9])" for name in spellings) or "(?!)"
    )
    hits = []
    for path in sorted(package.rglob("*.py")):
        relative = path.relative_to(package).as_posix()
        if any(relative.startswith(folder + "/") for folder in IDS_AND_MODULES):
            continue
        for line, text in string_constants(path):
            if word.search(text):
                hits.append(f"{relative}:{line}: {text!r}")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            modules = (
                [node.module or ""]
                if isinstance(node, ast.ImportFrom)
                else [alias.name for alias in node.names]
                if isinstance(node, ast.Import)
                else []
            )
            for module in modules:
                if word.search(module):
                    hits.append(f"{relative}:{node.lineno}: import {module}")
    return hits


def test_no_shared_module_holds_a_game_id_or_a_game_package_name() -> None:
    assert shared_code_naming_a_game() == []


def test_the_strict_check_sees_ids_module_names_and_imports(tmp_path: Path) -> None:
    game_id, *_ = sorted(next(iter(IDS_AND_MODULES.values())))
    (tmp_path / "shared.py").write_text(
        f'"""The {game_id} docstring is fine."""\n'
        f"GAME = {game_id!r}\n"
        f"MODULE = 'kifuwiki.games.{game_id.replace('-', '_')}.sheet'\n"
        f"PLAIN = 'x{game_id}x'\n",
        encoding="utf-8",
    )
    hits = shared_code_naming_a_game(tmp_path)
    assert hits == [
        f"shared.py:2: {game_id!r}",
        f"shared.py:3: 'kifuwiki.games.{game_id.replace('-', '_')}.sheet'",
    ]
