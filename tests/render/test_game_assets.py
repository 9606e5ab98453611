"""A game's asset listing is remembered per folder state (render/assets.py
``game_assets``): the same list the folder's listing gives, and a file added or removed
is seen."""

from __future__ import annotations

import os
from pathlib import Path
from types import SimpleNamespace

import pytest

from kifuwiki.games import all_games
from kifuwiki.render import assets
from kifuwiki.render.assets import ASSETS_URI, game_assets


def _listed(game_id: str, folder: Path) -> list[tuple[str, Path]]:
    """The uncached answer: the folder listed now."""
    return [(f"{ASSETS_URI}/{game_id}/{path.name}", path) for path in assets._files(folder)]


def test_every_games_assets_are_its_folders_listing() -> None:
    games = list(all_games())
    assert any(_listed(g.id, g.package_dir / "assets") for g in games)
    for game in games:
        expected = _listed(game.id, game.package_dir / "assets")
        assert game_assets(game.id) == expected
        assert game_assets(game.id) == expected  # remembered: the same answer
    assert game_assets("no-such-game") == []


def test_a_file_added_or_removed_is_seen(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game_id = next(iter(all_games())).id
    monkeypatch.setattr(assets, "get_game", lambda _id: SimpleNamespace(package_dir=tmp_path))
    folder = tmp_path / "assets"
    assert game_assets(game_id) == []  # no folder
    folder.mkdir()
    (folder / "a.js").write_text("1", "utf-8")
    (folder / "notes.txt").write_text("not an asset", "utf-8")
    os.utime(folder, ns=(1_000_000_000, 1_000_000_000))
    assert game_assets(game_id) == _listed(game_id, folder)
    assert [uri for uri, _ in game_assets(game_id)] == [f"{ASSETS_URI}/{game_id}/a.js"]
    (folder / "b.css").write_text("2", "utf-8")
    os.utime(folder, ns=(2_000_000_000, 2_000_000_000))  # what adding a file does
    assert game_assets(game_id) == _listed(game_id, folder)
    assert len(game_assets(game_id)) == 2
    (folder / "a.js").unlink()
    os.utime(folder, ns=(3_000_000_000, 3_000_000_000))
    assert [uri for uri, _ in game_assets(game_id)] == [f"{ASSETS_URI}/{game_id}/b.css"]
