"""The sdist builds offline, a wheel builds from it, and that wheel installs and runs
in a fresh virtual environment (the path a package index user takes)."""

from __future__ import annotations

import subprocess
import sys
import sysconfig
import tarfile
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _run(*args: str | Path, cwd: Path | None = None) -> str:
    result = subprocess.run(
        [str(a) for a in args], cwd=cwd, capture_output=True, text=True, timeout=300
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


@pytest.mark.slow
def test_sdist_to_wheel_to_fresh_venv(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    _run(sys.executable, "-m", "hatchling", "build", "-t", "sdist", "-d", dist, cwd=ROOT)
    (sdist,) = dist.glob("kifuwiki-*.tar.gz")
    with tarfile.open(sdist) as archive:
        names = archive.getnames()
    top = names[0].split("/")[0]
    for needed in ("pyproject.toml", "README.md", "CHANGELOG.md", "templates/viewer.html"):
        assert f"{top}/{needed}" in names
    # Only the package and its files: no tests, benchmarks or demo site.
    assert not [n for n in names if n.startswith((f"{top}/tests", f"{top}/records"))]

    # A wheel built from the sdist alone (no checkout around it) still carries the
    # templates inside the package.
    wheels = tmp_path / "wheels"
    _run(sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
         "-w", wheels, sdist)  # fmt: skip
    (wheel,) = wheels.glob("kifuwiki-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        assert "kifuwiki/templates/viewer.html" in archive.namelist()

    # A fresh venv; its dependencies come from this test environment (offline), kifuwiki
    # itself only from the wheel.
    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=False)
    python = env_dir / "bin" / "python"
    site = Path(
        _run(python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])").strip()
    )
    (site / "deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n", encoding="utf-8")
    _run(sys.executable, "-m", "pip", "--python", python, "install", "--no-deps", "--no-index",
         "-q", "--target", site, wheel)  # fmt: skip
    where = _run(python, "-c", "import kifuwiki; print(kifuwiki.__file__)")
    assert where.startswith(str(site)), where  # not the checkout's editable copy
    record = tmp_path / "g.kifu"
    record.write_text("---\nrules: {hand_size: 1}\n---\nA:(7)\nB:(K)\nA:7#\n", encoding="utf-8")
    out = _run(python, "-m", "kifuwiki", "validate", record)
    assert "0 error(s)" in out
