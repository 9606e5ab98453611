"""Control characters of a record never reach a page (F-HTML-1): NUL is a parse error
in HTML, and ESC sequences copied from a page act on a terminal. Every escape of record
text (the templates' ``{{ … }}`` and the fast paths, which share ``output_escape``)
writes them as the terminal output does (``\\x1b``); the fast-path tests draw them too
(``tests/render/hostile.py``)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from click.testing import CliRunner
from markupsafe import Markup
from tests.plain_site import write_plain_site

from kifuwiki.cli import cli
from kifuwiki.core.diagnostics import terminal_safe
from kifuwiki.render.escape import output_escape

BAD = {b for b in range(32) if b not in (9, 10, 13)} | {0x7F}


def test_output_escape_writes_controls_as_the_terminal_does() -> None:
    assert output_escape("a\x00b<\x1b[31m") == "a\\x00b&lt;\\x1b[31m"
    assert output_escape("a\x00b") == terminal_safe("a\x00b")
    assert output_escape("line\nnext\tcell") == "line\nnext\tcell"
    assert output_escape("棋譜\u3000ok") == "棋譜\u3000ok"
    markup = output_escape(Markup("<p>\x1b</p>"))
    assert markup == "<p>\\x1b</p>" and isinstance(markup, Markup)


@pytest.fixture
def site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    records = tmp_path / "records" / "prime-daifugo"
    records.mkdir(parents=True)
    rng = random.Random(7)
    (records / "binary.kifu").write_bytes(bytes(rng.randrange(256) for _ in range(300)))
    (records / "esc.kifu").write_text(
        '---\ntitle: t\x1b[31mred\x00\nplayers: {A: "Al\\aice", B: Bob}\n---\n'
        "A:(223)\n* comment \x1b]0;title\x07 here\x00\nB:(69A)\nA:223#\n",
        encoding="utf-8",
    )
    write_plain_site(tmp_path)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_a_binary_record_builds_a_page_and_report_without_controls(site: Path) -> None:
    result = CliRunner().invoke(cli, ["pages", "-j", "1"])
    assert result.exit_code == 0, result.output
    written = {
        p.relative_to(site / "docs").as_posix(): p.read_bytes()
        for p in (site / "docs").rglob("*.md")
    }
    names = set(written)
    assert any(name.endswith("binary.md") for name in names), names
    assert any(name.endswith("esc.md") for name in names), names
    assert any("report" in name for name in names), names
    for name, data in written.items():
        assert not {b for b in data if b in BAD}, name
    esc_page = next(data for name, data in written.items() if name.endswith("esc.md"))
    assert b"\\x1b" in esc_page  # shown, not dropped
