"""A saved page's address (review12 F-IMP-1): a page saved without its canonical link
was recorded with the file's path on this machine as ``source`` — published on the
site (user name, folders), no usable source, and a conflict (IM050) when the same page
was imported again from another folder."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from kifuwiki.cli import cli

from .conftest import FIXTURES

PAGES = {
    "fandom": FIXTURES / "fandom" / "two-games.html",
    "catan-sheet": FIXTURES / "catan-sheet" / "log-sheet.html",
}


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["import", *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.output


def records_in(folder: Path) -> dict[str, str]:
    return {p.relative_to(folder).as_posix(): p.read_text("utf-8") for p in folder.rglob("*.kifu")}


@pytest.mark.parametrize("importer", sorted(PAGES))
def test_a_page_without_an_address_gets_no_source_and_a_warning(
    importer: str, tmp_path: Path
) -> None:
    page = PAGES[importer]
    assert "canonical" not in page.read_text("utf-8")  # the case of the finding
    code, output = run(importer, "--records", str(tmp_path), str(page))
    assert code == 0, output
    assert "IM006" in output and "--source URL" in output
    written = records_in(tmp_path)
    assert written
    for text in written.values():
        assert "source:" not in text
        assert str(page.parent) not in text and "/" + page.name not in text


@pytest.mark.parametrize("importer", sorted(PAGES))
def test_source_gives_one_saved_pages_address(importer: str, tmp_path: Path) -> None:
    url = "https://example.org/wiki/Page"
    code, output = run(importer, "--records", str(tmp_path), "--source", url, str(PAGES[importer]))
    assert code == 0, output
    assert "IM006" not in output
    assert all(f"source: {url}\n" in text for text in records_in(tmp_path).values())


def test_source_names_one_saved_page_only(tmp_path: Path) -> None:
    page = PAGES["fandom"]
    code, output = run("fandom", "--records", str(tmp_path), "--source", "https://x.org/a",
                       str(page), str(FIXTURES / "fandom" / "single-game.html"))  # fmt: skip
    assert code == 2 and "--source gives the address of one saved page" in output
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize("importer", sorted(PAGES))
def test_the_same_page_from_another_folder_is_the_same_import(
    importer: str, tmp_path: Path
) -> None:
    records = tmp_path / "records"
    first = tmp_path / "downloads" / PAGES[importer].name
    second = tmp_path / "elsewhere" / "saved" / PAGES[importer].name
    for copy in (first, second):
        copy.parent.mkdir(parents=True)
        shutil.copy(PAGES[importer], copy)
    assert run(importer, "--records", str(records), str(first))[0] == 0
    before = records_in(records)
    code, output = run(importer, "--records", str(records), str(second))
    assert code == 0, output
    assert "IM050" not in output
    assert records_in(records) == before
