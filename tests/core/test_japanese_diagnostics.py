"""Every CT, RF and IM diagnostic has a Japanese text, and every code a Japanese line."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import kifuwiki
from kifuwiki.core.codes import CODES as RF_CODES
from kifuwiki.core.codes import CODES_JA as RF_CODES_JA
from kifuwiki.games.catan import GAME as CATAN
from kifuwiki.games.catan.codes import CODES as CT_CODES
from kifuwiki.games.catan.codes import CODES_JA as CT_CODES_JA
from kifuwiki.importers.codes import CODES as IM_CODES
from kifuwiki.importers.codes import CODES_JA as IM_CODES_JA

PACKAGE = Path(kifuwiki.__file__).parent
CATAN_FILES = sorted((PACKAGE / "games" / "catan").glob("*.py"))
IMPORTER_FILES = sorted((PACKAGE / "importers").glob("*.py"))
CORE_FILES = [PACKAGE / "core" / name for name in ("recordfile.py", "acknowledge.py")]


@pytest.mark.parametrize(
    ("codes", "codes_ja"),
    [(RF_CODES, RF_CODES_JA), (CT_CODES, CT_CODES_JA), (IM_CODES, IM_CODES_JA)],
)
def test_every_code_has_a_japanese_line(codes: dict[str, str], codes_ja: dict[str, str]) -> None:
    assert set(codes_ja) == set(codes)
    assert all(codes_ja.values())
    assert CATAN.codes_ja is CT_CODES_JA


def _calls_without_japanese(path: Path) -> list[str]:
    """Diagnostic-making calls in ``path`` that give no Japanese text."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    missing = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        keywords = {k.arg for k in node.keywords}
        name = (
            node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
        )
        if name in ("error", "warning", "info") and isinstance(node.func, ast.Attribute):
            if node.args and "ja" not in keywords:
                missing.append(f"{path.name}:{node.lineno}")
        elif name in ("Diagnostic", "ImportIssue") and len(node.args) >= 3:
            # message_ja is the 8th field of a Diagnostic, the 7th of an ImportIssue.
            position = 8 if name == "Diagnostic" else 7
            if "message_ja" not in keywords and len(node.args) < position:
                missing.append(f"{path.name}:{node.lineno}")
        elif (name, len(node.args)) in (("review", 3), ("FetchError", 2)):
            missing.append(f"{path.name}:{node.lineno}")
    return missing


def test_every_diagnostic_is_given_in_japanese_too() -> None:
    missing = [
        m
        for path in CATAN_FILES + IMPORTER_FILES + CORE_FILES
        for m in _calls_without_japanese(path)
    ]
    assert missing == []
