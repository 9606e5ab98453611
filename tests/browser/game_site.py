"""A small site (MkDocs' default theme or Material, the kifuwiki plugin, some records)
built for a browser test into a temporary folder.

Issue 14 asks every viewer feature to be checked on both themes: pass ``theme="material"``
(Material, with instant navigation on, the harder case for the viewer script) or keep
the default ``"mkdocs"``.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]

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
{options}"""


THEMES = {
    "mkdocs": "theme:\n  name: mkdocs\n  highlightjs: false",
    "material": "theme:\n  name: material\n  font: false\n  features:\n    - navigation.instant",
}


MKDOCS_BUILD = [sys.executable, "-m", "mkdocs", "build", "--strict", "-q"]


def mkdocs_build(config: Path, site_dir: Path) -> None:
    """``mkdocs build --strict`` of ``config`` into ``site_dir``, as the README says."""
    result = subprocess.run(
        [*MKDOCS_BUILD, "-f", str(config), "-d", str(site_dir)],
        cwd=config.parent,
        env=dict(os.environ, NO_MKDOCS_2_WARNING="1"),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr[-3000:]


def build_demo_site(root: Path, site_dir: Path, site_url: str, lang: str | None = None) -> None:
    """The repository's demo site (``mkdocs.yml`` as committed) into ``site_dir``, told it
    is served at ``site_url`` (Material's instant navigation needs it); in ``lang``
    (kifuwiki's ``language``) where given, else in the committed one."""
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    config["docs_dir"] = str(ROOT / "site_src")
    config["site_url"] = site_url
    if lang:
        config["theme"]["language"] = lang
    for plugin in config["plugins"]:
        if isinstance(plugin, dict) and "kifuwiki" in plugin:
            plugin["kifuwiki"]["records_dir"] = str(ROOT / "records")
            if lang:
                plugin["kifuwiki"]["language"] = lang
    (root / "mkdocs.yml").write_text(yaml.safe_dump(config, allow_unicode=True), "utf-8")
    mkdocs_build(root / "mkdocs.yml", site_dir)


def build_site(
    root: Path,
    game: str,
    records: list[Path],
    lang: str = "en",
    theme: str = "mkdocs",
    site_url: str | None = None,
    options: dict[str, object] | None = None,
) -> Path:
    """Build into ``root / "site"``. Material turns instant navigation on only for a site
    with a ``site_url``: pass the address the test server will give the site. ``options``
    are more settings of the kifuwiki plugin (``{"hide_results": True}``)."""
    (root / "docs").mkdir()
    (root / "docs" / "index.md").write_text(f"# {game}\n", encoding="utf-8")
    more = "".join(f"      {key}: {json.dumps(value)}\n" for key, value in (options or {}).items())
    config = MKDOCS_YML.format(game=game, lang=lang, theme=THEMES[theme], options=more)
    if site_url:
        config += f"site_url: {site_url}\n"
    (root / "mkdocs.yml").write_text(config, encoding="utf-8")
    folder = root / "records" / game
    folder.mkdir(parents=True)
    for record in records:
        shutil.copy(record, folder / record.name)
    mkdocs_build(root / "mkdocs.yml", root / "site")
    return root / "site"
