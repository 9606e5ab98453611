"""``kifuwiki fmt --write`` rewrites the record a path names, whatever the path is."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from kifuwiki.cli import cli

LOOSE = "a:(7K)\nb:(2Q)\n\n\na:7\nb:%\na:K#\n"


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="symbolic links")
def test_a_symbolic_link_is_written_through_not_replaced(tmp_path: Path) -> None:
    """The link became a formatted copy and the record it named stayed unformatted."""
    target = tmp_path / "target.kifu"
    target.write_text(LOOSE, encoding="utf-8")
    link = tmp_path / "link.kifu"
    link.symlink_to("target.kifu")
    result = CliRunner().invoke(cli, ["fmt", "--write", str(link)])
    assert result.exit_code == 0, result.output
    assert link.is_symlink()
    formatted = target.read_text(encoding="utf-8")
    assert formatted != LOOSE and "\n\n" not in formatted
    check = CliRunner().invoke(cli, ["fmt", "--check", str(target)])
    assert check.exit_code == 0, check.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.kifu", "target.kifu"]
