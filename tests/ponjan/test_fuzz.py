"""Hypothesis fuzzing of the notation: any text loads (no exception, no hang), every
diagnostic has a line inside the file, and the writer is idempotent on what it reads."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.ponjan.helpers import CLEAN_HAND, FRONT

from kifuwiki.core.recordfile import split_record_file
from kifuwiki.games.ponjan import GAME

WORDS = [
    "第1局", "第2局", "親", "A", "B", "C", "Z", "引", "捨", "リーチ", "ロン", "ツモ", "配牌",
    "流局", "精算", "計", "hand", "dealer", "draw", "1", "5", "9", "W", "?", "11223344",
    "[111", "333]", "+三色", "A+12", "B-12", "!?", "*", "*&x", "：", "-", "+", "0",
]  # fmt: skip
LINE = st.lists(st.sampled_from(WORDS), min_size=0, max_size=6).map(" ".join)
SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def nonblank(lines: list[str]) -> int:
    return sum(1 for line in lines if line.strip())


def check(text: str) -> None:
    sources = split_record_file(text, "fuzz.kifu")
    lines = len(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"))
    for source in sources:
        record = GAME.load(source)
        for diagnostic in record.diagnostics:
            assert 1 <= diagnostic.line <= lines
            assert diagnostic.message_ja or not diagnostic.code.startswith("PJ")
        written = GAME.format(record)
        # Nothing a player wrote is dropped: one output line per non-blank input line.
        assert nonblank(written.split("\n")) == nonblank([x.text for x in source.lines])
        again = GAME.load(split_record_file(FRONT + written, "again.kifu")[0])
        assert GAME.format(again) == GAME.format(
            GAME.load(split_record_file(FRONT + GAME.format(again), "third.kifu")[0])
        )
        GAME.view(record)


@SETTINGS
@given(st.lists(LINE, max_size=25))
def test_token_soup_never_crashes(lines: list[str]) -> None:
    check(FRONT + "\n".join(lines) + "\n")


@SETTINGS
@given(st.text(max_size=300))
def test_arbitrary_text_never_crashes(body: str) -> None:
    check(FRONT + body)


@SETTINGS
@given(st.integers(0, CLEAN_HAND.count("\n") - 1), LINE)
def test_one_line_of_a_clean_hand_replaced(index: int, line: str) -> None:
    lines = CLEAN_HAND.splitlines()
    lines[index] = line
    check(FRONT + "\n".join(lines) + "\n")


@SETTINGS
@given(
    st.dictionaries(st.sampled_from(["tiles", "players", "chips", "rules"]), st.text(max_size=20))
)
def test_front_matter_values_never_crash(meta: dict[str, str]) -> None:
    import yaml

    front = "---\ngame: ponjan\n" + yaml.safe_dump(meta, allow_unicode=True) + "---\n"
    for source in split_record_file(front + CLEAN_HAND, "x.kifu"):
        GAME.view(GAME.load(source))
