"""What a plain ``kifuwiki validate`` run leaves unimported: :mod:`pathlib` (with
:mod:`urllib.parse`, :mod:`ipaddress`), :mod:`json` (the report writes through
``_json``), the legacy encodings' reader (UTF-8 records), the page's view types
(:mod:`kifuwiki.games.views`), the shards (without ``--shard``) and Prime Daifugo's
general move reader (records in the standard shape). Each was a part of
every run's start-up (issue 16); the names keep working where they were."""

from __future__ import annotations

import pickle
import subprocess
import sys
from pathlib import Path

import pytest

import kifuwiki.games.base as base
from kifuwiki.games import views
from kifuwiki.games.prime_daifugo import notation_moves, notation_scan
from kifuwiki.sitebuild.pool import available_cores

GAME = "---\ngame: prime-daifugo\ntitle: t\n---\na:(7)\nb:(K)\na:7#\n"
UNTITLED = "---\ngame: prime-daifugo\n---\na:(7)\nb:(K)\na:7#\n"
SCAN = "kifuwiki.games.prime_daifugo.notation_scan"
WATCHED = (
    "json",
    "kifuwiki.core.encoding",
    "pathlib",
    "urllib.parse",
    "ipaddress",
    "kifuwiki.games.views",
    "kifuwiki.sitebuild.shards",
    SCAN,
)
SCRIPT = """
import atexit, sys
atexit.register(lambda: sys.stderr.write(
    "\\nMODULES:" + " ".join(m for m in {watched!r} if m in sys.modules)))
sys.argv = ["kifuwiki", *sys.argv[1:]]
from kifuwiki.cli import main
main()
"""


def printed_after(marker: str, script: str, cwd: Path, *args: str) -> list[str]:
    """Run ``script`` (it ends by running the CLI with ``args``) in ``cwd``; the words it
    wrote to standard error after ``marker``."""
    result = subprocess.run(
        [sys.executable, "-c", script, *args], cwd=cwd, capture_output=True, text=True, check=False
    )
    assert result.returncode in (0, 1), result.stderr
    return result.stderr.rpartition(marker)[2].split()


def imported(tmp_path: Path, *args: str, watched: tuple[str, ...] = WATCHED) -> list[str]:
    return printed_after("MODULES:", SCRIPT.format(watched=watched), tmp_path, *args)


@pytest.fixture
def records(tmp_path: Path) -> Path:
    (tmp_path / "records").mkdir()
    for index in range(3):
        (tmp_path / "records" / f"g{index}.kifu").write_text(GAME, encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize(
    "args",
    [
        ["validate", "--format", "json", "-j", "1", "records/g0.kifu"],
        ["validate", "-j", "2", "./records"],
        ["validate", "--format", "github"],
    ],
)
def test_a_plain_run_imports_none_of_them(records: Path, args: list[str]) -> None:
    assert imported(records, *args) == []


@pytest.mark.skipif(
    not sys.platform.startswith("linux") or available_cores() < 2,
    reason="validate forks its workers on Linux, with two cores or more",
)
def test_a_run_with_workers_imports_no_json_threading_or_signal(records: Path) -> None:
    """``-j 2`` over two chunks of files starts a forked worker (its pickle and ctypes
    are there: the check is not blind) without :mod:`json` (the report writes through
    ``_json``), :mod:`threading` (no thread to count) or :mod:`signal` (SIGKILL is 9)."""
    for index in range(3, 130):
        (records / "records" / f"g{index}.kifu").write_text(GAME, encoding="utf-8")
    watched = ("json", "threading", "signal", "pickle", "ctypes")
    args = ("validate", "-j", "2", "--format", "json", "records")
    assert imported(records, *args, watched=watched) == ["pickle", "ctypes"]


def test_the_others_import_what_they_need(records: Path) -> None:
    """The same check sees them when a run needs them (it is not blind): ``--shard``
    its module and pathlib; a record without a title its file name (``Path.stem``)."""
    assert imported(records, "validate", "--shard", "1/2", "records") == [
        "pathlib", "urllib.parse", "ipaddress", "kifuwiki.sitebuild.shards",
    ]  # fmt: skip
    (records / "records" / "untitled.kifu").write_text(UNTITLED, encoding="utf-8")
    assert "pathlib" in imported(records, "validate", "records/untitled.kifu")
    (records / "sjis.kifu").write_bytes(GAME.replace("title: t", "title: 金剛戦").encode("cp932"))
    assert imported(records, "validate", "sjis.kifu") == ["kifuwiki.core.encoding"]
    (records / "odd.kifu").write_text(GAME.replace("a:7#", "a: 7 #"), encoding="utf-8")
    assert imported(records, "validate", "odd.kifu") == [SCAN]


def test_the_view_types_are_named_in_base_as_before() -> None:
    for name in ("StepView", "PlayerLine", "PlayerStat", "RecordView"):
        assert getattr(base, name) is getattr(views, name)
    from kifuwiki.games.base import PlayerLine, RecordView  # the usual import

    assert RecordView is views.RecordView
    line = PlayerLine("a", "A", 1, True)
    assert pickle.loads(pickle.dumps(line)) == line
    with pytest.raises(AttributeError, match="no attribute 'Nothing'"):
        base.Nothing  # noqa: B018 (the attribute access is the test)
    with pytest.raises(ImportError):
        from kifuwiki.games.base import Nothing  # noqa: F401


def test_the_general_move_reader_is_named_in_notation_moves_as_before() -> None:
    for name in ("MoveScanner", "scan_move", "Scanned", "Problem"):
        assert getattr(notation_moves, name) is getattr(notation_scan, name)
    with pytest.raises(AttributeError, match="no attribute 'Nothing'"):
        notation_moves.Nothing  # noqa: B018 (the attribute access is the test)


#: A JSON run compiles neither the terminal's escape pattern (text and GitHub output
#: only) nor the HTML charset pattern (saved pages); text output compiles the first.
PATTERNS = """
import atexit, sys
def report():
    from kifuwiki.core import diagnostics, encoding
    sys.stderr.write("\\nPATTERNS:%d %d" % (
        diagnostics._controls.cache_info().currsize, encoding._meta_charset.cache_info().currsize))
atexit.register(report)
sys.argv = ["kifuwiki", *sys.argv[1:]]
from kifuwiki.cli import main
main()
"""


def test_a_json_run_compiles_no_escape_or_charset_pattern(records: Path) -> None:
    def compiled(*args: str) -> list[str]:
        return printed_after("PATTERNS:", PATTERNS, records, *args)

    assert compiled("validate", "--format", "json", "records") == ["0", "0"]
    (records / "records" / "bad.kifu").write_text(GAME + "a:Z!\n", encoding="utf-8")
    assert compiled("validate", "records") == ["1", "0"]
