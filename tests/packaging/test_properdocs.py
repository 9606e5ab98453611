"""ProperDocs (the maintained fork of MkDocs 1.6) builds the demo site as MkDocs does.

kifuwiki registers its plugin under `properdocs.plugins` as well as `mkdocs.plugins`;
the two builds must agree file for file, apart from the generator tag.
"""

from __future__ import annotations

import gzip
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GENERATOR = re.compile(rb'<meta name="generator" content="[^"]*">')

pytest.importorskip("properdocs")


def _build(tool: str, out: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", tool, "build", "-q", "-d", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        env={"PATH": str(Path(sys.executable).parent), "NO_MKDOCS_2_WARNING": "1"},
    )
    assert result.returncode == 0, result.stderr[-3000:]


def _content(path: Path) -> bytes:
    data = path.read_bytes()
    if path.suffix == ".gz":  # gzip headers carry a time stamp
        data = gzip.decompress(data)
    return GENERATOR.sub(b"", data)


@pytest.mark.slow
def test_properdocs_builds_the_demo_site_like_mkdocs(tmp_path: Path) -> None:
    with_mkdocs, with_properdocs = tmp_path / "mkdocs", tmp_path / "properdocs"
    _build("mkdocs", with_mkdocs)
    _build("properdocs", with_properdocs)
    files = sorted(p.relative_to(with_mkdocs) for p in with_mkdocs.rglob("*") if p.is_file())
    assert files == sorted(
        p.relative_to(with_properdocs) for p in with_properdocs.rglob("*") if p.is_file()
    )
    assert any(str(f).startswith("records/") for f in files)  # the plugin ran under both
    differing = [f for f in files if _content(with_mkdocs / f) != _content(with_properdocs / f)]
    assert differing == []
    page = (with_properdocs / "index.html").read_bytes()
    assert b"ProperDocs" in page  # the second build really was ProperDocs
