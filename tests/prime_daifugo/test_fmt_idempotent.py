"""``fmt`` is idempotent (issue 17, item 14): ``fmt(fmt(x)) == fmt(x)`` for every record
that parses, over grammar-aware generated records, mutated real lines and whole files."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.prime_daifugo.test_notation_fuzz import (
    ALPHABET,
    FANDOM_LINES,
    multi_game_file,
    mutated_record,
)

from kifuwiki.archive import load_text
from kifuwiki.cli.fmt import format_records

SETTINGS = settings(
    max_examples=100,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
FRONT = "---\ngame: prime-daifugo\n---\n"

cards = st.text(alphabet="A23456789TJQKX?", min_size=1, max_size=5)
suited = st.text(alphabet="A23456789TJQKXdchs", min_size=1, max_size=5)
player = st.sampled_from(["a", "b", "はち", "A", "B"])


@st.composite
def standard_move(draw: Callable[..., Any]) -> str:
    parts = []
    if draw(st.booleans()):
        parts.append(f"D({draw(cards)})")
    kind = draw(st.sampled_from(["play", "composite", "pass", "timeout"]))
    if kind == "pass":
        parts.append("%")
    elif kind == "timeout":
        parts.append("%%")
    else:
        parts.append(draw(cards))
        if kind == "composite":
            factors = draw(st.lists(cards, min_size=1, max_size=3))
            parts.append(
                "=" + "*".join(f + draw(st.sampled_from(["", "^2", "^A"])) for f in factors)
            )
        parts.extend(draw(st.lists(st.sampled_from(["|X=K", "|X=0", "|X=A"]), max_size=2)))
        parts.append(draw(st.sampled_from(["", "[GC]", "[RR]", "[IN]"])))
        if draw(st.booleans()):
            parts.append(f",P({draw(st.sampled_from(['', '?', '57', 'K']))})")
    parts.append(draw(st.sampled_from(["", "#", " !", " ?!"])))
    return "".join(parts)


@st.composite
def fandom_move(draw: Callable[..., Any]) -> str:
    kind = draw(st.sampled_from(["play", "composite", "pass", "draw", "penalty", "special"]))
    if kind == "pass":
        return "Pass" + draw(st.sampled_from(["", " r"]))
    if kind == "draw":
        return "D" + draw(st.sampled_from(["", ";D=7", ";D=X"]))
    if kind == "composite":
        return "*".join(draw(st.lists(cards, min_size=1, max_size=3))) + "=" + draw(cards)
    if kind == "special":
        return draw(st.sampled_from(["57(GC)", "5X(GC)", "X7(GC)", "A72X(RR)", "A72X(GC)"]))
    if kind == "penalty":
        return (
            draw(suited)
            + f" P({draw(st.integers(0, 12))})"
            + draw(st.sampled_from(["", ";P=7X", ";P=K"]))
        )
    return draw(suited) + draw(st.sampled_from(["", ";X=K", "#", "r", "[1]"]))


@st.composite
def generated_record(draw: Callable[..., Any]) -> str:
    fandom = draw(st.booleans())
    lines: list[str] = []
    heading = draw(st.sampled_from(["", "1セット目:先手a\n", "第1局\n", "Game 1\n"]))
    if fandom:
        lines += ["A:Foo", "B:Bar"]
        lines += [f"A初期:{draw(suited)}", f"B初期:{draw(st.sampled_from(['不明', 'QK2']))}"]
        lines += [f"{draw(st.sampled_from('AB'))}:{draw(fandom_move())}" for _ in range(4)]
        lines += draw(st.lists(st.sampled_from(FANDOM_LINES), max_size=2))
    else:
        if draw(st.booleans()):
            lines.append(f"初期手札a:({draw(cards)}) b:({draw(cards)})")
        else:
            lines += [f"a:({draw(cards)})", f"b:({draw(cards)})"]
        lines += [f"{draw(player)}:{draw(standard_move())}" for _ in range(4)]
        lines += draw(st.lists(st.sampled_from(["* a comment", "*&mark note", "x"]), max_size=2))
    lines = draw(st.permutations(lines)) if draw(st.integers(0, 5)) == 0 else lines
    if draw(st.booleans()):
        index = draw(st.integers(0, len(lines) - 1))
        position = draw(st.integers(0, len(lines[index])))
        lines[index] = (
            lines[index][:position] + draw(st.sampled_from(ALPHABET)) + lines[index][position:]
        )
    return FRONT + heading + "\n".join(lines) + "\n"


def fmt(text: str) -> str | None:
    records = load_text(text, "records/prime-daifugo/fuzz.kifu")
    if not records or any(r.data is None or r.game != "prime-daifugo" for r in records):
        return None
    return format_records(records, None)


def assert_idempotent(text: str) -> None:
    once = fmt(text)
    if once is None:
        return
    assert fmt(once) == once, (text, once)


@SETTINGS
@given(generated_record())
def test_fmt_is_idempotent_on_generated_records(text: str) -> None:
    assert_idempotent(text)


@SETTINGS
@given(mutated_record())
def test_fmt_is_idempotent_on_mutated_real_lines(text: str) -> None:
    assert_idempotent(FRONT + text)


@settings(max_examples=100, deadline=None, derandomize=True)
@given(st.text(alphabet=ALPHABET + "\n", max_size=160))
def test_fmt_is_idempotent_on_notation_text(text: str) -> None:
    assert_idempotent(FRONT + text)


HEADINGS = ["{}試合目", "{}セット目、a:23、b:57", "第{}試合", "Game {}"]


@st.composite
def generated_file(draw: Callable[..., Any]) -> str:
    """Two or three generated games under one heading form, each game in one dialect (a
    game that shows both dialects' signs equally is left to the dialect tests)."""
    heading = draw(st.sampled_from(HEADINGS))
    games = []
    for number in range(1, draw(st.integers(2, 3)) + 1):
        body = draw(generated_record()).removeprefix(FRONT)
        if body.startswith(("1セット目", "第1局", "Game 1")):
            body = body.split("\n", 1)[1]
        games.append(heading.format(number) + "\n" + body)
    return FRONT + "".join(games)


@SETTINGS
@given(generated_file())
def test_fmt_is_idempotent_on_multi_game_files(text: str) -> None:
    assert_idempotent(text)


def test_hands_in_headings_survive_two_rounds_of_fmt() -> None:
    text = FRONT + "1セット目、a:23、b:57\na:2\nb:5\n2セット目、a:3、b:7\na:3\nb:7#\n"
    once = fmt(text)
    assert once is not None and "a:(23)" in once
    assert fmt(once) == once
    records = load_text(once, "x.kifu")
    assert "PD007" not in [d.code for r in records for d in r.diagnostics]


@SETTINGS
@given(multi_game_file())
def test_fmt_is_idempotent_on_files_mixing_both_dialects(text: str) -> None:
    # A game whose lines show both dialects equally takes the dialect of the first other
    # game that shows one: that choice survives formatting, so fmt settles in one pass.
    assert_idempotent(FRONT + text)


def test_a_tied_game_follows_the_other_games_dialect() -> None:
    text = (
        FRONT + "一試合目\nA:Foo\nnishimura:(9283AJ95TT7)\n"
        "二試合目\nA初期:2345678\nA:3*5=A5\nはち:(QT338647JA9)\n"
    )
    once = fmt(text)
    assert once is not None and "nishimura初期:" in once
    assert fmt(once) == once


def test_a_standard_hand_after_the_players_own_moves_keeps_the_dialect() -> None:
    # Fuzz finds 6379 and 19063: a late hand written as "B初期:…" is a Fandom sign, and
    # tipped the written game to Fandom on the second fmt ("B:…,P()" → "B:… P(0);P=").
    text = "game: prime-daifugo\n---\nB:QQTTTJJKK,P()\nB:(782967QA46Q)\na:KJQJ\n"
    once = fmt(text)
    assert once is not None and "初期手札B:(782967QA46Q)" in once
    assert fmt(once) == once
    text = "C:%\nC:(7T2J43252XJ)\nB:8866A2QTA2J,P(T3JAQ6A3232)\nx＊8[=\n"
    once = fmt(text)
    assert once is not None and ",P(T3JAQ6A3232)" in once
    assert fmt(once) == once
