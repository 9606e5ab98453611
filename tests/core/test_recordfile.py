"""Record files: front matter, games per file, comment/bookmark classification."""

from __future__ import annotations

from pathlib import Path

import pytest

from kifuwiki.core.diagnostics import Severity
from kifuwiki.core.recordfile import (
    LineKind,
    decode,
    front_matter_line,
    kanji_heading,
    kanji_number,
    read_record_file,
    split_record_file,
)


def test_front_matter_is_read_and_unknown_keys_kept() -> None:
    text = "---\ngame: prime-daifugo\ntitle: T\nvenue: 渋谷\n---\nA:(23)\n"
    (source,) = split_record_file(text, "r.kifu")
    assert source.meta == {"game": "prime-daifugo", "title": "T", "venue": "渋谷"}
    assert source.game_id == "prime-daifugo"
    assert [line.number for line in source.lines] == [6, 7]
    assert source.lines[0].text == "A:(23)"
    assert source.diagnostics == []


def test_invalid_yaml_gives_a_located_error_not_an_exception() -> None:
    text = "---\ntitle: [unclosed\nevent: x\n---\nA:(23)\n"
    (source,) = split_record_file(text, "r.kifu")
    (diagnostic,) = source.diagnostics
    assert diagnostic.code == "RF003"
    assert diagnostic.severity is Severity.ERROR
    assert diagnostic.line >= 2
    assert diagnostic.path == "r.kifu"
    # The body is still read.
    assert source.lines[0].text == "A:(23)"


def test_unclosed_front_matter_and_non_mapping() -> None:
    (unclosed,) = split_record_file("---\ntitle: x\nA:(2)\n")
    assert [d.code for d in unclosed.diagnostics] == ["RF002"]
    (listy,) = split_record_file("---\n- a\n- b\n---\nA:(2)\n")
    assert [d.code for d in listy.diagnostics] == ["RF004"]


def test_comment_bookmark_and_blank_lines_are_classified() -> None:
    (source,) = split_record_file("A:223\n* nice **move**\n*&turning-point the key moment\n\n")
    kinds = [line.kind for line in source.lines]
    assert kinds == [
        LineKind.TEXT,
        LineKind.COMMENT,
        LineKind.BOOKMARK,
        LineKind.BLANK,
        LineKind.BLANK,
    ]
    assert source.lines[1].comment == "nice **move**"
    assert source.lines[2].bookmark == "turning-point"
    assert source.lines[2].comment == "the key moment"


def test_several_games_split_on_kanji_headings() -> None:
    text = "* a note on the file\n一試合目\nA:Foo\nA:223\n二試合目\n(一試合目)と同じ\nA:3\n"
    first, second = split_record_file(text, "two.kifu")
    assert (first.index, first.count, first.heading, first.heading_number) == (1, 2, "一試合目", 1)
    assert first.lines[0].kind is LineKind.COMMENT  # the preamble goes to the first game
    assert [line.text for line in second.lines] == ["(一試合目)と同じ", "A:3", ""]
    assert second.heading_number == 2
    assert "二試合目" in second.title


@pytest.mark.parametrize(
    ("heading", "number"),
    [("== 三試合目 ==", 3), ("十二試合目", 12), ("２試合目", 2), ("# Game 4", 4)],
)
def test_heading_forms(heading: str, number: int) -> None:
    sources = split_record_file(f"一試合目\nA:2\n{heading}\nA:3\n")
    assert sources[1].heading_number == number


def test_kanji_numbers_round_trip() -> None:
    for n in range(1, 100):
        assert kanji_number(kanji_heading(n).removesuffix("試合目")) == n


def test_crlf_and_bom_are_normalised(tmp_path: Path) -> None:
    path = tmp_path / "r.kifu"
    path.write_bytes("\ufeff---\r\ntitle: x\r\n---\r\nA:2\r\n".encode())
    (source,) = read_record_file(path)
    assert source.meta == {"title": "x"}
    assert source.lines[0].text == "A:2"


def test_bad_utf8_is_one_error_with_its_line() -> None:
    text, diagnostics = decode(b"A:2\nB:\xff\xfe3\n", "bad.kifu")
    assert "\ufffd" in text
    (diagnostic,) = diagnostics
    assert (diagnostic.code, diagnostic.line) == ("RF001", 2)


def test_empty_file_is_one_empty_game() -> None:
    (source,) = split_record_file("")
    assert source.count == 1
    assert all(line.kind is LineKind.BLANK for line in source.lines)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("---\ngame: catan\nrules: base\n---\n1 B: 6\n", 3),
        ('---\ngame: catan\n"rules": base\n---\n', 3),  # a quoted key
        ("---\ngame: catan\nrules : base\n---\n", 3),  # space before the colon
        ("---\ntitle: t\nrulesets: x\nrules: base\n---\n", 4),  # not a longer key
        ("---\nplayers:\n  rules: nested\nrules: base\n---\n", 4),  # not a nested key
        ("---\ntitle: t\n---\nrules: in the body\n", 1),  # not after the front matter
        ("---\ntitle: t\n...\nrules: in the body\n", 1),  # YAML's other end marker
        ("rules: no front matter\n", 1),
        ("", 1),
    ],
)
def test_front_matter_line_finds_the_top_level_key(text: str, expected: int) -> None:
    source = split_record_file(text, "r.kifu")[0]
    assert front_matter_line(source, "rules") == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Line ends as split_record_file reads them: \r\n, and a lone \r too.
        ("---\r\ngame: catan\r\nrules: base\r\n---\r\n1 B: 6\r\n", 3),
        ("---\rgame: catan\rrules: base\r---\r1 B: 6\r", 3),
        # A key written twice: YAML keeps the last value, and so does the line.
        ("---\nrules: a\ntitle: t\nrules: b\n---\n", 4),
        # No closing line: no front matter was read (RF002), so no key comes from it.
        ("---\ntitle: t\nrules: base\n", 1),
    ],
)
def test_front_matter_line_is_the_line_the_value_was_read_from(text: str, expected: int) -> None:
    source = split_record_file(text, "r.kifu")[0]
    if expected > 1:
        assert source.meta["rules"] == text.splitlines()[expected - 1].partition(": ")[2]
    else:
        assert source.meta == {}
    assert front_matter_line(source, "rules") == expected


def test_front_matter_line_agrees_with_the_parser_on_a_byte_order_mark(tmp_path: Path) -> None:
    # Read from disk, the mark is decoded away and the front matter is read; split
    # directly, a mark before '---' makes no front matter, and so no key line.
    path = tmp_path / "r.kifu"
    path.write_bytes("\ufeff---\ntitle: t\nrules: base\n---\n".encode())
    (source,) = read_record_file(path)
    assert source.meta["rules"] == "base" and front_matter_line(source, "rules") == 3
    (raw,) = split_record_file("\ufeff---\ntitle: t\nrules: base\n---\n")
    assert raw.meta == {} and front_matter_line(raw, "rules") == 1


def test_front_matter_line_of_a_later_game_is_the_shared_front_matters() -> None:
    text = "---\ngame: prime-daifugo\nrules: online\n---\n# 一試合目\nA:(23)\n# 二試合目\nA:(35)\n"
    sources = split_record_file(text, "r.kifu")
    assert len(sources) == 2
    assert [front_matter_line(source, "rules") for source in sources] == [3, 3]
