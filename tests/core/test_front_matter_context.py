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
    assert message.endswith("(while parsing a flow sequence at line 3, column 7)"), message


def test_an_unclosed_quote_names_the_line_it_opened_on() -> None:
    message, _ = rf003('---\ntitle: "abc\ngame: catan\n---\n')
    assert "while scanning a quoted scalar at line 2, column 8" in message


def test_a_quote_left_open_on_the_last_line_names_its_column() -> None:
    message, line = rf003('---\ngame: catan\ntitle: "unclosed\n---\n')
    assert line == 3
    assert message.endswith("(while scanning a quoted scalar at column 8)"), message


def test_a_mistake_on_one_line_says_nothing_more() -> None:
    message, line = rf003("---\ngame: catan\n  x: 1\n---\n")
    assert line == 3 and "(while" not in message
