"""The click group behind ``kifuwiki``: every subcommand, imported on first use."""

from __future__ import annotations

import importlib

import click

from kifuwiki import __version__
from kifuwiki.cli.commands import COMMANDS


class LazyGroup(click.Group):
    """A group whose subcommands (:data:`COMMANDS`) are imported on first use."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return [*super().list_commands(ctx), *COMMANDS]

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        target = COMMANDS.get(cmd_name)
        if target is None:
            return super().get_command(ctx, cmd_name)
        module, _, attribute = target.partition(":")
        command = getattr(importlib.import_module(module), attribute)
        assert isinstance(command, click.Command)
        return command


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="kifuwiki")
def cli() -> None:
    """Check and publish game records (every installed game: `kifuwiki games`)."""
