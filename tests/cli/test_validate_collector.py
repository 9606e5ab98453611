"""``kifuwiki validate`` tunes the cycle collector for its batch, and gives it back.

The run freezes the objects of its imports and collects the young generation less
often (``BATCH_GC_THRESHOLD``); when the command ends, in process (a test, a script
calling the CLI), the collector is as it was, and the report is what it always was.
"""

from __future__ import annotations

import gc
import json
from pathlib import Path

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
