"""``players:`` of the wrong shape (F-FM-1): RF013 at the ``players:`` line saying the
form to write, and never a Python repr ("None", "{'x': 1}") as a player's name."""

from __future__ import annotations

import pytest

from kifuwiki.archive import load_text

BODY = "A:(223)\nB:(69A)\nA:223#\n"


def _load(players: str) -> tuple[list[str], list[tuple[str, int, int, str]]]:
    text = f"---\ngame: prime-daifugo\ntitle: t\nplayers: {players}\n---\n{BODY}"
    (record,) = load_text(text, "p.kifu")
    found = [
        (d.code, d.line, d.column, d.message) for d in record.diagnostics if d.code.startswith("RF")
    ]
    return record.players, found


@pytest.mark.parametrize("players", ["[Alice, Bob]", "Alice, Bob", "5", "Alice"])
def test_a_players_value_that_is_not_a_mapping_is_reported(players: str) -> None:
    names, found = _load(players)
    assert names == ["A", "B"]
    assert [(code, line, column) for code, line, column, _ in found] == [("RF013", 4, 1)]
    assert "players: {A: name, B: name}" in found[0][3]
    assert "['" not in found[0][3]  # the value as written, not a Python list


@pytest.mark.parametrize("players", ["{A: null}", "{A: {x: 1}}", "{A: [1, 2]}", "{A: ~, B: Bob}"])
def test_a_name_that_is_not_text_keeps_the_letter(players: str) -> None:
    names, found = _load(players)
    assert names[0] == "A"
    assert not any(n in ("None", "{'x': 1}", "[1, 2]") for n in names)
    assert [(code, line, column) for code, line, column, _ in found] == [("RF013", 4, 1)]
    assert "players: {A: name, B: name}" in found[0][3]


def test_a_good_mapping_gives_no_warning() -> None:
    names, found = _load("{A: Alice, B: Bob}")
    assert names == ["Alice", "Bob"] and found == []


def test_a_list_of_seats_the_game_used_gives_no_warning() -> None:
    """Games that read a list (or a line) of seats use its words as the names."""
    from kifuwiki.core.front_matter_keys import dropped_players

    assert dropped_players({"players": ["N", "E"]}, ["N", "E"], ["players: [N, E]"], "x") == []
    assert dropped_players({"players": "N E"}, ["N", "E"], ["players: N E"], "x") == []
    assert len(dropped_players({"players": ["N", "E"]}, ["A", "B"], ["players: [N, E]"], "x")) == 1
