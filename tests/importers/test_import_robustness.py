"""Importers never raise on strange input, and the command behaves on a terminal."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kifuwiki.cli import import_cmd
from kifuwiki.core.recordfile import split_record_file
from kifuwiki.games.catan.import_sheet import import_sheet
from kifuwiki.games.prime_daifugo.import_fandom import import_page
from kifuwiki.importers.article import Page
from kifuwiki.importers.codes import CODES
from kifuwiki.importers.mediawiki import read_saved_page

from .conftest import FIXTURES, GOLDEN_DATE

_PIECES = st.sampled_from(
    [
        '<div class="mw-parser-output">', "</div>", "<h2>", "</h2>", "<h3>一試合目</h3>",
        '<div class="mw-heading mw-heading2"><h2>二試合目</h2></div>', "<pre>", "</pre>",
        "<p>", "</p>", "<br>", "<ul><li>", "</li></ul>", "<table><tr><td>", "</td><td>",
        "</td></tr></table>", '<sup class="reference"><a href="#cite_note-1">[1]</a></sup>',
        '<ol class="references"><li id="cite_note-1">注</li></ol>', "<!-- c -->", "<script>",
        "</script>", "A:223", "A初期:2345678", "B:(QT3)", "\n", "一試合目と同じ", "...",
        "ターン", "青プレイヤー(B)", "6|R", "合計", "５点", "\u00a0", "：", "&lt;b&gt;", "<",
    ]
)  # fmt: skip


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.one_of(_PIECES, st.text(max_size=12)), max_size=40))
def test_random_pages_never_raise(pieces: list[str]) -> None:
    html = "".join(pieces)
    page = Page("ランダム", "https://w.example/wiki/R", None, html)
    result = import_page(page)
    for record in result.records:
        text = record.render(GOLDEN_DATE)
        # One well-formed record file per game: front matter intact, exactly one game.
        (source,) = split_record_file(text, "x.kifu")
        assert source.diagnostics == []
        assert source.meta["title"].startswith("ランダム")
        for issue in record.issues():
            assert issue.code in CODES and issue.line is not None
    for issue in result.issues:
        assert issue.code in CODES
    sheet = import_sheet(page)
    assert all(issue.code in CODES for issue in sheet.issues)


def test_saved_api_answer_is_read(tmp_path: Path) -> None:
    html = (FIXTURES / "fandom" / "table-game.html").read_text(encoding="utf-8")
    saved = tmp_path / "answer.json"
    answer = {"parse": {"title": "表の対局", "revid": 77, "text": {"*": html}}}
    saved.write_text(json.dumps(answer, ensure_ascii=False), encoding="utf-8")
    page = read_saved_page(saved)
    assert (page.title, page.revision) == ("表の対局", 77)
    (record,) = import_page(page).records
    assert record.slug == "表の対局"


def test_game_headings_under_a_section_heading() -> None:
    html = (
        '<div class="mw-parser-output"><h2>棋譜</h2><h3>一試合目</h3><h4>序盤</h4>'
        "<pre>A:x\nB:y\nA初期:QT338647JA9\nB初期:T77TJK4X3KA\nA:987463</pre>"
        "<h3>二試合目</h3><p>前試合と同じ</p>"
        "<pre>A初期:T5TJA2JQ76Q\nB初期:K679945864J\nA:7QQTTJJ</pre>"
        "<h2>関連項目</h2><pre>A:223\nB:69A</pre></div>"
    )
    result = import_page(Page("P", "u", None, html))
    first, second = result.records
    assert first.body[0] == "* 【序盤】"
    assert second.body[:3] == ["* 前試合と同じ", "A:x", "B:y"]
    assert [issue.code for issue in result.issues] == ["IM011"]


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_bar_only_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    terminal = _Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert list(import_cmd._progress([1, 2, 3], "pages")) == [1, 2, 3]
    assert "pages" in terminal.getvalue()
    pipe = io.StringIO()
    monkeypatch.setattr(sys, "stderr", pipe)
    assert list(import_cmd._progress([1, 2, 3], "pages")) == [1, 2, 3]
    assert pipe.getvalue() == ""


def test_every_documented_code_is_used() -> None:
    package = Path(import_cmd.__file__).parent.parent
    # The shared importer modules, and the games' own importers (games/<game>/import*.py).
    paths = [*(package / "importers").glob("*.py"), *(package / "games").glob("*/import*.py")]
    sources = "".join(path.read_text(encoding="utf-8") for path in paths if path.name != "codes.py")
    assert [code for code in CODES if f'"{code}"' not in sources] == []
