"""``kifuwiki validate`` tunes the cycle collector for its batch, and gives it back.

The run freezes the objects of its imports and collects the young generation less
often (``BATCH_GC_THRESHOLD``); when the command ends, in process (a test, a script
calling the CLI), the collector is as it was, and the report is what it always was.
"""

from __future__ import annotations

import gc
import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from click.testing import CliRunner

from kifuwiki.cli import cli
from kifuwiki.cli.validate import BATCH_GC_THRESHOLD, batch_collector

RECORD = """---
game: prime-daifugo
---
a:(23456789TJQKA)
b:(23456789TJQKA)
a:2
b:3
a:%
"""


def test_the_collector_is_tuned_during_the_batch_and_restored_after() -> None:
    before = gc.get_threshold()
    with batch_collector():
        assert gc.get_threshold()[0] == BATCH_GC_THRESHOLD
        assert gc.get_freeze_count() > 0  # the imports' objects are left alone
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == 0


def test_validate_restores_the_collector_and_reports_as_before(tmp_path: Path) -> None:
    (tmp_path / "game.kifu").write_text(RECORD, encoding="utf-8")
    before = gc.get_threshold()
    result = CliRunner().invoke(cli, ["validate", "-j", "1", "--format", "json", str(tmp_path)])
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == 0
    report = json.loads(result.output)
    assert (report["files"], report["games"][0]["moves"]) == (1, 3)


def test_main_validates_without_collecting_its_imports_and_restores_the_collector(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``kifuwiki validate`` (the console script's ``main``) raises the threshold while
    it imports, the batch still runs with its own, and the collector is as it was
    after the command, whether it exits (the fast path) or goes on to click."""
    import kifuwiki.cli.report as report_module
    from kifuwiki.cli import IMPORTS_GC_THRESHOLD, main

    (tmp_path / "game.kifu").write_text(RECORD, encoding="utf-8")
    seen: list[tuple[int, ...]] = []
    batch = report_module.batch_collector

    @contextmanager
    def watched() -> Iterator[None]:
        seen.append(gc.get_threshold())
        with batch():
            seen.append(gc.get_threshold())
            yield

    monkeypatch.setattr(report_module, "batch_collector", watched)
    monkeypatch.chdir(tmp_path)  # no mkdocs.yml: the fast path (a site's goes to click)
    before = gc.get_threshold()
    monkeypatch.setattr(sys, "argv", ["kifuwiki", "validate", "--format", "json", str(tmp_path)])
    with pytest.raises(SystemExit) as exited:
        main()
    assert exited.value.code == 0
    assert gc.get_threshold() == before
    assert [threshold[0] for threshold in seen] == [IMPORTS_GC_THRESHOLD, BATCH_GC_THRESHOLD]
    assert json.loads(capsys.readouterr().out)["games"][0]["moves"] == 3
    # A command line for click: the threshold is back before click runs.
    monkeypatch.setattr(sys, "argv", ["kifuwiki", "validate", "--help"])
    with pytest.raises(SystemExit):
        main()
    assert gc.get_threshold() == before


#: Runs the console script's ``main`` in a fresh interpreter and reports, from an exit
#: handler registered before it (so run after its own), whether the run's objects were
#: frozen by the time the interpreter's collections at exit start.
_AT_EXIT = """
import atexit, gc, sys
atexit.register(lambda: print("frozen at exit:", gc.get_freeze_count() > 0, file=sys.stderr))
from kifuwiki.cli import main
sys.argv = ["kifuwiki", "validate"] + sys.argv[1:]
main()
"""


@pytest.mark.parametrize(
    ("args", "frozen"),
    [
        (["--format", "json", "-j", "1"], True),  # the fast path: frozen before exit
        (["--format", "json", "-j", "2"], True),
        (["--help"], False),  # click's path: the collector as Python leaves it
    ],
)
def test_the_fast_path_freezes_what_it_made_before_the_interpreter_exits(
    tmp_path: Path, args: list[str], frozen: bool
) -> None:
    import subprocess

    for n in range(3):
        (tmp_path / f"game{n}.kifu").write_text(RECORD, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-c", _AT_EXIT, *args, str(tmp_path)],
        cwd=tmp_path,  # no mkdocs.yml: the fast path (a site's goes to click)
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert f"frozen at exit: {frozen}" in done.stderr
    if frozen:  # the report is written whole before the exit
        assert json.loads(done.stdout)["files"] == 3
