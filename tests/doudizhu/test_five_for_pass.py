"""``A:5`` for ``A:%`` (the same key, shifted) in 闘地主: a single 5 that does not beat
the table is one DZ105 suggesting the pass, and is taken as the pass. It was the table:
C's next play "did not beat" it, the spring was broken (DZ114) and the score wrong
(DZ113): four errors for one key. A 5 that beats the table is a play as before."""

from __future__ import annotations

from functools import partial
from pathlib import Path

from tests.cardgames import errors_and_warnings, with_line_replaced
from tests.doudizhu.helpers import HANDS, data, errors, record

from kifuwiki.games.doudizhu import GAME

RECORD = Path(__file__).resolve().parents[2] / "records" / "doudizhu" / "spring-example.kifu"

_with = partial(with_line_replaced, GAME, RECORD)


def test_a_five_for_a_pass_is_one_error_suggesting_the_pass() -> None:
    rec, view = _with("A:%", "A:5")
    assert errors_and_warnings(rec) == ["DZ105"]
    (error,) = rec.diagnostics
    assert error.message.endswith("; did you mean 'A:%' (a pass: % is shift-5)?")
    assert error.message_ja.endswith("。'A:%' (パス) のことですか?")
    assert data(rec).replay.outcome.spring
    assert any(step.notation == "A:5" for step in view.steps)  # shown as written


def test_a_five_that_beats_the_table_is_a_play() -> None:
    rec = record(HANDS + "A:bid3\nA:4\nB:5\nC:6\n")
    assert errors(rec) == []
    assert data(rec).replay.steps[-2].combo is not None
