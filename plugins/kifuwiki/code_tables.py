"""Every diagnostic code table: the core's (record files, publishing, importers) and
each installed game's (its ``code_prefixes``, ``codes``, ``codes_ja`` and optional
``error_codes``), so a game's codes are known the moment it is installed. ``kifuwiki
codes`` lists them; an ``accept:`` naming a code in none of them is a typo, and one
naming a code a table calls always an error is refused (``core/acknowledge.py``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from kifuwiki.core import codes as file_codes
from kifuwiki.games import all_games
from kifuwiki.games.base import declared_error_codes
from kifuwiki.importers import codes as import_codes
from kifuwiki.render import codes as publish_codes


@dataclass(frozen=True, slots=True)
class CodeSection:
    """One table of codes: whose they are, their prefixes, English and Japanese."""

    title: str
    prefixes: tuple[str, ...]
    codes: Mapping[str, str]
    codes_ja: Mapping[str, str]
    module: str = "kifuwiki"
    """Where the codes come from (a plug-in game's module is outside ``kifuwiki``)."""
    errors: frozenset[str] = frozenset()
    """The codes that are always errors (a game's ``error_codes``); the others are
    warnings or notes, or reported at either severity."""

    @property
    def built_in(self) -> bool:
        return self.module == "kifuwiki" or self.module.startswith("kifuwiki.")

    def describe(self, code: str, lang: str) -> str:
        """The code's description in ``lang`` (English where the Japanese is missing)."""
        if lang == "ja" and self.codes_ja.get(code):
            return self.codes_ja[code]
        return self.codes.get(code) or self.codes_ja.get(code, "")


def code_sections() -> list[CodeSection]:
    """Every section, in the order the documentation lists them."""
    sections = [
        CodeSection(
            "record files", ("RF",), file_codes.CODES, file_codes.CODES_JA, errors=file_codes.ERRORS
        )
    ]
    for game in all_games():
        module = type(game).__module__
        errors = declared_error_codes(game)
        sections.append(
            CodeSection(
                game.id, tuple(game.code_prefixes), game.codes, game.codes_ja, module, errors
            )
        )
    sections.append(
        CodeSection(
            "publishing",
            ("KW",),
            publish_codes.CODES,
            publish_codes.CODES_JA,
            errors=publish_codes.ERRORS,
        )
    )
    importers_ja: Mapping[str, str] = getattr(import_codes, "CODES_JA", {})
    # No IM code is always an error: each importer rates its own issues (IM010, no record
    # on the page, is an error to one importer and a warning to another).
    sections.append(CodeSection("importers", ("IM",), import_codes.CODES, importers_ja))
    return sections


def code_prefixes() -> tuple[str, ...]:
    """Every diagnostic code prefix in use (``RF``, each game's, ``KW``, ``IM``)."""
    return tuple(prefix for section in code_sections() for prefix in section.prefixes)


def all_code_tables() -> dict[str, Mapping[str, str]]:
    """Section title → English code table, in the order the documentation lists them."""
    return {section.title: section.codes for section in code_sections()}


def error_codes() -> frozenset[str]:
    """Every code some table calls always an error (``accept:`` naming one gets RF008)."""
    return frozenset(code for section in code_sections() for code in section.errors)
