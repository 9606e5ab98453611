"""``kifuwiki pages`` checks the settings it reads as the MkDocs plugin's schema does: a
config that is wrong is a usage error that names it, never a traceback or a folder
called ``['x']``."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from kifuwiki.cli import cli

RECORD = "a:(7K)\nb:(2Q)\na:7\nb:%\na:K#\n"


@pytest.fixture
def site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    records = tmp_path / "records" / "prime-daifugo"
    records.mkdir(parents=True)
    (records / "r.kifu").write_text(RECORD, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _entries(site: Path) -> set[str]:
    return {p.name for p in site.iterdir()}


@pytest.mark.parametrize(
    ("config", "message"),
    [
        ("docs_dir: [x]\n", "docs_dir must be text"),
        ("plugins:\n  - kifuwiki:\n      records_dir: [a]\n", "records_dir must be text"),
        ("plugins:\n  - kifuwiki:\n      url: 5\n", "url must be text"),
        ("plugins:\n  - kifuwiki:\n      custom_templates: nowhere\n", "no folder at"),
        ("plugins:\n  - kifuwiki:\n      language: xx\n", "language must be ja or en"),
    ],
)
def test_settings_of_the_wrong_kind_are_usage_errors(site: Path, config: str, message: str) -> None:
    (site / "mkdocs.yml").write_text(config, encoding="utf-8")
    before = _entries(site)
    result = CliRunner().invoke(cli, ["pages", "-j", "1"])
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert _entries(site) == before  # nothing written (was: a folder named "['x']")


def test_a_config_that_is_not_utf8_is_a_usage_error(site: Path) -> None:
    (site / "mkdocs.yml").write_bytes(b"\xff\xfesite_name: x\n")
    result = CliRunner().invoke(cli, ["pages", "-j", "1"])
    assert result.exit_code == 2, result.output
    assert "cannot read" in result.output
    assert not isinstance(result.exception, UnicodeDecodeError)


def test_a_config_file_named_and_missing_is_a_usage_error(site: Path) -> None:
    """Only the default mkdocs.yml is optional; a mistyped -f ran without any settings."""
    result = CliRunner().invoke(cli, ["pages", "-j", "1", "-f", "mkdcos.yml"])
    assert result.exit_code == 2, result.output
    assert "no config file at mkdcos.yml" in result.output
    assert not (site / "docs").exists()


def test_without_a_config_the_defaults_still_work(site: Path) -> None:
    result = CliRunner().invoke(cli, ["pages", "-j", "1"])
    assert result.exit_code == 0, result.output
    assert (site / "docs" / "records" / "prime-daifugo" / "r.md").is_file()
