"""Which games get an index page: those with records, and those the site asks for."""

from __future__ import annotations

from pathlib import Path

from kifuwiki.games import game_ids
from kifuwiki.sitebuild.game_indexes import index_games, nav_pages


def test_nav_pages_are_the_markdown_pages_the_nav_names() -> None:
    nav = [
        {"Home": "index.md"},
        "about.md",
        {"Archive": ["./records/index.md", {"Catan": "/records/catan/index.md"}]},
        {"Elsewhere": "https://example.org/records/shengji/index.md"},
        {"A folder": "records/ponjan/"},
    ]
    assert nav_pages(nav) == {
        "index.md",
        "about.md",
        "records/index.md",
        "records/catan/index.md",
    }
    assert nav_pages(None) == frozenset()


def test_index_games(tmp_path: Path) -> None:
    games = sorted(game_ids())
    first, second, third = games[:3]
    (tmp_path / second).mkdir()  # the game's folder, still empty
    (tmp_path / "2024").mkdir()  # a folder that names no game
    (tmp_path / "notes.txt").write_text("x", "utf-8")
    named = frozenset({f"archive/{third}/index.md", "index.md"})
    assert index_games([first], tmp_path, named, "archive") == sorted([first, second, third])
    assert index_games([first], tmp_path, frozenset(), "records/") == sorted([first, second])
    assert index_games([], tmp_path / "missing", frozenset(), "records/") == []
