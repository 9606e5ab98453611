"""What validate and the importers print quotes records (a move, a file name): control
characters in them are written as escapes, so a record cannot set the terminal's title,
clear it, or erase the lines above it in a CI log."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from kifuwiki.cli import cli
from kifuwiki.core.diagnostics import Diagnostic, Severity, terminal_safe
from kifuwiki.importers.issues import ImportIssue

HOSTILE = "Z\x1b]0;pwned\x07\x1b[2J\x1b[1A\x9b\u202e!"


def test_terminal_safe_escapes_controls_and_keeps_the_rest() -> None:
    assert terminal_safe(HOSTILE) == "Z\\x1b]0;pwned\\x07\\x1b[2J\\x1b[1A\\x9b\\u202e!"
    assert terminal_safe("はち:\t7 %\n") == "はち:\t7 %\n"


@pytest.mark.parametrize("output_format", ["text", "github"])
def test_validate_prints_no_control_character_of_a_record(
    tmp_path: Path, output_format: str
) -> None:
    path = tmp_path / "r.kifu"
    path.write_text(f"a:(7K)\nb:(2Q)\na:{HOSTILE}\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["validate", "--format", output_format, str(path)])
    assert result.exit_code == 1, result.output
    assert "PD001" in result.output
    assert "\\x1b]0;pwned\\x07" in result.output
    for control in ("\x1b", "\x07", "\x9b", "\u202e"):
        assert control not in result.output


def test_json_keeps_the_message_as_it_is(tmp_path: Path) -> None:
    """JSON escapes controls itself; a tool reading it gets the record's text back."""
    path = tmp_path / "r.kifu"
    path.write_text(f"a:(7K)\nb:(2Q)\na:{HOSTILE}\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["validate", "--format", "json", str(path)])
    assert result.exit_code == 1, result.output
    messages = [d["message"] for d in json.loads(result.output)["games"][0]["diagnostics"]]
    assert any(HOSTILE in message for message in messages)


def test_logged_and_imported_lines_are_escaped_too() -> None:
    diagnostic = Diagnostic(Severity.ERROR, "PD001", f"cannot read '{HOSTILE}'", 3, 1, "r.kifu")
    assert "\x1b" not in diagnostic.format_text()
    issue = ImportIssue(Severity.WARNING, "IM012", f"'{HOSTILE}' is not a record line", "p.html")
    assert "\x1b" not in issue.format_text()


def test_a_file_name_with_a_line_feed_stays_on_its_report_line(tmp_path: Path) -> None:
    path = tmp_path / "two\nlines.kifu"
    path.write_text("a:(7K)\nb:(2Q)\na:Z!\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["validate", "--lang", "en", str(path)])
    assert result.exit_code == 1, result.output
    lines = result.output.splitlines()
    assert all(line.startswith(str(tmp_path)) for line in lines[:-1])
    assert any("two\\x0alines.kifu:3:3: error PD001" in line for line in lines)
    diagnostic = Diagnostic(Severity.ERROR, "PD001", "x", 3, 3, str(path))
    assert "\n" not in diagnostic.format_text()
