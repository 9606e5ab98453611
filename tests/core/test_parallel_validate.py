"""`validate -j N` gives the same reports, in the same file order, as one process."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from kifuwiki.archive import report_paths
from kifuwiki.cli import cli

GAMES = [
    "a:(7K)\nb:(2Q)\na:7\nb:%\na:K#\n",
    "a:(7K)\nb:(2Q)\na:Z!\n",  # an unreadable move: an error
    "---\ngame: chess\n---\n1. e4\n",  # an unknown game
    "a:(57)\nb:(2Q)\na:57[GC]#\n",
]


def _archive(tmp_path: Path) -> Path:
    root = tmp_path / "records" / "prime-daifugo"
    root.mkdir(parents=True)
    for i in range(40):
        (root / f"g{i:03d}.kifu").write_text(GAMES[i % len(GAMES)], encoding="utf-8")
    return tmp_path / "records"


def test_workers_report_the_same_as_one_process(tmp_path: Path) -> None:
    records = _archive(tmp_path)
    one = [(r.path, r.index, r.summary) for r in report_paths([records], jobs=1)]
    two = [(r.path, r.index, r.summary) for r in report_paths([records], jobs=2)]
    assert [path for path, _, _ in one] == sorted(path for path, _, _ in one)
    assert one == two
    assert sum(summary["errors"] for _, _, summary in one) >= 20


def test_cli_json_is_identical_with_and_without_workers(tmp_path: Path) -> None:
    records = str(_archive(tmp_path))
    runner = CliRunner()
    single = runner.invoke(cli, ["validate", "-j", "1", "--format", "json", records])
    multi = runner.invoke(cli, ["validate", "-j", "2", "--format", "json", records])
    assert single.exit_code == multi.exit_code == 1
    assert json.loads(single.output) == json.loads(multi.output)
    assert json.loads(single.output)["files"] == 40
