"""`validate -j N` gives the same reports, in the same file order, as one process."""

from __future__ import annotations

import json
import random
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import kifuwiki.sitebuild.pool as pools
import kifuwiki.sitebuild.reports as reports_module
from kifuwiki.archive import report_paths
from kifuwiki.cli import cli
from kifuwiki.cli.report import json_summary, render_record, validate_records, write_report
from kifuwiki.sitebuild.reports import rendered_paths

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


@pytest.mark.parametrize("output_format", ["json", "text", "github"])
@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("lean", [True, False], ids=["forked-workers", "multiprocessing"])
def test_workers_render_what_one_process_renders(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, output_format: str, lang: str, lean: bool
) -> None:
    """Workers send rendered games back (``render_record``, run where the report was
    made): the same tuples, in the same order, as rendering one process's reports;
    with the lean forked workers (Linux) and with a multiprocessing pool (elsewhere)."""
    records = _archive(tmp_path)
    monkeypatch.setattr(reports_module, "CHUNK", 3)  # several chunks for each process
    monkeypatch.setattr(pools, "available_cores", lambda: 3)
    if not lean:
        monkeypatch.setattr(pools, "can_fork_here", lambda: False)
    render = partial(render_record, output_format, lang)
    one = [render(r) for r in report_paths([records], jobs=1)]
    two = list(rendered_paths([records], render, jobs=3))
    assert one == two
    assert len({path for path, *_ in one}) == 40
    if output_format == "json":
        for (*_, text), report in zip(one, report_paths([records], jobs=1), strict=True):
            assert text == json.dumps(json_summary(report), ensure_ascii=False)


@pytest.mark.parametrize("output_format", ["json", "text", "github"])
def test_rendered_report_is_the_report_of_the_records(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], output_format: str
) -> None:
    """``write_report`` of rendered games prints what ``validate_records`` prints of the
    reports themselves, totals and exit code included."""
    records = _archive(tmp_path)
    code = validate_records(report_paths([records], jobs=1), output_format, strict=False)
    general = capsys.readouterr()
    render = partial(render_record, output_format, "en")
    rendered = rendered_paths([records], render, jobs=2)
    assert write_report(rendered, output_format, strict=False) == code == 1
    assert capsys.readouterr() == general
    assert general.out.count("PD") + general.err.count("PD") >= 20


@pytest.mark.parametrize("output_format", ["json", "text", "github"])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_cli_output_is_byte_identical_with_and_without_workers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, output_format: str, lang: str
) -> None:
    records = str(_archive(tmp_path))
    monkeypatch.setattr(reports_module, "CHUNK", 3)
    runner = CliRunner()
    args = ["validate", "--format", output_format, "--lang", lang, records]
    single = runner.invoke(cli, [*args, "-j", "1"])
    multi = runner.invoke(cli, [*args, "-j", "2"])
    assert single.exit_code == multi.exit_code == 1
    assert single.output == multi.output and single.output


class _FakeHandle:
    """A worker's result that says it is ready at random (seeded) moments."""

    def __init__(self, result: list[Any], rng: random.Random) -> None:
        self.result, self.rng, self.asked = result, rng, 0

    def ready(self) -> bool:
        self.asked += 1
        return self.rng.random() < 0.3

    def get(self) -> list[Any]:
        return self.result


class _FakePool:
    def __init__(self, render: Any, seed: int) -> None:
        self.render, self.rng, self.sent = render, random.Random(seed), 0

    def apply_async(self, function: Any, args: tuple[list[str], Any]) -> _FakeHandle:
        names, rules = args
        self.sent += 1
        result = [
            self.render(r) for name in names for r in reports_module.report_file((name, rules))
        ]
        return _FakeHandle(result, self.rng)


@pytest.mark.parametrize("seed", range(8))
def test_shared_chunks_come_out_in_file_order_whenever_workers_answer(
    tmp_path: Path, seed: int
) -> None:
    """Whatever the moments the workers' results are ready, the output is in file
    order, and both the workers and this process checked chunks."""
    records = _archive(tmp_path)
    names = sorted(str(path) for path in records.rglob("*.kifu"))
    render = partial(render_record, "json", "en")
    one = [render(r) for name in names for r in reports_module.report_file((name, None))]
    pool = _FakePool(render, seed)
    chunks = iter([names[i : i + 3] for i in range(0, len(names), 3)])
    shared = list(reports_module._share_chunks(pool, 1, chunks, None, render))  # type: ignore[arg-type]
    assert shared == one
    assert 0 < pool.sent < 14  # 14 chunks: some to the worker, some checked here


def test_when_no_worker_can_be_forked_this_process_checks_everything(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``validate -j`` where fork fails (a container's process limit, EAGAIN; too many
    open files for the pipes): the same reports from this process, not a traceback."""
    records = _archive(tmp_path)
    monkeypatch.setattr(reports_module, "CHUNK", 3)
    monkeypatch.setattr(pools, "available_cores", lambda: 3)
    one = [(r.path, r.index, r.summary) for r in report_paths([records], jobs=1)]

    def no_fork() -> int:
        raise BlockingIOError(11, "Resource temporarily unavailable")

    monkeypatch.setattr(pools.os, "fork", no_fork)
    three = [(r.path, r.index, r.summary) for r in report_paths([records], jobs=3)]
    assert three == one
