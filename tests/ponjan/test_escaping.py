"""Everything a record says is escaped on its page: seat names, tile names, comments."""

from __future__ import annotations

from kifuwiki.core.recordfile import split_record_file
from kifuwiki.games.ponjan import GAME
from kifuwiki.render.environment import make_environment
from kifuwiki.render.record import render_record_page

HOSTILE = """---
game: ponjan
title: <script>alert(1)</script>
players: {A: "<img src=x onerror=alert(1)>", B: "<b>B</b>"}
tiles: {kinds: ["<i>", "&amp;", "x"], copies: 9, wild: {"<s>": 3}}
---
第1局 親 A
A 配牌 <i> <i> <i> &amp; &amp; &amp; x <s>
* <script>alert(2)</script> [link](javascript:alert(3))
A 引 x
A ツモ
精算 A+18 B-18
"""


def test_a_hostile_record_renders_escaped() -> None:
    record = GAME.load(split_record_file(HOSTILE, "hostile.kifu")[0])
    assert record.errors == 0, [d.format_text() for d in record.diagnostics]
    for lang in ("ja", "en"):
        html = render_record_page(GAME.view(record), make_environment(), lang)
        # (<i> is the page's own tile glyph; the record's "<i>" tile must come out as text)
        assert "<script>" not in html and "<img" not in html and "<s>" not in html
        assert "javascript:" not in html
        assert "&lt;img src=x onerror=alert(1)&gt;" in html
        assert "&lt;i&gt;" in html
