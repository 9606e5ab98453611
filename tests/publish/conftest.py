"""Shared set-up for the publishing tests: a fake game in the registry, fixture sites, builds."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from bs4 import BeautifulSoup

import kifuwiki.games as games

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "sites"


@pytest.fixture(autouse=True)
def fake_game() -> Iterator[None]:
    """Register ``kw_fakegame`` as game ``fake`` for the duration of a test."""
    from kw_fakegame import GAME

    with games.registered_game(GAME):
        yield


def copy_site(tmp_path: Path, name: str = "basic") -> Path:
    root = tmp_path / name
    shutil.copytree(FIXTURES / name, root)
    return root


def build_site(root: Path, *, site: Path | None = None, **overrides: Any) -> Path:
    """Build ``root/mkdocs.yml`` in this process, the way ``mkdocs build`` does, into
    ``site`` (``root/site`` by default)."""
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    site = site or root / "site"
    config = load_config(config_file=str(root / "mkdocs.yml"), site_dir=str(site), **overrides)
    config.plugins.on_startup(command="build", dirty=False)
    try:
        build(config)
    finally:
        config.plugins.on_shutdown()
    return site


def soup(path: Path) -> BeautifulSoup:
    return BeautifulSoup(path.read_text(encoding="utf-8"), "lxml")


def edit_yaml(root: Path, old: str, new: str) -> None:
    config = root / "mkdocs.yml"
    text = config.read_text(encoding="utf-8")
    assert old in text
    config.write_text(text.replace(old, new), encoding="utf-8")
