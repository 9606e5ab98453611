"""The ``kifuwiki`` command: thin over the library, exit codes 0 fine, 1 errors, 2 usage.

Subcommands are imported when they run, not when ``kifuwiki`` starts: ``validate``
in CI should not pay for the importers' HTML parser and every other command's
dependencies (about a second of start-up on a two-core machine, issue 16).
"""

from __future__ import annotations

import importlib

import click

from kifuwiki import __version__

#: Command name → ``module:attribute`` of its click command.
COMMANDS = {
    "validate": "kifuwiki.cli.validate:validate_command",
    "fmt": "kifuwiki.cli.fmt:fmt_command",
    "import": "kifuwiki.cli.import_cmd:import_group",
    "codes": "kifuwiki.cli.codes:codes_command",
    "games": "kifuwiki.cli.games:games_command",
    "pages": "kifuwiki.cli.pages:pages_command",
}


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


def main() -> None:
    """Console-script entry point."""
    cli(prog_name="kifuwiki")


__all__ = ["cli", "main"]
