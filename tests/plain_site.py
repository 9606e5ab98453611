"""The smallest site ``kifuwiki pages`` builds: a home page and a ``mkdocs.yml`` with the
plugin and its defaults, for tests that bring their own records folder."""

from __future__ import annotations

from pathlib import Path


def write_plain_site(root: Path) -> Path:
    (root / "docs").mkdir()
    (root / "docs" / "index.md").write_text("# Home\n", encoding="utf-8")
    (root / "mkdocs.yml").write_text(
        "site_name: t\ndocs_dir: docs\nplugins:\n  - kifuwiki\n", encoding="utf-8"
    )
    return root
