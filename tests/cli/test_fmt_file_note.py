"""Comments above a file's first game heading (a note on the whole file) stay above it:
``kifuwiki fmt`` wrote them under the heading, into the first game's text
(``records/prime-daifugo/seed-fandom-examples.kifu``: the line 一試合目 moved up)."""

from __future__ import annotations

from pathlib import Path

import pytest

from kifuwiki.archive import load_text
from kifuwiki.cli.fmt import format_records
from kifuwiki.games import get_game

ROOT = Path(__file__).resolve().parents[2]
#: One demo record of each game: their bodies make the games of the files below.
DEMO = sorted({path.parent.name: path for path in (ROOT / "records").rglob("*.kifu")}.values())


def fmt(text: str) -> str:
    return format_records(load_text(text, "x.kifu"), None)


def _games(text: str) -> list[str]:
    """Each game as its game writes it: what the file says, game by game."""
    return [get_game(r.game).format(r, None) for r in load_text(text, "x.kifu")]


def _split(path: Path) -> tuple[str, str]:
    """(front matter, body) of a canonical record."""
    text = fmt(path.read_text(encoding="utf-8"))
    end = text.index("\n---\n", 3) + 5 if text.startswith("---\n") else 0
    return text[:end], text[end:]


@pytest.mark.parametrize("path", DEMO, ids=[p.parent.name for p in DEMO])
def test_a_note_above_the_first_heading_stays_there(path: Path) -> None:
    front, body = _split(path)
    note = "* a note on the whole file\n*&start the first game starts below\n"
    text = f"{front}{note}一試合目\n{body}二試合目\n{body}"
    assert fmt(text) == text
    # The note still belongs to the first game (its view shows it): the same games.
    assert _games(fmt(text)) == _games(text)


@pytest.mark.parametrize("path", DEMO, ids=[p.parent.name for p in DEMO])
def test_the_blank_lines_around_a_note_go_those_between_its_lines_stay(path: Path) -> None:
    front, body = _split(path)
    games = f"一試合目\n{body}二試合目\n{body}"
    written = fmt(f"{front}\n* one\n\n* two\n\n{games}")
    assert written == f"{front}* one\n\n* two\n{games}"
    assert fmt(written) == written


def test_blank_lines_alone_above_the_first_heading_are_formatted_as_before() -> None:
    # Nothing written there: the first game's writer decides, as it always did.
    games = "一試合目\na:(7K)\nb:(2Q)\na:7\nb:%\na:K#\n二試合目\na:(7K)\nb:(2Q)\na:K#\n"
    assert fmt("\n\n" + games) == games


def test_the_seed_fandom_examples_keep_their_opening_comments_on_top() -> None:
    path = ROOT / "records" / "prime-daifugo" / "seed-fandom-examples.kifu"
    text = path.read_text(encoding="utf-8")
    lines = fmt(text).splitlines()
    assert lines.index("一試合目") == 12  # below the three comment lines, as written
    assert all(line.startswith("* ") for line in lines[9:12])


def test_a_prime_daifugo_note_above_hands_in_the_heading() -> None:
    # The first game's own comments stay under its heading, the file's above it.
    text = (
        "---\ngame: prime-daifugo\n---\n* the file\n1セット目、a:23、b:57\n* the game\n"
        "a:2\nb:5\n2セット目、a:3、b:7\na:3\nb:7#\n"
    )
    written = fmt(text)
    assert written.startswith("---\ngame: prime-daifugo\n---\n* the file\n1セット目、a:23、b:57\n")
    assert written.index("* the game") > written.index("1セット目")
    assert fmt(written) == written
    assert _games(written) == _games(text)


def test_a_game_that_cannot_be_read_without_the_note_keeps_it_under_the_heading(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Never seen: the game read without the note fails. Then it is written whole
    (the note under the heading, as before), never a traceback or a lost line."""
    import kifuwiki.cli.fmt as fmt_module

    real = fmt_module.load_source

    def unreadable(source: object) -> object:
        record = real(source)  # type: ignore[arg-type]
        record.data = None
        return record

    monkeypatch.setattr(fmt_module, "load_source", unreadable)
    games = "一試合目\na:(7K)\nb:(2Q)\na:K#\n二試合目\na:(7K)\nb:(2Q)\na:K#\n"
    written = fmt("* the file\n" + games)
    assert written == games.replace("一試合目\n", "一試合目\n* the file\n", 1)


@pytest.mark.parametrize("heading", ["一試合目", "1セット目:先手a", "# Game 1: final"])
def test_a_lone_games_heading_is_kept(heading: str) -> None:
    """A file of one game under a heading lost the heading to ``fmt`` (fmt13's report):
    the user's line, whose text after the number may say something (``heading_rest``)."""
    text = f"---\ngame: prime-daifugo\n---\n{heading}\na:(23456789TJQ)\nb:(23456789TJQ)\na:2\nb:3\n"
    written = fmt(text)
    # Written as every game heading is (a "# " marker is not kept: fmt's canonical form).
    assert f"\n{heading.removeprefix('# ')}\n" in written
    assert fmt(written) == written
