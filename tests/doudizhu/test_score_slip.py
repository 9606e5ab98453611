"""One mistyped value on a 闘地主 score line (``C +9`` for ``C +8``) is one error: the
scores do not add up (DZ112), which names the rules' value for it; it was also DZ113.
Two values wrong that do not add up are both errors still."""

from __future__ import annotations

from functools import partial
from pathlib import Path

from tests.cardgames import errors_and_warnings, with_line_replaced

from kifuwiki.games.doudizhu import GAME

RECORD = Path(__file__).resolve().parents[2] / "records" / "doudizhu" / "spring-example.kifu"
SCORE = "score: A -4, B -4, C +8"

_with = partial(with_line_replaced, GAME, RECORD)


def test_one_value_mistyped_is_one_error_naming_the_rules_value() -> None:
    record, _ = _with(SCORE, "score: A -4, B -4, C +9")
    assert errors_and_warnings(record) == ["DZ112"]
    (error,) = record.diagnostics
    assert error.message == "the scores add up to +1, not 0 (the rules give C +8)"
    assert error.message_ja.endswith("(ルールでは C +8)")


def test_two_values_wrong_are_both_said() -> None:
    record, _ = _with(SCORE, "score: A -4, B -5, C +10")
    assert errors_and_warnings(record) == ["DZ112", "DZ113"]
