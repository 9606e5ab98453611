"""The composite GitHub Action (`action.yml`) and the script its validate step runs."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "action-validate"
KIFUWIKI = Path(sys.executable).parent / "kifuwiki"

GOOD = "---\ngame: prime-daifugo\nrules: {hand_size: 1}\n---\nA:(7)\nB:(K)\nA:7#\n"
BAD = "---\ngame: prime-daifugo\nrules: {hand_size: 1}\n---\nA:(7)\nB:(K)\nA:8#\n"


def _action() -> dict[str, object]:
    data = yaml.safe_load((ROOT / "action.yml").read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def test_action_is_composite_with_documented_inputs() -> None:
    action = _action()
    assert action["runs"]["using"] == "composite"  # type: ignore[index]
    inputs = action["inputs"]
    assert isinstance(inputs, dict)
    assert {"paths", "strict", "shard"} <= set(inputs)
    assert all(spec.get("description") for spec in inputs.values())
    steps = action["runs"]["steps"]  # type: ignore[index]
    # Inputs reach the shell as environment variables, never as spliced code.
    for step in steps:
        run = step.get("run", "")
        assert "inputs." not in run, run
    assert any("action-validate" in step.get("run", "") for step in steps)


def _validate(tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["bash", str(SCRIPT)],
        cwd=tmp_path,
        env={**os.environ, "KIFUWIKI": str(KIFUWIKI), **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_action_script_annotates_errors_for_github(tmp_path: Path) -> None:
    (tmp_path / "records").mkdir()
    (tmp_path / "records" / "good.kifu").write_text(GOOD, encoding="utf-8")
    (tmp_path / "records" / "bad.kifu").write_text(BAD, encoding="utf-8")
    result = _validate(tmp_path, KW_PATHS="records")
    assert result.returncode == 1
    assert "::error file=records/bad.kifu,line=7" in result.stdout
    assert "good.kifu" not in result.stdout.replace("file(s)", "")


def test_action_script_takes_several_paths_and_strict(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    (tmp_path / "a" / "one.kifu").write_text(GOOD, encoding="utf-8")
    (tmp_path / "b" / "two.kifu").write_text(GOOD, encoding="utf-8")
    result = _validate(tmp_path, KW_PATHS="a b", KW_STRICT="true")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "2 file(s)" in result.stdout + result.stderr


def test_action_script_passes_the_shard(tmp_path: Path) -> None:
    (tmp_path / "records").mkdir()
    for i in range(6):
        (tmp_path / "records" / f"g{i}.kifu").write_text(GOOD, encoding="utf-8")
    counts = []
    for k in (1, 2):
        result = _validate(tmp_path, KW_PATHS="records", KW_SHARD=f"{k}/2")
        assert result.returncode == 0, result.stdout + result.stderr
        counts.append(result.stdout + result.stderr)
    # Together the two shards check every file once.
    total = sum(int(text.split(" file(s)")[0].split()[-1]) for text in counts)
    assert total == 6
