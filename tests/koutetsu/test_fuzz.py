"""Hypothesis fuzzing of the session notation: any text loads and views without an
exception, every diagnostic is inside the file, and formatting is idempotent."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.koutetsu.helpers import FRONT, SESSION

from kifuwiki.core.recordfile import split_record_file
from kifuwiki.games.koutetsu import GAME

WORDS = [
    "@roll", "@判定", "@作戦", "@戦闘", "@ターン", "@目的", "@結果", "@", "＠作戦", "ハンス",
    "リーゼ", "射撃", "射撃-1", "回避+2", "2d6=5+3", "2d6=5+3=8", "2d6=9+9", "≤", "<=", "9",
    "成功", "失敗", "部分成功", "開始", "終了", "06:00", "25:00", "99:99", "1", "## 見出し",
    "*", "*&bm", "テキスト", "", "-", "=",
]  # fmt: skip
LINE = st.lists(st.sampled_from(WORDS), max_size=6).map(" ".join)
SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def nonblank(lines: list[str]) -> int:
    return sum(1 for line in lines if line.strip())


def check(text: str) -> None:
    lines = len(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"))
    for source in split_record_file(text, "fuzz.kifu"):
        record = GAME.load(source)
        assert all(1 <= d.line <= lines for d in record.diagnostics)
        assert all(d.message_ja for d in record.diagnostics if d.code.startswith("KR"))
        GAME.view(record)
        once = GAME.format(record)
        # Nothing a player wrote is dropped: one output line per non-blank input line.
        assert nonblank(once.split("\n")) == nonblank([x.text for x in source.lines])
        again = GAME.format(GAME.load(split_record_file(FRONT + once, "again.kifu")[0]))
        assert GAME.format(GAME.load(split_record_file(FRONT + again, "x.kifu")[0])) == again


@SETTINGS
@given(st.lists(LINE, max_size=25))
def test_token_soup_never_crashes(lines: list[str]) -> None:
    check(FRONT + "\n".join(lines) + "\n")


@SETTINGS
@given(st.text(max_size=300))
def test_arbitrary_text_never_crashes(body: str) -> None:
    check(FRONT + body)


@SETTINGS
@given(st.integers(0, SESSION.count("\n") - 1), LINE)
def test_one_line_of_a_clean_session_replaced(index: int, line: str) -> None:
    lines = SESSION.splitlines()
    lines[index] = line
    check(FRONT + "\n".join(lines) + "\n")


@SETTINGS
@given(
    st.recursive(
        st.none() | st.integers(-5, 30) | st.text(max_size=5),
        lambda c: st.dictionaries(st.text(max_size=4), c, max_size=3),
        max_leaves=8,
    )
)
def test_front_matter_characters_never_crash(characters: object) -> None:
    import yaml

    front = (
        "---\n"
        + yaml.safe_dump({"game": "koutetsu-no-niji", "characters": characters}, allow_unicode=True)
        + "---\n"
    )
    for source in split_record_file(front + SESSION, "x.kifu"):
        GAME.view(GAME.load(source))
