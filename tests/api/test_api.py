"""The public Python API: ``kifuwiki.load``/``loads``/``validate`` and ``Record``."""

from __future__ import annotations

from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from tests.fresh_python import run_fresh

import kifuwiki
from kifuwiki.api import Record, viewer_assets

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "prime-daifugo" / "rules"
TWO_GAMES = FIXTURES / "fandom-two-games.kifu"
CLEAN = "a:(7K)\nb:(2Q)\na:7\nb:%\na:K#\n"
BROKEN = "a:(7K)\nb:(2Q)\na:Z!\n"


def test_load_returns_every_game_of_a_file() -> None:
    games = kifuwiki.load(TWO_GAMES)
    assert len(games) == 2
    assert [game.index for game in games] == [1, 2]
    assert all(isinstance(game, Record) and game.game == "prime-daifugo" for game in games)
    assert all(game.path == str(TWO_GAMES) for game in games)
    assert games[0].title != games[1].title or games[0].moves != games[1].moves
    assert kifuwiki.load(str(TWO_GAMES))[1].summary() == games[1].summary()


def test_a_clean_game_replays_step_by_step() -> None:
    game = kifuwiki.loads(CLEAN, "clean.kifu")[0]
    assert (game.players, game.winner, game.moves, game.errors) == (["a", "b"], "a", 3, 0)
    steps = game.steps
    assert [step.index for step in steps] == [0, 1, 2, 3]
    assert [step.notation for step in steps[1:]] == ["7", "%", "K#"]
    assert [step.player for step in steps[1:]] == ["a", "b", "a"]
    assert all(step.label for step in steps[1:])
    assert game.view is game.view  # computed once


def test_diagnostics_are_returned_not_raised() -> None:
    game = kifuwiki.loads(BROKEN, "bad.kifu")[0]
    errors = [d for d in game.diagnostics if d.severity is kifuwiki.Severity.ERROR]
    assert [(d.code, d.line, d.path) for d in errors] == [("PD001", 3, "bad.kifu")]
    assert game.errors == 1 and game.winner is None
    lines = [d.line for d in game.diagnostics]
    assert lines == sorted(lines)
    assert all(d.text("ja") and d.text("en") for d in game.diagnostics)
    # Not even a file that is not a record raises.
    odd = kifuwiki.loads("\x00\x01 not a record", "odd.kifu")
    assert odd and odd[0].errors >= 1


def test_validate_walks_folders_in_file_order(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    (tmp_path / "a.kifu").write_text(BROKEN, encoding="utf-8")
    (tmp_path / "sub" / "b.kifu").write_text(CLEAN, encoding="utf-8")
    (tmp_path / "c.kifu").write_text(BROKEN, encoding="utf-8")
    (tmp_path / "notes.txt").write_text(BROKEN, encoding="utf-8")
    found = kifuwiki.validate(tmp_path)
    error_paths = [Path(d.path or "").name for d in found if d.code == "PD001"]
    assert error_paths == ["a.kifu", "c.kifu"]
    assert [d for d in kifuwiki.validate(tmp_path / "sub") if d.severity.value == "error"] == []
    assert [d.code for d in kifuwiki.validate(tmp_path / "a.kifu")] == [
        d.code for d in kifuwiki.loads(BROKEN, "a.kifu")[0].diagnostics
    ]


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_a_standalone_page_carries_the_viewer_and_its_assets(lang: str) -> None:
    game = kifuwiki.loads(CLEAN + "* <script>alert(1)</script>\n", "x.kifu")[0]
    html = game.to_html(lang)
    doc = BeautifulSoup(html, "lxml")
    assert html.startswith("<!DOCTYPE html>")
    assert doc.html is not None and doc.html["lang"] == lang
    assert doc.select_one("section.kw-viewer") is not None
    assert len(doc.select(".kw-viewer .kw-moves > li")) >= 4
    css, js = viewer_assets()
    assert css and js
    assert doc.style is not None and css in doc.style.get_text()
    scripts = doc.find_all("script")
    assert len(scripts) == 1 and js in scripts[0].get_text()  # record text never a script
    assert "<script>alert(1)</script>" not in html
    body = game.to_html(lang, standalone=False)
    assert "<html" not in body and body in html


def test_importing_kifuwiki_stays_light() -> None:
    code = (
        "import sys, kifuwiki\n"
        "heavy = [m for m in ('kifuwiki.api', 'jinja2', 'kifuwiki.render') if m in sys.modules]\n"
        "assert not heavy, heavy\n"
        "assert callable(kifuwiki.load) and 'kifuwiki.api' in sys.modules\n"
        "try:\n    kifuwiki.nothing\nexcept AttributeError:\n    pass\n"
        "else:\n    raise SystemExit('no AttributeError')\n"
    )
    run_fresh(code)
    assert set(kifuwiki.__all__) >= {"load", "loads", "validate", "Record", "Diagnostic"}


@pytest.mark.parametrize("text", [None, b"a:(7K)\nb:(2Q)\n", 12, ["a:(7K)"]])
def test_text_that_is_not_a_str_is_a_clear_type_error(text: object) -> None:
    """It was loaded as a record saying RF999 "internal error … please report it"."""
    with pytest.raises(TypeError, match="loads\\(\\) takes the record's text as a str"):
        kifuwiki.loads(text)  # type: ignore[arg-type]


@pytest.mark.parametrize("rules", [[1, 2], 5, ("online",)])
def test_rules_of_the_wrong_type_are_a_clear_type_error(rules: object, tmp_path: Path) -> None:
    record = tmp_path / "r.kifu"
    record.write_text("a:(7K)\nb:(2Q)\n", encoding="utf-8")
    for call in (
        lambda: kifuwiki.loads("a:(7K)\nb:(2Q)\n", rules=rules),  # type: ignore[arg-type]
        lambda: kifuwiki.load(record, rules=rules),  # type: ignore[arg-type]
        lambda: kifuwiki.validate(tmp_path, rules=rules),  # type: ignore[arg-type]
    ):
        with pytest.raises(TypeError, match="rules must be a rule set's name"):
            call()


def test_rules_may_name_a_preset_or_map_options() -> None:
    text = "a:(7K)\nb:(2Q)\n"
    assert kifuwiki.loads(text, rules="online")[0].rules == "online"
    assert kifuwiki.loads(text, rules={"preset": "online"})[0].rules == "online"
    assert kifuwiki.loads(text, rules={"prime-daifugo": "fandom"})[0].rules == "fandom"
    assert kifuwiki.loads(text, rules=None)[0].rules == "standard"
