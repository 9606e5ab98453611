"""``iter_record_names`` (validate's walk: ``os.scandir``, strings) gives exactly what
``iter_record_paths`` (the general walk: ``os.walk``, ``Path`` objects) gives, as
strings, in the same order, with the same links skipped and the same RF009 problems."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from kifuwiki.archive import iter_record_names, iter_record_paths
from kifuwiki.core.diagnostics import Diagnostic
from kifuwiki.core.paths import posix_path_text


def both(paths: list[Path]) -> tuple[list[str], list[Diagnostic], list[str], list[Diagnostic]]:
    general_problems: list[Diagnostic] = []
    fast_problems: list[Diagnostic] = []
    general = [str(p) for p in iter_record_paths(paths, general_problems)]
    fast = list(iter_record_names(paths, fast_problems))
    return general, general_problems, fast, fast_problems


def assert_same(paths: list[Path]) -> list[str]:
    general, general_problems, fast, fast_problems = both(paths)
    assert fast == general
    assert fast_problems == general_problems
    # The same paths given as text, as ``cli/fast.py`` gives them (no Path objects).
    text_problems: list[Diagnostic] = []
    texts = [posix_path_text(os.fspath(path)) for path in paths]
    assert list(iter_record_names(texts, text_problems)) == general
    assert text_problems == general_problems
    return fast


def tricky_tree(root: Path) -> None:
    (root / "a" / "b").mkdir(parents=True)
    (root / ".hidden").mkdir()
    (root / "Z").mkdir()
    (root / "dir.kifu").mkdir()  # a folder named like a record is entered, not read
    (root / "outside").mkdir()
    for name in ["g1.kifu", "G2.kifu", "é.kifu", ".dot.kifu", "notes.md", "x.kifu.bak"]:
        (root / name).write_text("a:%\n", encoding="utf-8")
    (root / "a" / "one.kifu").write_text("", encoding="utf-8")
    (root / "a" / "b" / "two.kifu").write_text("", encoding="utf-8")
    (root / ".hidden" / "h.kifu").write_text("", encoding="utf-8")
    (root / "Z" / "z.kifu").write_text("", encoding="utf-8")
    (root / "dir.kifu" / "in.kifu").write_text("", encoding="utf-8")
    (root / "outside" / "secret.kifu").write_text("", encoding="utf-8")
    records = root / "records"
    records.mkdir()
    (records / "real.kifu").write_text("", encoding="utf-8")
    (records / "sub").mkdir()
    (records / "sub" / "deep.kifu").write_text("", encoding="utf-8")
    (records / "link-in.kifu").symlink_to(records / "real.kifu")
    (records / "link-out.kifu").symlink_to(root / "outside" / "secret.kifu")
    (records / "dangling.kifu").symlink_to(records / "missing.kifu")
    (records / "loop.kifu").symlink_to(records / "loop.kifu")
    (records / "folder-link").symlink_to(root / "a")  # listed by os.walk, not entered
    (records / "folder-link.kifu").symlink_to(records / "sub")  # a link to a folder


def test_tricky_tree_every_way_of_naming_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tricky_tree(tmp_path)
    names = assert_same([tmp_path])
    assert str(tmp_path / "records" / "real.kifu") in names
    assert not any(".hidden" in name for name in names)
    records = assert_same([tmp_path / "records", tmp_path / "a", tmp_path / "g1.kifu"])
    assert str(tmp_path / "records" / "link-in.kifu") in records
    assert str(tmp_path / "records" / "link-out.kifu") not in records
    assert str(tmp_path / "records" / "link-out.kifu") in names  # inside tmp_path
    _, problems, _, _ = both([tmp_path / "records"])
    assert len(problems) == 3  # out, dangling, loop
    assert_same([tmp_path / "missing", tmp_path / "records" / "link-out.kifu"])
    monkeypatch.chdir(tmp_path)
    # "." and relative folders: Path drops the "./" that os.walk's joins would keep.
    for given in [".", "records", "./records", "a/", "a//b", "a/./b", "a/b/..", "records/sub/.."]:
        assert_same([Path(given)])
        texts = list(iter_record_names([posix_path_text(given)]))
        assert texts == [str(p) for p in iter_record_paths([Path(given)])]
    assert assert_same([Path(".")])[0] == ".dot.kifu"
    monkeypatch.chdir(tmp_path / "records")
    assert_same([Path("."), Path("..")])


@pytest.mark.parametrize("seed", range(12))
def test_random_trees(tmp_path: Path, seed: int) -> None:
    rng = random.Random(seed)
    folders = [tmp_path]
    entries: list[Path] = []
    for _ in range(rng.randint(5, 40)):
        parent = rng.choice(folders)
        name = rng.choice(["r", "R", ".h", "x", "_", "é", "10", "9"]) + str(rng.randint(0, 99))
        kind = rng.random()
        target = parent / (name + rng.choice([".kifu", ".kifu", ".md", ""]))
        if target.exists() or target.is_symlink():
            continue
        if kind < 0.25:
            target.mkdir()
            folders.append(target)
        elif kind < 0.8 or not entries:
            target.write_text("", encoding="utf-8")
            entries.append(target)
        else:
            target.symlink_to(rng.choice([*entries, *folders, tmp_path / "nowhere"]))
    start = rng.choice(folders)
    assert_same([start])
    assert_same([tmp_path, *rng.sample(entries, min(2, len(entries)))])


@pytest.mark.skipif(
    not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root reads a folder of mode 0"
)
def test_unreadable_folder_is_skipped_alike(tmp_path: Path) -> None:
    tricky_tree(tmp_path)
    locked = tmp_path / "a" / "b"
    locked.chmod(0)
    try:
        names = assert_same([tmp_path])
        assert str(locked / "two.kifu") not in names
    finally:
        locked.chmod(0o755)


def test_a_folder_replaced_by_a_link_while_walking(tmp_path: Path) -> None:
    """os.walk asks whether a subfolder is a link when it enters it, after the files of
    its parent were given: so does the fast walk."""
    tricky_tree(tmp_path)

    def walk(names: object) -> list[str]:
        seen: list[str] = []
        for name in names:  # type: ignore[attr-defined]
            seen.append(str(name))
            if str(name).endswith("G2.kifu"):
                os.rename(tmp_path / "Z", tmp_path / "Z-moved")
                (tmp_path / "Z").symlink_to(tmp_path / "Z-moved")
        os.remove(tmp_path / "Z")
        os.rename(tmp_path / "Z-moved", tmp_path / "Z")
        return seen

    general = walk(iter_record_paths([tmp_path]))
    fast = walk(iter_record_names([tmp_path]))
    assert fast == general
    assert not any(name.endswith("z.kifu") for name in fast)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_named_pipe_in_a_folder_is_reported_not_read(tmp_path: Path) -> None:
    """A ``.kifu`` named pipe in a records folder would block its reader for ever (the
    walk handed it on and ``read_file`` waited for a writer): both walks skip it with
    RF012, and a pipe named on its own is still given (whoever names it chose it)."""
    (tmp_path / "good.kifu").write_text("a:%\n", encoding="utf-8")
    os.mkfifo(tmp_path / "pipe.kifu")
    (tmp_path / "link-to-pipe.kifu").symlink_to(tmp_path / "pipe.kifu")
    names = assert_same([tmp_path])
    assert names == [str(tmp_path / "good.kifu")]
    _, problems, _, _ = both([tmp_path])
    assert [(p.code, p.path) for p in problems] == [
        ("RF009", str(tmp_path / "link-to-pipe.kifu")),
        ("RF012", str(tmp_path / "pipe.kifu")),
    ]
    assert "named pipe" in problems[1].message
    assert assert_same([tmp_path / "pipe.kifu"]) == [str(tmp_path / "pipe.kifu")]
