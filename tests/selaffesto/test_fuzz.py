"""Property tests: the selaffesto loader, view and writer never raise, and fmt is stable."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from tests import cardgames
from tests.selaffesto.helpers import opening

from kifuwiki.archive import load_source
from kifuwiki.cli.fmt import format_records
from kifuwiki.core.recordfile import split_record_file
from kifuwiki.games.selaffesto import GAME

FRONT = "---\ngame: selaffesto\n---\n"
ALPHABET = "0123456789abgmnxXWB:：-+*@>()[]{}/ .!?putjmfail\n\t<>&\"'セ"
TOKENS = [
    "g2",
    "h1",
    "a14",
    "n3",
    "4-8-6-12",
    "25-20-22-24",
    "2-2-3-16",
    "16-2-2-3",
    "13-2-2-2",
    "2-2-2",
    "[put]",
    "[jump]",
    "[fail]",
    "[x]",
    "xh2>e2",
    "xh2",
    "xg1",
    "+2-2-2-2",
    "+2-2-2-2@B",
    "*2-2-2-2",
    "{W:3}",
    "{W:3 B:2.4}",
    "{Q:1}",
    "(2-2-2-2 4-4-4-4)",
    "(2-2-2-2 4-4-4-4",
    "(2-2-2-2 2-2-2)",
    "(2-2-2-2 4-4-4-4 25)20-22-24)",
    "2-2-2-2一",
    "pass",
    "!?",
    "// note",
    "(",
    "{",
    "[",
]


def roundtrip(text: str) -> None:
    cardgames.roundtrip(GAME, text, FRONT)


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet=ALPHABET, max_size=300))
def test_arbitrary_bodies_never_raise(body: str) -> None:
    roundtrip(FRONT + body)


@settings(max_examples=80, deadline=None)
@given(
    st.lists(
        st.tuples(st.sampled_from(["W", "B", "Q"]), st.lists(st.sampled_from(TOKENS), max_size=6)),
        max_size=12,
    )
)
def test_token_soup_after_a_real_opening_never_raises(lines: list[tuple[str, list[str]]]) -> None:
    body = opening() + "\n".join(f"{who}:{' '.join(tokens)}" for who, tokens in lines)
    roundtrip(FRONT + body + "\n")


def file_roundtrip(text: str) -> None:
    """``kifuwiki fmt`` of a whole file, read back by detection when no ``game:`` is
    readable: formatting twice gives what formatting once gave, as the same game."""
    records = [load_source(source) for source in split_record_file(text, "fuzz.kifu")]
    if not records or any(r.game != "selaffesto" or r.data is None for r in records):
        return
    once = format_records(records, None)
    again = [load_source(source) for source in split_record_file(once, "fuzz.kifu")]
    assert [r.game for r in again] == [r.game for r in records]
    assert format_records(again, None) == once


@settings(max_examples=120, deadline=None)
@given(
    st.sampled_from(["", "---\ngame: selaffesto\nplayers:\nW:x y\n  B: z\n---\n"]),
    st.lists(
        st.tuples(st.sampled_from(["W", "B"]), st.lists(st.sampled_from(TOKENS), max_size=6)),
        max_size=12,
    ),
)
def test_fmt_of_untagged_files_is_idempotent(
    front: str, lines: list[tuple[str, list[str]]]
) -> None:
    body = opening() + "\n".join(f"{who}:{' '.join(tokens)}" for who, tokens in lines)
    file_roundtrip(front + body + "\n")
