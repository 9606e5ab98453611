"""Property tests: the 撿紅點 loader never raises; fmt is idempotent on whatever it reads."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from tests.cardgames import damaged, front, replay_steps, roundtrip

from kifuwiki.games.jianhongdian import GAME
from kifuwiki.games.jianhongdian.selfplay import game

ALPHABET = "ABCDHSJQKT0123456789xX×^:：()* &!?\n\tseatblockrult場札♥♠"
FRONT = front("jianhongdian")


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet=ALPHABET, max_size=300))
def test_arbitrary_bodies_never_raise(body: str) -> None:
    roundtrip(GAME, FRONT + body, FRONT, replay_steps)


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 40), st.text(alphabet=ALPHABET, max_size=12))
def test_mutated_games_never_raise(seed: int, line: int, junk: str) -> None:
    roundtrip(GAME, FRONT + damaged(game(seed, 2 + seed % 3), line, junk), FRONT, replay_steps)
