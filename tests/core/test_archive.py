"""Loading records never raises: unknown games and unreadable files become diagnostics."""

from __future__ import annotations

from pathlib import Path

from kifuwiki.archive import iter_record_paths, load_file, load_text


def test_unknown_game_is_an_error_record() -> None:
    (record,) = load_text("---\ngame: chess\n---\n1. e4 e5\n", "x.kifu")
    assert record.errors == 1
    (diagnostic,) = record.diagnostics
    assert diagnostic.code == "RF010"
    assert "chess" in diagnostic.message
    assert diagnostic.path == "x.kifu"
    assert record.summary()["winner"] is None
    # It points at the line that names the game, not at the first move.
    assert (diagnostic.line, diagnostic.column) == (2, 1)


def test_a_record_that_names_no_game_is_reported_at_its_first_line() -> None:
    (record,) = load_text("---\ntitle: t\n---\n\n1. e4 e5\n", "x.kifu")
    (diagnostic,) = record.diagnostics
    assert diagnostic.code == "RF010" and diagnostic.line == 5


def test_missing_file_is_an_error_record(tmp_path: Path) -> None:
    (record,) = load_file(tmp_path / "nope.kifu")
    assert [d.code for d in record.diagnostics] == ["RF000"]


def test_front_matter_problem_is_reported_with_the_record() -> None:
    (record,) = load_text("---\ngame: chess\ntitle: [x\n---\n", "y.kifu")
    assert {d.code for d in record.diagnostics} >= {"RF003"}


def test_record_paths_are_recursive_sorted_and_skip_hidden(tmp_path: Path) -> None:
    (tmp_path / "b").mkdir()
    (tmp_path / ".cache").mkdir()
    for name in ["b/2.kifu", "b/1.kifu", "a.kifu", ".cache/x.kifu", "notes.txt"]:
        (tmp_path / name).write_text("", encoding="utf-8")
    found = [p.relative_to(tmp_path).as_posix() for p in iter_record_paths([tmp_path])]
    assert found == ["a.kifu", "b/1.kifu", "b/2.kifu"]
