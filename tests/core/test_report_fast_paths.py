"""The JSON report's fast paths give what the general path gives: one C encoder made
once (``_encode_game``) against ``json.dumps(…, ensure_ascii=False)``, and a game
without diagnostics rendered from its summary as is against ``json_summary``'s copy."""

from __future__ import annotations

import io
import json
import math
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kifuwiki.archive import RecordReport, load_text
from kifuwiki.cli.report import (
    JsonReportWriter,
    _encode_game,
    _json_key,
    json_summary,
    render_record,
)

SCALARS = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text()
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.text(), VALUES, max_size=8))
def test_game_encoder_is_json_dumps(summary: dict[str, Any]) -> None:
    assert _encode_game(summary) == json.dumps(summary, ensure_ascii=False)


def test_game_encoder_on_awkward_text() -> None:
    summary = {
        "path": '棋譜/\u2028\x00\x1f"\\\ud800.kifu',
        "n": [math.inf, -math.inf, 1e300, -0.0, 2**100],
        "nested": {"": [], "a": {}, "日本": [None, True, False]},
    }
    text = _encode_game(summary)
    assert text == json.dumps(summary, ensure_ascii=False)
    assert _encode_game(summary) == text  # the encoder keeps no state between games


GAMES = [
    # a real game (金剛戦 第1期): no diagnostic
    "---\ngame: prime-daifugo\ntitle: 金剛戦 第1期 第1試合 第1局\ndate: 2024-10-22\n---\n"
    "はち:(QT338647JA9)\nnishimura:(T77TJK4X3KA)\nはち:D(Q)987463\nnishimura:XKKTTJ|X=K\n"
    "はち:%\nnishimura:747A3#\n",
    "---\ngame: prime-daifugo\ntitle: 金剛戦\n---\na:(7K)\nb:(2Q)\na:7\nb:%\na:K#\n",
    "a:(7K)\nb:(2Q)\na:Z!\n",  # an error
    "a:(7K)\nb:(2Q)\n* a comment\na:7\n",  # unfinished: a warning
    "---\ngame: chess\n---\n1. e4\n",  # an unknown game
    "a:(57)\nb:(2Q)\na:57[GC]#\n",
]


def test_render_json_is_the_general_json(tmp_path: Path) -> None:
    clean = 0
    for number, text in enumerate(GAMES):
        for record in load_text(text, f"g{number}.kifu"):
            report = RecordReport.of(record)
            clean += not report.diagnostics
            path, errors, warnings, rendered = render_record("json", "en", report)
            assert rendered == json.dumps(json_summary(report), ensure_ascii=False)
            assert (path, errors, warnings) == (report.path, report.errors, report.warnings)
    assert 0 < clean < len(GAMES)


def test_game_encoder_refuses_what_json_refuses() -> None:
    """The encoder made from ``_json`` refuses a value the way ``json.dumps`` does (its
    ``default`` is the json module's, imported when it is needed)."""
    for value in ({1, 2}, object(), b"bytes"):
        with pytest.raises(TypeError) as general:
            json.dumps({"x": value}, ensure_ascii=False)
        with pytest.raises(TypeError) as fast:
            _encode_game({"x": value})
        assert str(fast.value) == str(general.value)


@given(st.text())
def test_totals_key_is_json_dumps(key: str) -> None:
    assert _json_key(key) == json.dumps(key)


def test_json_report_writer_is_the_indented_dump() -> None:
    """The report as a whole (games written one by one, the totals after) is what
    ``json.dumps`` of the same document with one game a line writes."""
    games = [{"path": "棋譜/a.kifu", "n": 1}, {"path": 'b"\\.kifu', "d": []}]
    for shown in (games, []):
        out = io.StringIO()
        writer = JsonReportWriter(out)
        for game in shown:
            writer.game(game)
        writer.close(files=2, errors=0, warnings=1)
        document = json.loads(out.getvalue())
        assert document == {"games": shown, "files": 2, "errors": 0, "warnings": 1}
        keys = '"files": 2,\n "errors": 0,\n "warnings": 1\n}\n'
        assert out.getvalue().endswith(keys)
