"""A record converted to the other dialect is the same game to the engine."""

from __future__ import annotations

import pytest
from tests.prime_daifugo.shared_data import corpus_dir

from kifuwiki.archive import load_file, load_text
from kifuwiki.cli.fmt import format_records

CORPUS = corpus_dir()


def test_joker_values_follow_the_sides_of_a_composite() -> None:
    # Standard writes the number first, Fandom the factors first; each joker keeps its value.
    text = "a:(KKX3737A3X4)\nb:(23456789TJQ)\na:KKX=A3^X*3*7*37|X=K|X=2\n"
    fandom = format_records(load_text(text, "x.kifu"), "fandom")
    assert "A3^X*3*7*37=KKX;X=2;X=K" in fandom
    (record,) = load_text(fandom, "x.kifu")
    assert record.errors == 0
    back = format_records([record], "standard")
    assert "KKX=A3^X*3*7*37|X=K|X=2" in back


@pytest.mark.skipif(not CORPUS.is_dir(), reason="the shared corpus is not here")
def test_every_corpus_game_in_fandom_notation_is_the_same_game() -> None:
    for path in sorted(CORPUS.glob("*.kifu")):
        records = load_file(path)
        converted = load_text(format_records(records, "fandom"), f"{path.name} (fandom)")
        for before, after in zip(records, converted, strict=True):
            assert after.errors == 0, [d.format_text() for d in after.diagnostics]
            # Moves are not compared: Fandom writes a draw as a line of its own.
            assert (after.winner, after.ranking) == (before.winner, before.ranking), path.name
