"""The validate process: lazy subcommands, a streamed JSON report."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from kifuwiki.cli import COMMANDS, cli
from kifuwiki.cli.validate import JsonReportWriter

REPO = Path(__file__).resolve().parents[2]


def test_help_lists_every_command() -> None:
    result = CliRunner().invoke(cli, ["--help"])
    assert result.exit_code == 0
    for name in COMMANDS:
        assert f"  {name} " in result.output


def test_validate_does_not_import_the_other_commands() -> None:
    code = (
        "import sys\n"
        "from kifuwiki.cli import cli\n"
        "cli.get_command(None, 'validate')\n"
        "print(sorted(m for m in ('bs4', 'kifuwiki.cli.import_cmd', 'kifuwiki.importers') "
        "if m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def _written(games: list[dict[str, object]]) -> str:
    out = io.StringIO()
    writer = JsonReportWriter(out)
    for game in games:
        writer.game(game)
    writer.close(files=len(games), errors=1, warnings=2)
    return out.getvalue()


def test_json_report_is_the_same_data_one_game_a_line() -> None:
    games: list[dict[str, object]] = [
        {"path": "a.kifu", "title": "「名人戦」\n<b>", "moves": 3, "diagnostics": []},
        {"path": "b.kifu", "title": "\u2028", "moves": 0, "diagnostics": [{"code": "X"}]},
    ]
    text = _written(games)
    assert json.loads(text) == {"games": games, "files": 2, "errors": 1, "warnings": 2}
    lines = text.split("\n")[:-1]  # U+2028 stays raw in a line: split on newlines only
    assert lines[0] == "{" and lines[1] == ' "games": [' and lines[-1] == "}"
    assert [json.loads(line.strip().rstrip(",")) for line in lines[2:4]] == games


def test_json_report_without_games() -> None:
    assert json.loads(_written([])) == {"games": [], "files": 0, "errors": 1, "warnings": 2}


def test_validate_json_counts_files_of_several_games(tmp_path: Path) -> None:
    records = REPO / "records"
    result = CliRunner().invoke(cli, ["validate", "-j", "1", "--format", "json", str(records)])
    report = json.loads(result.output)
    assert report["files"] == len(list(records.rglob("*.kifu")))
    assert len({game["path"] for game in report["games"]}) == report["files"]
    assert len(report["games"]) > report["files"]  # some files hold several games
