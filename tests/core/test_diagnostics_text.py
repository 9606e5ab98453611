"""How counts read in English messages (review13 R13-14: "1 cards", "all 1 copies")."""

from __future__ import annotations

from kifuwiki.core.diagnostics import counted


def test_one_is_singular_every_other_count_plural() -> None:
    assert counted(1, "card") == "1 card"
    assert [counted(n, "card") for n in (0, 2, 6)] == ["0 cards", "2 cards", "6 cards"]
    assert counted(1, "copy", "copies") == "1 copy"
    assert counted(3, "copy", "copies") == "3 copies"
