"""The command line on ポンジャン and 鋼鉄の虹 records, as a user runs it."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from kifuwiki.cli import cli

ROOT = Path(__file__).resolve().parents[2]


def test_the_demo_records_validate_clean_and_are_canonical() -> None:
    folders = [str(ROOT / "records" / "ponjan"), str(ROOT / "records" / "koutetsu-no-niji")]
    result = CliRunner().invoke(cli, ["validate", *folders, "--format", "json", "-j", "1"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert {game["game"] for game in report["games"]} == {"ponjan", "koutetsu-no-niji"}
    assert report["errors"] == 0 and report["warnings"] == 0
    files = [str(path) for folder in folders for path in sorted(Path(folder).glob("*.kifu"))]
    assert CliRunner().invoke(cli, ["fmt", *files, "--check"]).exit_code == 0


def test_a_broken_session_fails_with_file_line_and_column(tmp_path: Path) -> None:
    demo = (ROOT / "records" / "ponjan" / "practice-2026-11-03.kifu").read_text(encoding="utf-8")
    broken = tmp_path / "broken.kifu"
    broken.write_text(demo.replace("精算 A-16 B+24 C-8", "精算 A-8 B+24 C-16"), encoding="utf-8")
    result = CliRunner().invoke(cli, ["validate", str(broken), "-j", "1"])
    assert result.exit_code == 1
    line = next(n for n, text in enumerate(demo.splitlines(), 1) if text.startswith("精算 A-16"))
    assert f"broken.kifu:{line}:1: error PJ111 the payments should be A-16 B+24 C-8" in (
        result.output
    )


def test_codes_lists_both_games_in_japanese() -> None:
    result = CliRunner().invoke(cli, ["codes", "PJ", "--lang", "ja"])
    assert "PJ104" in result.output and "同じ牌3枚の組3つ" in result.output
    result = CliRunner().invoke(cli, ["codes", "KR"])
    assert "KR102" in result.output and "2d6 ≤ 判定値" in result.output
