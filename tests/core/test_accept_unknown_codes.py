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


# Codes a table declares always errors (a game's ``error_codes``, the core's ``ERRORS``):
# RF008 whether or not the error occurs, never a "stale" RF011 note.

ERROR_CODE_MESSAGE = (
    "accept: {code} is an error code, and errors cannot be accepted: fix the record instead"
)
ERROR_CODE_MESSAGE_JA = (
    "accept: {code} はエラーのコードです。エラーは承認できません。棋譜を直してください"
)


@pytest.mark.parametrize("code", ["PD001", "PD110", "CT100", "KW002", "RF023"])
def test_an_error_code_that_does_not_occur_is_rf008_not_stale(code: str) -> None:
    """PD001 and PD110 are the record's game's (notation, rules), CT100 another game's,
    KW002 the publishing side's, RF023 the core's (a variation that cannot branch): each
    is always an error, and none occurs here."""
    ((rf, line, severity, message),) = _rf(f"accept: [{code}]\n")
    assert (rf, line, severity) == ("RF008", 3, "warning")
    assert message == ERROR_CODE_MESSAGE.format(code=code)


def test_a_comment_acceptance_of_an_error_code_is_rf008_at_the_comment() -> None:
    body = "A:(223)\n* accept: PD001 a typo in the sheet\nB:(69A)\nA:223#\n"
    text = f"---\ngame: prime-daifugo\n---\n{body}"
    (record,) = load_text(text, "a.kifu")
    (rf008,) = [d for d in record.diagnostics if d.code in ("RF008", "RF011")]
    assert (rf008.code, rf008.line, rf008.severity) == ("RF008", 5, Severity.WARNING)
    assert rf008.message == ERROR_CODE_MESSAGE.format(code="PD001")
    assert rf008.message_ja == ERROR_CODE_MESSAGE_JA.format(code="PD001")


def test_an_error_code_that_occurs_keeps_its_own_message() -> None:
    """Unchanged: the error stays an error, and RF008 says it is one *here*."""
    body = "A:(2239)\nB:(69A)\nA:9\n"  # 9 = 3²: played as a prime, not penalised (PD132)
    (record,) = load_text(f"---\ngame: prime-daifugo\naccept: [PD132]\n---\n{body}", "a.kifu")
    assert [d.code for d in record.diagnostics if d.severity is Severity.ERROR] == ["PD132"]
    ((_, line, _, message),) = _rf("accept: [PD132]\n", body)
    assert line == 3
    assert message == (
        "accept: PD132 is an error here, and errors cannot be accepted: fix the record instead"
    )


def test_a_code_not_always_an_error_stays_rf011_when_nothing_matches() -> None:
    """CT115 is an error in one place and a warning in another: it is not declared."""
    from kifuwiki.games import get_game
    from kifuwiki.games.base import declared_error_codes

    assert "CT115" in get_game("catan").codes
    assert "CT115" not in declared_error_codes(get_game("catan"))
    ((code, line, severity, _),) = _rf("accept: [CT115]\n")
    assert (code, line, severity) == ("RF011", 3, "info")


def test_a_plug_in_games_declaration_is_read() -> None:
    from tests.publish.kw_fakegame import FakeGame

    from kifuwiki.games import registered_game

    class Declares(FakeGame):
        error_codes = frozenset({"FK001"})

    with registered_game(Declares()):  # type: ignore[arg-type]
        found = [(c, line) for c, line, _, _ in _rf("accept: [FK001, FK002]\n")]
    assert found == [("RF008", 3), ("RF011", 3)]


@pytest.mark.parametrize("declared", [None, frozenset(), "FK001", 12])
def test_no_declaration_or_a_malformed_one_is_todays_behaviour(declared: object) -> None:
    """Absent, empty, or no collection of codes (a bare string): no code is called an
    error before it occurs, as before the attribute existed."""
    from tests.publish.kw_fakegame import FakeGame

    from kifuwiki.games import registered_game

    game = FakeGame()
    game.error_codes = declared  # type: ignore[assignment]
    with registered_game(game):  # type: ignore[arg-type]
        assert [c for c, _, _, _ in _rf("accept: [FK001]\n")] == ["RF011"]
