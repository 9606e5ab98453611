"""The record file's fast paths give exactly what the general paths give.

Front matter of plain ``key: value`` lines is read without the YAML parser, and plain
move lines skip the heading pattern and the classifier; both must agree with YAML
and with :func:`classify` on everything, including values built to look like YAML.
"""

from __future__ import annotations

import codecs
import contextlib
import dataclasses
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.prime_daifugo.shared_data import corpus_dir

from kifuwiki.core.encoding import decode_html
from kifuwiki.core.recordfile import (
    SourceLine,
    _decode_general,
    _is_yaml_string,
    _simple_front_matter,
    accepts_in,
    blocks_in_comments,
    classify,
    comment_texts,
    decode,
    may_accept,
    may_have_blocks,
    split_record_file,
)

#: Beside the checkout, or further up for a worktree (``tests/prime_daifugo/shared_data``).
CORPUS = corpus_dir()

TRICKY_VALUES = [
    "2024-10-22", "2024-1-5", "2024-13-45", "0", "7", "012", "0x1f", "1_000", "1:20", "1.5",
    ".inf", "yes", "No", "on", "~", "null", "true", "-1", "- a", "a: b", "a #b", "a#b",
    "a:", "it's", "{a}", "a {b}", "[x]", "&x", "*x", "!x", "|", ">", "'q'", '"q"', "%x",
    "@x", "`x`", "https://example.org/a:b?c=d#e", "金剛戦 第1期", "a\tb", "x\u3000y",
    "\ufeffx", "😀", "?x", ",x", "a , b", "=", "<<", "2024-10-22 10:00:00",
]  # fmt: skip
TRICKY_KEYS = ["title", "date", "yes", "on", "null", "_x", "x1", "Y", "n", "true", "a_b"]


def yaml_meta(lines: list[str]) -> object:
    try:
        return yaml.load("\n".join(lines), Loader=yaml.SafeLoader)
    except yaml.YAMLError:
        return "error"


def check(lines: list[str]) -> None:
    fast = _simple_front_matter(lines)
    if fast is not None:
        loaded = yaml_meta(lines)
        assert isinstance(loaded, dict)
        assert fast == {str(k): v for k, v in loaded.items()}
        assert [type(v) for v in fast.values()] == [type(v) for v in loaded.values()]


def test_plain_front_matter_is_read_without_importing_yaml() -> None:
    code = (
        "import sys; from kifuwiki.core.recordfile import split_record_file; "
        "text = '---\\ngame: prime-daifugo\\ntitle: t\\ndate: 2024-10-22\\nround: 3\\n---\\n'; "
        "split_record_file(text); print('yaml' in sys.modules)"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.stdout.strip() == "False", result.stderr


def test_tricky_values_and_keys() -> None:
    for key in TRICKY_KEYS:
        for value in TRICKY_VALUES:
            check([f"{key}: {value}"])
            check([f"{key}: {value}", "title: x", f"{key}: again"])
    assert _simple_front_matter(["title: x", "date: 2024-10-22"]) is not None


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(TRICKY_KEYS),
            st.text(alphabet="ab 1-:#'\"{}[]&*!|>%@`,?.~_\t0x2金\u3000", min_size=1, max_size=8),
        ),
        min_size=1,
        max_size=4,
    )
)
def test_generated_values_agree_with_yaml(pairs: list[tuple[str, str]]) -> None:
    check([f"{key}: {value}" for key, value in pairs])


def yaml_says_string(text: str) -> bool:
    tag = yaml.resolver.Resolver().resolve(yaml.ScalarNode, text, (True, False))
    return bool(tag == "tag:yaml.org,2002:str")


def test_strings_are_told_without_yaml_as_yaml_tells_them() -> None:
    words = ["yes", "Yes", "YES", "no", "NO", "Null", "NULL", "off", "Off", "ON", "y", "n"]
    for text in [*TRICKY_VALUES, *TRICKY_KEYS, *words, "nOne", "tRue", "2024-10-22x"]:
        assert _is_yaml_string(text) == yaml_says_string(text), text


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet="yYnNtTfFoOeEsSuUlLrRaA0123456789-+.:_<=~!&*xb金 ", max_size=12))
def test_strings_agree_with_the_yaml_resolver(text: str) -> None:
    assert _is_yaml_string(text) == yaml_says_string(text)


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="ab*&# \t\u3000=一試合目gameGAME12:", max_size=12))
def test_line_kinds_agree_with_the_classifier(line: str) -> None:
    text = f"x:(AB)\n{line}\ny:(CD)\n"
    lines = [source_line for source in split_record_file(text) for source_line in source.lines]
    for source_line in lines:
        assert source_line.kind is classify(source_line.text)


def test_corpus_front_matter_is_read_like_yaml() -> None:
    paths = sorted(CORPUS.glob("*.kifu"))[:100]
    if not paths:
        pytest.skip(f"the shared corpus is not beside this checkout ({CORPUS})")
    for path in paths:
        body = path.read_text(encoding="utf-8").split("\n")
        end = body.index("---", 1)
        block = body[1:end]
        assert _simple_front_matter(block) is not None
        check(block)
        assert split_record_file("\n".join(body))[0].meta == yaml_meta(block)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="*&# \t\u3000=第一二十試合目セットゲームgameGAME12:", max_size=14))
def test_a_comment_or_blank_line_is_never_a_heading(rest: str) -> None:
    # split_record_file files lines that start with "*" (and empty ones) without trying
    # the heading pattern: it must never match them.
    from kifuwiki.core.recordfile import _game_heading

    assert _game_heading().match(("*" + rest).rstrip()) is None
    assert _game_heading().match("") is None


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet="試合セットッ局ゲームーgGaAmMeExy ", max_size=10))
def test_the_heading_hint_finds_what_the_plain_alternatives_find(text: str) -> None:
    import re

    from kifuwiki.core.recordfile import _HEADING_HINT

    plain = re.compile(r"試合|セット|局|ゲーム|[gG][aA][mM][eE]")
    assert (_HEADING_HINT.search(text) is None) == (plain.search(text) is None)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.text(alphabet="ab*&# \t\u3000=:()%23X一試合目", max_size=10), min_size=1, max_size=8
    )
)
def test_split_lines_are_the_lines_the_constructor_builds(body: list[str]) -> None:
    """split_record_file builds its SourceLines without the frozen __init__: each is the
    line's number, text and kind, equal (==, hash, repr) to SourceLine(…) of them, and
    as frozen."""
    text = "\n".join(["x:(AB)", *body])
    expected = {n: raw.rstrip() for n, raw in enumerate(text.split("\n"), start=1)}
    for source in split_record_file(text):
        for line in source.lines:
            assert type(line) is SourceLine
            assert line.text == expected[line.number]
            assert line.kind is classify(line.text)
            built = SourceLine(line.number, line.text, line.kind)
            assert line == built and hash(line) == hash(built) and repr(line) == repr(built)
            with pytest.raises(dataclasses.FrozenInstanceError):
                line.text = "changed"  # type: ignore[misc]


REPO = Path(__file__).resolve().parents[2]
BOMS = [codecs.BOM_UTF8, codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE]
BOMS += [codecs.BOM_UTF32_LE, codecs.BOM_UTF32_BE]
RECORD = "---\ngame: prime-daifugo\ntitle: 金剛戦 第1期\n---\nはち:(QT338)\nnishimura:(T77)\n"


def _record_files() -> list[Path]:
    files = sorted((REPO / "records").rglob("*.kifu"))
    return files + (sorted(CORPUS.glob("*.kifu")) if CORPUS.is_dir() else [])


def _awkward_bytes() -> list[bytes]:
    """Every way ``decode_text`` reads a file, and the bytes next to each fast-path test."""
    found = [b"", b"\x00", b"\xef", b"\xff", b"\xfe", b"a\x00", b"\xef\xbb", b"ok\n"]
    for text in (RECORD, "a:(7K)\r\nb:(2Q)\r\n", "x"):
        for bom in BOMS:
            codec = {3: "utf-8", 2: "utf-16", 4: "utf-32"}[len(bom)]
            order = "" if codec == "utf-8" else ("-le" if bom.startswith(b"\xff") else "-be")
            body = text.encode(codec + order)
            found += [bom + body, bom + body[:-1], bom + b"\xff\xfe" + body, bom]
        for codec in ("utf-8", "utf-16-le", "utf-16-be", "cp932", "euc_jp", "latin-1"):
            with contextlib.suppress(UnicodeEncodeError):
                data = text.encode(codec)
                found += [data, data + b"\xff", b"\x80" + data, data.replace(b"\n", b"\x00")]
    return found


def test_decode_fast_path_is_the_general_reading_on_files_and_awkward_bytes() -> None:
    """``decode`` (UTF-8 read at once when no BOM may start the file and it holds no NUL)
    gives what ``_decode_general`` gives, diagnostics included, on every record file
    (``records/``, the corpus when it is there) and bytes built to sit next to each
    test of the fast path; both ways are taken."""
    samples = [path.read_bytes() for path in _record_files()] + _awkward_bytes()
    fast = 0
    for data in samples:
        assert decode(data, "f.kifu") == _decode_general(data, "f.kifu"), data[:40]
        fast += data[:1] not in (b"\xef", b"\xff", b"\xfe", b"\x00") and b"\x00" not in data
    assert 10 < fast < len(samples)


@settings(max_examples=400, deadline=None)
@given(
    st.binary(max_size=64)
    | st.builds(
        lambda prefix, text, codec: prefix + text.encode(codec, errors="replace"),
        st.sampled_from([b"", *BOMS, b"\x00", b"\x80"]),
        st.text(max_size=30),
        st.sampled_from(["utf-8", "utf-16-le", "utf-16-be", "utf-32-le", "cp932", "euc_jp"]),
    )
)
def test_decode_fast_path_is_the_general_reading(data: bytes) -> None:
    assert decode(data, None) == _decode_general(data, None)


def test_one_comment_pass_answers_as_the_two_checks() -> None:
    """``comment_texts`` once, then ``blocks_in_comments`` and ``accepts_in``, answer as
    ``may_have_blocks`` and ``may_accept`` on every game of the record files and on
    games whose comments hold the words (both answers seen)."""
    texts = [path.read_text(encoding="utf-8", errors="replace") for path in _record_files()]
    texts += [
        "a:(7K)\n* ```kifu\n* a:7\n* ```\nb:(2Q)\n",
        "a:(7K)\n* Accept PD162 here\nb:(2Q)\n",
        "---\naccept: [PD162]\n---\na:(7K)\n",
        "a:(7K)\n*& kifu mark\n  * kifu indented\n* ACCEPT\n# kifu\n",
    ]
    answers = set()
    for text in texts:
        for source in split_record_file(text, "t.kifu"):
            comments = comment_texts(source.lines)
            blocks = may_have_blocks(source.lines)
            accepts = may_accept(source)
            assert blocks_in_comments(comments) == blocks
            assert accepts_in(source, comments) == accepts
            answers.add((blocks, accepts))
    assert {(True, False), (False, True), (False, False)} <= answers


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["* kifu", "*kifu", "* accept", "* ACCEPT x", "*& kifu", "a:7",
                                 "", "  * kifu", "kifu", "accept: 1", "---", "x accept"]),
                max_size=8))  # fmt: skip
def test_one_comment_pass_answers_as_the_two_checks_on_built_games(lines: list[str]) -> None:
    for source in split_record_file("\n".join(lines), "t.kifu"):
        comments = comment_texts(source.lines)
        assert blocks_in_comments(comments) == may_have_blocks(source.lines)
        assert accepts_in(source, comments) == may_accept(source)


def test_a_saved_page_is_read_in_the_charset_it_declares() -> None:
    """``decode_html``'s charset pattern, now compiled when first used, still finds the
    declaration (and a page whose bytes contradict it is read by its bytes)."""
    page = '<html><head><META http-equiv="x" CHARSET="Shift_JIS"></head>金剛戦</html>'
    decoded = decode_html(page.encode("cp932"))
    assert (decoded.text, decoded.encoding) == (page, "Shift_JIS (cp932)")
    lying = page.replace("Shift_JIS", "euc-jp").encode("utf-8")
    assert decode_html(lying).text == page.replace("Shift_JIS", "euc-jp")
