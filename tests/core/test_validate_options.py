"""``validate --lang``, ``message_ja`` in JSON, and ``--shard K/N``."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from tests.fresh_python import run_fresh

import kifuwiki.cli.report as report_module
from kifuwiki.archive import RecordReport
from kifuwiki.cli import cli
from kifuwiki.cli.validate import locale_language
from kifuwiki.core.diagnostics import Diagnostic, Severity
from kifuwiki.sitebuild.reports import report_paths
from kifuwiki.sitebuild.shards import Shard, normalised_path, shard_of

BILINGUAL = Diagnostic(
    Severity.ERROR, "PD001", "cannot read 'Z'", 3, 4, "r.kifu", None, "「Z」が読めません"
)
NO_LOCALE = {"LC_ALL": "", "LC_MESSAGES": ""}
ENGLISH_ONLY = Diagnostic(Severity.WARNING, "PD129", "no draws written", 1, 1, "r.kifu")


def _report() -> RecordReport:
    diagnostics = (BILINGUAL, ENGLISH_ONLY)
    summary: dict[str, Any] = {
        "path": "r.kifu",
        "index": 1,
        "errors": 1,
        "warnings": 1,
        "diagnostics": [d.to_json() for d in diagnostics],
    }
    return RecordReport("r.kifu", 1, summary, diagnostics, 1, 1)


@pytest.fixture
def one_report(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    def fake_reports(
        paths: Any, render: Callable[[RecordReport], Any], *args: Any, **kwargs: Any
    ) -> Iterator[Any]:
        yield render(_report())

    monkeypatch.setattr(report_module, "rendered_paths", fake_reports)
    path = tmp_path / "r.kifu"
    path.write_text("a:(7K)\n", encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("environ", "lang"),
    [
        ({"LANG": "ja_JP.UTF-8"}, "ja"),
        ({"LANG": "en_US.UTF-8"}, "en"),
        ({"LC_ALL": "ja_JP.eucJP", "LANG": "C"}, "ja"),
        ({"LC_ALL": "C.UTF-8", "LANG": "ja_JP.UTF-8"}, "en"),  # LC_ALL wins
        ({"LC_MESSAGES": "ja_JP", "LANG": "en_GB"}, "ja"),
        ({}, "en"),
    ],
)
def test_the_default_language_follows_the_locale(environ: dict[str, str], lang: str) -> None:
    assert locale_language(environ) == lang


@pytest.mark.parametrize(
    ("args", "env", "expected", "absent"),
    [
        ([], {**NO_LOCALE, "LANG": "ja_JP.UTF-8"}, "「Z」が読めません", "cannot"),
        ([], {**NO_LOCALE, "LANG": "C.UTF-8"}, "cannot read 'Z'", "読めません"),
        (["--lang", "en"], {**NO_LOCALE, "LANG": "ja_JP.UTF-8"}, "cannot read 'Z'", "読めません"),
        (["--lang", "ja"], {"LANG": "C"}, "r.kifu:3:4: error PD001 「Z」が読めません", "cannot"),
    ],
)
def test_text_output_speaks_the_chosen_language(
    one_report: Path, args: list[str], env: dict[str, str], expected: str, absent: str
) -> None:
    result = CliRunner().invoke(cli, ["validate", *args, str(one_report)], env=env)
    assert result.exit_code == 1
    assert expected in result.output and absent not in result.output
    # A code with no Japanese text yet falls back to English rather than printing nothing.
    assert "PD129 no draws written" in result.output


def test_japanese_totals_and_github_annotations(one_report: Path) -> None:
    result = CliRunner().invoke(cli, ["validate", "--lang", "ja", str(one_report)])
    assert "1 ファイル、エラー 1 件、警告 1 件" in result.output
    github = CliRunner().invoke(
        cli, ["validate", "--lang", "ja", "--format", "github", str(one_report)]
    )
    assert "::error file=r.kifu,line=3,col=4,title=PD001::PD001 「Z」が読めません" in github.output


def test_json_carries_both_languages(one_report: Path) -> None:
    result = CliRunner().invoke(
        cli, ["validate", "--lang", "en", "--format", "json", str(one_report)]
    )
    diagnostics = json.loads(result.output)["games"][0]["diagnostics"]
    assert [(d["message"], d["message_ja"]) for d in diagnostics] == [
        ("cannot read 'Z'", "「Z」が読めません"),
        ("no draws written", "no draws written"),
    ]


def test_real_records_get_message_ja_in_json(tmp_path: Path) -> None:
    (tmp_path / "bad.kifu").write_text("a:(7K)\nb:(2Q)\na:Z!\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["validate", "-j", "1", "--format", "json", str(tmp_path)])
    diagnostics = json.loads(result.output)["games"][0]["diagnostics"]
    assert diagnostics and all(d["message_ja"] for d in diagnostics)


# -- shards ---------------------------------------------------------------------------


def _archive(root: Path, count: int) -> Path:
    records = root / "records"
    for i in range(count):
        folder = records / ("prime-daifugo" if i % 3 else "prime-daifugo/2024")
        folder.mkdir(parents=True, exist_ok=True)
        moves = "a:7\nb:%\na:K#\n" if i % 4 else "a:Z!\n"
        (folder / f"g{i:03d}.kifu").write_text(f"a:(7K)\nb:(2Q)\n{moves}", encoding="utf-8")
    return records


def test_shards_are_disjoint_and_together_are_the_whole_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    _archive(tmp_path, 60)
    runner = CliRunner()

    def games(*args: str) -> list[tuple[str, int]]:
        result = runner.invoke(cli, ["validate", "-j", "1", "--format", "json", *args, "records"])
        assert result.exit_code == 1, result.output
        return [(game["path"], game["index"]) for game in json.loads(result.output)["games"]]

    whole = games()
    shards = [games("--shard", f"{k}/3") for k in (1, 2, 3)]
    assert all(shards), "60 files over 3 shards: none may be empty"
    union = [game for shard in shards for game in shard]
    assert len(union) == len(set(union)) == len(whole)
    assert set(union) == set(whole)


def test_a_files_shard_depends_on_its_path_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Inside the working folder the paths hashed are records/…, the same at every run:
    # outside it they were the temporary folder's absolute paths, and one such folder
    # (…/pytest-209/popen-gw1/…) sent none of the 30 files to shard 2.
    monkeypatch.chdir(tmp_path)
    records = _archive(tmp_path, 30)
    shard = Shard(2, 4)
    owned = {r.path for r in report_paths([records], jobs=1, shard=shard)}
    # The same files listed one by one, in reverse, with more files around them.
    _archive(tmp_path / "more", 10)
    files = [*sorted(records.rglob("*.kifu"), reverse=True), tmp_path / "more" / "records"]
    again = {r.path for r in report_paths(files, jobs=1, shard=shard)}
    assert owned and owned <= again
    assert all(shard_of(path, 4) == 2 for path in again if path)


def test_paths_are_normalised_before_hashing(tmp_path: Path) -> None:
    assert normalised_path("./records/../records/a.kifu") == "records/a.kifu"
    assert normalised_path(tmp_path / "records" / "a.kifu", cwd=tmp_path) == "records/a.kifu"
    # macOS spells names decomposed: the same file must land in the same shard.
    assert normalised_path("records/\u304b\u3099.kifu") == normalised_path("records/\u304c.kifu")
    assert shard_of("./records/a.kifu", 7) == shard_of("records/a.kifu", 7)


@pytest.mark.parametrize("text", ["0/3", "4/3", "1", "a/b", "1/0", ""])
def test_bad_shards_are_usage_errors(tmp_path: Path, text: str) -> None:
    result = CliRunner().invoke(cli, ["validate", "--shard", text, str(tmp_path)])
    assert result.exit_code == 2
    assert "--shard" in result.output


def test_the_cli_starts_without_the_site_build() -> None:
    """``validate`` runs often (pre-commit, CI shards): its start-up must not import
    the site build and the renderers, which only ``pages`` and the plugin need. (Jinja
    itself may come in with a plug-in game that uses it for its glyphs.)"""

    code = (
        "import sys, kifuwiki.cli\n"
        "heavy = [m for m in ('kifuwiki.sitebuild.site', 'kifuwiki.sitebuild.records',"
        " 'kifuwiki.render.record', 'kifuwiki.render.archive', 'kifuwiki.render.prerender')"
        " if m in sys.modules]\n"
        "assert not heavy, heavy\n"
    )
    run_fresh(code)


def test_validate_runs_without_importing_mkdocs() -> None:
    """Parse, check and report (``kifuwiki validate``, run to the end on the demo
    records) need no MkDocs: CI installs of the checker must not pull it in."""

    records = Path(__file__).resolve().parents[2] / "records"
    code = (
        "import contextlib, sys\n"
        "from kifuwiki.cli import cli\n"
        "with contextlib.suppress(SystemExit):\n"
        f"    cli.main(['validate', '-j', '1', {str(records)!r}], standalone_mode=False)\n"
        "bad = sorted(m for m in sys.modules if m == 'mkdocs' or m.startswith('mkdocs.'))\n"
        "assert not bad, bad\n"
    )
    output = run_fresh(code)
    assert " file(s), 0 error(s)" in output  # it did check the records
