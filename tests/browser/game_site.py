"""A small site (MkDocs' default theme or Material, the kifuwiki plugin, some records)
built for a browser test into a temporary folder.

Issue 14 asks every viewer feature to be checked on both themes: pass ``theme="material"``
(Material, with instant navigation on, the harder case for the viewer script) or keep
the default ``"mkdocs"``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

MKDOCS_YML = """site_name: kifuwiki {game}
docs_dir: docs
{theme}
nav:
  - Home: index.md
  - Records: records/{game}/index.md
plugins:
  - search  # the plain theme's scripts expect the search modal
  - kifuwiki:
      language: {lang}
"""


THEMES = {
    "mkdocs": "theme:\n  name: mkdocs\n  highlightjs: false",
    "material": "theme:\n  name: material\n  font: false\n  features:\n    - navigation.instant",
}


def build_site(
    root: Path, game: str, records: list[Path], lang: str = "en", theme: str = "mkdocs"
) -> Path:
    (root / "docs").mkdir()
    (root / "docs" / "index.md").write_text(f"# {game}\n", encoding="utf-8")
    config = MKDOCS_YML.format(game=game, lang=lang, theme=THEMES[theme])
    (root / "mkdocs.yml").write_text(config, encoding="utf-8")
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
