"""The writer: canonical text that reads back to the same game, and fmt(fmt(x)) == fmt(x)."""

from __future__ import annotations

import pytest
from tests.doudizhu.helpers import FRONT, codes, data, record
from tests.doudizhu.test_rules import GAME_1, SPRING

from kifuwiki.games.doudizhu.selfplay import generate

MESSY = """* a note on the whole game
A:( H3 S4 5 5 6 7 8 9 T J Q Q K K K X R )
B:(?)
C:( 3 4 ? )
kitty:(?)
A:bid1 !
* a bold bid
B : bid-
C:BID3
*&landlord C takes it
C:8 7 6 5 4 3
A:J T 9 8 7 6
B:-
C:pass
A:KKK+3 ?!
what is this
score: A+12 , B +12, C -24
"""


def fmt(text: str, front: str = FRONT) -> str:
    from kifuwiki.games.doudizhu import GAME

    return GAME.format(record(text, front))


@pytest.mark.parametrize("text", [GAME_1, SPRING, MESSY])
def test_fmt_is_idempotent_and_keeps_the_game(text: str) -> None:
    once = fmt(text)
    assert fmt(once) == once
    before, after = data(record(text)), data(record(once))
    assert before.replay.outcome == after.replay.outcome
    assert codes(record(text)) == codes(record(once))


def test_canonical_form() -> None:
    once = fmt(MESSY)
    assert once.splitlines()[:5] == [
        "* a note on the whole game",
        "A:(H3 S4 5 5 6 7 8 9 10 J Q Q K K K BJ RJ)",
        "B:(?)",
        "C:(3 4 ?)",
        "kitty:(?)",
    ]
    assert "A:bid1 !" in once and "* a bold bid" in once and "*&landlord C takes it" in once
    assert "C:3 4 5 6 7 8" in once
    assert "A:K K K + 3 ?!" in once  # the written split is kept, main part first
    assert "what is this" in once  # an unreadable line is never dropped
    assert "score: A +12, B +12, C -24" in once


def test_generated_games_round_trip() -> None:
    for seed in range(40):
        game = generate(seed, "random" if seed % 2 else "greedy", suits=seed % 3 == 0)
        body = game.text().split("---\n", 2)[2]
        front = "players:\n  A: East\n  B: South\n  C: West\n"
        once = fmt(body, front)
        assert once == body, seed  # the generator writes canonical text
