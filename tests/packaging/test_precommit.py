"""The pre-commit hooks in `.pre-commit-hooks.yaml` work, run by pre-commit itself.

pre-commit would normally build a virtualenv for a `language: python` hook and install
kifuwiki into it from the package index; tests run offline, so the test reads the real
manifest (checked against pre-commit's own schema), keeps each hook's id, entry, args and
file pattern, and runs it as a `language: system` hook from the kifuwiki already installed.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
MANIFEST = ROOT / ".pre-commit-hooks.yaml"
BIN = Path(sys.executable).parent

pytest.importorskip("pre_commit")
from pre_commit.clientlib import load_manifest  # noqa: E402

GOOD = "---\ngame: prime-daifugo\nrules: {hand_size: 1}\n---\nA:(7)\nB:(K)\nA:7#\n"
BAD_MOVE = "---\ngame: prime-daifugo\nrules: {hand_size: 1}\n---\nA:(7)\nB:(K)\nA:8#\n"
NOT_CANONICAL = "---\ngame: prime-daifugo\nrules: {hand_size: 1}\n---\nA:(7)\nB:(K)\nA:7 #\n"


def test_manifest_passes_pre_commits_schema() -> None:
    hooks = {hook["id"]: hook for hook in load_manifest(str(MANIFEST))}
    assert set(hooks) == {"kifuwiki-validate", "kifuwiki-fmt"}
    for hook in hooks.values():
        assert hook["language"] == "python"
        assert hook["entry"].startswith("kifuwiki ")
        assert hook["files"] == r"\.kifu$"


def _repo(tmp_path: Path, records: dict[str, str]) -> Path:
    repo = tmp_path / "archive"
    (repo / "records").mkdir(parents=True)
    for name, text in records.items():
        (repo / "records" / name).write_text(text, encoding="utf-8")
    (repo / "notes.txt").write_text("not a record\n", encoding="utf-8")
    hooks = []
    for hook in yaml.safe_load(MANIFEST.read_text(encoding="utf-8")):
        local = {**hook, "language": "system"}
        local["entry"] = str(BIN / hook["entry"].split()[0]) + hook["entry"][len("kifuwiki") :]
        hooks.append(local)
    config = {"repos": [{"repo": "local", "hooks": hooks}]}
    (repo / ".pre-commit-config.yaml").write_text(yaml.safe_dump(config), encoding="utf-8")
    git = shutil.which("git")
    assert git, "git is needed to run pre-commit"
    for args in (["init", "-q"], ["add", "-A"]):
        subprocess.run([git, *args], cwd=repo, check=True)
    return repo


def _run(repo: Path, hook: str) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "PRE_COMMIT_HOME": str(repo.parent / "pre-commit-home"),
        "GIT_AUTHOR_NAME": "t",
        "GIT_AUTHOR_EMAIL": "t@example.invalid",
    }
    return subprocess.run(
        [str(BIN / "pre-commit"), "run", hook, "--all-files", "--color", "never"],
        cwd=repo,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.slow
def test_hooks_pass_on_good_records(tmp_path: Path) -> None:
    repo = _repo(tmp_path, {"good.kifu": GOOD})
    for hook in ("kifuwiki-validate", "kifuwiki-fmt"):
        result = _run(repo, hook)
        assert result.returncode == 0, result.stdout + result.stderr
        assert "Passed" in result.stdout


@pytest.mark.slow
def test_validate_hook_fails_on_a_broken_record_and_names_it(tmp_path: Path) -> None:
    repo = _repo(tmp_path, {"good.kifu": GOOD, "bad.kifu": BAD_MOVE})
    result = _run(repo, "kifuwiki-validate")
    assert result.returncode == 1
    assert "records/bad.kifu:7:" in result.stdout
    assert "good.kifu:" not in result.stdout


@pytest.mark.slow
def test_fmt_hook_fails_on_a_record_not_in_canonical_form(tmp_path: Path) -> None:
    repo = _repo(tmp_path, {"loose.kifu": NOT_CANONICAL})
    result = _run(repo, "kifuwiki-fmt")
    assert result.returncode == 1, result.stdout
    assert "loose.kifu" in result.stdout + result.stderr
