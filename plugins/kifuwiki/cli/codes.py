"""``kifuwiki codes``: every diagnostic code with what it means, in Japanese or English.

The sections come from the core (record files, publishing, importers) and from every
installed game (its ``code_prefixes``, ``codes`` and ``codes_ja``), so a game's codes
are listed the moment it is installed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import click

from kifuwiki.core import codes as file_codes
from kifuwiki.games import all_games
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
    sections = [CodeSection("record files", ("RF",), file_codes.CODES, file_codes.CODES_JA)]
    for game in all_games():
        module = type(game).__module__
        sections.append(
            CodeSection(game.id, tuple(game.code_prefixes), game.codes, game.codes_ja, module)
        )
    sections.append(CodeSection("publishing", ("KW",), publish_codes.CODES, publish_codes.CODES_JA))
    importers_ja: Mapping[str, str] = getattr(import_codes, "CODES_JA", {})
    sections.append(CodeSection("importers", ("IM",), import_codes.CODES, importers_ja))
    return sections


def code_prefixes() -> tuple[str, ...]:
    """Every diagnostic code prefix in use (``RF``, each game's, ``KW``, ``IM``)."""
    return tuple(prefix for section in code_sections() for prefix in section.prefixes)


def all_code_tables() -> dict[str, Mapping[str, str]]:
    """Section title → English code table, in the order the documentation lists them."""
    return {section.title: section.codes for section in code_sections()}


def codes_markdown(sections: list[CodeSection], prefix: str, lang: str) -> str:
    """Markdown tables of the codes starting with ``prefix`` (``kifuwiki codes --markdown``)."""
    heading = "意味" if lang == "ja" else "meaning"
    out = []
    for section in sections:
        codes = sorted(c for c in {*section.codes, *section.codes_ja} if c.startswith(prefix))
        if codes:
            out.append(f"\n### {section.title}\n\n| code | {heading} |\n| --- | --- |\n")
            for code in codes:
                cell = section.describe(code, lang).replace("|", "\\|")
                out.append(f"| `{code}` | {cell} |\n")
    return "".join(out)


@click.command("codes")
@click.argument("prefix", required=False, default="")
@click.option("--markdown", is_flag=True, help="Print Markdown tables (for documentation).")
@click.option(
    "--lang",
    type=click.Choice(["ja", "en"]),
    default="en",
    show_default=True,
    help="Language of the descriptions.",
)
@click.option(
    "--built-in",
    "built_in",
    is_flag=True,
    help="Only kifuwiki's own codes and its built-in games' (not plug-ins').",
)
def codes_command(prefix: str, markdown: bool, lang: str, built_in: bool) -> None:
    """List diagnostic codes (those starting with PREFIX, e.g. PD1 or CT)."""
    prefix = prefix.upper()
    sections = [s for s in code_sections() if s.built_in or not built_in]
    if not any(c.startswith(prefix) for s in sections for c in (*s.codes, *s.codes_ja)):
        # Nothing printed and exit 0 read as "no such code" only to someone who knew.
        known = ", ".join(p for s in sections for p in s.prefixes)
        raise click.UsageError(f"no code starts with '{prefix}' (prefixes: {known})")
    if markdown:
        click.echo(codes_markdown(sections, prefix, lang), nl=False)
        return
    for section in sections:
        codes = sorted(c for c in {*section.codes, *section.codes_ja} if c.startswith(prefix))
        if codes:
            click.echo(f"# {section.title}")
            for code in codes:
                click.echo(f"{code}  {section.describe(code, lang)}")
