"""Property tests: the 升級 loader never raises; fmt is idempotent on whatever it reads."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from tests.cardgames import damaged, front, replay_steps, roundtrip

from kifuwiki.games.shengji import GAME
from kifuwiki.games.shengji.rules import SEED
from kifuwiki.games.shengji.selfplay import game

ALPHABET = "NESWHDCJQKTBR0123456789>:：()*& !?=+\n\tlevsdcarbuymtkiyn北亮♥"
FRONT = front("shengji")


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet=ALPHABET, max_size=300))
def test_arbitrary_bodies_never_raise(body: str) -> None:
    roundtrip(GAME, FRONT + body, FRONT, replay_steps)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 80), st.text(alphabet=ALPHABET, max_size=12))
def test_mutated_deals_never_raise(seed: int, line: int, junk: str) -> None:
    roundtrip(GAME, FRONT + damaged(game(seed, SEED), line, junk), FRONT, replay_steps)
