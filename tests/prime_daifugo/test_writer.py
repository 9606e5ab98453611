"""The canonical writer: round trips on the corpus and the fixtures, both dialects."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from tests.prime_daifugo.shared_data import corpus_dir

from kifuwiki.core.recordfile import read_record_file, split_record_file
from kifuwiki.games.prime_daifugo.model import Action, Dialect, ParsedGame
from kifuwiki.games.prime_daifugo.notation import parse_game
from kifuwiki.games.prime_daifugo.writer import comparable, write_game

ROOT = Path(__file__).resolve().parents[2]
CORPUS = corpus_dir()
CORPUS_FILES = sorted(CORPUS.glob("*.kifu")) if CORPUS.is_dir() else []
FIXTURES = sorted((ROOT / "tests" / "fixtures" / "prime-daifugo" / "notation").glob("*.kifu"))


def _other_prime_daifugo_records() -> list[Path]:
    """Every other Prime Daifugo record in the repository (site records, importer
    fixtures): the round trip must hold for every test record, not only ours."""
    found = []
    for folder in (ROOT / "records", ROOT / "tests" / "fixtures"):
        for path in sorted(folder.rglob("*.kifu")):
            if "notation" in path.parts:
                continue
            head = path.read_text(encoding="utf-8", errors="replace")[:2000]
            if "prime-daifugo" in head or "素数大富豪" in head:
                found.append(path)
    return found


OTHER_RECORDS = _other_prime_daifugo_records()

ParseFile = Callable[..., tuple[list[ParsedGame], list[Any]]]
WriteFile = Callable[..., str]


def _other(dialect: Dialect) -> Dialect:
    return Dialect.FANDOM if dialect is Dialect.STANDARD else Dialect.STANDARD


def _without_dialect(game: ParsedGame) -> dict[str, Any]:
    data = comparable(game)
    del data["dialect"]
    return data


def _check_round_trips(path: Path, parse_file: ParseFile, write_file: WriteFile) -> list[str]:
    sources = read_record_file(path)
    players = sources[0].meta.get("players")
    games, _ = parse_file(path.read_text(encoding="utf-8"), players)
    problems: list[str] = []
    again, _ = parse_file(write_file(games), players)
    if [comparable(g) for g in games] != [comparable(g) for g in again]:
        problems.append(f"{path.name}: parse → write → parse changed the game")
    # Through the other dialect and back.
    dialect = games[0].dialect
    there, _ = parse_file(write_file(games, _other(dialect)), players)
    if any(game.dialect is not _other(dialect) for game in there):
        problems.append(f"{path.name}: the {_other(dialect).value} text is not read as such")
    back, _ = parse_file(write_file(there, dialect), players)
    if [_without_dialect(g) for g in games] != [_without_dialect(g) for g in back]:
        problems.append(f"{path.name}: {dialect.value} → other dialect → back lost something")
    return problems


@pytest.mark.skipif(not CORPUS_FILES, reason="the shared corpus is not beside the repo")
def test_corpus_round_trips(parse_file: ParseFile, write_file: WriteFile) -> None:
    problems: list[str] = []
    for path in CORPUS_FILES:
        problems.extend(_check_round_trips(path, parse_file, write_file))
    assert problems == []


@pytest.mark.skipif(not CORPUS_FILES, reason="the shared corpus is not beside the repo")
def test_corpus_records_are_already_canonical() -> None:
    changed = []
    for path in CORPUS_FILES:
        source = read_record_file(path)[0]
        game, _ = parse_game(source)
        body = "\n".join(line.text for line in source.lines).strip() + "\n"
        if write_game(game) != body:
            changed.append(path.name)
    assert changed == []


@pytest.mark.parametrize("path", FIXTURES, ids=[p.name for p in FIXTURES])
def test_fixture_round_trips(path: Path, parse_file: ParseFile, write_file: WriteFile) -> None:
    assert _check_round_trips(path, parse_file, write_file) == []


@pytest.mark.parametrize(
    "path", OTHER_RECORDS, ids=[str(p.relative_to(ROOT)) for p in OTHER_RECORDS]
)
def test_repository_records_round_trip(
    path: Path, parse_file: ParseFile, write_file: WriteFile
) -> None:
    assert _check_round_trips(path, parse_file, write_file) == []


def test_fixtures_exist() -> None:
    assert {p.name for p in FIXTURES} >= {
        "fandom-spec.kifu",
        "blog-variants.kifu",
        "standard-annotated.kifu",
    }


STANDARD_TEXT = """\
* A game comment before any move.
はち:(QT338647JA9)
nishimura:(T77TJK4X3KA)
はち:D(Q)987463
* A six-card lead: **987463** is prime.
nishimura:XKKTTJ|X=K !
*&turning-point
はち:D(8)4QQK=3^5^6^6^8^8^2A,P(KTKQ7K46X4A5)
nishimura:X[IN]
nishimura:KQ=2^5*4A|X=Q|X=T,P()
はち:%%
nishimura:57[GC]#
"""

STANDARD_AS_FANDOM = """\
* A game comment before any move.
はち初期:QT338647JA9
nishimura初期:T77TJK4X3KA
はち:D;D=Q
はち:987463
* A six-card lead: **987463** is prime.
nishimura:XKKTTJ;X=K !
*&turning-point
はち:D;D=8
はち:3^5^6^6^8^8^2A=4QQK P(12);P=KTKQ7K46X4A5
nishimura:X(IN)
nishimura:2^5*4A=KQ;X=Q;X=T P(0);P=
はち:T.O.
nishimura:57(GC)#
"""


def test_standard_written_as_fandom(parse_file: ParseFile, write_file: WriteFile) -> None:
    games, diagnostics = parse_file(STANDARD_TEXT)
    assert diagnostics == []
    fandom = write_file(games, Dialect.FANDOM)
    assert fandom == STANDARD_AS_FANDOM
    again, diagnostics = parse_file(fandom)
    assert diagnostics == []
    assert again[0].dialect is Dialect.FANDOM
    # A draw is its own step in Fandom records ...
    assert [m.action for m in again[0].moves[:2]] == [Action.DRAW, Action.PLAY]
    # ... and joins the action again in the standard dialect; the comment written on
    # top of the game stays on top.
    assert write_file(again, Dialect.STANDARD) == STANDARD_TEXT


FANDOM_TEXT = """\
A:Foo
B:Baa
素数判定員:不明
A初期:2345678
B初期:A9TJQKX[1]
A:223
B:2^3*3=24
A:D
A:5X(GC);X=7
B:QhKs P(2);P=7X
A:KQK P(12)
B:Pass r
A:QK [2] !?
"""

FANDOM_AS_STANDARD = """\
A:Foo
B:Baa
素数判定員:不明
A:(2345678)
B:(A9TJQKX)[1]
A:223
B:24=2^3*3
A:D(?)5X|X=7[GC]
B:QhKs,P(7X)
A:KQK,P12
B:%r
A:QK [2] !?
"""


def test_fandom_written_as_standard(parse_file: ParseFile, write_file: WriteFile) -> None:
    games, diagnostics = parse_file(FANDOM_TEXT)
    assert diagnostics == []
    assert write_file(games) == FANDOM_TEXT
    standard = write_file(games, Dialect.STANDARD)
    assert standard == FANDOM_AS_STANDARD
    again, diagnostics = parse_file(standard)
    assert diagnostics == []
    assert again[0].dialect is Dialect.STANDARD
    assert again[0].players == {"A": "Foo", "B": "Baa"}
    assert write_file(again, Dialect.FANDOM) == FANDOM_TEXT


def test_unreadable_lines_are_written_as_they_were(
    parse_file: ParseFile, write_file: WriteFile
) -> None:
    text = "先手:不明です!\nn:(QT3)\nm:(T77)\nn:KQ@@ !\nこれは何？\nm:1213\n* kept\nx:23\n"
    games, diagnostics = parse_file(text)
    assert len(diagnostics) == 5
    written = write_file(games)
    assert "n:KQ@@ !\n" in written
    assert "これは何？\nm:1213\n* kept\nx:23\n" in written
    assert "\n先手:不明です!\n" in written
    for dialect in Dialect:
        again, _ = parse_file(write_file(games, dialect))
        assert [m.raw for m in again[0].moves] == [m.raw for m in games[0].moves]


def test_multi_game_file_keeps_same_players(parse_file: ParseFile, write_file: WriteFile) -> None:
    text = "一試合目\nA:Foo\nB:Baa\nA:23\nB:Pass\n二試合目\n(一試合目)と同じ\nB:57(GC)\n"
    games, diagnostics = parse_file(text)
    assert diagnostics == []
    written = write_file(games)
    assert written == text
    assert split_record_file(written)[1].heading == "二試合目"


def test_dialect_by_name(parse_file: ParseFile) -> None:
    games, _ = parse_file(FANDOM_TEXT)
    assert write_game(games[0], "standard") == FANDOM_AS_STANDARD
    assert write_game(games[0], "fandom") == FANDOM_TEXT


def test_penalty_count_that_differs_from_its_cards(parse_file: ParseFile) -> None:
    games, diagnostics = parse_file("A:Foo\nB:Baa\nA:QK P(3);P=7X\nB:Pass\n")
    assert diagnostics == []
    penalty = games[0].moves[0].penalty
    assert penalty is not None and penalty.count == 3
    standard = write_game(games[0], "standard")
    assert "A:QK,P(3);P=7X\n" in standard
    again, _ = parse_file(standard)
    assert again[0].dialect is Dialect.STANDARD
    written = again[0].moves[0].penalty
    assert written is not None
    assert (written.cards, written.count) == (penalty.cards, 3)


@pytest.mark.parametrize(
    "top",
    [
        "# a note on the game\n",
        "* a comment on the game\n",
        "*&opening\n* a comment on the game\n",
        "* a comment on the game\nsome prose no rule reads\n",
    ],
)
def test_what_is_written_on_top_of_a_game_stays_on_top(
    parse_file: ParseFile, write_file: WriteFile, top: str
) -> None:
    """fmt wrote a note above the hands below them (the text kept, its place lost)."""
    body = "a:(7K)\nb:(2Q)\n* after the hands\na:K#\n"
    games, _ = parse_file(top + body)
    written = write_file(games)
    assert written == top + body
    again, _ = parse_file(written)
    assert write_file(again) == written
