"""The loader names record files by their path relative to the site: DisplayPaths (each
folder resolved once) must give what display_path (every file resolved) gives."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from kifuwiki.archive import iter_record_paths
from kifuwiki.sitebuild.keys import DisplayPaths, display_path


def _tree(root: Path) -> Path:
    site = root / "real-site"
    records = site / "records" / "prime-daifugo"
    (records / "2024" / "spring").mkdir(parents=True)
    (records / "a.kifu").write_text("a\n", encoding="utf-8")
    (records / "2024" / "b.kifu").write_text("b\n", encoding="utf-8")
    (records / "2024" / "spring" / "c.kifu").write_text("c\n", encoding="utf-8")
    # A link to a record in the same folder (the walk keeps it), and a folder link.
    (records / "linked.kifu").symlink_to(records / "2024" / "b.kifu")
    (records / "relative-link.kifu").symlink_to(Path("2024") / "spring" / "c.kifu")
    (root / "alias").symlink_to(site)
    (root / "elsewhere.kifu").write_text("x\n", encoding="utf-8")
    return site


@pytest.mark.parametrize("through_alias", [False, True])
def test_display_paths_equals_display_path_for_every_record_and_more(
    tmp_path: Path, through_alias: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    site = _tree(tmp_path)
    base = site.resolve()
    top = (tmp_path / "alias" if through_alias else site) / "records"
    paths = list(iter_record_paths([top]))
    assert len(paths) == 5
    paths += [
        tmp_path / "elsewhere.kifu",  # outside the site: named from it (../)
        top / "prime-daifugo" / "gone.kifu",  # listed, then deleted before it was read
        top / "prime-daifugo" / "2024" / ".." / "a.kifu",
        tmp_path / "real-site",  # the base itself, named from the folder above it
        tmp_path / "alias",  # a link to the base
        site / "records" / "prime-daifugo",  # a folder inside it
        site / "top.kifu",  # a file in the base folder itself
    ]
    monkeypatch.chdir(site)
    paths += [Path("records") / "prime-daifugo" / "a.kifu", Path("records/prime-daifugo/")]
    fast = DisplayPaths(base)
    names = [fast(path) for path in paths]
    assert names == [display_path(path, base) for path in paths]
    assert "records/prime-daifugo/2024/spring/c.kifu" in names
    # A file outside the site is named from it: no absolute path of the build machine.
    assert "../elsewhere.kifu" in names
    assert not any(name.startswith("/") for name in names)
    # The links resolve to their targets, as before.
    assert names.count("records/prime-daifugo/2024/b.kifu") == 2


def test_each_folder_is_resolved_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    site = _tree(tmp_path)
    paths = list(iter_record_paths([site / "records"]))
    base = site.resolve()
    resolved: list[str] = []
    real_resolve = Path.resolve

    def counting_resolve(self: Path, strict: bool = False) -> Path:
        resolved.append(os.fspath(self))
        return real_resolve(self, strict)

    monkeypatch.setattr(Path, "resolve", counting_resolve)
    fast = DisplayPaths(base)
    for path in paths:
        fast(path)
    folders = {os.fspath(path.parent) for path in paths if not path.is_symlink()}
    links = [os.fspath(path) for path in paths if path.is_symlink()]
    assert sorted(resolved) == sorted([*folders, *links])
