"""The plugin's options, checked by MkDocs' own config machinery (no build)."""

from __future__ import annotations

from pathlib import Path

import pytest

from kifuwiki.mkdocs_plugin.plugin import KifuwikiPlugin


def test_defaults() -> None:
    plugin = KifuwikiPlugin()
    errors, warnings = plugin.load_config({})
    assert errors == [] and warnings == []
    config = plugin.config
    assert config.records_dir == "records"
    assert config.url == "records/"
    assert config.strict is False
    assert config.language is None  # taken from the theme at build time
    assert config.custom_templates is None
    assert config.rules is None


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("language", "fr"),
        ("strict", "yes please"),
        ("custom_templates", "missing"),
        ("url", 3),
        ("jobs", -3),
        ("jobs", True),
        ("jobs", "2"),
    ],
)
def test_invalid_options_are_reported(tmp_path: Path, option: str, value: object) -> None:
    plugin = KifuwikiPlugin()
    errors, _ = plugin.load_config({option: value}, str(tmp_path / "mkdocs.yml"))
    assert [name for name, _ in errors] == [option]


def test_rules_accepts_a_preset_name_or_a_mapping() -> None:
    for rules in ("fandom", {"preset": "standard", "hand_size": 9}, {"catan": "base"}):
        plugin = KifuwikiPlugin()
        errors, _ = plugin.load_config({"rules": rules})
        assert errors == []
        assert plugin.config.rules == rules


def test_jobs_takes_a_whole_number_from_zero() -> None:
    for jobs in (0, 1, 8):
        plugin = KifuwikiPlugin()
        errors, _ = plugin.load_config({"jobs": jobs})
        assert errors == [] and plugin.config.jobs == jobs
