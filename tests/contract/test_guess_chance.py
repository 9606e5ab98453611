"""What guess mode asks for in the games whose notation holds chance (review13 R13-3):
the card turned from the stock (撿紅點), the hand dealt and the card drawn (selaffesto),
a draw (ポンジャン), dice (鋼鉄の虹). Each game's ``guess_ignore`` pattern is checked with
Python's ``re`` (it uses only what JavaScript's reads alike), against the notation the
move line shows, as the shared script takes it: the matches removed, then the mover's
``X:`` prefix, case and spacing left out. An empty answer is a step guess mode skips."""

from __future__ import annotations

import re

import pytest

from kifuwiki.games import get_game


def answer(game_id: str, notation: str) -> str:
    """What is left to guess: ``norm`` of ``kifuwiki.js`` after the game's pattern."""
    pattern = get_game(game_id).guess_ignore
    left = re.sub(pattern, "", notation).lower().strip()
    return re.sub(r"^[^\s:]{1,12}:", "", left).strip()


@pytest.mark.parametrize(
    ("game_id", "notation", "expected"),
    [
        ("jianhongdian", "A: S9xCA ^H6", "s9xca"),
        ("jianhongdian", "B: H10xD10 ^DJxSJ", "h10xd10"),
        ("jianhongdian", "B: SK ^DA", "sk"),
        ("jianhongdian", "A: C2", "c2"),  # the stock was empty
        ("selaffesto", "W:(9-11-5-15 20-6-4-4 2-15-22-11) g1 3-9-21-22 {W:0 B:0}", "g1 3-9-21-22"),
        ("selaffesto", "W:+11-14-4-25 f1 15-22-11-2 [put] {W:7 B:0}", "f1 15-22-11-2"),
        (
            "selaffesto",
            "B:+14-7-7-6 f13 5-9-20-15 [jump] xg13>f11 20-21-18-2 [put] {W:49 B:51}",
            "f13 5-9-20-15  xg13>f11 20-21-18-2",
        ),
        ("selaffesto", "W:(9-11-5-15 20-6-4-4)", ""),  # a deal alone: not asked
        ("ponjan", "A 引 2", ""),  # a draw: not asked
        ("ponjan", "A draw 2", ""),
        ("ponjan", "A 捨 5", "捨 5"),
        ("ponjan", "B リーチ 4", "リーチ 4"),
        ("ponjan", "B ツモ", "ツモ"),
        ("ponjan", "B ロン [333 555 77W] +三色", "ロン"),
        ("koutetsu-no-niji", "@roll リーゼ 索敵 2d6=4+3=7 ≤ 9 成功", ""),
    ],
)
def test_what_is_left_to_guess(game_id: str, notation: str, expected: str) -> None:
    assert answer(game_id, notation) == expected


@pytest.mark.parametrize("game_id", ["jianhongdian", "selaffesto", "ponjan", "koutetsu-no-niji"])
def test_the_pattern_is_one_javascript_reads(game_id: str) -> None:
    """No Python-only syntax: named groups, lookbehind, inline flags, possessives."""
    pattern = get_game(game_id).guess_ignore
    assert not re.search(r"\(\?P|\(\?<|\(\?[aiLmsux]|[*+?]\+", pattern), pattern
