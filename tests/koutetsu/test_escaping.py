"""Everything a session record says is escaped: names, check types, headings, prose."""

from __future__ import annotations

from kifuwiki.core.recordfile import split_record_file
from kifuwiki.games.koutetsu import GAME
from kifuwiki.render.environment import make_environment
from kifuwiki.render.record import render_record_page

HOSTILE = r"""---
game: koutetsu-no-niji
title: <script>alert(1)</script>
scenario: <img src=x onerror=alert(1)>
characters:
  "Bob\"onmouseover&'":
    jaeger: "<svg onload=alert(1)>"
    checks: {"射&\"": 9}
---
## <script>alert(2)</script>

<iframe src=x></iframe> [link](javascript:alert(3))

@目的 <script>alert(4)</script>
@作戦 08:00
@roll Bob"onmouseover&' 射&" 2d6=3+4=7 ≤ 9 成功
@結果 成功 <img src=y>
"""


def test_a_hostile_session_renders_escaped() -> None:
    record = GAME.load(split_record_file(HOSTILE, "hostile.kifu")[0])
    assert record.errors == 0, [d.format_text() for d in record.diagnostics]
    for lang in ("ja", "en"):
        html = render_record_page(GAME.view(record), make_environment(), lang)
        for tag in ("<script>", "<img", "<iframe", "<svg onload", '"onmouseover'):
            assert tag not in html, tag
        assert "javascript:" not in html
        assert "&lt;script&gt;alert(2)&lt;/script&gt;" in html
        assert "Bob&#34;onmouseover&amp;&#39;" in html
