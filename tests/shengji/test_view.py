"""What 升級's record view flags on its steps."""

from __future__ import annotations

from pathlib import Path

from kifuwiki.archive import load_file
from kifuwiki.games import get_game

RECORD = Path(__file__).resolve().parents[2] / "records" / "shengji" / "annotated-seed.kifu"


def test_the_ruff_badge_is_on_the_play_that_ruffed() -> None:
    """review13 R13-8: the badge (and the R key) went to the trick's last card, the play
    after the ruff. In the annotated record W's RJ (step 10) and E's ♠Q (step 26) ruff;
    the third is W's ♥K (step 38)."""
    view = get_game("shengji").view(load_file(RECORD)[0])
    ruffs = [(step.index, step.notation) for step in view.steps if "ruff" in step.flags]
    assert ruffs == [(10, "W: RJ"), (26, "E: SQ"), (38, "W: HK")]


def _codes_after(old: str, new: str) -> list[str]:
    from kifuwiki.core.recordfile import split_record_file

    text = RECORD.read_text(encoding="utf-8")
    assert f"\n{old}\n" in text
    (source,) = split_record_file(text.replace(f"\n{old}\n", f"\n{new}\n", 1), "x.kifu")
    return [d.code for d in get_game("shengji").load(source).diagnostics]


def test_one_typo_is_one_error() -> None:
    """review13 R13-2: a seat letter mistyped (``X: CA``) gave 46 errors, a card mistyped
    (``S: C11``) five, each with a false "the record ends before every card is played".
    The line keeps its turn (the seat whose turn it is), its cards unread; that seat's
    later plays are not held to what its hand says, and the trick's winner, the points
    and the result go unchecked."""
    assert _codes_after("E: CA", "X: CA") == ["SJ005"]
    assert _codes_after("S: C10", "S: C11") == ["SJ002"]


def test_a_declarer_in_front_matter_is_told_where_it_goes() -> None:
    """A new user wrote ``declarer: N`` in the front matter and was told to write
    'declarer: N' (final read): the message says it is a line after the front matter."""
    from kifuwiki.core.recordfile import split_record_file

    text = "---\ngame: shengji\ndeclarer: N\n---\nN: SQ\n"
    record = get_game("shengji").load(split_record_file(text, "x.kifu")[0])
    (problem,) = [d for d in record.diagnostics if d.code == "SJ012"]
    assert "after the front matter" in problem.message
    assert "フロントマターの後" in problem.message_ja
