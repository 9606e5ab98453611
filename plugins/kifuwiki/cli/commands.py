"""The subcommands of ``kifuwiki``, by name: imported only when one runs."""

from __future__ import annotations

#: Command name → ``module:attribute`` of its click command.
COMMANDS = {
    "validate": "kifuwiki.cli.validate:validate_command",
    "fmt": "kifuwiki.cli.fmt:fmt_command",
    "import": "kifuwiki.cli.import_cmd:import_group",
    "codes": "kifuwiki.cli.codes:codes_command",
    "games": "kifuwiki.cli.games:games_command",
    "pages": "kifuwiki.cli.pages:pages_command",
}
