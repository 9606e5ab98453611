"""The open points §4.6 (NH of an own LC's re-play), §4.7 (pass) and §4.8 (end of the game)
as named rule options: today's behaviour by default, the alternative checked by the engine."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.selaffesto.helpers import codes, load, only, opening, points, replay_of, rules_front

from kifuwiki.archive import load_file
from kifuwiki.core.diagnostics import DiagnosticBag
from kifuwiki.core.recordfile import split_record_file
from kifuwiki.games.selaffesto import GAME
from kifuwiki.games.selaffesto.geometry import (
    Board,
    empty_board,
    nh,
    reaches,
    relc_board,
    relc_nh,
)
from kifuwiki.games.selaffesto.rules import OPTION_NAMES, PRESETS, Rules, resolve_rules
from kifuwiki.games.selaffesto.selfplay import self_play_record


def line_of(front: str, body: str, index: int) -> int:
    """The file line of body line ``index`` (0-based; negative from the end)."""
    return 3 + front.count("\n") + range(body.count("\n"))[index] + 1


# The worked example up to its h1 jump put: W's own LC stands on h2.
PREFIX = (
    opening()
    + "W:g2 4-8-6-12\nB:g12 5-7-14-11\nW:f1 3-6-9-18\nB:f13 2-10-15-9\n"
    + "W:f2 7-24-9-14\nB:f12 5-22-4-3\nW:h2 2-2-3-16\nB:h13 2-3-2-7\n"
)
JUMP = "W:h1 25-20-22-24 [jump] "


def at(name: str) -> int:
    return (int(name[1:]) - 1) * 13 + "abcdefghijklm".index(name[0])


# --- the defaults, the presets, the three ways to set an option ----------------------------
def test_defaults_are_the_2014_program_and_strict_reads_the_text() -> None:
    original, strict = PRESETS["original"], PRESETS["strict"]
    assert (original.relc_nh, original.passing, original.ending) == ("standing", "stuck", "first")
    assert Rules() == original
    assert (strict.relc_nh, strict.passing, strict.ending) == ("lifted", "stuck", "all")
    assert (original.final_timing, strict.final_timing) == ("after", "before")


def test_options_are_set_by_front_matter_preset_and_site_default() -> None:
    record = load(opening(), rules_front(relc_nh="lifted", passing="free", ending="all"))
    assert record.rules == "original+ending=all,passing=free,relc_nh=lifted"
    assert codes(record) == []
    source = split_record_file("---\ngame: selaffesto\n---\n" + opening(), "site.kifu")[0]
    site = GAME.load(source, {"preset": "original", "passing": "free"})  # the site's default
    assert site.rules == "original+passing=free"
    assert load(opening(), "rules: strict\n").rules == "strict"


def test_front_matter_round_trips_the_new_options() -> None:
    rules = resolve_rules(
        {"preset": "strict", "ending": "first", "passing": "free"}, DiagnosticBag()
    )
    lines = rules.front_matter()
    assert lines == ["rules:", "  preset: strict", "  passing: free", "  ending: first"]
    spec = dict(line.strip().split(": ") for line in lines[1:])
    bag = DiagnosticBag()
    again = resolve_rules(spec, bag)
    assert not bag.sorted()
    assert (again.passing, again.ending, again.relc_nh) == ("free", "first", "lifted")


def test_bad_values_are_located_errors() -> None:
    front = "rules:\n  relc_nh: floating\n  passing: true\n  ending: never\n  pass: free\n"
    record = load(opening(), front)
    found = [(d.line, d.message) for d in record.diagnostics if d.code == "SF012"]
    assert [line for line, _ in found] == [3, 3, 3, 3]  # the ``rules:`` line
    messages = [message for _, message in found]
    assert "relc_nh: 'floating' is not one of standing, lifted" in messages[0]
    assert "passing: 'True' is not one of stuck, free" in messages[1]
    assert "ending: 'never' is not one of first, all" in messages[2]
    assert "no option 'pass'" in messages[3] and "passing" in messages[3]
    assert record.rules == "original"  # bad values are ignored, the preset stays


# --- §4.6 relc_nh: the NH of an own LC's re-play ----------------------------------------------
def test_re_play_reaches_from_the_standing_lc_only_under_standing() -> None:
    # j3 is 1 rank and 2 files from h2 (the LC), 2 ranks and 2 files from h1: only the
    # standing LC reaches it.
    line = JUMP + "xh2>j3 16-2-2-3 [put] {W:29}"
    assert codes(load(PREFIX + line)) == []
    front = rules_front(relc_nh="lifted")
    lifted = load(PREFIX + line, front)
    row, column, message = only(lifted, "SF103")
    assert (row, column) == (line_of(front, PREFIX + line + "\n", -1), 29)
    assert message.startswith("j3 is not reachable: nearest own card h1")
    assert codes(load(PREFIX + line, "rules: strict\n")) == ["SF103"]
    other_cell = JUMP + "xh2>e2 16-2-2-3 [put] {W:30}"
    assert codes(load(PREFIX + other_cell, rules_front(relc_nh="lifted"))) == []


def test_the_lc_never_goes_back_to_its_old_cell() -> None:
    # Lifted, h2 is an empty cell next to h1: it is in the NH, but still not allowed.
    line = JUMP + "xh2>h2 2-2-3-16"
    for front in ("", rules_front(relc_nh="lifted")):
        assert "old cell h2" in only(load(PREFIX + line, front), "SF110")[2]


def test_the_hint_for_a_missing_re_play_uses_the_option_s_nh() -> None:
    bare = PREFIX + JUMP.rstrip()
    standing = only(load(bare), "SF110")[2]
    lifted = only(load(bare, rules_front(relc_nh="lifted")), "SF110")[2]
    assert "must be played again: e.g. xh2>" in standing and "must be played again" in lifted
    assert "xh2>h2 " not in lifted  # the old cell is never suggested


def _board(cards: list[tuple[int, str]]) -> Board:
    board = empty_board()
    for cell, owner in cards:
        board[cell] = ((2, 2, 2, 2), owner)
    return board


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.tuples(st.integers(0, 168), st.sampled_from(["W", "B"])), max_size=50),
    st.integers(0, 168),
)
def test_lifted_nh_is_the_standing_nh_less_what_only_the_lc_reaches(
    cards: list[tuple[int, str]], lc: int
) -> None:
    board = _board(cards)
    board[lc] = ((2, 2, 2, 2), "W")
    standing = relc_nh(board, lc, "W", "standing")
    lifted = relc_nh(board, lc, "W", "lifted")
    assert standing == nh(board, "W")
    assert lifted <= standing and lc not in lifted
    alone = nh(_board([(lc, "W")]), "W")  # what the LC reaches on an empty board
    assert standing - lifted <= alone
    for mode, cells in (("standing", standing), ("lifted", lifted)):
        on = relc_board(board, lc, mode)
        assert {c for c in range(169) if c != lc and reaches(on, "W", c)} == cells
    assert board[lc] is not None  # relc_board copies, it never lifts the caller's LC


# --- §4.7 passing ---------------------------------------------------------------------------
def test_pass_while_a_placement_is_possible() -> None:
    body = opening() + "W:pass\nB:g12 5-7-14-11 [put] {W:0 B:2.4}\n"
    line, column, message = only(load(body), "SF113")
    assert (line, column) == (line_of("", body, 2), 1)
    assert "no pass while a placement is possible (e.g. on" in message
    free = load(body, rules_front(passing="free"))
    assert codes(free) == []
    steps = replay_of(free).steps
    assert steps[3].passed and steps[3].state.to_move == "B" and steps[3].gain == 0
    assert codes(load(body, "rules: strict\n")) == ["SF113"]


def test_a_draw_then_a_pass_under_free() -> None:
    body = opening() + "W:+2-2-2-2 pass\nB:g12 5-7-14-11\nW:g2 2-2-2-2\n"
    record = load(body, rules_front(passing="free"))
    assert codes(record) == []
    assert replay_of(record).steps[3].state.mounts["W"] == 52


# --- §4.8 ending ----------------------------------------------------------------------------
TWOS = " ".join(["2-2-2-2"] * 7)
FOURS = " ".join(["4-4-4-4"] * 7)  # W scores more than B: no tie to hide the winner
SMALL = {"deck_size": 7}
# W places all seven cards; B passes once (passing: free), so when W's final action
# comes B still holds two cards.
W_FINISHES = (
    opening(FOURS, TWOS)
    + "W:g2 4-4-4-4\nB:pass\nW:f1 4-4-4-4\nB:g12 2-2-2-2\nW:g3 4-4-4-4\nB:f13 2-2-2-2\n"
    + "W:h1 4-4-4-4\nB:f12 2-2-2-2\nW:h2 4-4-4-4\nB:h13 2-2-2-2\nW:f2 4-4-4-4\n"
)


def test_first_ending_stops_at_the_first_final_action() -> None:
    front = rules_front(passing="free", **SMALL)
    body = W_FINISHES + "B:h12 2-2-2-2\n"
    line, _, message = only(load(body, front), "SF114")
    assert line == line_of(front, body, -1)
    assert message == "the game is over: a player's hand and mount are empty"
    replay = replay_of(load(body, front))
    assert replay.complete and replay.steps[-1].state.finals == ["W"]


def test_all_ending_plays_on_until_every_player_has_finished() -> None:
    front = rules_front(passing="free", ending="all", **SMALL)
    finish = "B:h12 2-2-2-2\nB:g11 2-2-2-2\n"
    record = load(W_FINISHES + finish, front)
    assert codes(record) == []
    steps = replay_of(record).steps
    w_final, b_next, b_final = steps[-3], steps[-2], steps[-1]
    assert w_final.finals == ["W"] and not w_final.state.over
    assert w_final.state.to_move == "B" and b_next.state.to_move == "B"  # W is skipped
    assert b_final.finals == ["B"] and b_final.state.over and replay_of(record).complete
    assert b_final.state.points["W"] == w_final.state.points["W"]  # x0.8 once, never again
    b_before = b_next.state.points["B"] + b_final.gain
    assert b_before % 100 != 0  # the rounding really drops something
    assert b_final.state.points["B"] == b_before * 8 // 100 * 10
    assert b_final.state.finals == ["W", "B"]
    final = points(record)
    assert final["W"] != final["B"]
    winner = max("WB", key=lambda p: final[p])
    assert replay_of(record).winner == winner and record.ranking[0] == record.winner


def test_all_ending_skips_the_finished_player() -> None:
    front = rules_front(passing="free", ending="all", **SMALL)
    body = W_FINISHES + "W:g4 4-4-4-4\n"
    line, _, message = only(load(body, front), "SF101")
    assert line == line_of(front, body, -1)
    assert message == (
        "it is Black's (B) action, not W's (W has made the final action); read as W's action"
    )
    ended = load(W_FINISHES + "B:h12 2-2-2-2\nB:g11 2-2-2-2\nB:g10 2-2-2-2\n", front)
    assert only(ended, "SF114")[2] == "the game is over: every player has made the final action"


def test_all_ending_in_progress_until_the_last_final_action() -> None:
    front = rules_front(passing="free", ending="all", **SMALL)
    record = load(W_FINISHES, front)
    assert not replay_of(record).complete and record.winner is None
    assert [d.code for d in record.diagnostics] == ["SF201"]


def test_final_timing_scores_the_last_placement_before_or_after_the_x_point_eight() -> None:
    body = W_FINISHES
    after = replay_of(load(body, rules_front(passing="free", **SMALL))).steps
    before = replay_of(load(body, rules_front(passing="free", final_timing="before", **SMALL)))
    last, held = after[-1], after[-2].state.points["W"]
    assert last.finals == ["W"] and last.gain > 0
    assert last.state.points["W"] == (held + last.gain) * 8 // 100 * 10
    assert before.steps[-1].state.points["W"] == held * 8 // 100 * 10 + last.gain
    assert before.steps[-1].state.points["W"] != last.state.points["W"]
    # The x0.8 is the finishing player's alone: B's points are the same under both.
    assert before.steps[-1].state.points["B"] == last.state.points["B"]
    written = body.rstrip("\n") + " {W:%s}\n" % (before.steps[-1].state.points["W"] // 10)
    front = rules_front(passing="free", final_timing="before", **SMALL)
    assert codes(load(written, front)) == []  # the checked total is the reduced one
    assert codes(load(written, rules_front(passing="free", **SMALL))) == ["SF108"]


def test_self_play_under_the_alternatives_validates() -> None:
    """Passes by choice, finished players skipped, LC re-plays into the lifted NH: every
    line the self-play writes is one the engine accepts, and each game finishes."""
    spec = {"preset": "strict", "passing": "free", "deck_size": 16, "first_hand": 11}
    rules = resolve_rules(spec, DiagnosticBag())
    passes = skipped = replays = 0
    for seed in range(6):
        text = self_play_record(seed, ("random", "random"), rules)
        record = GAME.load(split_record_file(text, "selfplay.kifu")[0])
        assert record.diagnostics == [], [d.format_text() for d in record.diagnostics][:3]
        replay = replay_of(record)
        assert replay.complete and replay.steps[-1].state.finals in (["W", "B"], ["B", "W"])
        movers = [step.move.player for step in replay.steps if step.move is not None]
        skipped += sum(a == b for a, b in pairwise(movers))
        passes += text.count(":pass ")  # pass {W:… B:…}
        replays += text.count(">")
    assert passes >= 3 and skipped >= 3 and replays >= 3


def test_the_record_page_names_the_options() -> None:
    record = load(opening(), rules_front(preset="strict", passing="free"))
    header = dict(GAME.view(record).header)
    assert header["ルール / Rules"] == "strict+passing=free"
    options = header["オプション / Options"]
    assert "relc_nh=lifted passing=free ending=all" in options
    assert (
        "relc_nh=standing passing=stuck ending=first"
        in dict(GAME.view(load(opening())).header)["オプション / Options"]
    )


def test_every_option_has_a_row_in_the_game_page_with_both_presets() -> None:
    page = (Path(__file__).resolve().parents[2] / "site_src" / "selaffesto.md").read_text("utf-8")
    rows = {}
    for line in page.splitlines():
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        if line.startswith("| `") and len(cells) == 4:
            for name in cells[0].replace("`", "").split(" / "):
                rows[name] = cells
    assert set(OPTION_NAMES) <= set(rows)
    for name in OPTION_NAMES:
        first_cell = rows[name][0]
        if " / " in first_cell:
            continue  # start_w / start_b share one row
        original, strict = (getattr(PRESETS[p], name) for p in ("original", "strict"))
        assert [cell.strip("`") for cell in rows[name][1:3]] == [str(original), str(strict)], name


def test_the_first_action_places_any_of_the_first_hand_in_any_rotation() -> None:
    """§4.3 is no option: the record says which card and how it lies (the program chose at
    random, so any choice is one it could have made)."""
    body = opening(w_start="9-18-3-6", b_start="7-2-3-2")  # third and fifth cards, turned
    record = load(body)
    assert codes(record) == []
    board = replay_of(record).steps[-1].state.board
    assert board[at("g1")] == ((9, 18, 3, 6), "W") and board[at("g13")] == ((7, 2, 3, 2), "B")


def test_the_site_s_rules_option_reaches_the_new_options(tmp_path: Path) -> None:
    """mkdocs.yml ``rules: {selaffesto: {…}}`` goes the same way as front matter."""
    path = tmp_path / "site.kifu"
    path.write_text("---\ngame: selaffesto\n---\n" + opening() + "W:pass\n", "utf-8")
    site = {"selaffesto": {"preset": "original", "passing": "free", "ending": "all"}}
    (record,) = load_file(path, rules=site)
    assert record.rules == "original+ending=all,passing=free"
    assert codes(record) == []
    (record,) = load_file(path, rules={"selaffesto": {"ending": "sometime"}})
    found = [d for d in record.diagnostics if d.code == "SF012"]
    assert len(found) == 1 and "'sometime' is not one of first, all" in found[0].message
    assert found[0].line >= 1 and found[0].path.endswith("site.kifu")
    assert codes(record) == ["SF012", "SF113"]  # the bad value is dropped, the default holds


SOUP = [
    "pass",
    "g2",
    "g3",
    "f1",
    "h1",
    "h2",
    "g12",
    "f13",
    "2-2-2-2",
    "4-4-4-4",
    "xh2",
    "xh2>e2",
    "+2-2-2-2",
    "[put]",
    "{W:3}",
]
ALTERNATIVES = rules_front(
    preset="strict", passing="free", deck_size=8, first_hand=7
)  # relc_nh: lifted, ending: all, final_timing: before; the hands run out soon


@settings(max_examples=80, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(["W", "B"]),
            st.lists(
                st.sampled_from(SOUP),
                max_size=4,
            ),
        ),
        max_size=24,
    )
)
def test_any_lines_under_the_alternatives_never_raise(lines: list[tuple[str, list[str]]]) -> None:
    """Passes, finished players' lines, re-plays: every line gets diagnostics, never a
    traceback, and the view and the writer take the result."""
    body = opening(FOURS, TWOS) + "\n".join(f"{w}:{' '.join(t)}" for w, t in lines) + "\n"
    record = load(body, ALTERNATIVES)
    GAME.view(record)
    GAME.format(record)
    finals = replay_of(record).steps[-1].state.finals
    assert len(set(finals)) == len(finals)  # each player's x0.8 happens once


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ("---\ngame: selaffesto\n---\n", 3),  # front matter only: at its closing ---
        ("---\ngame: selaffesto\n---\n\n* only a comment\n", 5),
    ],
)
def test_a_record_without_actions_is_an_error(text: str, line: int) -> None:
    """An empty record (a failed save) passed `validate --strict` and was published as a
    blank page (review12 F-EMPTY-1); the other games already said so."""
    (source,) = split_record_file(text, "empty.kifu")
    record = GAME.load(source)
    problems = [(d.code, d.line, d.column) for d in record.diagnostics]
    assert problems == [("SF013", line, 1)]
