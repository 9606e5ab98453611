"""The kit's record lines: key/body, marks, brackets, card runs, the walk."""

from __future__ import annotations

from dataclasses import dataclass

from kifuwiki.cardkit import lines
from kifuwiki.cards import Card, CardSyntaxError, Suit
from kifuwiki.core.recordfile import SourceLine, split_record_file


def test_line_splits_key_and_body_with_either_colon() -> None:
    m = lines.LINE.match("  N： SA SK")
    assert m is not None
    assert (m["key"], m["body"]) == ("N", "SA SK")
    assert lines.LINE.match("no colon here") is None


def test_split_marks_takes_the_marks_after_a_space() -> None:
    assert lines.split_marks("SA !?") == ("SA", "!?")
    assert lines.split_marks("SA ??") == ("SA", "??")
    assert lines.split_marks("SA") == ("SA", "")
    assert lines.split_marks("SA!") == ("SA!", "")


def test_bracketed_gives_the_inside_and_its_column() -> None:
    assert lines.bracketed(" (SA SK) ", 4) == ("SA SK", 6)
    assert lines.bracketed("SA SK", 4) is None


def test_read_run_gives_cards_with_columns_or_the_error() -> None:
    assert lines.read_run("SA H10") == ((Card(1, Suit.SPADES), 0), (Card(10, Suit.HEARTS), 3))
    error = lines.read_run("SA ZZ")
    assert isinstance(error, CardSyntaxError)
    assert error.column == 3


def test_as_written_keeps_what_follows_the_colon() -> None:
    assert lines.as_written("N:  S?? x ") == "S?? x"
    assert lines.as_written("garbage") == "garbage"


def test_player_names_reads_a_mapping_only() -> None:
    assert lines.player_names({"players": {"N": "Ann", 1: 2}}) == {"N": "Ann", "1": "2"}
    assert lines.player_names({"players": ["Ann", "Bob"]}) == {}
    assert lines.player_names({}) == {}


@dataclass
class _Record:
    names: dict[str, str]
    items: list[object]
    notes: dict[int, list[SourceLine]]


def test_walk_reads_text_lines_and_files_notes_by_move() -> None:
    (source,) = split_record_file(
        "---\nplayers: {N: Ann}\n---\nN: SA\n* a comment\nE: S3\n\nS: bad\n"
    )
    record = _Record({}, [], {})
    moves: list[str] = []

    def read(line: SourceLine) -> object | None:
        if "bad" in line.text:
            return None
        moves.append(line.text)
        return ("move", line.text)

    lines.walk(source, record, read, lambda: len(moves))
    items, notes = record.items, record.notes
    assert moves == ["N: SA", "E: S3"]
    assert ("move", "N: SA") in items and ("move", "E: S3") in items
    kept = [item for item in items if isinstance(item, SourceLine)]
    assert any(line.text == "S: bad" for line in kept)  # unreadable: kept as written
    assert list(notes) == [1]
    assert notes[1][0].comment == "a comment"
    assert record.names == {"N": "Ann"}
