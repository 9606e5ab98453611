"""Reading move lines: every token kind, and bad input as diagnostics with line and column."""

from __future__ import annotations

import pytest
from tests.selaffesto.helpers import codes, load, only, opening

from kifuwiki.games.selaffesto import GAME, SelaffestoData
from kifuwiki.games.selaffesto.model import SelaffestoRecord, cell_at

# Body lines start at line 4 (three front matter lines before them).
FIRST = 4


def parsed(body: str, front: str = "") -> SelaffestoRecord:
    data = load(body, front).data
    assert isinstance(data, SelaffestoData)
    return data.record


def test_every_token_kind_is_read() -> None:
    line = (
        "W:+2-4-8-16 h1 25-20-22-24 [jump] xh2>e2 16-2-2-3 [put] xe9 +2-2-2-2@B *7-7-7-7"
        " {W:30 B:26.7} !? // note"
    )
    move = parsed(line).moves[0]
    assert move.draw == (2, 4, 8, 16)
    assert [(p.cell, p.card, p.judge, p.lifted_from) for p in move.placements] == [
        (cell_at(7, 0), (25, 20, 22, 24), "jump", None),
        (cell_at(4, 1), (16, 2, 2, 3), "put", cell_at(7, 1)),
    ]
    assert move.blow_off is not None
    assert (move.blow_off.cell, move.blow_off.owner_draw, move.blow_off.bonus) == (
        cell_at(4, 8),
        (2, 2, 2, 2),
        (7, 7, 7, 7),
    )
    assert move.check == {"W": 300, "B": 267}
    assert (move.marks, move.trailing_comment) == ("!?", "note")


def test_declared_names_and_japanese_colon() -> None:
    front = "players:\n  W: あおい\n  B: くろ\n"
    record = parsed("あおい：(1-2-3-4)\nくろ: pass", front)
    assert [m.player for m in record.moves] == ["W", "B"]
    assert record.name("B") == "くろ"


@pytest.mark.parametrize(
    ("line", "code", "column", "words"),
    [
        ("W:n5 2-2-2-2", "SF003", 3, "off the board"),
        ("W:a14 2-2-2-2", "SF003", 3, "off the board"),
        ("W:g0 2-2-2-2", "SF003", 3, "off the board"),
        ("W:g2 4-8-6", "SF004", 6, "has 3 SNs"),
        ("W:g2 4-8-6-12-2", "SF004", 6, "has 5 SNs"),
        ("W:g2 4-8-13-12", "SF005", 10, "13 is not an SN"),
        ("W:g2 17-8-6-12", "SF005", 6, "17 is not an SN"),
        ("W:g2 4-8-6-1", "SF005", 12, "1 is not an SN"),
        ("W:g2 4-8-6-12 [pt]", "SF007", 15, "[pt]"),
        ("W:g2 4-8-6-12 {W=3}", "SF008", 15, "points check"),
        ("W:g2 4-8-6-12 {W:3", "SF010", 15, "never closed"),
        ("W:(4-8-6-12 2-2-2-2", "SF010", 3, "never closed"),
        ("W:g2 4-8-6-12 hello", "SF006", 15, "not part of the notation"),
        ("W:4-8-6-12", "SF009", 3, "has no cell"),
        ("W:g2", "SF009", 3, "without its card"),
        ("W:[put] g2 4-8-6-12", "SF009", 3, "after the card"),
        ("W:xh2", "SF009", 3, "follows the placement"),
        ("W:g2 4-8-6-12 +2-2-2-2", "SF009", 15, "before the placement"),
        ("W:g2 4-8-6-12 +2-2-2-2@B", "SF009", 15, "follows the blown-off LC"),
        ("Q:g2 4-8-6-12", "SF002", 1, "'Q' is not a player"),
        ("g2 4-8-6-12", "SF001", 1, "not a move line"),
    ],
)
def test_bad_input_has_line_column_and_reason(
    line: str, code: str, column: int, words: str
) -> None:
    record = load(line)
    found = [d for d in record.diagnostics if d.code == code]
    assert found, [d.format_text() for d in record.diagnostics]
    assert (found[0].line, found[0].column) == (FIRST, column)
    assert words in found[0].message
    assert found[0].message_ja  # every diagnostic speaks Japanese too


def test_bad_lines_are_kept_and_the_rest_still_checked() -> None:
    body = opening() + "this is not a move\nW:g2 4-8-6-12 [put] {W:3}\n"
    record = load(body)
    assert codes(record) == ["SF001"]
    data = record.data
    assert isinstance(data, SelaffestoData)
    assert data.record.bad_lines == [(FIRST + 2, "this is not a move")]
    assert "this is not a move" in GAME.format(record)


def test_rules_front_matter_errors() -> None:
    record = load(opening(), "rules:\n  preset: loose\n  relc: sometimes\n  colour: red\n")
    messages = [d.message for d in record.diagnostics if d.code == "SF012"]
    assert len(messages) == 3
    assert "no preset 'loose'" in messages[0]
    assert "'sometimes' is not one of forced, optional" in messages[1]
    assert "no option 'colour'" in messages[2]
    line, _, _ = only(load(opening(), "rules: 5\n"), "SF012")
    assert line == 3


def test_rule_selection_is_recorded() -> None:
    assert load(opening()).rules == "original"
    assert load(opening(), "rules: strict\n").rules == "strict"
    named = load(opening(), "rules:\n  preset: strict\n  bonus: max-own\n")
    assert named.rules == "strict+bonus=max-own"


def test_bad_players_and_first() -> None:
    record = load(opening(), "players:\n  X: someone\nfirst: Z\n")
    assert codes(record).count("SF011") == 2
    # Each at its key's own line (review13 R13-13: both were reported at 1:1).
    lines = sorted(d.line for d in record.diagnostics if d.code == "SF011")
    assert lines == [3, 5]
    (problem,) = [d for d in load(opening(), "players: [W, B]\n").diagnostics if d.code == "SF011"]
    assert problem.line == 3


def test_one_mistake_one_diagnostic() -> None:
    """A bad cell or card is diagnosed once: its card and judgement are not blamed again."""
    body = (
        opening() + "W:n5 4-8-6-12 [put]\nW:g2 4-8-17-12 [put]\nW:g2 4-8-6-12 xq9>e2 2-2-2-2 [put]"
    )
    assert codes(load(body)) == ["SF003", "SF005", "SF003"]


def test_demo_records_validate_through_the_archive() -> None:
    """Front matter included (a title with ': ' must be quoted): no error, no warning."""
    from pathlib import Path

    from kifuwiki.archive import load_file

    folder = Path(__file__).resolve().parents[2] / "records" / "selaffesto"
    files = sorted(folder.glob("*.kifu"))
    assert len(files) >= 4
    for path in files:
        (record,) = load_file(path)
        assert (record.errors, record.warnings) == (0, 0), path
        assert record.game == "selaffesto" and record.title != path.stem
        body = path.read_text(encoding="utf-8").split("---\n", 2)[2]
        assert GAME.format(record) == body, f"{path.name}: run kifuwiki fmt -w"


def test_untagged_records_are_detected_and_site_defaults_apply() -> None:
    from kifuwiki.core.recordfile import split_record_file

    untagged = split_record_file(opening() + "W:g2 4-8-6-12\n", "notes.txt")[0]
    assert GAME.detect(untagged)
    prose = split_record_file("W: hello there\nB: good game\n", "chat.txt")[0]
    assert not GAME.detect(prose)
    assert GAME.load(untagged, {"preset": "strict"}).rules == "strict"
    assert GAME.load(untagged).rules == "original"


def _fmt_file(text: str) -> tuple[list[str], str]:
    """What ``kifuwiki fmt`` does to a whole file: (the games it was read as, its text)."""
    from kifuwiki.archive import load_source
    from kifuwiki.cli.fmt import format_records
    from kifuwiki.core.recordfile import split_record_file

    records = [load_source(source) for source in split_record_file(text, "fuzz.kifu")]
    return [record.game for record in records], format_records(records, None)


def test_fmt_keeps_a_line_with_an_unreadable_token_as_written() -> None:
    kept = [
        "W:g2 4-8-6-12 [put] {W:19[ // (24|12) -> 6",
        "W:(6-12-4-2 4-8-6-12 25)20-22-24 11-22-11-22)",
        "B:(10-5-25-20 2-10-15-9一 2-3(2-7)",
        "W:g3   White",
    ]
    for line in kept:
        record = load(line)
        assert record.diagnostics
        assert GAME.format(record) == line + "\n"
    assert GAME.format(load("W:  g2   4-8-6-12  [put]")) == "W:g2 4-8-6-12 [put]\n"


def test_fmt_of_an_untagged_record_with_unreadable_hands_is_idempotent() -> None:
    # The fuzz finds selaffesto-4198/16042: dropping the unreadable tokens of the hand
    # lines made them clean hands, so the formatted file was detected as Prime Daifugo.
    text = (
        "---\ngame: selaffesto\nplayers:\nW:f2 x\n  B: Black\n---\n"
        "W:(6-12-4-2 4-8-6-12 3-6-9-18 7-24-9-14 2-2-3-16 25)20-22-24 11-22-11-22)\n"
        "W:g1 6-12-4-2\n"
        "B:(10-5-25-20 5-7-14-11 2-10-15-9一 5-22-4-3 2-3(2-7 12-12-12-12 16-8-4-2)\n"
        "B:g13 10-5-25-20\n"
        "W:g2 4-8-6-12 [put]\n"
    )
    games, once = _fmt_file(text)
    assert games == ["selaffesto"]
    games_again, twice = _fmt_file(once)
    assert games_again == ["selaffesto"]
    assert twice == once


def test_one_unreadable_action_is_one_error_and_a_note() -> None:
    """review13 R13-2: a cell off the board (``z12``) gave 257 errors: the next line out
    of turn, then every score and most judgements wrong, the board lacking the card. The
    action keeps its turn; the rest is shown as written and not checked (SF203 says so)."""
    from pathlib import Path

    from kifuwiki.core.recordfile import split_record_file

    path = Path(__file__).resolve().parents[2] / "records" / "selaffesto"
    text = (path / "selfplay-greedy-vs-greedy.kifu").read_text(encoding="utf-8")
    assert "\nB:+9-20-15-5 g12 " in text
    broken = text.replace("\nB:+9-20-15-5 g12 ", "\nB:+9-20-15-5 z12 ", 1)
    record = GAME.load(split_record_file(broken, "x.kifu")[0])
    assert sorted(d.code for d in record.diagnostics) == ["SF003", "SF203"]
    assert not GAME.load(split_record_file(text, "x.kifu")[0]).diagnostics
