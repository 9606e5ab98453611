"""Prime Daifugo's writer keeps comment and bookmark lines as they were written: the
documented one-line form ``*&name text`` stays one line (fmt wrote ``*&name`` then
``* text``), and comments and bookmarks keep their order (fmt wrote a move's bookmarks
first). Also what else fmt changed in the demo records: a judge the game only takes
from "(一試合目)と同じ" is not written into it, and a Fandom penalty written right after
the cards (``A646P(4);P=6J8Q``) stays so."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hypothesis import given
from hypothesis import strategies as st
from tests.prime_daifugo.test_fmt_idempotent import SETTINGS, generated_record

from kifuwiki.archive import load_text
from kifuwiki.cli.fmt import format_records
from kifuwiki.core.recordfile import LineKind, SourceLine, classify, split_record_file
from kifuwiki.games.prime_daifugo.model import Action, Dialect, Move, ParsedGame
from kifuwiki.games.prime_daifugo.notation import parse_game
from kifuwiki.games.prime_daifugo.writer import write_game

FRONT = "---\ngame: prime-daifugo\n---\n"
FANDOM = "---\ngame: prime-daifugo\nnotation: fandom\n---\n"


def fmt(text: str) -> str:
    return format_records(load_text(text, "x.kifu"), None)


def test_a_bookmark_with_its_comment_on_one_line_stays_one_line() -> None:
    text = FRONT + "a:(7K)\nb:(2Q)\na:7\n*&turn the turning point\nb:%\na:K#\n"
    assert fmt(text) == text


def test_comments_and_bookmarks_keep_their_order_and_forms() -> None:
    notes = "* before\n*&one with text\n* between\n*&two\n* after\n"
    text = FRONT + "a:(7K)\nb:(2Q)\na:7\n" + notes + "b:%\na:K#\n" + notes
    assert fmt(text) == text


def test_on_top_of_the_game_and_in_its_header() -> None:
    text = FRONT + "*&opening the game starts\n* a note\na:(7K)\nb:(2Q)\n*&hands dealt\na:K#\n"
    assert fmt(text) == text


def test_a_fandom_game_keeps_the_one_line_form() -> None:
    text = FANDOM + "A:Foo\nB:Baa\nA初期:223QA3\nB初期:69A\nA:223\n*&素数出し 例の手。\nB:69A#\n"
    assert fmt(text) == text


def test_the_one_line_form_survives_a_change_of_dialect() -> None:
    text = FRONT + "a:(7K)\nb:(2Q)\na:7\n*&turn the turning point\n* more\nb:%\na:K#\n"
    (source,) = split_record_file(text.removeprefix(FRONT))
    game, _ = parse_game(source)
    fandom = write_game(game, Dialect.FANDOM)
    assert "*&turn the turning point\n* more\n" in fandom
    (again,) = split_record_file(fandom)
    assert "*&turn the turning point\n* more\n" in write_game(parse_game(again)[0], "standard")


def test_the_meaning_is_the_same_either_way() -> None:
    """Both forms say the same: a bookmark, and a comment on the same position."""
    (one,) = split_record_file("a:(7K)\nb:(2Q)\na:7\n*&turn the text\n")
    (two,) = split_record_file("a:(7K)\nb:(2Q)\na:7\n*&turn\n* the text\n")
    first, second = parse_game(one)[0].moves[0], parse_game(two)[0].moves[0]
    assert (first.bookmarks, first.comments) == (second.bookmarks, second.comments)


def test_a_game_made_by_an_importer_writes_bookmarks_then_comments() -> None:
    # No forms recorded (not read from text): the order the writer always used.
    move = Move(line=1, column=3, player="a", raw="7", action=Action.UNKNOWN)
    move.comments.append("the text")
    move.bookmarks.append("turn")
    game = ParsedGame(Dialect.STANDARD, {"a": "a"}, ["a"], {}, [move])
    assert write_game(game).splitlines()[-2:] == ["*&turn", "* the text"]


def test_a_judge_taken_from_the_same_players_note_is_not_written() -> None:
    text = (
        FANDOM + "一試合目\nA:Foo\nB:Baa\n素数判定員:Gaz\nA初期:23\nB初期:57\nA:23\nB:57#\n"
        "二試合目\n(一試合目)と同じ\nA初期:23\nB初期:57\nA:23\nB:57#\n"
    )
    assert fmt(text) == text
    games = [r.data.parsed for r in load_text(text, "x.kifu")]  # type: ignore[union-attr]
    assert [g.judge for g in games] == ["Gaz", "Gaz"]  # still the second game's judge


def test_a_judge_named_again_under_the_note_is_kept() -> None:
    text = (
        FANDOM + "一試合目\nA:Foo\nB:Baa\n素数判定員:Gaz\nA初期:23\nB初期:57\nA:23\nB:57#\n"
        "二試合目\n(一試合目)と同じ\n素数判定員:Qux\nA初期:23\nB初期:57\nA:23\nB:57#\n"
    )
    assert fmt(text) == text


def test_a_fandom_penalty_keeps_its_place_after_the_cards() -> None:
    body = "A:Foo\nB:Baa\nA初期:A729\nB初期:A646738899TTJJ\nA:A729(RR)\n"
    attached = FANDOM + body + "B:A646P(4);P=6J8Q ?\nA:2#\n"
    spaced = FANDOM + body + "B:A646 P(4);P=6J8Q ?\nA:2#\n"
    assert fmt(attached) == attached
    assert fmt(spaced) == spaced


def test_a_standard_penalty_written_as_fandom_takes_the_space() -> None:
    (source,) = split_record_file("a:(7K)\nb:(2Q)\na:223,P(QK)\nb:%\n")
    fandom = write_game(parse_game(source)[0], Dialect.FANDOM)
    assert "a:223 P(2);P=QK" in fandom


def _notes(text: str) -> list[str]:
    """The comment and bookmark lines, in order, as the reader reads them."""
    found = []
    for raw in text.splitlines():
        line = raw.rstrip()
        if not line.startswith("*"):
            continue
        kind = LineKind.BOOKMARK if line[1:2] == "&" else classify(line)
        read = SourceLine(0, line, kind)
        found.append((kind.value, read.bookmark, read.comment))
    return found


NOTE_LINES = ["* a comment", "*&mark", "*&mark with its note", "*&b  spaced   text", "*"]


@st.composite
def annotated_record(draw: Callable[..., Any]) -> tuple[str, int]:
    """A generated record with comment and bookmark lines put after its first move
    line (where they follow a move); returns the text and the line they start after."""
    text = draw(generated_record())
    lines = text.removesuffix("\n").split("\n")
    notes = draw(st.lists(st.sampled_from(NOTE_LINES), min_size=1, max_size=4))
    at = draw(st.integers(len(lines) - 2, len(lines)))
    return "\n".join(lines[:at] + notes + lines[at:]) + "\n", at


@SETTINGS
@given(annotated_record())
def test_fmt_loses_no_comment_or_bookmark_and_is_idempotent(case: tuple[str, int]) -> None:
    text, _ = case
    records = load_text(text, "records/prime-daifugo/fuzz.kifu")
    if not records or any(r.data is None or r.game != "prime-daifugo" for r in records):
        return
    once = format_records(records, None)
    assert sorted(_notes(once)) == sorted(_notes(text)), (text, once)
    again = format_records(load_text(once, "records/prime-daifugo/fuzz.kifu"), None)
    assert again == once, (text, once)


@SETTINGS
@given(st.lists(st.sampled_from(NOTE_LINES), min_size=1, max_size=5))
def test_notes_after_a_move_keep_their_order_and_form(notes: list[str]) -> None:
    text = FRONT + "a:(7K)\nb:(2Q)\na:7\n" + "\n".join(notes) + "\nb:%\na:K#\n"
    once = fmt(text)
    assert _notes(once) == _notes(text)
    written = once.splitlines()[6 : 6 + len(notes)]
    # Each line in its own form: one-line bookmarks stay one line, spacing aside.
    assert [w.split() for w in written] == [n.split() for n in notes]
    assert fmt(once) == once
