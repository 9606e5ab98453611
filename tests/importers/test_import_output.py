"""Writing imported records: byte-identical re-imports, kept edits, atomic writes, dry runs."""

from __future__ import annotations

import datetime as dt
import io
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

import kifuwiki.core.atomic as atomic
from kifuwiki.cli import cli
from kifuwiki.importers.output import (
    ImportedRecord,
    WriteStatus,
    slugify,
    unique_slugs,
    write_record,
)

from .conftest import FIXTURES

TWO_GAMES = FIXTURES / "fandom" / "two-games.html"
DAY1, DAY2 = dt.date(2026, 1, 2), dt.date(2026, 3, 4)


def record(body: str = "A:x") -> ImportedRecord:
    return ImportedRecord(
        "prime-daifugo",
        "page",
        {"game": "prime-daifugo", "title": "ページ", "source": "https://w.example/wiki/P"},
        "https://w.example/wiki/P",
        body.splitlines(),
    )


def test_front_matter_is_stable_yaml_with_the_date_last() -> None:
    text = record().render(DAY1)
    assert text == (
        "---\ngame: prime-daifugo\ntitle: ページ\nsource: https://w.example/wiki/P\n"
        "imported: 2026-01-02\n---\nA:x\n"
    )


def test_reimport_on_another_day_is_byte_identical(tmp_path: Path) -> None:
    first = write_record(record(), tmp_path, today=DAY1)
    assert first.status is WriteStatus.NEW and first.written
    before = first.path.read_bytes()
    again = write_record(record(), tmp_path, today=DAY2)
    assert again.status is WriteStatus.UNCHANGED and not again.written
    assert first.path.read_bytes() == before


def test_changed_source_keeps_the_file_without_force(tmp_path: Path) -> None:
    write_record(record(), tmp_path, today=DAY1)
    result = write_record(record("A:y"), tmp_path, today=DAY2)
    assert result.status is WriteStatus.KEPT
    assert result.issue is not None and result.issue.code == "IM050"
    assert "A:x" in result.path.read_text(encoding="utf-8")
    forced = write_record(record("A:y"), tmp_path, today=DAY2, force=True)
    assert forced.status is WriteStatus.UPDATED
    assert forced.path.read_text(encoding="utf-8").endswith("imported: 2026-03-04\n---\nA:y\n")


def test_dry_run_writes_nothing(tmp_path: Path) -> None:
    result = write_record(record(), tmp_path, today=DAY1, dry_run=True)
    assert result.status is WriteStatus.NEW and not result.written
    assert not result.path.exists()


def test_interrupted_write_leaves_the_old_file_intact(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = write_record(record(), tmp_path, today=DAY1)
    before = first.path.read_bytes()
    real_fdopen = os.fdopen

    class HalfWriter(io.TextIOWrapper):
        def write(self, text: str) -> int:
            super().write(text[: len(text) // 2])
            self.flush()
            raise OSError(28, "No space left on device")

    def failing_fdopen(fd: int, *args: object, **kwargs: object) -> io.TextIOWrapper:
        handle = real_fdopen(fd, "wb")
        return HalfWriter(handle, encoding="utf-8", newline="\n")

    monkeypatch.setattr(atomic.os, "fdopen", failing_fdopen)
    result = write_record(record("A:changed"), tmp_path, today=DAY1, force=True)
    assert result.status is WriteStatus.FAILED
    assert result.issue is not None and result.issue.code == "IM051"
    assert "No space left" in result.issue.message
    assert first.path.read_bytes() == before
    assert sorted(p.name for p in first.path.parent.iterdir()) == ["page.kifu"]


def test_slugs_keep_japanese_and_are_unique_in_a_run() -> None:
    assert slugify("素数大富豪 第1回/決勝 (架空)") == "素数大富豪-第1回-決勝-架空"
    assert slugify("Ｔｅｓｔ　Page") == "test-page"
    assert slugify("///") == "page"
    records = [record(), record(), record()]
    unique_slugs(records, set())
    assert [r.slug for r in records] == ["page", "page-2", "page-3"]


def _import(*args: str) -> tuple[int, str, str]:
    runner = CliRunner()
    result = runner.invoke(cli, ["import", "fandom", *args])
    return result.exit_code, result.stdout, result.stderr


def test_cli_reimport_and_edited_record(tmp_path: Path) -> None:
    records = tmp_path / "records"
    code, _, err = _import(str(TWO_GAMES), "--records", str(records))
    assert code == 0, err
    assert "2 new" in err
    first = records / "prime-daifugo" / "two-games-1.kifu"
    second = records / "prime-daifugo" / "two-games-2.kifu"
    snapshot = {p: p.read_bytes() for p in (first, second)}

    code, _, err = _import(str(TWO_GAMES), "--records", str(records))
    assert code == 0 and "2 unchanged" in err
    assert {p: p.read_bytes() for p in (first, second)} == snapshot

    edited = first.read_text(encoding="utf-8") + "* 私の感想\n"
    first.write_text(edited, encoding="utf-8")
    code, _, err = _import(str(TWO_GAMES), "--records", str(records))
    assert code == 1
    assert "IM050" in err and "--force" in err and "two-games-1.kifu" in err
    assert first.read_text(encoding="utf-8") == edited
    assert second.read_bytes() == snapshot[second]

    code, _, err = _import(str(TWO_GAMES), "--records", str(records), "--force")
    assert code == 0 and "1 updated" in err
    assert first.read_bytes() == snapshot[first]


def test_cli_dry_run_prints_the_records(tmp_path: Path) -> None:
    code, out, err = _import(str(FIXTURES / "fandom"), "--records", str(tmp_path), "--dry-run")
    assert code == 0, err
    assert "=== would write" in out and "A:652A#" in out
    assert not any(tmp_path.iterdir())
    assert "6 page(s), 5 game(s) (would be 5 new" in err
    assert "4 fragment(s)" in err
    assert "IM011" in err and "IM012" in err and "IM010" in err
    assert "\r" not in err  # no progress bar outside a terminal


def test_cli_titles_need_a_wiki() -> None:
    code, _, err = _import("Some page")
    assert code == 2
    assert "--wiki" in err


def test_a_file_written_meanwhile_is_kept_not_overwritten(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Between "is there a file?" and the rename, someone else (another import, an
    editor) writes the record: the rename replaced it without --force."""
    real_mkstemp = atomic.tempfile.mkstemp
    target = tmp_path / "prime-daifugo" / "page.kifu"

    def someone_writes_meanwhile(*args: object, **kwargs: object) -> tuple[int, str]:
        target.write_text("someone's record\n", encoding="utf-8")
        return real_mkstemp(*args, **kwargs)  # type: ignore[call-overload, no-any-return]

    monkeypatch.setattr(atomic.tempfile, "mkstemp", someone_writes_meanwhile)
    result = write_record(record(), tmp_path, today=DAY1)
    assert result.status is WriteStatus.KEPT and not result.written
    assert result.issue is not None and result.issue.code == "IM050"
    assert target.read_text(encoding="utf-8") == "someone's record\n"
    assert sorted(p.name for p in target.parent.iterdir()) == ["page.kifu"]


def test_a_file_where_the_game_folder_should_be_is_a_write_error(tmp_path: Path) -> None:
    """Not "the file exists and differs … use --force": --force cannot help there."""
    (tmp_path / "prime-daifugo").write_text("", encoding="utf-8")
    result = write_record(record(), tmp_path, today=DAY1)
    assert result.status is WriteStatus.FAILED
    assert result.issue is not None and result.issue.code == "IM051"
    assert "prime-daifugo is a file, not a folder" in result.issue.message


@pytest.mark.parametrize("mark", ["\x85", "\u2028", "\u2029"])
def test_a_title_with_a_yaml_line_break_reads_back_as_written(mark: str) -> None:
    """A NEL (what "…" becomes when a cp1252 page is read as Latin-1) came back a space."""
    from kifuwiki.archive import load_text

    title = f"第1局{mark}決勝"
    imported = record()
    imported.meta["title"] = title
    loaded = load_text(imported.render(DAY1), "x.kifu")
    assert loaded[0].meta["title"] == title


def test_front_matter_without_yaml_line_breaks_is_what_safe_dump_writes() -> None:
    """Re-imports stay byte-identical: only a text holding a YAML line break changes."""
    import yaml

    imported = record()
    imported.meta.update(
        {"event": "金剛戦: 第1期", "players": {"A": "はち"}, "note": "a 'quote' and \"more\""}
    )
    expected = yaml.safe_dump(
        {**imported.meta, "imported": DAY1},
        allow_unicode=True,
        sort_keys=False,
        default_flow_style=False,
        width=10**6,
    )
    assert imported.front_matter(DAY1) == f"---\n{expected}---\n"
