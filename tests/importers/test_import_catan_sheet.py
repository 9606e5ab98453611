"""Catan log-sheet pages → Catan records (golden files), checked by the Catan engine."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from kifuwiki.archive import load_file, load_text
from kifuwiki.cli import cli
from kifuwiki.games.catan.import_sheet import cell_notation, import_sheet
from kifuwiki.importers.article import Page
from kifuwiki.importers.mediawiki import read_saved_page

from .conftest import FIXTURES, GOLDEN_DATE, Golden

SHEETS = FIXTURES / "catan-sheet"
CASES = sorted(path.stem for path in SHEETS.glob("*.html"))


def sheet_page(name: str) -> Page:
    page = read_saved_page(SHEETS / f"{name}.html")
    return Page(page.title, f"https://catan.example/logs/{name}.html", None, page.html)


@pytest.mark.parametrize("case", CASES)
def test_golden(case: str, golden: Golden) -> None:
    result = import_sheet(sheet_page(case), license_name="CC BY-SA 3.0")
    golden(SHEETS / "expected" / case, result.records, result.issues)


def test_seed_example_sheet_is_a_valid_game() -> None:
    (record,) = import_sheet(sheet_page("log-sheet")).records
    assert record.meta["players"] == {"B": "青", "Y": "黄", "R": "赤", "W": "白"}
    assert record.meta["order"] == "B Y R W"
    assert "12 W: 4 | [R+]-S4n(B) R R R+" in record.body
    assert record.body[-2:] == ["追加点: Y 1", "合計: B 5, Y 5, R 7, W 11"]
    (game,) = load_text(record.render(GOLDEN_DATE), f"records/{record.relative_path}")
    assert game.game == "catan"
    assert game.errors == 0, [d.format_text() for d in game.diagnostics]
    assert game.winner == "白"


def test_two_sheets_give_two_records_and_reviews() -> None:
    result = import_sheet(sheet_page("two-sheets"))
    first, second = result.records
    assert first.meta["title"] == "two-sheets 第1局" and first.slug == "two-sheets-1"
    assert "1 R: 8 | R" in first.body  # full-width digits and bar normalised
    assert "* [import-review] ここで休憩" in first.body
    assert "* [import-review] 合計 B: 不明" in second.body
    assert [issue.code for r in result.records for issue in r.issues()] == ["IM012", "IM012"]
    for record in result.records:
        (game,) = load_text(record.render(GOLDEN_DATE), f"records/{record.relative_path}")
        assert game.errors == 0, [d.format_text() for d in game.diagnostics]


def test_page_without_sheet_and_header_without_players() -> None:
    html = "<table><tr><th>ターン</th><th>青</th></tr><tr><td>1</td><td>6|R</td></tr></table>"
    result = import_sheet(Page("P", "u", None, html))
    assert result.records == []
    assert [issue.code for issue in result.issues] == ["IM031", "IM030"]


@pytest.mark.parametrize(
    ("cell", "expected"),
    [("6|R", "6 | R"), ("7-T8(R)|", "7-T8(R) |"), ("[R]-G8(B)|8|R  R+", "[R]-G8(B) | 8 | R R+")],
)
def test_cell_notation(cell: str, expected: str) -> None:
    assert cell_notation(" ".join(cell.split())) == expected


def test_cli_catan_sheet(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        cli,
        [
            "import", "catan-sheet", str(SHEETS / "log-sheet.html"),
            "--source", "https://catan.example/log1.html", "--records", str(tmp_path),
        ],
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    (written,) = (tmp_path / "catan").iterdir()
    (game,) = load_file(written)
    assert game.meta["source"] == "https://catan.example/log1.html"
    assert game.errors == 0
