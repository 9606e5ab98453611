"""The shortcuts a line, a card text or a number takes the first time it is read give
what the general readings give.

A game new to the engine reads each of its move lines, card texts and numbers once
(later games find them remembered): ``notation._line_fields`` reads the plain move
shapes of a ``_FAST_LINE`` match with its groups by number (``_fast_fields`` reads
all of them), ``cards_of`` builds the cards of a text without suits with ``map``
(``_read_cards`` reads any), ``card_run`` makes a ``CardRun`` without its frozen
``__init__``, and ``digits_of`` translates a text of ranks at once
(``_digits_of_cards`` goes card by card); ``_has_fandom_key``, read for every game,
finds a line ``A:`` as ``_FANDOM_KEY`` does with two searches that skip to a line
end. Each is checked against its general path on
every line of the corpus (skipped when ``../shared`` is absent), of ``records/``, of
generated games and of seeded edits of all of those, and on generated texts.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import random
import re
from collections.abc import Iterable, Iterator
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.prime_daifugo.move_lines import move_lines
from tests.prime_daifugo.shared_data import SKIP_REASON, corpus_dir

from kifuwiki.games.prime_daifugo import notation, notation_moves
from kifuwiki.games.prime_daifugo.model import Card, CardRun
from kifuwiki.games.prime_daifugo.notation_moves import (
    _read_cards,
    card_run,
    cards_of,
    normalise,
    ranks_of,
)
from kifuwiki.games.prime_daifugo.numbers import _digits_of_cards, digits_of

REPO = Path(__file__).resolve().parents[2]
CORPUS = corpus_dir()
GENERATOR = REPO / "benchmarks" / "gen_games.py"

#: Texts of cards as a record writes them (what ``CARDS_RE`` reads), suited or not.
_CARD_TEXT = re.compile(r"(?:[A2-9TJQKX?][dchs]?)+")
#: What the seeded edits insert: the notation's own characters and a few others.
_EDIT_CHARS = "0123456789AKQJTX?%#:|=[]()-+*^,PDGCRIN dchs！：％Ｋ　×"


def _generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("gen_games", GENERATOR)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _lines(paths: Iterable[Path]) -> list[str]:
    return [line for path in paths for line in path.read_text(encoding="utf-8").splitlines()]


def _edited(lines: list[str], seed: int) -> Iterator[str]:
    """Each line, then three seeded edits of it (a character inserted, deleted, changed)."""
    rng = random.Random(seed)
    for line in lines:
        yield line
        for _ in range(3):
            k = rng.randrange(len(line) + 1)
            op = rng.randrange(3)
            if op == 0:
                yield line[:k] + rng.choice(_EDIT_CHARS) + line[k:]
            elif op == 1:
                yield line[:k] + line[k + 1 :]
            else:
                yield line[:k] + rng.choice(_EDIT_CHARS) + line[k + 1 :]


def _check_texts(texts: Iterable[str]) -> int:
    """Every text (a game's lines, normalised, as detect_dialect reads them) against
    ``_FANDOM_KEY``; how many have such a line."""
    keys = 0
    for text in texts:
        found = notation._has_fandom_key(text)
        assert found == (notation._FANDOM_KEY.search(text) is not None), text[:200]
        keys += found
    return keys


def _texts_and_edits(lines: list[str], seed: int) -> Iterator[str]:
    """Runs of 20 lines, as they are and with seeded edits, normalised."""
    edited = list(_edited(lines, seed))
    for start in range(0, len(lines), 20):
        yield normalise("\n".join(lines[start : start + 20]))
        yield normalise("\n".join(edited[4 * start : 4 * start + 80]))


def _check_lines(lines: Iterable[str]) -> tuple[int, int]:
    """Every line against the general paths; (lines read by the shortcut, lines the
    shortcut handed to ``_fast_fields``), so that a test can see it is not blind."""
    short = handed = 0
    for line in lines:
        text = normalise(line)
        for cards in _CARD_TEXT.findall(text):
            notation_moves._CARD_CACHE.pop(cards, None)
            assert cards_of(cards) == _read_cards(cards), cards
            assert ranks_of(cards_of(cards)) == "".join(card.rank for card in cards_of(cards))
            ranks = "".join(card.rank for card in _read_cards(cards))
            assert digits_of(ranks) == _digits_of_cards(ranks), ranks
            assert digits_of(ranks, (0, 13)) == _digits_of_cards(ranks, (0, 13)), ranks
        match = notation._FAST_LINE.fullmatch(text)
        if match is None:
            continue
        fast = notation._line_fields(match)
        assert fast == notation._fast_fields(match, 1), line
        fac, jok, tag, pen = match.groups()[5:9]
        if fac is not None or jok or tag is not None or pen is not None:
            handed += 1
        else:
            short += 1
    return short, handed


@pytest.mark.skipif(not CORPUS.is_dir(), reason=SKIP_REASON)
def test_every_corpus_line_and_its_edits() -> None:
    lines = _lines(sorted(CORPUS.glob("*.kifu")))
    assert lines, "the corpus folder holds no record files"
    short, handed = _check_lines(lines)
    assert short > 1_000 and handed > 50  # both ways taken, on the real lines alone
    _check_lines(_edited(lines, 16))
    for path in sorted(CORPUS.glob("*.kifu")):
        _check_texts([normalise(path.read_text(encoding="utf-8"))])
    _check_texts(_texts_and_edits(lines, 16))


def test_every_line_of_records_and_its_edits() -> None:
    paths = sorted(path for path in (REPO / "records").rglob("*") if path.is_file())
    lines = _lines(path for path in paths if path.suffix in (".kifu", ".md", ".txt"))
    short, _ = _check_lines(_edited(lines, 7))
    assert short > 100
    keys = _check_texts(normalise(path.read_text(encoding="utf-8")) for path in paths)
    keys += _check_texts(_texts_and_edits(lines, 7))
    assert keys > 0  # records/ has Fandom records (A:, B:): both answers are seen


def test_every_line_of_generated_games_and_their_edits() -> None:
    generator = _generator()
    lines = [
        line for index in range(1, 61) for line in generator.record_text(index, 9).splitlines()
    ]
    short, handed = _check_lines(_edited(lines, 3))
    assert short > 1_000 and handed > 10
    _check_texts(_texts_and_edits(lines, 3))


#: Pieces of standard move bodies, right and wrong (as test_fast_line_cache's).
PIECES = ["%", "%%", "#", "D(7)", "D()", "D(Q?)", "57", "QK", "X3", "|X=K", "|X=0", "[GC]"]
PIECES += ["[RR]", "[IN]", "=", "3*19", "^2", ",P(KQ)", ",P()", "A", "T", "?", "x", " ", "("]
PIECES += [")", "(23)", "P", "!", "Qh", "Ks"]


@settings(max_examples=300, deadline=None)
@given(move_lines(["a", "b", "あ", " a", "*", "ａ"], PIECES, max_pieces=6, max_lines=8))
def test_generated_lines(lines: list[tuple[str, list[str]]]) -> None:
    text = [f"{name}:{''.join(pieces)}" for name, pieces in lines]
    _check_lines(text)
    _check_texts([normalise("\n".join(text))])


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet="AQbx :：\n\r\t\u3000\x1c\x85\u2028あ", max_size=16))
def test_fandom_key_on_any_text(text: str) -> None:
    _check_texts([text, normalise(text)])


@given(st.text(alphabet="A23456789TJQKX?01xdh ", max_size=14), st.lists(st.integers(0, 13)))
def test_digits_of_any_text(ranks: str, jokers: list[int]) -> None:
    assert digits_of(ranks, tuple(jokers)) == _digits_of_cards(ranks, tuple(jokers))


@given(st.text(alphabet="A23456789TJQKX?", max_size=20))
def test_cards_of_any_plain_text(text: str) -> None:
    notation_moves._CARD_CACHE.pop(text, None)
    cards = cards_of(text)
    assert cards == _read_cards(text)
    assert all(card is notation_moves.PLAIN_CARDS[card.rank] for card in cards)


@given(
    st.lists(st.sampled_from([Card(rank) for rank in "A29TX?"] + [Card("Q", "h")]), max_size=6),
    st.integers(-3, 300),
)
def test_card_run_is_the_constructors_run(cards: list[Card], column: int) -> None:
    made = card_run(tuple(cards), column)
    built = CardRun(tuple(cards), column)
    assert type(made) is CardRun
    assert made == built and hash(made) == hash(built) and repr(made) == repr(built)
    assert (made.cards, made.column, made.text) == (built.cards, built.column, built.text)
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.column = 2  # type: ignore[misc]
