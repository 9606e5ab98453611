"""RF003 names where an unclosed bracket or quote was opened, not only where YAML gave up."""

from __future__ import annotations

from kifuwiki.archive import load_text


def rf003(text: str) -> tuple[str, int]:
    (record,) = load_text(text, "f.kifu")
    (error,) = [d for d in record.diagnostics if d.code == "RF003"]
    return error.message, error.line


def test_an_unclosed_bracket_names_the_line_it_opened_on() -> None:
    message, line = rf003("---\ntitle: x\ngame: [unclosed\nevent: y\n---\nA:(23)\n")
    assert line == 4  # where PyYAML noticed
    assert "(while parsing a flow sequence at line 3, column 7)" in message, message


def test_an_unclosed_quote_names_the_line_it_opened_on() -> None:
    message, _ = rf003('---\ntitle: "abc\ngame: catan\n---\n')
    assert "while scanning a quoted scalar at line 2, column 8" in message


def test_a_quote_left_open_on_the_last_line_names_its_column() -> None:
    message, line = rf003('---\ngame: catan\ntitle: "unclosed\n---\n')
    assert line == 3
    assert "(while scanning a quoted scalar at column 8)" in message, message


def test_a_mistake_on_one_line_says_nothing_more() -> None:
    message, line = rf003("---\ngame: catan\n  x: 1\n---\n")
    assert line == 3 and "(while" not in message


# One typo is one error (round fourteen): the keys on the other lines are still read.
# A Catan record whose title left a bracket open lost its `game:`, `order:` and `board:`
# and got an error for every turn after it.


def test_the_keys_on_other_lines_are_still_read() -> None:
    text = "---\ngame: prime-daifugo\ntitle: [broken\nplayers: {A: Ann}\nevent: x\n---\nA:(23)\n"
    (record,) = load_text(text, "f.kifu")
    assert record.game == "prime-daifugo"
    assert record.meta["players"] == {"A": "Ann"} and record.meta["event"] == "x"
    assert "title" not in record.meta
    (error,) = [d for d in record.diagnostics if d.code == "RF003"]
    assert "not read: 'title'" in error.message
    assert "読めなかったキー: 'title'" in (error.message_ja or "")


def test_a_key_with_a_block_under_it_is_read_whole() -> None:
    text = "---\ngame: catan\nplayers:\n  B: Bea\n  Y: Yu\norder:\n- B\n- Y\ntitle: 'open\n---\n"
    (record,) = load_text(text, "f.kifu")
    assert record.meta["players"] == {"B": "Bea", "Y": "Yu"}
    assert record.meta["order"] == ["B", "Y"]
    assert [d.code for d in record.diagnostics if d.code.startswith("RF")] == ["RF003"]


def test_nothing_readable_says_nothing_more() -> None:
    message, _ = rf003("---\n[a, b\n---\n")
    assert "other keys" not in message
