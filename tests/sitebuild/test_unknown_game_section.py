"""A typo in ``game:`` (F-GAME-1): the record stays in the section of its folder when
the folder names an installed game (RF010 still reported); only a record whose folder
names no game either goes where the name it wrote sends it."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from tests.plain_site import write_plain_site

from kifuwiki.archive import load_text
from kifuwiki.cli import cli

TYPO = "---\ngame: chess\n---\nA:(223)\nB:(69A)\nA:223#\n"


def test_the_folder_game_is_the_section_of_a_record_with_an_unknown_game() -> None:
    (record,) = load_text(TYPO, "records/prime-daifugo/x.kifu")
    assert record.game == "prime-daifugo"
    assert [d.code for d in record.diagnostics] == ["RF010"]
    assert record.diagnostics[0].line == 2  # at the game: line that wrote it
    (record,) = load_text(TYPO, "records/misc/x.kifu")
    assert record.game == "chess"  # no known game anywhere: as before


@pytest.fixture
def site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for folder, name in (("prime-daifugo", "unknown.kifu"), ("misc", "u2.kifu")):
        (tmp_path / "records" / folder).mkdir(parents=True)
        (tmp_path / "records" / folder / name).write_text(TYPO, encoding="utf-8")
    write_plain_site(tmp_path)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_a_typo_does_not_move_the_page_nor_make_a_section(site: Path) -> None:
    result = CliRunner().invoke(cli, ["pages", "-j", "1"])
    assert result.exit_code == 0, result.output
    docs = site / "docs" / "records"
    pages = sorted(p.relative_to(docs).as_posix() for p in docs.rglob("*.md"))
    assert "prime-daifugo/unknown.md" in pages
    assert not any(page.startswith("chess/prime-daifugo") for page in pages)
    assert "chess/misc/u2.md" in pages  # neither name is a game: where it went before
