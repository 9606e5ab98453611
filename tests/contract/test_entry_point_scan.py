"""The registry's entry-point scan answers exactly what ``importlib.metadata`` answers.

:func:`kifuwiki.core.entrypoints.scan_entry_points` lists ``sys.path`` itself (it saves
``importlib.metadata``'s import at every start-up). Each case below builds fake
installed distributions on a fake ``sys.path`` and compares the scan with
``importlib.metadata.entry_points(group=…)``; where the scan cannot be sure it must say
so (``None``), and the registry then asks ``importlib.metadata``.
"""

from __future__ import annotations

import importlib
import sys
import zipfile
from importlib.metadata import entry_points
from pathlib import Path

import pytest

from kifuwiki.core.entrypoints import scan_entry_points
from kifuwiki.games import ENTRY_POINT_GROUP

GROUP = "kifuwiki.games"


def _dist(site: Path, folder: str, text: str | None) -> None:
    """A fake installed distribution: ``site/folder/`` with ``entry_points.txt``."""
    (site / folder).mkdir(parents=True)
    (site / folder / "METADATA").write_text(f"Name: {folder.split('-')[0]}\n", encoding="utf-8")
    if text is not None:
        (site / folder / "entry_points.txt").write_text(text, encoding="utf-8", newline="")


def _both(monkeypatch: pytest.MonkeyPatch, path: list[str], group: str = GROUP) -> tuple:
    monkeypatch.setattr(sys, "path", path)
    importlib.invalidate_caches()
    expected = [(e.name, e.value, e.group) for e in entry_points(group=group)]
    scanned = scan_entry_points(group)
    found = None if scanned is None else [(e.name, e.value, e.group) for e in scanned]
    return found, expected


def _game(name: str, module: str) -> str:
    return f"[{GROUP}]\n{name} = {module}:GAME\n"


def test_plain_installations_give_the_same_entries_in_the_same_order(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first, second = tmp_path / "first", tmp_path / "second"
    # Two versions of one project in one folder and again in a later folder (the first
    # listed wins, even when it has no entry points); names spelt differently but
    # normalised alike (Fake.Game / fake_game / fake-game); an .egg-info folder and an
    # .egg-info file; comments, blank lines, lines before any section, CRLF, spaces.
    _dist(first, "Fake.Game-1.0.dist-info", _game("fake", "fake_one"))
    _dist(first, "fake_game-2.0.dist-info", _game("fake", "fake_two"))
    _dist(first, "quiet-1.0.dist-info", None)
    _dist(second, "quiet-2.0.dist-info", _game("quiet", "quiet_game"))
    _dist(second, "fake-game-3.0.dist-info", _game("fake", "fake_three"))
    _dist(
        second,
        "other-1.0.dist-info",
        "loose = before:section\r\n# a comment\r\n\r\n[console_scripts]\r\nother = o:main\r\n"
        f"[{GROUP}]\r\n  spaced   =   spaced.pkg.module : GAME  \r\nmodule-only = mod.only\r\n"
        f"[ {GROUP} ]\r\nnot = this:one\r\n",
    )
    _dist(second, "legacy-1.0.egg-info", _game("legacy", "legacy_game"))
    (second / "bare-1.0.egg-info").write_text("Name: bare\n", encoding="utf-8")
    path = [str(first), str(tmp_path / "missing"), str(second)]
    found, expected = _both(monkeypatch, path)
    assert found == expected
    # (Which of the first folder's two "fake" wins depends on the folder's listing order;
    # "fake-game-3.0" reads as project "fake", not "fake_game", so it is not shadowed.)
    assert sorted(name for name, _, _ in expected) == [
        "fake", "fake", "legacy", "module-only", "spaced"
    ]  # fmt: skip
    found, expected = _both(monkeypatch, path, "console_scripts")
    assert found == expected == [("other", "o:main", "console_scripts")]


def test_what_the_scan_cannot_be_sure_of_is_left_to_importlib_metadata(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    site = tmp_path / "site"
    _dist(site, "plain-1.0.dist-info", _game("plain", "plain_game"))
    archive = tmp_path / "games.zip"
    with zipfile.ZipFile(archive, "w") as zipped:
        zipped.writestr("zipped-1.0.dist-info/entry_points.txt", _game("zipped", "z"))
        zipped.writestr("zipped-1.0.dist-info/METADATA", "Name: zipped\n")
    egg = tmp_path / "old.egg"
    (egg / "EGG-INFO").mkdir(parents=True)
    (egg / "EGG-INFO" / "PKG-INFO").write_text("Name: old\n", encoding="utf-8")
    shouting, odd = tmp_path / "shouting", tmp_path / "odd"
    _dist(shouting, "LOUD-1.0.DIST-INFO", _game("loud", "loud_game"))
    _dist(odd, "extras-1.0.dist-info", f"[{GROUP}]\nextras = e:GAME [fast]\n")
    for unusual in (archive, egg, shouting, odd):
        found, expected = _both(monkeypatch, [str(site), str(unusual)])
        assert found is None, unusual
        assert ("plain", "plain_game:GAME", GROUP) in expected
    # A line importlib.metadata refuses (no "="): it raises, so the scan steps aside.
    broken = tmp_path / "broken"
    _dist(broken, "broken-1.0.dist-info", "[console_scripts]\nno equals sign\n")
    monkeypatch.setattr(sys, "path", [str(site), str(broken)])
    assert scan_entry_points(GROUP) is None
    # Not a string on sys.path, or another finder that finds distributions.
    assert scan_entry_points(GROUP, [str(site), b"bytes"]) is None  # type: ignore[list-item]

    class Finder:
        @staticmethod
        def find_distributions(context: object) -> list[object]:
            return []

    monkeypatch.setattr(sys, "meta_path", [*sys.meta_path, Finder])
    assert scan_entry_points(GROUP, [str(site)]) is None


def test_a_scanned_entry_point_loads_what_importlib_metadata_loads(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    package = tmp_path / "fakepkg"
    package.mkdir()
    (package / "__init__.py").write_text("class Holder:\n    GAME = 'inner'\n", encoding="utf-8")
    _dist(tmp_path, "fakepkg-1.0.dist-info", f"[{GROUP}]\na = fakepkg:Holder.GAME\nb = fakepkg\n")
    monkeypatch.setattr(sys, "path", [str(tmp_path), *sys.path])
    importlib.invalidate_caches()
    scanned = scan_entry_points(GROUP, [str(tmp_path)])
    assert scanned is not None
    by_name = {entry.name: entry for entry in entry_points(group=GROUP)}
    for entry in scanned:
        assert entry.load() == by_name[entry.name].load()
        assert entry.module == by_name[entry.name].module
    assert scanned[0].load() == "inner"
    monkeypatch.delitem(sys.modules, "fakepkg")


def test_this_environment_scans_as_importlib_metadata_reads_it() -> None:
    for group in (ENTRY_POINT_GROUP, "mkdocs.plugins", "markdown.extensions", "pytest11"):
        scanned = scan_entry_points(group)
        assert scanned is not None, group  # a plain venv: the fast path is taken
        expected = [(e.name, e.value, e.group) for e in entry_points(group=group)]
        assert [(e.name, e.value, e.group) for e in scanned] == expected
    # The registry holds exactly the installed entries, by name.
    from kifuwiki.games import _entries

    assert {name: entry.value for name, entry in _entries().items()} == {
        e.name: e.value for e in entry_points(group=ENTRY_POINT_GROUP)
    }
