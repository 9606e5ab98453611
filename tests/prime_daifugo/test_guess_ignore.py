"""What guess mode asks for at a Prime Daifugo step (review12 F-GUESS-1): the play the
player chose, without the cards drawn first or as a penalty, which no position shows
before the move. The game's ``guess_ignore`` pattern (written once a page; the shared
script removes its matches from the notation) is checked here with Python's ``re``: it
uses only what JavaScript's and Python's regular expressions read alike."""

from __future__ import annotations

import re

import pytest

from kifuwiki.games.prime_daifugo import GAME

IGNORE = re.compile(GAME.guess_ignore)


def answer(notation: str) -> str:
    return IGNORE.sub("", notation)


@pytest.mark.parametrize(
    ("notation", "expected"),
    [
        ("D(Q)987463", "987463"),  # drawn first
        ("D223", "223"),  # one unknown card drawn
        ("D%", "%"),  # drew, then passed
        ("223", "223"),
        ("996643,P(A2TQ56)", "996643"),  # the judge's penalty cards
        ("D(9)996643,P(A2TQ56)", "996643"),
        ("22,P3", "22"),
        ("D(T)AXXTTTJQQ2345|X=0|X=0,P(5A48)", "AXXTTTJQQ2345|X=0|X=0"),  # jokers kept
        ("57[GC]", "57[GC]"),
        ("D;D=7", "D;D=7"),  # Fandom's draw line: the draw is the move
        ("D", "D"),
        ("D(Q)", "D(Q)"),  # a draw alone
    ],
)
def test_what_is_guessed(notation: str, expected: str) -> None:
    assert answer(notation) == expected


def test_the_pattern_is_one_javascript_reads_the_same() -> None:
    """No Python-only syntax: named groups, inline flags, possessive quantifiers,
    lookbehind (older engines), \\A / \\Z anchors."""
    for python_only in ("(?P", "(?i", "(?<", "*+", "++", "\\A", "\\Z"):
        assert python_only not in GAME.guess_ignore
