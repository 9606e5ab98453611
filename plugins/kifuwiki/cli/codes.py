"""``kifuwiki codes``: every diagnostic code with what it means."""

from __future__ import annotations

from collections.abc import Mapping

import click

from kifuwiki.core.codes import CODES as FILE_CODES
from kifuwiki.games import game_ids, get_game
from kifuwiki.importers.codes import CODES as IMPORT_CODES
from kifuwiki.render.codes import CODES as PUBLISH_CODES


def all_code_tables() -> dict[str, Mapping[str, str]]:
    """Section title → code table, in the order the documentation lists them."""
    tables: dict[str, Mapping[str, str]] = {"record files": FILE_CODES}
    for game_id in game_ids():
        tables[game_id] = get_game(game_id).codes
    tables["publishing"] = PUBLISH_CODES
    tables["importers"] = IMPORT_CODES
    return tables


@click.command("codes")
@click.argument("prefix", required=False, default="")
@click.option("--markdown", is_flag=True, help="Print Markdown tables (for documentation).")
def codes_command(prefix: str, markdown: bool) -> None:
    """List diagnostic codes (those starting with PREFIX, e.g. PD1 or CT)."""
    prefix = prefix.upper()
    for section, table in all_code_tables().items():
        rows = sorted((code, text) for code, text in table.items() if code.startswith(prefix))
        if not rows:
            continue
        if markdown:
            click.echo(f"\n### {section}\n\n| code | meaning |\n| --- | --- |")
            for code, text in rows:
                cell = text.replace("|", "\\|")
                click.echo(f"| `{code}` | {cell} |")
        else:
            click.echo(f"# {section}")
            for code, text in rows:
                click.echo(f"{code}  {text}")
