"""``accept:`` naming a code that does not exist, or an error code (F-ACCEPT-1): RF008
at the acceptance's line, as for a malformed code — never a "stale" RF011 note."""

from __future__ import annotations

import pytest

from kifuwiki.archive import load_text
from kifuwiki.core.diagnostics import Severity

BODY = "A:(223)\nB:(69A)\nA:223#\n"


def _rf(front: str, body: str = BODY) -> list[tuple[str, int, str, str]]:
    text = f"---\ngame: prime-daifugo\n{front}---\n{body}"
    found = []
    for record in load_text(text, "a.kifu"):
        found += [
            (d.code, d.line, d.severity.value, d.message)
            for d in record.diagnostics
            if d.code in ("RF008", "RF011")
        ]
    return found


@pytest.mark.parametrize(
    "accept", ["accept: [PD999]\n", "accept: ZZ123\n", "accept: {QQ001: why}\n"]
)
def test_a_code_that_does_not_exist_is_rf008_at_the_accept_line(accept: str) -> None:
    ((code, line, severity, message),) = _rf(accept)
    assert (code, line, severity) == ("RF008", 3, "warning")
    assert "no diagnostic code" in message


def test_an_error_code_is_rf008() -> None:
    ((code, line, severity, message),) = _rf("accept: [RF001]\n")
    assert (code, line, severity) == ("RF008", 3, "warning")
    assert "error" in message


def test_a_comment_acceptance_of_an_unknown_code_is_rf008_at_the_comment() -> None:
    body = "A:(223)\n* accept: PD998 typo\nB:(69A)\nA:223#\n"
    assert [(c, line, s) for c, line, s, _ in _rf("", body)] == [("RF008", 5, "warning")]


def test_a_real_warning_code_that_no_longer_matches_stays_rf011() -> None:
    ((code, line, severity, _),) = _rf("accept: [PD162]\n")
    assert (code, line, severity) == ("RF011", 3, Severity.INFO.value)


def test_a_used_acceptance_gives_neither() -> None:
    assert _rf("accept: [PD123]\n") == []


def test_a_multi_game_file_reports_an_unknown_code_once() -> None:
    body = "# Game 1\n" + BODY + "# Game 2\n" + BODY
    assert [(c, line) for c, line, _, _ in _rf("accept: [PD999]\n", body)] == [("RF008", 3)]
