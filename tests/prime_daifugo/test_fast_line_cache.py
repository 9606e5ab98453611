"""Move lines read once and remembered give the same games as lines read afresh.

``notation._fast_line`` keeps what it read of each line in the common standard shape
(``a:%``, ``b:D(7)57[GC]`` …), keyed by the line's text, and each game builds its own
:class:`Move` from it. Parsing with that memory empty and full must give equal games
and diagnostics, whatever the lines; and the memory stays bounded.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from tests.prime_daifugo.move_lines import move_lines
from tests.prime_daifugo.shared_data import SKIP_REASON, corpus_dir

from kifuwiki.core.diagnostics import Diagnostic
from kifuwiki.core.recordfile import split_record_file
from kifuwiki.games.prime_daifugo import notation
from kifuwiki.games.prime_daifugo.model import ParsedGame

CORPUS = corpus_dir()

#: Pieces of standard move bodies, right and wrong.
PIECES = ["%", "%%", "#", "D(7)", "D()", "57", "QK", "X3", "|X=K", "[GC]", "[RR]", "=", "3*19"]
PIECES += ["^2", ",P(KQ)", ",P()", "A", "T", "?", "x", " ", "(", ")", "(23)", "P", "!"]


def parse(text: str) -> list[tuple[ParsedGame, list[Diagnostic]]]:
    return [notation.parse_game(source) for source in split_record_file(text, "r.kifu")]


def cold_and_warm(text: str) -> None:
    notation._FAST_LINES.clear()
    cold = parse(text)
    warm = parse(text)  # every line now comes from the memory
    assert warm == cold
    # Each game has moves of its own: the memory shares only immutable parts.
    for (first, _), (second, _) in zip(cold, warm, strict=True):
        assert all(a is not b for a, b in zip(first.moves, second.moves, strict=True))


@settings(max_examples=200, deadline=None)
@given(move_lines(["a", "b", "c", "あ", " a", "*"], PIECES, max_pieces=5, max_lines=12))
def test_remembered_lines_give_the_same_games(lines: list[tuple[str, list[str]]]) -> None:
    body = "\n".join(f"{name}:{''.join(pieces)}" for name, pieces in lines)
    cold_and_warm(f"a:(23456789TJQK)\nb:(A23456789TJQ)\n{body}\n")


@pytest.mark.skipif(not CORPUS.is_dir(), reason=SKIP_REASON)
def test_remembered_corpus_lines_give_the_same_games() -> None:
    paths = sorted(CORPUS.glob("*.kifu"))[:120]
    assert paths, "the corpus folder holds no record files"
    for path in paths:
        cold_and_warm(path.read_text(encoding="utf-8"))


def test_the_memory_is_bounded() -> None:
    notation._FAST_LINES.clear()
    limit = notation._FAST_LINES_LIMIT
    for n in range(limit + 10):
        notation._fast_line(f"a:{n}")
    assert len(notation._FAST_LINES) <= limit
    assert notation._fast_line("a:57[GC]") is not None
    assert notation._fast_line("a:57 is a good play") is None
