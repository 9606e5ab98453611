"""The view: steps are the structured lines, prose becomes the steps' comments and the
readable page, rolls carry their result, the timeline and success rates add up."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tests.koutetsu.helpers import SESSION, edge_sessions, load

import kifuwiki.games.koutetsu.view as view_module
from kifuwiki.core.recordfile import read_record_file, split_record_file
from kifuwiki.games.koutetsu import GAME

DEMO = (
    Path(__file__).resolve().parents[2] / "records" / "koutetsu-no-niji" / "kiri-no-toka-ten.kifu"
)


def test_steps_are_the_structured_lines_with_states() -> None:
    view = GAME.view(load(SESSION))
    assert len(view.steps) == 1 + 10
    assert view.steps[0].comments == ("はじまり。",)
    roll = view.steps[3]
    assert roll.label == "ハンス 射撃 2d6=8 ≤ 9 success" and roll.label_ja.endswith("成功")
    assert roll.state["roll"]["chance"] == 83 and roll.state["mode"] == "operation"
    assert "roll" in roll.flags and "failure" not in roll.flags
    miss = view.steps[6]
    assert {"roll", "failure"} <= miss.flags and miss.state["mode"] == "combat"
    assert miss.state["turn"] == 1 and miss.state["time"] == "06:00"
    json.dumps([dict(step.state) for step in view.steps])


def test_extra_has_the_document_timeline_and_rates() -> None:
    view = GAME.view(load(SESSION))
    kinds = [block["kind"] for block in view.extra["document"]]
    assert kinds[0] == "prose" and kinds.count("event") == 10
    rows = view.extra["timeline"]["rows"]
    assert [(r["kind"], r["start"]) for r in rows] == [
        ("operation", "06:00"),
        ("combat", "06:00"),
        ("operation", "07:00"),
    ]
    hans = next(c for c in view.extra["characters"] if c["key"] == "ハンス")
    assert hans["rate"] == 100 and hans["expected_rate"] == 83
    shooting = next(k for k in hans["checks"] if k["check"] == "射撃")
    assert shooting["ways"] == 30 and shooting["rolls"] == 1
    assert view.badges == frozenset({"success", "combat"})


def test_the_demo_session_reads_as_a_page() -> None:
    record = GAME.load(read_record_file(DEMO)[0])
    view = GAME.view(record)
    headings = [b["text"] for b in view.extra["document"] if b["kind"] == "heading"]
    assert headings[0] == "ブリーフィング"
    assert record.moves == 21 and sum(c["rolls"] for c in view.extra["characters"]) == 10


def test_the_light_view_builds_nothing_of_the_steps(monkeypatch: pytest.MonkeyPatch) -> None:
    # The first pass of a large build needs players, badges and statistics only: the
    # light view reads them from the checked session, never through the steps' views.
    record = load(SESSION)
    whole = GAME.view(record)
    for name in ("_comments", "_label", "_flags", "_state", "_document", "_characters"):
        monkeypatch.setattr(view_module, name, _never)
    monkeypatch.setattr(view_module, "timeline", _never)
    light = GAME.light_view(record)
    assert light.steps == [] and light.header == [] and light.extra == {}
    assert light.badges == whole.badges == {"success", "combat"}
    assert (light.players, light.player_stats) == (whole.players, whole.player_stats)
    assert [s.value for s in light.player_stats["ハンス"]] == [1, 1]


def _never(*args: object, **kwargs: object) -> None:
    raise AssertionError("the light view built part of the whole view")


def test_the_edge_sessions_have_the_diagnostics_they_are_for() -> None:
    # The light view's contract test checks these; each must stay broken as named.
    found = {}
    for name, text in edge_sessions().items():
        (record,) = split_record_file(text, f"{name}.kifu")
        loaded = GAME.load(record)
        found[name] = (sorted({d.code for d in loaded.diagnostics}), GAME.view(loaded).badges)
    assert found["combat-left-open"] == (["KR200"], {"combat", "failure", "warning"})
    assert found["result-first-and-twice"] == (["KR109"], {"error", "partial"})
    assert found["no-goal-no-result"] == (["KR108"], {"error"})
    assert found["empty"] == (["KR108"], {"error"})
    assert {"KR002", "KR100", "KR201"} <= set(found["bad-rolls"][0])
    assert found["bad-rolls"][1] == {"error", "warning"}
    assert found["other-rules"] == (["KR009"], {"success", "warning"})
    assert found["broken-character"] == (["KR005"], {"error", "success"})
    assert found["no-characters"] == (["KR005"], {"error", "success"})


def test_a_successful_mission_is_won_by_every_character() -> None:
    """review13 R13-10: player pages counted every mission as a loss (0 wins, 0.0 %).
    A mission is played together: success is every character's win, anything else none's;
    the result is shown in the page's language only (R13-7: it read "成功 (success)")."""
    from tests.koutetsu.helpers import SESSION, load

    from kifuwiki.games.koutetsu import GAME
    from kifuwiki.games.viewkit import Text

    won = GAME.view(load(SESSION))
    assert [(line.name, line.winner) for line in won.players] == [
        ("ハンス", True),
        ("リーゼ", True),
    ]
    assert GAME.light_view(load(SESSION)).players == won.players
    assert ("結果 / Result", Text("成功", "success")) in won.header
    lost = GAME.view(load(SESSION.replace("@結果 成功", "@結果 失敗")))
    assert not any(line.winner for line in lost.players)
    partly = GAME.view(load(SESSION.replace("@結果 成功", "@結果 部分成功")))
    assert not any(line.winner for line in partly.players)
