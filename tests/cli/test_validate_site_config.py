"""``kifuwiki validate`` checks records with the site's kifuwiki options, as the site
build does (review12 F-CFG-1): a project that sets its rules only in ``mkdocs.yml`` got a
CI that rejected records its site accepted."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

#: Three cards each: the 'standard' rules deal 11 (PD123), these site rules deal 3.
RECORD = "---\ngame: prime-daifugo\n---\nA:(223)\nB:(69A)\nA:223#\n"
SITE = """site_name: x
docs_dir: docs
plugins:
  - search
  - kifuwiki:
      records_dir: games
      rules: {prime-daifugo: {preset: standard, hand_size: 3}}
markdown_extensions:
  - pymdownx.emoji:
      emoji_index: !!python/name:material.extensions.emoji.twemoji
"""


def run(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    command = [sys.executable, "-m", "kifuwiki", "validate", "--lang", "en", *args]
    return subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, check=False)


@pytest.fixture()
def site(tmp_path: Path) -> Path:
    (tmp_path / "games" / "prime-daifugo").mkdir(parents=True)
    (tmp_path / "games" / "prime-daifugo" / "a.kifu").write_text(RECORD, encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text(SITE, encoding="utf-8")
    return tmp_path


def test_the_sites_rules_and_records_folder_are_used(site: Path) -> None:
    done = run(site, "--strict")  # no path: the plugin's records_dir
    assert done.returncode == 0, done.stdout + done.stderr
    assert "1 file(s), 0 error(s), 0 warning(s)" in done.stdout


def test_no_config_checks_each_record_by_its_own_rules(site: Path) -> None:
    done = run(site, "--strict", "--no-config", "games")
    assert done.returncode == 1
    assert done.stdout.count("PD123") == 2


def test_another_config_file_and_a_missing_one(site: Path) -> None:
    (site / "mkdocs.yml").rename(site / "site.yml")
    assert run(site, "--strict", "games").returncode == 1  # no ./mkdocs.yml: own rules
    assert run(site, "--strict", "-f", "site.yml", "games").returncode == 0
    missing = run(site, "-f", "nothing.yml", "games")
    assert missing.returncode == 2 and "no config file at nothing.yml" in missing.stderr
    both = run(site, "-f", "site.yml", "--no-config", "games")
    assert both.returncode == 2 and "cannot go together" in both.stderr


def test_the_sites_bad_rules_are_said_once(site: Path) -> None:
    text = SITE.replace("{preset: standard, hand_size: 3}", "bogus")
    (site / "mkdocs.yml").write_text(text, encoding="utf-8")
    done = run(site, "games")
    assert done.stderr.count("PD100 unknown rule set 'bogus'") == 1, done.stderr
    assert done.stderr.startswith("warning: mkdocs.yml: rules: prime-daifugo: PD100")


def test_a_records_dir_that_is_not_text_is_a_usage_error(site: Path) -> None:
    """Read as `kifuwiki pages` reads it, not dropped without a word."""
    text = SITE.replace("records_dir: games", "records_dir: [games]")
    (site / "mkdocs.yml").write_text(text, encoding="utf-8")
    done = run(site)
    assert done.returncode == 2
    assert "kifuwiki's records_dir must be text, not ['games']" in done.stderr
