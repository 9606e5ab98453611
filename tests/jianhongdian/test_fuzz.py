"""Property tests: the 撿紅點 loader never raises; fmt is idempotent on whatever it reads."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from kifuwiki.core.recordfile import split_record_file
from kifuwiki.games.jianhongdian import GAME
from kifuwiki.games.jianhongdian.selfplay import game
from kifuwiki.games.jianhongdian.writer import write

ALPHABET = "ABCDHSJQKT0123456789xX×^:：()* &!?\n\tseatblockrult場札♥♠"
FRONT = "---\ngame: jianhongdian\n---\n"


def load_everything(text: str) -> None:
    for source in split_record_file(text, "fuzz.kifu"):
        rec = GAME.load(source)
        view = GAME.view(rec)
        assert len(view.steps) == len(rec.data.replay.steps)
        once = write(rec.data.record)
        again = GAME.load(split_record_file(FRONT + once)[0])
        assert write(again.data.record) == once


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet=ALPHABET, max_size=300))
def test_arbitrary_bodies_never_raise(body: str) -> None:
    load_everything(FRONT + body)


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 40), st.text(alphabet=ALPHABET, max_size=12))
def test_mutated_games_never_raise(seed: int, line: int, junk: str) -> None:
    lines = game(seed, 2 + seed % 3).splitlines()
    index = line % len(lines)
    cut = len(junk) % (len(lines[index]) + 1)
    lines[index] = lines[index][:cut] + junk
    load_everything(FRONT + "\n".join(lines))
