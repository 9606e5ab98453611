"""``kifuwiki fmt`` agrees with the project's own records: every demo record under
``records/`` is in canonical form as written, and ``fmt`` takes folders as ``validate``
does (the same files, in the same order; ``--write`` rewrites only what changes)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from kifuwiki.archive import iter_record_names, load_file
from kifuwiki.cli import cli
from kifuwiki.cli.fmt import format_records

ROOT = Path(__file__).resolve().parents[2]
RECORDS = ROOT / "records"
DEMO = sorted(RECORDS.rglob("*.kifu"))

LOOSE = "a:(7K)\nb:(2Q)\n\n\na:7\nb:%\na:K#\n"
CANONICAL = "a:(7K)\nb:(2Q)\na:7\nb:%\na:K#\n"


def test_there_are_demo_records_of_every_game() -> None:
    assert len({path.parent.name for path in DEMO}) >= 8


@pytest.mark.parametrize("path", DEMO, ids=[str(p.relative_to(RECORDS)) for p in DEMO])
def test_each_demo_record_is_in_canonical_form(path: Path) -> None:
    assert format_records(load_file(path), None) == path.read_text(encoding="utf-8")


def test_fmt_check_passes_on_the_records_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(cli, ["fmt", "--check", "records"])
    assert result.exit_code == 0, result.output
    assert result.output == ""


def _tree(root: Path) -> dict[str, str]:
    files = {
        "b.kifu": LOOSE,
        "a.kifu": CANONICAL,
        "sub/c.kifu": LOOSE,
        "sub/deeper/d.kifu": CANONICAL,
        ".hidden/e.kifu": LOOSE,  # validate skips hidden folders: so does fmt
        "notes.txt": LOOSE,  # not a record
    }
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    return files


def test_check_on_a_folder_names_what_validate_reads_in_its_order(tmp_path: Path) -> None:
    _tree(tmp_path)
    result = CliRunner().invoke(cli, ["fmt", "--check", str(tmp_path)])
    assert result.exit_code == 1
    named = [line.removeprefix("would reformat ") for line in result.output.splitlines()]
    loose = [name for name in iter_record_names([tmp_path]) if "a.kifu" not in name]
    assert named == [name for name in loose if not name.endswith("d.kifu")]
    assert named == [str(tmp_path / "b.kifu"), str(tmp_path / "sub" / "c.kifu")]


def test_printing_a_folder_writes_each_record_in_validates_order(tmp_path: Path) -> None:
    _tree(tmp_path)
    result = CliRunner().invoke(cli, ["fmt", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert result.output == CANONICAL * 4  # a, b, sub/c, sub/deeper/d


def test_write_on_a_folder_rewrites_only_the_files_that_change(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    files = _tree(tmp_path)
    before = {name: (tmp_path / name).stat().st_ino for name in files}
    written: list[Path] = []
    import kifuwiki.cli.fmt as fmt_module

    real = fmt_module.atomic_write_text

    def spy(path: Path, text: str) -> None:
        written.append(path)
        real(path, text)

    monkeypatch.setattr(fmt_module, "atomic_write_text", spy)
    result = CliRunner().invoke(cli, ["fmt", "--write", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert written == [tmp_path / "b.kifu", tmp_path / "sub" / "c.kifu"]
    after = {name: (tmp_path / name).read_text(encoding="utf-8") for name in files}
    assert after["b.kifu"] == after["sub/c.kifu"] == CANONICAL
    assert after[".hidden/e.kifu"] == after["notes.txt"] == LOOSE  # not records of the folder
    # What did not change was not touched (the same file, not a rewritten copy).
    for name in ("a.kifu", "sub/deeper/d.kifu", ".hidden/e.kifu", "notes.txt"):
        assert (tmp_path / name).stat().st_ino == before[name]
    assert not list(tmp_path.rglob("*.tmp"))  # no temporary file left behind
    check = CliRunner().invoke(cli, ["fmt", "--check", str(tmp_path)])
    assert check.exit_code == 0, check.output


def test_files_and_folders_mix(tmp_path: Path) -> None:
    _tree(tmp_path)
    result = CliRunner().invoke(cli, ["fmt", "--check", str(tmp_path / "a.kifu"), str(tmp_path)])
    assert result.exit_code == 1
    assert result.output.count("would reformat") == 2


def test_an_empty_folder_is_a_note(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["fmt", "--check", str(tmp_path)])
    assert result.exit_code == 0
    assert "no record files" in result.output


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="symbolic links")
def test_a_link_out_of_the_folder_is_skipped_with_rf009(tmp_path: Path) -> None:
    outside = tmp_path / "outside.kifu"
    outside.write_text(LOOSE, encoding="utf-8")
    folder = tmp_path / "records"
    folder.mkdir()
    (folder / "link.kifu").symlink_to(outside)
    result = CliRunner().invoke(cli, ["fmt", "--write", str(folder)])
    assert result.exit_code == 0, result.output
    assert "RF009" in result.output
    assert outside.read_text(encoding="utf-8") == LOOSE
