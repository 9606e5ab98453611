"""What ``kifuwiki import`` prints: each message headed by the file the user named (and
the page's own name beside it), in the language ``--lang`` or the locale chooses.

review14: a saved page without a canonical link headed its messages with its title
alone ("My Log: warning IM030 …"), so the user had to find which file it was; and the
importers' Japanese messages were written but never printed (no ``--lang``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from kifuwiki.cli import cli

PAGE = "<html><head><title>My Log</title></head><body><p>no table</p></body></html>"


def _run(tmp_path: Path, *options: str, env: dict[str, str] | None = None) -> str:
    page = tmp_path / "saved.html"
    page.write_text(PAGE, encoding="utf-8")
    args = ["import", "catan-sheet", "--dry-run", "--records", str(tmp_path / "r"), *options]
    result = CliRunner().invoke(cli, [*args, str(page)], env=env)
    assert result.exit_code == 0, result.output
    return result.stderr


def test_a_saved_page_is_named_by_its_file_and_its_title(tmp_path: Path) -> None:
    lines = _run(tmp_path, "--lang", "en").splitlines()
    assert lines[0].startswith(f"{(tmp_path / 'saved.html').as_posix()} (My Log): warning IM006")
    assert any("IM030 no log-sheet table" in line for line in lines)


def test_lang_ja_prints_the_japanese_messages_and_summary(tmp_path: Path) -> None:
    out = _run(tmp_path, "--lang", "ja")
    assert "IM030 このページにログシートの表" in out
    assert "no log-sheet table" not in out
    assert out.splitlines()[-1].startswith("ページ 1 件、棋譜 0 局 (書き込む予定: 新規 0")


@pytest.mark.parametrize(
    ("locale", "message"), [("ja_JP.UTF-8", "IM030 このページに"), ("C", "IM030 no log-sheet")]
)
def test_without_lang_the_locale_chooses(tmp_path: Path, locale: str, message: str) -> None:
    env = {"LC_ALL": locale, "LC_MESSAGES": "", "LANG": ""}
    assert message in _run(tmp_path, env=env)


def test_every_import_command_takes_lang() -> None:
    runner = CliRunner()
    commands = runner.invoke(cli, ["import", "--help"]).output
    names = [
        line.split()[0] for line in commands.split("Commands:")[1].splitlines() if line.strip()
    ]
    assert "catan-sheet" in names and "fandom" in names
    for name in names:
        assert "--lang [ja|en]" in runner.invoke(cli, ["import", name, "--help"]).output, name


def test_a_file_named_by_its_own_name_is_said_once() -> None:
    from kifuwiki.core.diagnostics import Severity
    from kifuwiki.importers.issues import ImportIssue

    issue = ImportIssue(Severity.ERROR, "IM004", "unreadable", "bad.json")
    assert issue.format_text("en", "logs/bad.json") == "logs/bad.json: error IM004 unreadable"
    assert issue.format_text("en", "bad.json") == "bad.json: error IM004 unreadable"
    assert issue.format_text("en") == "bad.json: error IM004 unreadable"
    titled = ImportIssue(Severity.ERROR, "IM004", "unreadable", "My Log")
    assert (
        titled.format_text("en", "logs/bad.json")
        == "logs/bad.json (My Log): error IM004 unreadable"
    )
