"""RF013: the shared front matter keys (title, event, date, source, licence) with a value
of the wrong shape are warned about at their line, and nothing is changed or dropped."""

from __future__ import annotations

import pytest

from kifuwiki.archive import load_text
from kifuwiki.core.front_matter_keys import key_line
from kifuwiki.core.recordfile import split_record_file

BODY = "A:(357)\nB:(2468)\nA:7\n"


def rf013(front_matter: str) -> list[tuple[int, str]]:
    text = f"---\ngame: prime-daifugo\ntitle: t\n{front_matter}\n---\n{BODY}"
    record = load_text(text, "x.kifu")[0]
    return [(d.line, d.message) for d in record.diagnostics if d.code == "RF013"]


@pytest.mark.parametrize(
    ("front_matter", "expected"),
    [
        ("event: [Kongo, 2024]", "'event' should be one line of text, not a list"),
        ("source: {url: x}", "'source' should be one line of text, not a mapping"),
        ("license:\n  - CC BY", "'license' should be one line of text, not a list"),
        ("date: 2024-13-45", "'date' is not a date of the calendar (2024-13-45)"),
        ("date: 2023-02-29", "'date' is not a date of the calendar (2023-02-29)"),
        ("date: [2024]", "'date' is not a date of the calendar ([2024])"),
    ],
)
def test_a_value_of_the_wrong_shape_is_warned_about_at_its_line(
    front_matter: str, expected: str
) -> None:
    [(line, message)] = rf013(front_matter)
    assert line == 4
    assert message.startswith(expected)


@pytest.mark.parametrize(
    "front_matter",
    [
        "event: 金剛戦",
        "date: 2024-02-29",
        "date: 2024-2-9",
        "date: 2024年春",
        "date: 2024",
        "source: https://example.org/x",
        "license: 5",
        "players: [A, B]",  # a game key: the game's to check
        "extra: [a, b]",  # an unknown key is shown as it is
    ],
)
def test_values_of_the_right_shape_are_not(front_matter: str) -> None:
    assert rf013(front_matter) == []


def test_a_list_title_is_kept_and_warned_about_once_for_a_file_of_two_games() -> None:
    text = "---\ngame: prime-daifugo\ntitle: [a, b]\n---\n# Game 1\n" + BODY + "# Game 2\n" + BODY
    records = load_text(text, "x.kifu")
    assert len(records) == 2
    codes = [[d.code for d in r.diagnostics if d.code.startswith("RF")] for r in records]
    assert codes == [["RF013"], []]
    assert records[0].source.meta["title"] == ["a", "b"]


def test_key_line_finds_the_last_of_a_key_written_twice_and_quoted_keys() -> None:
    lines = ["title: a", "'date': 2024-13-45", "title: b"]
    assert key_line(lines, "title") == 4
    assert key_line(lines, "date") == 3
    assert key_line(lines, "event") == 1
    [source] = split_record_file("---\n" + "\n".join(lines) + "\n---\nA:7\n", "x.kifu")
    assert [(d.code, d.line) for d in source.diagnostics] == [("RF013", 3)]
