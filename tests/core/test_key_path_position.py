"""Where a nested front matter key is written: one function for every game (闘地主's
hands and 鋼鉄の虹's 判定値 had a finder each)."""

from __future__ import annotations

import pytest

from kifuwiki.core.front_matter_keys import key_path_position

BLOCK = ["game: x", "hands:", "  A: (3 4 5)", "  B: (6 7)", "kitty: (8 9 10)"]
FLOW = [
    "characters:",
    "  ハンス: {player: 佐藤, checks: {射撃: 9, 格闘: 7}}",
    "  リーゼ:",
    "    checks: {射撃: seven}",
]


@pytest.mark.parametrize(
    ("lines", "path", "expected"),
    [
        (BLOCK, ("kitty",), (6, 8)),
        (BLOCK, ("hands", "B"), (5, 6)),
        (BLOCK, ("hands",), (3, 7)),
        (BLOCK, ("B",), (5, 6)),  # a first key may be indented (any line's start)
        (BLOCK, ("hands", "C"), (3, 7)),  # not written: the last key found
        (BLOCK, ("nothing", "A"), (1, 1)),
        (FLOW, ("characters", "ハンス", "格闘"), (3, 41)),
        (FLOW, ("characters", "リーゼ", "射撃"), (5, 18)),  # after ハンス's own 射撃
        (["hands: {A: (3), 'B': (4)}"], ("hands", "B"), (2, 22)),
        (["kitty: x", "  hands: y"], ("kitty", "hands"), (3, 10)),
    ],
)
def test_where_a_nested_key_is_written(
    lines: list[str], path: tuple[str, ...], expected: tuple[int, int]
) -> None:
    assert key_path_position(lines, *path) == expected


def test_a_child_must_be_indented_or_in_flow_style() -> None:
    """An unindented key after the parent is the next top-level key, not its child."""
    assert key_path_position(["hands:", "  A: (3)", "B: 1"], "hands", "B") == (2, 7)
