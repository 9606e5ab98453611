"""Where a package's source reports each diagnostic code, and at which severity.

A reading of the source, not a run: every call that reports a diagnostic, whoever's
idiom it is —

* ``bag.error(code, …)``, ``bag.warning(code, …)``, ``bag.info(code, …)`` (any object's
  method of that name, the code first);
* a call whose first argument is ``Severity.ERROR`` / ``WARNING`` / ``INFO`` and whose
  second is the code (``Diagnostic(Severity.ERROR, code, …)``, ``self.add(…)``);
* a helper that passes one of its parameters on as the code of such a call
  (``def _error(self, line, column, code, …)``, ``fixed_rules(spec, name, code, …)``),
  followed through helpers of helpers, in the package or in kifuwiki's shared modules.

The code argument is read as a literal (``"CT115"``), a module constant of the package
(``codes.OUT_OF_TURN``), either side of a conditional, or a local variable and every
value the function assigns to it (``code = "CT201" if … else "CT200"``). A code that
travels through a data structure (a list of problems reported later) is not followed:
such a code is simply not found here, and only the run (``test_error_codes``) sees it.
"""

from __future__ import annotations

import ast
import re
from collections import defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

CODE = re.compile(r"[A-Z]{2}[0-9]{3}\Z")
BY_NAME = {"error": "error", "warning": "warning", "info": "info"}
BY_ENUM = {"ERROR": "error", "WARNING": "warning", "INFO": "info"}


@dataclass(frozen=True, slots=True)
class Report:
    """One place the source reports ``code`` at ``severity``."""

    code: str
    severity: str
    where: str
    """``file:line``."""


def _python_files(folders: Iterable[Path]) -> Iterator[Path]:
    for folder in folders:
        yield from sorted(folder.rglob("*.py"))


def _functions(tree: ast.Module) -> tuple[ast.FunctionDef | ast.AsyncFunctionDef, ...]:
    return _functions_of(tree)


def _parameters(function: ast.FunctionDef | ast.AsyncFunctionDef) -> list[str]:
    names = [a.arg for a in (*function.args.posonlyargs, *function.args.args)]
    return names[1:] if names and names[0] in ("self", "cls") else names


def _call_name(call: ast.Call) -> str:
    func = call.func
    if isinstance(func, ast.Attribute):
        return func.attr
    return func.id if isinstance(func, ast.Name) else ""


def _direct(call: ast.Call) -> tuple[str, ast.expr] | None:
    """(severity, code argument) of a call that reports a diagnostic itself."""
    args = call.args
    first = args[0] if args else None
    if (
        isinstance(first, ast.Attribute)
        and isinstance(first.value, ast.Name)
        and first.value.id == "Severity"
        and first.attr in BY_ENUM
        and len(args) > 1
    ):
        return BY_ENUM[first.attr], args[1]
    severity = BY_NAME.get(_call_name(call))
    if severity is not None and first is not None:
        return severity, first
    return None


Helpers = dict[str, dict[int | str, set[str]]]
"""Helper name → (position or keyword of its code parameter → severities)."""


def _via_helper(call: ast.Call, helpers: Helpers) -> Iterator[tuple[str, ast.expr]]:
    for slot, severities in helpers.get(_call_name(call), {}).items():
        if isinstance(slot, int):
            argument = call.args[slot] if slot < len(call.args) else None
        else:
            argument = next((k.value for k in call.keywords if k.arg == slot), None)
        if argument is not None:
            for severity in severities:
                yield severity, argument


def _reported(call: ast.Call, helpers: Helpers) -> Iterator[tuple[str, ast.expr]]:
    direct = _direct(call)
    if direct is not None:
        yield direct
    yield from _via_helper(call, helpers)


def _helpers(trees: list[ast.Module]) -> Helpers:
    """Functions that pass a parameter on as a reported code (to a fixed point)."""
    # Each function's parameters and the calls that may pass one of them on, read once.
    candidates = []
    for tree in trees:
        for function in _functions(tree):
            parameters = _parameters(function)
            calls = [
                node
                for node in ast.walk(function)
                if isinstance(node, ast.Call)
                and any(
                    isinstance(a, ast.Name) and a.id in parameters
                    for a in (*node.args, *(k.value for k in node.keywords))
                )
            ]
            if calls:
                candidates.append((function.name, parameters, calls))
    helpers: Helpers = defaultdict(lambda: defaultdict(set))
    changed = True
    while changed:
        changed = False
        for name, parameters, calls in candidates:
            for call in calls:
                for severity, argument in list(_reported(call, helpers)):
                    if isinstance(argument, ast.Name) and argument.id in parameters:
                        for slot in (parameters.index(argument.id), argument.id):
                            if severity not in helpers[name][slot]:
                                helpers[name][slot].add(severity)
                                changed = True
    return helpers


@cache
def _functions_of(tree: ast.Module) -> tuple[ast.FunctionDef | ast.AsyncFunctionDef, ...]:
    return tuple(
        node for node in ast.walk(tree) if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
    )


def _constants(trees: list[ast.AST]) -> dict[str, str]:
    found: dict[str, str] = {}
    for tree in trees:
        for node in getattr(tree, "body", []):
            if (
                isinstance(node, ast.Assign)
                and isinstance(node.value, ast.Constant)
                and isinstance(node.value.value, str)
                and CODE.match(node.value.value)
            ):
                for target in node.targets:
                    if isinstance(target, ast.Name):
                        found[target.id] = node.value.value
    return found


def _codes(
    expression: ast.expr,
    constants: dict[str, str],
    assigned: dict[str, list[ast.expr]],
    seen: frozenset[str] = frozenset(),
) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(expression):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if CODE.match(node.value):
                found.add(node.value)
        elif isinstance(node, ast.Attribute) and node.attr in constants:
            found.add(constants[node.attr])
        elif isinstance(node, ast.Name):
            if node.id in constants:
                found.add(constants[node.id])
            elif node.id in assigned and node.id not in seen:
                for value in assigned[node.id]:
                    found |= _codes(value, constants, assigned, seen | {node.id})
    return found


def _assignments(function: ast.AST) -> dict[str, list[ast.expr]]:
    assigned: dict[str, list[ast.expr]] = defaultdict(list)
    for node in ast.walk(function):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    assigned[target.id].append(node.value)
                elif isinstance(target, ast.Tuple) and isinstance(node.value, ast.Tuple):
                    # code, message = (CODE, "…"): each name its own value
                    for name, value in zip(target.elts, node.value.elts, strict=False):
                        if isinstance(name, ast.Name):
                            assigned[name.id].append(value)
        elif (
            isinstance(node, ast.AnnAssign)
            and node.value is not None
            and isinstance(node.target, ast.Name)
        ):
            assigned[node.target.id].append(node.value)
    return assigned


@cache
def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"))


@cache
def _helpers_of(folders: tuple[Path, ...]) -> Helpers:
    return _helpers([_tree(path) for path in dict.fromkeys(_python_files(folders))])


def reports(package: Path, shared: Path, prefixes: tuple[str, ...]) -> list[Report]:
    """Every place ``package``'s source reports a code starting with one of ``prefixes``
    (helpers it calls may live in ``shared``, kifuwiki's own package)."""
    own = {path: _tree(path) for path in _python_files([package])}
    helpers = _helpers_of((package, shared) if not package.is_relative_to(shared) else (shared,))
    constants = _constants(list(own.values()))
    found: list[Report] = []
    for path, tree in own.items():
        for scope in (tree, *_functions(tree)):
            assigned = _assignments(scope) if scope is not tree else {}
            calls = (n for n in _walk_own_scope(scope) if isinstance(n, ast.Call))
            for call in calls:
                for severity, argument in _reported(call, helpers):
                    for code in _codes(argument, constants, assigned):
                        if code.startswith(prefixes):
                            found.append(Report(code, severity, f"{path.name}:{call.lineno}"))
    return sorted(set(found), key=lambda r: (r.code, r.severity, r.where))


def _walk_own_scope(scope: ast.AST) -> Iterator[ast.AST]:
    """The nodes of ``scope`` (a module or a function) outside the functions it holds:
    each function is its own scope."""
    yield scope
    for child in ast.iter_child_nodes(scope):
        if not isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            yield from _walk_nested(child)


def _walk_nested(node: ast.AST) -> Iterator[ast.AST]:
    yield node
    for child in ast.iter_child_nodes(node):
        if not isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            yield from _walk_nested(child)
