"""``kifuwiki games``: the installed games, their notations, rule presets and codes."""

from __future__ import annotations

import json
from typing import Any

import click

from kifuwiki.games import all_games
from kifuwiki.games.base import GameModule


def game_summary(game: GameModule) -> dict[str, Any]:
    """What ``kifuwiki games --format json`` says about one game."""
    return {
        "id": game.id,
        "version": game.version,
        "names": dict(game.names),
        "aliases": list(game.aliases),
        "notations": list(game.dialects),
        "rule_presets": list(game.rule_presets),
        "default_rules": game.default_rules,
        "code_prefixes": list(game.code_prefixes),
        "codes": len(game.codes),
        "step_flags": sorted(game.step_flags),
        "module": type(game).__module__,
    }


@click.command("games")
@click.option(
    "--format",
    "output",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help="Output format.",
)
def games_command(output: str) -> None:
    """List the installed games (built in or plug-ins of the kifuwiki.games group)."""
    summaries = [game_summary(game) for game in all_games()]
    if output == "json":
        click.echo(json.dumps({"games": summaries}, ensure_ascii=False, indent=2))
        return
    for item in summaries:
        names = " / ".join(dict.fromkeys(item["names"].values()))
        rules = ", ".join(
            f"{name} (default)" if name == item["default_rules"] else name
            for name in item["rule_presets"]
        )
        click.echo(f"{item['id']} {item['version']}: {names}")
        click.echo(f"  notations: {', '.join(item['notations'])}")
        click.echo(f"  rules: {rules}")
        click.echo(f"  codes: {', '.join(item['code_prefixes'])} ({item['codes']})")
