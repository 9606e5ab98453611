"""Importer file names and saved-page encodings (issue 17, items 17 and 19)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from click.testing import CliRunner

from kifuwiki.cli import cli
from kifuwiki.games.catan.import_sheet import import_sheet
from kifuwiki.importers.mediawiki import read_saved_page
from kifuwiki.importers.output import ImportedRecord, safe_stem, slugify, write_record

from .conftest import FIXTURES

LONG_TITLE = "素数大富豪 第百二十三回 全国大会 決勝トーナメント 準々決勝 第二試合 " * 6


def test_long_japanese_titles_fit_a_file_name_and_stay_stable(tmp_path: Path) -> None:
    slug = slugify(LONG_TITLE)
    assert len(slug.encode("utf-8")) <= 150
    assert slug == slugify(LONG_TITLE)  # the same on every import
    assert slug.startswith("素数大富豪-第百二十三回")
    assert slugify(LONG_TITLE + "x") != slug  # titles that share a beginning stay apart
    emoji = slugify("🀄" * 200)
    assert len(emoji.encode("utf-8")) <= 150
    record = ImportedRecord("prime-daifugo", f"{slug}-12", {"game": "prime-daifugo"}, "p", ["A:x"])
    result = write_record(record, tmp_path, today=dt.date(2026, 1, 2))
    assert result.written and len(result.path.name.encode("utf-8")) <= 255
    again = write_record(record, tmp_path, today=dt.date(2026, 1, 3))
    assert again.path == result.path and not again.written


@pytest.mark.parametrize(
    ("title", "stem"),
    [
        ("CON", "record-con"),
        ("com1", "record-com1"),
        ("nul.txt", "record-nul-txt"),
        ("LPT9 決勝", "record-lpt9-決勝"),
        ("console", "console"),
        ("concert", "concert"),
    ],
)
def test_windows_device_names_are_never_file_names(title: str, stem: str) -> None:
    assert safe_stem(slugify(title)) == stem
    record = ImportedRecord("catan", slugify(title), {}, "p")
    assert record.relative_path == f"catan/{stem}.kifu"


SHEET = (FIXTURES / "catan-sheet" / "log-sheet.html").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("codec", "declared", "name"),
    [
        ("cp932", "Shift_JIS", "Shift_JIS (cp932)"),
        ("euc_jp", "EUC-JP", "EUC-JP"),
        ("cp932", None, "Shift_JIS (cp932)"),
        ("euc_jp", None, "EUC-JP"),
    ],
)
def test_saved_pages_in_legacy_encodings_import_with_one_warning(
    tmp_path: Path, codec: str, declared: str | None, name: str
) -> None:
    html = SHEET.replace('charset="utf-8"', f'charset="{declared}"') if declared else SHEET
    if declared:
        assert f'charset="{declared}"' in html
    path = tmp_path / "sheet.html"
    path.write_bytes(html.encode(codec))
    page = read_saved_page(path)
    assert page.encoding == name
    utf8 = read_saved_page(_utf8_copy(tmp_path))
    result, expected = import_sheet(page), import_sheet(utf8)
    assert [r.body for r in result.records] == [r.body for r in expected.records]
    encoding_warnings = [i for i in result.issues if i.code == "IM005"]
    assert len(encoding_warnings) == 1 and name in encoding_warnings[0].message
    assert [i.code for i in expected.issues if i.code == "IM005"] == []


def _utf8_copy(folder: Path) -> Path:
    path = folder / "utf8.html"
    path.write_text(SHEET, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("--timeout", "0"),  # requests raised ValueError: a traceback
        ("--timeout", "-1"),
        ("--timeout", "nan"),
        ("--retries", "-1"),  # no request at all, then "error IM001  (tried 0 time)"
        ("--backoff", "-1"),  # time.sleep(-1) on the first retry: a traceback
        ("--delay", "-1"),
        ("--delay", "inf"),
    ],
)
def test_network_options_out_of_range_are_usage_errors(
    tmp_path: Path, option: str, value: str
) -> None:
    result = CliRunner().invoke(
        cli,
        [
            "import",
            "fandom",
            option,
            value,
            "--records",
            str(tmp_path),
            "http://127.0.0.1:9/wiki/X",
        ],
    )
    assert result.exit_code == 2, result.output
    assert f"Invalid value for '{option}'" in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert not list(tmp_path.iterdir())
