"""A small site (plain mkdocs theme, the kifuwiki plugin, some records) built for a
browser test into a temporary folder."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

MKDOCS_YML = """site_name: kifuwiki {game}
docs_dir: docs
theme:
  name: mkdocs
  highlightjs: false
nav:
  - Home: index.md
  - Records: records/{game}/index.md
plugins:
  - search  # the plain theme's scripts expect the search modal
  - kifuwiki:
      language: {lang}
"""


def build_site(root: Path, game: str, records: list[Path], lang: str = "en") -> Path:
    (root / "docs").mkdir()
    (root / "docs" / "index.md").write_text(f"# {game}\n", encoding="utf-8")
    (root / "mkdocs.yml").write_text(MKDOCS_YML.format(game=game, lang=lang), encoding="utf-8")
    folder = root / "records" / game
    folder.mkdir(parents=True)
    for record in records:
        shutil.copy(record, folder / record.name)
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(root / "site")],
        cwd=root,
        env=dict(os.environ, NO_MKDOCS_2_WARNING="1"),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    return root / "site"
