"""The view: one step per line, states that follow the engine, flags, badges, the chart."""

from __future__ import annotations

import json
from pathlib import Path

from tests.ponjan.helpers import CLEAN_HAND, load

from kifuwiki.core.recordfile import read_record_file
from kifuwiki.games.ponjan import GAME

DEMO = Path(__file__).resolve().parents[2] / "records" / "ponjan" / "practice-2026-11-03.kifu"


def test_one_step_per_heading_action_and_chip_line() -> None:
    view = GAME.view(load(CLEAN_HAND))
    # step 0 + heading + 10 actions + payment + totals
    assert len(view.steps) == 14
    assert view.steps[1].kind == "hand" and view.steps[1].label == "Hand 1: 青木 deals"
    assert view.steps[1].label_ja == "第1局: 親 青木、配牌"
    json.dumps([dict(step.state) for step in view.steps])  # JSON-serialisable


def test_state_shows_hands_drawn_tile_discards_riichi_and_wall() -> None:
    view = GAME.view(load(CLEAN_HAND))
    riichi = next(s for s in view.steps if s.notation == "B リーチ 4")
    b = next(seat for seat in riichi.state["seats"] if seat["key"] == "B")
    assert b["tiles"] == list("11133366") and b["drawn"] is None
    assert b["discards"] == [{"tile": "4", "riichi": True}] and b["riichi"]
    assert "riichi" in riichi.flags and "special" not in riichi.flags
    draw = next(s for s in view.steps if s.notation == "B 引 6")
    b = next(seat for seat in draw.state["seats"] if seat["key"] == "B")
    assert b["drawn"] == "6" and b["tiles"] == list("11133366")
    assert draw.state["wall"] == 80 - 24 - 5
    win = next(s for s in view.steps if s.notation == "B ツモ")
    assert "win" in win.flags and win.state["winner"] == "B" and win.state["ended"] == "tsumo"
    assert win.annotations == ("坂本 wins by tsumo (24)",)


def test_payments_move_chips_in_the_state_and_the_chart() -> None:
    view = GAME.view(load(CLEAN_HAND))
    paid = next(s for s in view.steps if s.notation.startswith("精算"))
    chips = {seat["key"]: seat["chips"] for seat in paid.state["seats"]}
    assert chips == {"A": 84, "B": 124, "C": 92}
    assert paid.label == "Hand 1: payments A-16 B+24 C-8"
    chart = view.extra["chart"]
    assert [s["final"] for s in chart["series"]] == [84, 124, 92]
    assert len(chart["series"][0]["dots"]) == 2  # the start and after hand 1
    assert view.extra["hands"][0]["winner"] == "坂本"


def test_errors_flag_their_step_and_badge_the_record() -> None:
    view = GAME.view(load(CLEAN_HAND.replace("A 捨 9", "A 捨 7", 1)))
    bad = next(s for s in view.steps if s.notation == "A 捨 7")
    assert "error" in bad.flags and "error" in view.badges


def test_the_demo_session_has_every_kind_of_ending_and_stats() -> None:
    record = GAME.load(read_record_file(DEMO)[0])
    assert record.diagnostics == []
    view = GAME.view(record)
    assert {"ron", "tsumo", "exhausted", "riichi"} <= view.badges
    assert [h["number"] for h in view.extra["hands"]] == [1, 2, 3, 4]
    stats = {s.key: s.value for s in view.player_stats["坂本"]}
    assert stats["ponjan_wins"] == 2 and stats["ponjan_tsumo"] == 2
    assert record.winner == "坂本" and record.ranking == ["坂本", "青木", "千田"]


def test_hidden_hands_show_as_hidden_tiles_until_revealed() -> None:
    path = DEMO.with_name("four-players-own-view.kifu")
    record = GAME.load(read_record_file(path)[0])
    assert record.diagnostics == []
    view = GAME.view(record)
    dealt = view.steps[1].state["seats"]
    assert [seat["hidden"] for seat in dealt] == [0, 8, 8, 8]
    tsumo = next(s for s in view.steps if s.notation.startswith("C ツモ"))
    c = next(seat for seat in tsumo.state["seats"] if seat["key"] == "C")
    assert c["hidden"] == 0 and c["tiles"] == list("4455999WW")  # revealed: known from then on
    assert tsumo.notation == "C ツモ [44W 55W 999]"
    ron = next(s for s in view.steps if s.notation.startswith("D ロン"))
    d = next(seat for seat in ron.state["seats"] if seat["key"] == "D")
    assert d["drawn"] == "3" and len(d["tiles"]) == 8 and d["hidden"] == 0


def test_revealed_tiles_are_written_as_the_sets_they_make() -> None:
    from kifuwiki.games.ponjan.model import DEFAULT_TILES
    from kifuwiki.games.ponjan.writer import revealed_text

    assert revealed_text(tuple("9W5W44599"), DEFAULT_TILES) == "44W 55W 999"
    assert revealed_text(tuple("WWW111222"), DEFAULT_TILES) == "111 222 WWW"
    assert revealed_text(tuple("123456789"), DEFAULT_TILES) == "123 456 789"
