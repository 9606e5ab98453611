"""How counts read in English messages (review13 R13-14: "1 cards", "all 1 copies")."""

from __future__ import annotations

from kifuwiki.core.diagnostics import counted, ordinal


def test_one_is_singular_every_other_count_plural() -> None:
    assert counted(1, "card") == "1 card"
    assert [counted(n, "card") for n in (0, 2, 6)] == ["0 cards", "2 cards", "6 cards"]
    assert counted(1, "copy", "copies") == "1 copy"
    assert counted(3, "copy", "copies") == "3 copies"


def test_english_ordinals() -> None:
    # A Prime Daifugo rank read "1 st" and "2 place" (round fourteen).
    numbers = (1, 2, 3, 4, 5, 10, 11, 12, 13, 21, 22, 23, 101, 111, 112)
    assert [ordinal(n) for n in numbers] == [
        "1st", "2nd", "3rd", "4th", "5th", "10th", "11th", "12th", "13th",
        "21st", "22nd", "23rd", "101st", "111th", "112th",
    ]  # fmt: skip
