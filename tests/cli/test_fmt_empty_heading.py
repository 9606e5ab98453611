"""A game heading with no moves under it (F-FMT-1): ``kifuwiki fmt`` keeps the line the
user wrote, and validate warns about it (RF014) at the heading's line and column."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from kifuwiki.archive import load_file
from kifuwiki.cli import cli
from kifuwiki.core.recordfile import split_record_file

GAME = "a:(7K)\nb:(2Q)\na:7\nb:%\na:K#\n"

CASES = {
    "trailing": GAME + "# Game 2\n",
    "trailing kanji": GAME + "二試合目\n\n",
    "leading": "一試合目\n\n二試合目\n" + GAME,
    "between": "# Game 1\n" + GAME + "  # Game 2\n\n# Game 3\n" + GAME,
}


def _games(path: Path) -> list[tuple[str | None, str]]:
    return [(r.source.heading, r.source.body_text.strip()) for r in load_file(path)]


@pytest.mark.parametrize("name", sorted(CASES))
def test_fmt_keeps_a_heading_with_no_moves(tmp_path: Path, name: str) -> None:
    path = tmp_path / "r.kifu"
    path.write_text(CASES[name], encoding="utf-8")
    result = CliRunner().invoke(cli, ["fmt", str(path)])
    assert result.exit_code == 0, result.output
    written = result.output
    kept = {line.strip() for line in written.splitlines()}
    headings = [
        line.strip() for line in CASES[name].splitlines() if "試合目" in line or "Game" in line
    ]
    for heading in headings:  # no heading line the user wrote disappears
        assert heading.strip(" #") in {k.strip(" #") for k in kept}, (heading, written)
    again = tmp_path / "again.kifu"
    again.write_text(written, encoding="utf-8")
    assert _games(again) == _games(path)  # parse → write → parse: the same games
    second = CliRunner().invoke(cli, ["fmt", str(again)])
    assert second.output == written  # and fmt is idempotent


def test_a_trailing_empty_heading_is_kept_verbatim(tmp_path: Path) -> None:
    path = tmp_path / "r.kifu"
    path.write_text(GAME + "# Game 2\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["fmt", "--check", str(path)])
    assert result.exit_code == 0, result.output


def test_validate_warns_at_the_empty_heading() -> None:
    text = "# Game 1\n" + GAME + "\n   二試合目\n\n"
    (source,) = split_record_file(text, "x.kifu")
    found = [(d.code, d.line, d.column, d.severity.value) for d in source.diagnostics]
    assert found == [("RF014", 8, 4, "warning")]
    assert "二試合目" in source.diagnostics[0].message


def test_a_game_with_moves_gives_no_rf014() -> None:
    sources = split_record_file("# Game 1\n" + GAME + "# Game 2\n" + GAME, "x.kifu")
    assert len(sources) == 2
    assert not [d for s in sources for d in s.diagnostics if d.code == "RF014"]
