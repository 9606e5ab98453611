"""Property tests: the 撿紅點 loader never raises; fmt is idempotent on whatever it reads."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from tests.cardgames import damaged, front, roundtrip

from kifuwiki.games.base import GameRecord
from kifuwiki.games.jianhongdian import GAME
from kifuwiki.games.jianhongdian.selfplay import game

ALPHABET = "ABCDHSJQKT0123456789xX×^:：()* &!?\n\tseatblockrult場札♥♠"
FRONT = front("jianhongdian")


def replay_steps(rec: GameRecord) -> int:
    return len(rec.data.replay.steps)


def load_everything(text: str) -> None:
    roundtrip(GAME, text, FRONT, replay_steps)


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet=ALPHABET, max_size=300))
def test_arbitrary_bodies_never_raise(body: str) -> None:
    load_everything(FRONT + body)


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 40), st.text(alphabet=ALPHABET, max_size=12))
def test_mutated_games_never_raise(seed: int, line: int, junk: str) -> None:
    load_everything(FRONT + damaged(game(seed, 2 + seed % 3), line, junk))
