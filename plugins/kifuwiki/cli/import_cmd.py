"""``kifuwiki import``: one subcommand per importer an installed game offers.

Nothing here names a game or a source: every game's ``importers`` (see "Importers" in
``games/base.py``) become the subcommands, each built by
:func:`kifuwiki.importers.run.importer_command`. Every subcommand shares one run
(:class:`kifuwiki.importers.run.ImportRun`): problems are printed one line each (page,
record file and line) on standard error as they happen, the other pages go on, and a
summary ends the run. Exit status 1 when something could not be imported or written,
else 0.
"""

from __future__ import annotations

import logging

import click

from kifuwiki.games import all_games
from kifuwiki.importers.run import ImportRun, importer_command
from kifuwiki.importers.run import importer_command as _game_importer
from kifuwiki.importers.run import progress as _progress

__all__ = ["ImportRun", "_game_importer", "_progress", "add_importers", "import_group"]

_log = logging.getLogger(__name__)


@click.group("import")
def import_group() -> None:
    """Import records from Fandom pages, Catan log sheets and the primeqk database."""


def add_importers(group: click.Group) -> None:
    """Add every installed game's importers to ``group``. An importer whose name another
    game's importer took first (games in id order) is left out with a warning, as is a
    game whose importers cannot be made: one broken plug-in must not take the command
    down."""
    for game in all_games():
        try:
            commands = [importer_command(importer) for importer in getattr(game, "importers", ())]
        except Exception as exc:  # a plug-in's own bug or missing dependency
            _log.warning("kifuwiki: the importers of game '%s' cannot be made: %r", game.id, exc)
            continue
        for command in commands:
            if command.name in group.commands:
                _log.warning(
                    "kifuwiki: game '%s' offers 'kifuwiki import %s', which is taken; left out",
                    game.id,
                    command.name,
                )
                continue
            group.add_command(command)


add_importers(import_group)
