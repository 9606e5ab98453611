"""The ``kifuwiki`` command: thin over the library, exit codes 0 fine, 1 errors, 2 usage."""

from __future__ import annotations

import click

from kifuwiki import __version__
from kifuwiki.cli.codes import codes_command
from kifuwiki.cli.fmt import fmt_command
from kifuwiki.cli.games import games_command
from kifuwiki.cli.import_cmd import import_group
from kifuwiki.cli.validate import validate_command


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="kifuwiki")
def cli() -> None:
    """Check and publish game records (every installed game: `kifuwiki games`)."""


cli.add_command(validate_command)
cli.add_command(fmt_command)
cli.add_command(import_group)
cli.add_command(codes_command)
cli.add_command(games_command)


def main() -> None:
    """Console-script entry point."""
    cli(prog_name="kifuwiki")


__all__ = ["cli", "main"]
