"""A hypothesis strategy for Prime Daifugo move lines, shared by the fast-path tests:
lines of a player's name and pieces of move bodies, right and wrong, drawn from the
caller's lists."""

from __future__ import annotations

from hypothesis import strategies as st


def move_lines(
    names: list[str], pieces: list[str], *, max_pieces: int, max_lines: int
) -> st.SearchStrategy[list[tuple[str, list[str]]]]:
    """Up to ``max_lines`` (name, pieces) pairs of up to ``max_pieces`` pieces each."""
    line = st.tuples(st.sampled_from(names), st.lists(st.sampled_from(pieces), max_size=max_pieces))
    return st.lists(line, max_size=max_lines)
