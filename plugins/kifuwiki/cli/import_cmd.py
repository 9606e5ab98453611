"""``kifuwiki import``: one subcommand per importer an installed game offers.

Nothing here names a game or a source: every game's ``importers`` (see "Importers" in
``games/base.py``) become the subcommands, each made by
:func:`kifuwiki.importers.run.importer_command` when ``kifuwiki import`` runs (so a
game registered at run time offers its importers too). Every subcommand shares one run
(:class:`kifuwiki.importers.run.ImportRun`): problems are printed one line each (page,
record file and line) on standard error as they happen, the other pages go on, and a
summary ends the run. Exit status 1 when something could not be imported or written,
else 0.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any

import click

from kifuwiki.games import all_games, registry_generation
from kifuwiki.importers.run import ImportRun, importer_command
from kifuwiki.importers.run import importer_command as _game_importer
from kifuwiki.importers.run import progress as _progress

__all__ = ["ImportGroup", "ImportRun", "_game_importer", "_progress", "import_group"]

_log = logging.getLogger(__name__)


@dataclass(slots=True)
class Offered:
    """The importers the available games offer, by name."""

    commands: dict[str, click.Command] = field(default_factory=dict)
    offered_by: dict[str, list[str]] = field(default_factory=dict)
    """Name → the ids of the games offering it; two or more: nobody gets the name."""


def offered_importers() -> Offered:
    """Every available game's importers as commands. A game whose importers cannot be
    made is left out with a warning (one broken plug-in must not take the command down);
    a name two games offer is neither's."""
    offered = Offered()
    for game in all_games():
        try:
            commands = [importer_command(importer) for importer in getattr(game, "importers", ())]
        except Exception as exc:  # a plug-in's own bug or missing dependency
            _log.warning("kifuwiki: the importers of game '%s' cannot be made: %r", game.id, exc)
            continue
        for command in commands:
            name = str(command.name)
            offered.offered_by.setdefault(name, []).append(game.id)
            offered.commands[name] = command
    for name, games in offered.offered_by.items():
        if len(games) > 1:
            del offered.commands[name]
    return offered


class ImportGroup(click.Group):
    """The ``import`` group: its subcommands are the games' importers, made on first use
    and again whenever a game is registered or removed at run time."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._offered: tuple[int, Offered] | None = None

    def offered(self) -> Offered:
        generation = registry_generation()
        if self._offered is None or self._offered[0] != generation:
            self._offered = (generation, offered_importers())
        return self._offered[1]

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *self.offered().commands})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        command = super().get_command(ctx, cmd_name)
        if command is not None:
            return command
        offered = self.offered()
        games = offered.offered_by.get(cmd_name, [])
        if len(games) > 1:
            raise click.UsageError(
                f"games {', '.join(repr(g) for g in games)} all offer "
                f"'kifuwiki import {cmd_name}', so none of them gets it; uninstall all but "
                "one of them",
                ctx,
            )
        return offered.commands.get(cmd_name)


@click.group("import", cls=ImportGroup)
def import_group() -> None:
    """Import records from other sources: each installed game offers its importers."""
