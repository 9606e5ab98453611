"""``kifuwiki codes``: every diagnostic code with what it means, in Japanese or English.

The tables are :mod:`kifuwiki.code_tables`' (the core's and every installed game's),
so a game's codes are listed the moment it is installed.
"""

from __future__ import annotations

import click

from kifuwiki.code_tables import CodeSection, all_code_tables, code_prefixes, code_sections

__all__ = ["CodeSection", "all_code_tables", "code_prefixes", "code_sections", "codes_command"]


def _listed(section: CodeSection, prefix: str, errors: bool) -> list[str]:
    """The section's codes starting with ``prefix`` (only those always errors: ``errors``)."""
    codes = {*section.codes, *section.codes_ja}
    return sorted(c for c in codes if c.startswith(prefix) and (not errors or c in section.errors))


def codes_markdown(
    sections: list[CodeSection], prefix: str, lang: str, errors: bool = False
) -> str:
    """Markdown tables of the codes starting with ``prefix`` (``kifuwiki codes --markdown``)."""
    heading = "意味" if lang == "ja" else "meaning"
    out = []
    for section in sections:
        codes = _listed(section, prefix, errors)
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
@click.option(
    "--errors",
    is_flag=True,
    help="Only the codes that are always errors (an accept: naming one gets RF008).",
)
def codes_command(prefix: str, markdown: bool, lang: str, built_in: bool, errors: bool) -> None:
    """List diagnostic codes (those starting with PREFIX, e.g. PD1 or CT)."""
    prefix = prefix.upper()
    sections = [s for s in code_sections() if s.built_in or not built_in]
    if not any(c.startswith(prefix) for s in sections for c in (*s.codes, *s.codes_ja)):
        # Nothing printed and exit 0 read as "no such code" only to someone who knew.
        known = ", ".join(p for s in sections for p in s.prefixes)
        raise click.UsageError(f"no code starts with '{prefix}' (prefixes: {known})")
    if errors and not any(_listed(s, prefix, errors) for s in sections):
        # A real answer (IM: each importer rates its own issues), said, not left empty.
        shown = f" starting with '{prefix}'" if prefix else ""
        click.echo(f"no code{shown} is always an error", err=True)
        return
    if markdown:
        click.echo(codes_markdown(sections, prefix, lang, errors), nl=False)
        return
    for section in sections:
        codes = _listed(section, prefix, errors)
        if codes:
            click.echo(f"# {section.title}")
            for code in codes:
                click.echo(f"{code}  {section.describe(code, lang)}")
