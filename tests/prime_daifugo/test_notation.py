"""The Prime Daifugo notation parser: every element of both dialects and the blog variants."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kifuwiki.core.diagnostics import Diagnostic, Severity
from kifuwiki.core.recordfile import split_record_file
from kifuwiki.games.prime_daifugo import notation_codes
from kifuwiki.games.prime_daifugo.model import Action, Card, Dialect, Move, ParsedGame
from kifuwiki.games.prime_daifugo.notation import (
    detect,
    detect_dialect,
    normalise,
    parse_cards,
    tokenize,
)

Parse = Callable[..., tuple[ParsedGame, list[Diagnostic]]]

FANDOM_HEADER = "A:Foo\nB:Baa\n"
STANDARD_HEADER = "n:(QT338647JA9)\nm:(T77TJK4X3KA)\n"


def cards(run: tuple[Card, ...] | None) -> str | None:
    return None if run is None else "".join(str(card) for card in run)


def summary(move: Move) -> dict[str, Any]:
    """A move as a small dict of everything that is not at its default."""
    data: dict[str, Any] = {"action": move.action.value}
    if move.draw is not None:
        data["draw"] = cards(move.draw)
    if move.number is not None:
        data["number"] = move.number.text
    if move.factors:
        data["factors"] = "*".join(
            "^".join(
                [f.base.text]
                + ([f.exponent.text] if f.exponent else [])
                + [run.text for run in f.tower]
            )
            for f in move.factors
        )
    if move.joker_values:
        data["jokers"] = "".join(move.joker_values)
    if move.tags:
        data["tags"] = "".join(tag.value for tag in move.tags)
    if move.penalty is not None:
        data["penalty"] = (cards(move.penalty.cards), move.penalty.count)
    for name in ("out", "flush_mark", "revolution_mark"):
        if getattr(move, name):
            data[name] = True
    if move.footnotes:
        data["footnotes"] = "".join(move.footnotes)
    if move.marks:
        data["marks"] = move.marks
    if move.number_label is not None:
        data["label"] = move.number_label
    return data


def errors(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    return [d for d in diagnostics if d.severity is Severity.ERROR]


# Every example of seed 000 (the Fandom wiki's 棋譜の書き方), in Fandom records.
FANDOM_MOVES = [
    ("223", {"action": "play", "number": "223"}),
    ("69A", {"action": "play", "number": "69A"}),
    ("QA3", {"action": "play", "number": "QA3"}),
    ("KQK", {"action": "play", "number": "KQK"}),
    ("3*5=A5", {"action": "composite", "number": "A5", "factors": "3*5"}),
    ("2^3*3=24", {"action": "composite", "number": "24", "factors": "2^3*3"}),
    ("7*T7=749", {"action": "composite", "number": "749", "factors": "7*T7"}),
    ("QK [2]", {"action": "play", "number": "QK", "footnotes": "[2]"}),
    ("2*2^4*4A=KQ", {"action": "composite", "number": "KQ", "factors": "2*2^4*4A"}),
    ("D", {"action": "draw", "draw": "?"}),
    ("D;D=7", {"action": "draw", "draw": "7"}),
    ("Pass", {"action": "pass"}),
    ("57(GC)", {"action": "play", "number": "57", "tags": "GC"}),
    ("5X(GC)", {"action": "play", "number": "5X", "tags": "GC"}),
    ("X7(GC)", {"action": "play", "number": "X7", "tags": "GC"}),
    ("5X(GC);X=7", {"action": "play", "number": "5X", "tags": "GC", "jokers": "7"}),
    ("A729(RR)", {"action": "play", "number": "A729", "tags": "RR"}),
    # The spec writes (GC) on a 1729 with a joker (sic): kept as written, the engine judges.
    ("A72X(GC)", {"action": "play", "number": "A72X", "tags": "GC"}),
    ("AX29(GC)", {"action": "play", "number": "AX29", "tags": "GC"}),
    ("QX;X=K", {"action": "play", "number": "QX", "jokers": "K"}),
    ("QhKs", {"action": "play", "number": "QhKs"}),
    ("QK P(12)", {"action": "play", "number": "QK", "penalty": (None, 12)}),
    ("QKP(2);P=7X", {"action": "play", "number": "QK", "penalty": ("7X", 2)}),
    ("QK P(2);P(2)=7X", {"action": "play", "number": "QK", "penalty": ("7X", 2)}),
    ("KQK#", {"action": "play", "number": "KQK", "out": True}),
    ("KQKr", {"action": "play", "number": "KQK", "flush_mark": True}),
    ("KQK r", {"action": "play", "number": "KQK", "flush_mark": True}),
    ("Pass r", {"action": "pass", "flush_mark": True}),
]

STANDARD_MOVES = [
    ("%", {"action": "pass"}),
    ("%%", {"action": "timeout"}),
    ("D(7)%", {"action": "pass", "draw": "7"}),
    ("D(Q)987463", {"action": "play", "draw": "Q", "number": "987463"}),
    ("D(7)", {"action": "draw", "draw": "7"}),
    ("KQ=2^5*4A", {"action": "composite", "number": "KQ", "factors": "2^5*4A"}),
    ("9=3^2", {"action": "composite", "number": "9", "factors": "3^2"}),
    ("T=2*5", {"action": "composite", "number": "T", "factors": "2*5"}),
    (
        "D(8)4QQK=3^5^6^6^8^8^2A,P(KTKQ7K46X4A5)",
        {
            "action": "composite",
            "draw": "8",
            "number": "4QQK",
            "factors": "3^5^6^6^8^8^2A",
            "penalty": ("KTKQ7K46X4A5", 12),
        },
    ),
    ("57[GC]", {"action": "play", "number": "57", "tags": "GC"}),
    ("A729[RR]", {"action": "play", "number": "A729", "tags": "RR"}),
    ("X[IN]", {"action": "play", "number": "X", "tags": "IN"}),
    ("5X|X=7[GC]", {"action": "play", "number": "5X", "tags": "GC", "jokers": "7"}),
    ("XKKTTJ|X=K", {"action": "play", "number": "XKKTTJ", "jokers": "K"}),
    ("XX33|X=A|X=0", {"action": "play", "number": "XX33", "jokers": "A0"}),
    (
        "KXX=2^4*29*283|X=K|X=Q",
        {"action": "composite", "number": "KXX", "factors": "2^4*29*283", "jokers": "KQ"},
    ),
    ("T9,P(AKJ3JQK469)", {"action": "play", "number": "T9", "penalty": ("AKJ3JQK469", 10)}),
    ("QKA,P()", {"action": "play", "number": "QKA", "penalty": ("", 0)}),
    ("57[GC]#", {"action": "play", "number": "57", "tags": "GC", "out": True}),
    ("A729[RR]#", {"action": "play", "number": "A729", "tags": "RR", "out": True}),
    ("9=3^2#", {"action": "composite", "number": "9", "factors": "3^2", "out": True}),
    ("D(5),P(X589)#", None),  # no cards played: an error, checked below
    ("D(?)KQ,P(???)", {"action": "play", "draw": "?", "number": "KQ", "penalty": ("???", 3)}),
]

BLOG_MOVES = [
    ("パス", {"action": "pass"}),
    ("T.O.", {"action": "timeout"}),
    ("KQ(ペナルティ)", {"action": "play", "number": "KQ", "penalty": (None, None)}),
    ("KQ(P)", {"action": "play", "number": "KQ", "penalty": (None, None)}),
    ("KQ(P=7?)", {"action": "play", "number": "KQ", "penalty": ("7?", 2)}),
    ("KQ(P=2)", {"action": "play", "number": "KQ", "penalty": ("2", 1)}),
    ("QJ,P12", {"action": "play", "number": "QJ", "penalty": (None, 12)}),
    ("57[グロタンカット]", {"action": "play", "number": "57", "tags": "GC"}),
    ("A729[ラマヌジャン革命]", {"action": "play", "number": "A729", "tags": "RR"}),
    ("57", {"action": "play", "number": "57"}),
    ("A729", {"action": "play", "number": "A729"}),
    ("D{2} KQ", {"action": "play", "draw": "2", "number": "KQ"}),
    ("D(4),94747", {"action": "play", "draw": "4", "number": "94747"}),
    ("XX3|X=K,K", {"action": "play", "number": "XX3", "jokers": "KK"}),
    ("X3|X=12", {"action": "play", "number": "X3", "jokers": "Q"}),
    ("X3|X=1", {"action": "play", "number": "X3", "jokers": "A"}),
    ("[R]KQ", {"action": "play", "number": "KQ", "revolution_mark": True}),
    ("Q?", {"action": "play", "number": "Q?"}),
    ("KQ !", {"action": "play", "number": "KQ", "marks": "!"}),
    ("KQ ?", {"action": "play", "number": "KQ", "marks": "?"}),
    ("KQ !!", {"action": "play", "number": "KQ", "marks": "!!"}),
    ("KQ ??", {"action": "play", "number": "KQ", "marks": "??"}),
    ("KQ !?", {"action": "play", "number": "KQ", "marks": "!?"}),
    ("KQ ?!", {"action": "play", "number": "KQ", "marks": "?!"}),
    ("% !", {"action": "pass", "marks": "!"}),
    ("ＫＱ＝２＾５＊４Ａ", {"action": "composite", "number": "KQ", "factors": "2^5*4A"}),
]


@pytest.mark.parametrize(("body", "expected"), FANDOM_MOVES, ids=[m[0] for m in FANDOM_MOVES])
def test_fandom_spec_moves(parse_one: Parse, body: str, expected: dict[str, Any]) -> None:
    game, diagnostics = parse_one(f"{FANDOM_HEADER}A:{body}\n")
    assert game.dialect is Dialect.FANDOM
    assert diagnostics == []
    assert [summary(move) for move in game.moves] == [expected]
    assert game.moves[0].raw == body


@pytest.mark.parametrize(
    ("body", "expected"),
    [m for m in STANDARD_MOVES if m[1] is not None],
    ids=[m[0] for m in STANDARD_MOVES if m[1] is not None],
)
def test_standard_moves(parse_one: Parse, body: str, expected: dict[str, Any]) -> None:
    game, diagnostics = parse_one(f"{STANDARD_HEADER}n:{body}\n")
    assert game.dialect is Dialect.STANDARD
    assert diagnostics == []
    assert [summary(move) for move in game.moves] == [expected]


@pytest.mark.parametrize(("body", "expected"), BLOG_MOVES, ids=[m[0] for m in BLOG_MOVES])
def test_blog_variants(parse_one: Parse, body: str, expected: dict[str, Any]) -> None:
    game, diagnostics = parse_one(f"{STANDARD_HEADER}n:{body}\n")
    assert diagnostics == []
    assert [summary(move) for move in game.moves] == [expected]


def test_suits_are_kept_on_cards(parse_one: Parse) -> None:
    game, _ = parse_one(f"{FANDOM_HEADER}A:QhKs\n")
    number = game.moves[0].number
    assert number is not None
    assert number.cards == (Card("Q", "h"), Card("K", "s"))
    assert number.ranks == "QK"


def test_fandom_header(parse_one: Parse) -> None:
    text = (
        "A:Foo\nB:Baa\nC:不明\n素数判定員:Gaz\n"
        "A初期:2345678\nB初期:A9TJQKX[1]\nC初期:不明\nA:223\nB:Pass\nC:D\n"
    )
    game, diagnostics = parse_one(text)
    assert diagnostics == []
    assert game.dialect is Dialect.FANDOM
    assert game.players == {"A": "Foo", "B": "Baa", "C": "不明"}
    assert game.declared_players == ["A", "B", "C"]
    assert game.order == ["A", "B", "C"]
    assert game.judge == "Gaz"
    assert cards(game.initial_hands["A"].cards) == "2345678"
    assert cards(game.initial_hands["B"].cards) == "A9TJQKX"
    assert game.initial_hands["B"].footnotes == ("[1]",)
    assert game.initial_hands["C"].cards is None
    assert [move.player for move in game.moves] == ["A", "B", "C"]


def test_fandom_spec_header_example(parse_one: Parse) -> None:
    """The spec's own header block: A…N player lines and A…N 初期 hands."""
    text = (
        "A:Foo\nB:Baa\nC:Gaz\nN:Baz\n素数判定員:不明\n"
        "A初期:2345678\nB初期:A9TJQKX[1]\nC初期:2466TQK\nN初期:TTJJQQK\n"
        "A:223\nB:69A\nC:Pass\nN:Pass\n"
    )
    game, diagnostics = parse_one(text)
    assert diagnostics == []
    assert game.players == {"A": "Foo", "B": "Baa", "C": "Gaz", "N": "Baz"}
    assert game.order == ["A", "B", "C", "N"]
    assert {key: cards(hand.cards) for key, hand in game.initial_hands.items()} == {
        "A": "2345678",
        "B": "A9TJQKX",
        "C": "2466TQK",
        "N": "TTJJQQK",
    }
    assert game.judge == "不明"


def test_fandom_note_above_the_record_is_header_text(parse_one: Parse) -> None:
    text = "注意:この棋譜は素数大富豪Wiki独自のものです。\nA:Foo\nB:Baa\nA:223\nB:Pass\n"
    game, diagnostics = parse_one(text)
    assert [(d.code, d.line) for d in diagnostics] == [(notation_codes.HEADER_TEXT_KEPT, 1)]
    assert game.order == ["A", "B"]
    assert game.header_lines == ["注意:この棋譜は素数大富豪Wiki独自のものです。"]


def test_fandom_same_players_as_an_earlier_game(parse_file: Callable[..., Any]) -> None:
    text = (
        "一試合目\nA:Foo\nB:Baa\n素数判定員:Gaz\nA:23\nB:Pass\n"
        "二試合目\n(一試合目)と同じ\nB:57(GC)\nA:Pass\n"
        "三試合目\n二試合目と同じ\nA:Pass\n"
    )
    games, diagnostics = parse_file(text)
    assert diagnostics == []
    assert [game.same_players_as for game in games] == [None, 1, 2]
    for game in games:
        assert game.dialect is Dialect.FANDOM
        assert game.players == {"A": "Foo", "B": "Baa"}
        assert game.order == ["A", "B"]
        assert game.judge == "Gaz"


def test_same_players_as_a_later_game_is_an_error(parse_file: Callable[..., Any]) -> None:
    games, diagnostics = parse_file("一試合目\n(三試合目)と同じ\nA:Pass\n二試合目\nA:Foo\nA:23\n")
    codes = [d.code for d in diagnostics]
    assert notation_codes.SAME_PLAYERS_UNKNOWN in codes
    assert games[0].same_players_as == 3


def test_standard_header_and_seat_order(parse_one: Parse) -> None:
    game, diagnostics = parse_one("はち:(QT338647JA9)\nnishimura:(T77TJK4X3KA)\nはち:D(Q)987463\n")
    assert diagnostics == []
    assert game.order == ["はち", "nishimura"]
    assert game.players == {"はち": "はち", "nishimura": "nishimura"}
    assert cards(game.initial_hands["nishimura"].cards) == "T77TJK4X3KA"
    assert game.initial_hands["はち"].column == 5


def test_players_from_front_matter(parse_one: Parse) -> None:
    game, diagnostics = parse_one("h:(QT3)\nn:(T77)\nh:QT3#\n", {"h": "はち", "n": "nishimura"})
    assert diagnostics == []
    assert game.players == {"h": "はち", "n": "nishimura"}


def test_standard_header_line_naming_no_player(parse_one: Parse) -> None:
    game, diagnostics = parse_one("先手:nishimura\nn:(QT3)\nm:(T77)\nn:QT3#\n")
    assert [(d.code, d.line) for d in diagnostics] == [(notation_codes.HEADER_TEXT_KEPT, 1)]
    assert game.order == ["n", "m"]
    assert game.header_lines == ["先手:nishimura"]
    assert game.declared_players == []


def test_standard_header_lines_repeating_a_key_are_all_kept(
    parse_one: Parse, write_file: Callable[..., str]
) -> None:
    game, diagnostics = parse_one("先手:nishimura\n後手:はち\n先手:もりしー\nn:(QT3)\nn:QT3#\n")
    assert game.header_lines == ["先手:nishimura", "後手:はち", "先手:もりしー"]
    assert [d.code for d in diagnostics].count(notation_codes.HEADER_TEXT_KEPT) == 3
    assert "\n先手:nishimura\n後手:はち\n先手:もりしー\n" in write_file([game])


def test_standard_player_lines_that_play_are_kept(parse_one: Parse) -> None:
    game, diagnostics = parse_one("n:Nishimura\nm:Mori\nn:QT3\nm:%\n")
    assert diagnostics == []
    assert game.players == {"n": "Nishimura", "m": "Mori"}
    assert game.declared_players == ["n", "m"]


def test_names_with_spaces(parse_one: Parse) -> None:
    game, diagnostics = parse_one("Mr Foo:(23)\nBar Baz:(45)\nMr Foo:23#\n")
    assert diagnostics == []
    assert game.moves[0].player == "Mr Foo"


def test_one_hand_only_and_missing_draws(parse_one: Parse) -> None:
    game, diagnostics = parse_one("n:(QT338647JA9)\nn:KQ\nな:パス\nn:QT3\n")
    assert diagnostics == []
    assert game.order == ["n", "な"]
    assert list(game.initial_hands) == ["n"]


def test_numbered_moves(parse_one: Parse) -> None:
    game, diagnostics = parse_one("1.n:KQ\n2. な:パス\n3.n:%\n")
    assert diagnostics == []
    assert [(m.number_label, m.player) for m in game.moves] == [
        ("1", "n"),
        ("2", "な"),
        ("3", "n"),
    ]


def test_revolution_prefix_before_the_name(parse_one: Parse) -> None:
    game, diagnostics = parse_one("[R]n:KQ\nな:%\n")
    assert diagnostics == []
    assert game.moves[0].revolution_mark
    assert game.moves[0].player == "n"


def test_full_width_text_is_normalised(parse_one: Parse) -> None:
    game, diagnostics = parse_one("ｎ：（ＱＴ３）\nｎ：Ｄ（７）ＱＴ３＃\n")
    assert diagnostics == []
    assert summary(game.moves[0]) == {"action": "play", "draw": "7", "number": "QT3", "out": True}
    assert normalise("ＡＢ：％") == "AB:%"


def test_comments_and_bookmarks_attach_to_the_move_before(parse_one: Parse) -> None:
    text = (
        "* on the game\n*&start\nn:(QT3)\nm:(T77)\nn:QT3 !\n* on the first move\n"
        "*&key the key position\nm:%\n"
    )
    game, diagnostics = parse_one(text)
    assert diagnostics == []
    assert game.comments == ["on the game"]
    assert game.bookmarks == ["start"]
    first, second = game.moves
    assert first.comments == ["on the first move", "the key position"]
    assert first.bookmarks == ["key"]
    assert first.comment_lines == [6, 7]
    assert first.marks == "!"
    assert second.comments == []


def test_columns_point_at_the_text(parse_one: Parse) -> None:
    game, _ = parse_one("n:(QT3)\nn:D(7)KQ=2^5*4A,P(AKJ)\n")
    move = game.moves[0]
    assert move.column == 3
    assert move.number is not None and move.number.column == 7
    assert move.factors[0].base.column == 10
    assert move.factors[0].exponent is not None and move.factors[0].exponent.column == 12
    assert move.factors[1].base.column == 14
    assert move.penalty is not None and move.penalty.column == 17


# ------------------------------------------------------------------- diagnostics


def test_unreadable_move_points_at_the_first_bad_character(parse_one: Parse) -> None:
    game, diagnostics = parse_one("n:(QT3)\nm:(T77)\nn:D(7)KQZ3\n")
    assert [(d.code, d.line, d.column, d.severity) for d in diagnostics] == [
        (notation_codes.UNREADABLE_MOVE, 3, 9, Severity.ERROR)
    ]
    assert diagnostics[0].step == 1
    move = game.moves[0]
    assert move.action is Action.UNKNOWN
    assert move.raw == "D(7)KQZ3"


def test_unreadable_full_width_column(parse_one: Parse) -> None:
    _, diagnostics = parse_one("ｎ：（ＱＴ３）\nｎ：ＫＱ＠\n")
    assert [(d.code, d.column) for d in diagnostics] == [(notation_codes.UNREADABLE_MOVE, 5)]


@pytest.mark.parametrize(
    ("body", "code", "column"),
    [
        ("KQZ", notation_codes.UNREADABLE_MOVE, 5),
        ("", notation_codes.EMPTY_MOVE, 3),
        ("D(5),P(X589)#", notation_codes.EMPTY_MOVE, 3),
        ("KQ=2^5=4A", notation_codes.BAD_COMPOSITE, 9),
        ("KQ=2^5*", notation_codes.BAD_COMPOSITE, 9),
        ("2*3", notation_codes.BAD_COMPOSITE, 4),
        ("2*3=4*5", notation_codes.BAD_COMPOSITE, 6),
        ("KQ 23", notation_codes.TWO_NUMBERS, 6),
        ("57[GC]23", notation_codes.TWO_NUMBERS, 9),
        ("% KQ", notation_codes.TWO_NUMBERS, 5),
        ("XQ|X=Z", notation_codes.BAD_JOKER_VALUE, 8),
        ("XQ|X=14", notation_codes.BAD_JOKER_VALUE, 8),
        ("D(Z)KQ", notation_codes.BAD_DRAW, 5),
        ("KQ,P(ZZ)", notation_codes.BAD_PENALTY, 8),
        ("KQ,P(7Z)", notation_codes.BAD_PENALTY, 9),
        ("KQ(P=1A)", notation_codes.BAD_PENALTY, 8),
        ("1213", notation_codes.DECIMAL_NUMBER, 3),
    ],
)
def test_move_diagnostics(parse_one: Parse, body: str, code: str, column: int) -> None:
    game, diagnostics = parse_one(f"n:(QT338647JA9)\nm:(T77TJK4X3KA)\nn:{body}\n")
    assert [(d.code, d.line, d.column) for d in diagnostics] == [(code, 3, column)]
    assert game.moves[0].action is Action.UNKNOWN
    assert game.moves[0].raw == body


def test_decimal_number_is_a_warning_not_a_guess(parse_one: Parse) -> None:
    game, diagnostics = parse_one("n:(QK)\nm:(23)\nn:1213\n")
    assert [d.severity for d in diagnostics] == [Severity.WARNING]
    assert game.moves[0].number is None
    assert game.moves[0].raw == "1213"


def test_unknown_player(parse_one: Parse) -> None:
    game, diagnostics = parse_one("n:(QT3)\nm:(T77)\nx:KQ\n")
    assert [(d.code, d.line, d.column) for d in diagnostics] == [
        (notation_codes.UNKNOWN_PLAYER, 3, 1)
    ]
    assert game.moves[0].action is Action.UNKNOWN
    assert game.order == ["n", "m"]


def test_unknown_player_in_fandom_and_front_matter(parse_one: Parse) -> None:
    _, diagnostics = parse_one(f"{FANDOM_HEADER}C:23\n")
    assert [d.code for d in diagnostics] == [notation_codes.UNKNOWN_PLAYER]
    _, diagnostics = parse_one("n:23\nx:23\n", {"n": "Nishi"})
    assert [d.code for d in diagnostics] == [notation_codes.UNKNOWN_PLAYER]


def test_unusable_hand_lines_are_kept_and_the_header_goes_on(
    parse_one: Parse, write_file: Callable[..., str]
) -> None:
    text = "A:Foo\nA初期:23Z5\nB:Baa\nB初期:45\nB初期:67\nA:23\nB:Pass\nB初期:89\nn:(23)\nn:(45)\n"
    game, diagnostics = parse_one(text)
    assert [(d.code, d.line, d.step) for d in diagnostics] == [
        (notation_codes.BAD_HAND, 2, None),
        (notation_codes.HAND_TWICE, 5, None),
        (notation_codes.HAND_TWICE, 8, 3),
        (notation_codes.HAND_TWICE, 10, 4),
    ]
    assert game.players == {"A": "Foo", "B": "Baa", "n": "n"}
    assert cards(game.initial_hands["B"].cards) == "45"
    # In the header they stay header text; among the moves, unreadable steps.
    assert game.header_lines == ["A初期:23Z5", "B初期:67"]
    assert [(m.player, m.raw, m.action) for m in game.moves[2:]] == [
        ("B初期", "89", Action.UNKNOWN),
        ("n", "(45)", Action.UNKNOWN),
    ]
    written = write_file([game])
    for line in ("A初期:23Z5", "B初期:67", "B初期:89", "n:(45)"):
        assert f"\n{line}\n" in written


def test_hand_diagnostics(parse_one: Parse) -> None:
    _, diagnostics = parse_one("A:Foo\nA初期:23\nA初期:45\nA初期;\n")
    assert [d.code for d in diagnostics][:1] == [notation_codes.HAND_TWICE]
    _, diagnostics = parse_one("A:Foo\nA初期:23Z5\nA:23\n")
    assert [(d.code, d.column) for d in diagnostics] == [(notation_codes.BAD_HAND, 7)]


def test_a_hand_written_with_spaces_is_told_how_to_write_it(parse_one: Parse) -> None:
    # Other card games' records space their cards; here a space would join nothing.
    _, diagnostics = parse_one("n:(2 3 5 7 K)\nm:(468)\nn:2\n")
    (bad,) = [d for d in diagnostics if d.code == notation_codes.BAD_HAND]
    assert bad.column == 5  # the first space
    assert bad.message.endswith("write them together: (2357K)")
    assert "(2357K)" in bad.message_ja
    _, diagnostics = parse_one("n:(2 3 Z)\nn:2\n")
    (bad,) = [d for d in diagnostics if d.code == notation_codes.BAD_HAND]
    assert "together" not in bad.message  # spaces are not all that is wrong


def test_lines_that_are_not_moves(parse_one: Parse) -> None:
    game, diagnostics = parse_one("先手はnishimura\nn:(QT3)\nn:KQ\nこれは何\nn:%\n")
    assert [(d.code, d.line, d.severity) for d in diagnostics] == [
        (notation_codes.HEADER_TEXT_KEPT, 1, Severity.WARNING),
        (notation_codes.NOT_A_MOVE_LINE, 4, Severity.ERROR),
    ]
    assert game.header_lines == ["先手はnishimura"]
    assert [d.step for d in diagnostics] == [None, 2]
    assert game.moves[1].action is Action.UNKNOWN
    assert game.moves[1].raw == "これは何"
    assert game.moves[1].player == ""


def test_judge_named_twice(parse_one: Parse) -> None:
    game, diagnostics = parse_one("素数判定員:Gaz\n素数判定員:Baz\nA:Foo\nA:23\n")
    assert [(d.code, d.line) for d in diagnostics] == [(notation_codes.PLAYER_TWICE, 2)]
    assert game.judge == "Baz"


def test_player_declared_twice(parse_one: Parse) -> None:
    game, diagnostics = parse_one("A:Foo\nA:Bar\nA:23\n")
    assert [(d.code, d.line, d.severity) for d in diagnostics] == [
        (notation_codes.PLAYER_TWICE, 2, Severity.WARNING)
    ]
    assert game.players == {"A": "Bar"}
    _, diagnostics = parse_one("A:Foo\nA初期:23\nA:Bar\nA:23\n")
    # After a hand, "A:Bar" is a move line (and not readable), not a second name.
    assert [d.code for d in diagnostics] == [notation_codes.UNREADABLE_MOVE]


def test_bad_notation_option() -> None:
    from kifuwiki.games.prime_daifugo.notation import parse_game

    source = split_record_file("---\nnotation: klingon\n---\nn:23\n")[0]
    _, diagnostics = parse_game(source)
    assert [d.code for d in diagnostics] == [notation_codes.BAD_NOTATION_OPTION]


def test_every_code_is_documented_and_distinct() -> None:
    names = [
        v
        for k, v in vars(notation_codes).items()
        if k.isupper() and k not in ("CODES", "CODES_JA", "ERRORS")
    ]
    assert sorted(names) == sorted(notation_codes.CODES)
    assert all(code.startswith("PD0") for code in names)
    assert all(text.split(":")[0] in ("error", "warning") for text in notation_codes.CODES.values())
    # The codes declared always errors are those the table describes as errors.
    described = {c for c, text in notation_codes.CODES.items() if text.startswith("error:")}
    assert described == notation_codes.ERRORS


# ------------------------------------------------------------------- dialects, detection


def test_front_matter_notation_wins() -> None:
    text = "---\nnotation: fandom\n---\nn:23\nm:%\n"
    assert detect_dialect(split_record_file(text)[0]) is Dialect.FANDOM
    text = "---\nnotation: standard\n---\nA:3*5=A5\nB:Pass\n"
    assert detect_dialect(split_record_file(text)[0]) is Dialect.STANDARD


def test_factor_side_follows_the_dialect_when_ambiguous(parse_one: Parse) -> None:
    game, _ = parse_one("---\nnotation: fandom\n---\nA:Foo\nA:7=7\n")
    assert game.moves[0].factors[0].base.text == "7"
    game, _ = parse_one("n:(QT3)\nn:5=7\n")
    assert summary(game.moves[0])["number"] == "5"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("n:(QT338647JA9)\nm:(T77TJK4X3KA)\nn:D(Q)987463\n", True),
        ("A:Foo\nB:Baa\nA初期:2345678\nA:223\nB:Pass\n", True),
        ("n:23\nm:%\nn:KQ#\n", True),
        ("hello world\nthis is not a record\n", False),
        ("R | : 街道 | (Road)\n9: 7-B\n", False),
        ("", False),
    ],
)
def test_detect(text: str, expected: bool) -> None:
    assert detect(split_record_file(text)[0]) is expected


def test_parse_cards() -> None:
    run = parse_cards("QhK?X", column=4)
    assert run is not None
    assert run.ranks == "QK?X"
    assert run.column == 4
    assert run.cards[0] == Card("Q", "h")
    assert parse_cards("Q1") is None
    assert parse_cards("") is not None


def test_tokenize_counts_tokens() -> None:
    assert tokenize("") == 0
    assert tokenize("n:D(7)KQ=2^5*4A|X=K,P(AK)#") > tokenize("n:%")


def test_the_fast_line_patterns_end_with_the_eight_move_groups() -> None:
    # _fast_fields reads the move's groups by position, as the last eight of either pattern.
    from kifuwiki.games.prime_daifugo.notation import _FAST_LINE
    from kifuwiki.games.prime_daifugo.notation_moves import STD_FAST

    move_groups = ["draw", "pass", "num", "fac", "jok", "tag", "pen", "out"]
    for pattern in (STD_FAST, _FAST_LINE):
        by_position = sorted(pattern.groupindex, key=pattern.groupindex.__getitem__)
        assert pattern.groups == len(by_position)  # every group is named
        assert by_position[-8:] == move_groups


#: Pieces of Fandom and standard signs, and text around them.
SIGN_PIECES = ["A: ", "B :", "初期:", ": Pass", "(GC)", "(RR)", ";X=", ": D", ";", "P(2);"]
SIGN_PIECES += ["*", "=", "x", "D(", ":(", "%", "[GC]", "\n", " ", "|X=", ",P(", ":QK="]
SIGN_PIECES += ["A", "b", ":", "\t", "\u3000", "\r", "あ", "\n ", "K\n:", "\n\nQ"]


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(SIGN_PIECES), max_size=12))
def test_a_fandom_key_line_is_found_as_the_pattern_finds_it(parts: list[str]) -> None:
    from kifuwiki.games.prime_daifugo.notation import _FANDOM_KEY, _has_fandom_key

    text = "".join(parts)
    assert _has_fandom_key(text) == (_FANDOM_KEY.search(text) is not None)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="A23456789TJQKX?dchs", max_size=8))
def test_the_ranks_of_cards_are_looked_up_as_they_are_joined(text: str) -> None:
    from kifuwiki.games.prime_daifugo.notation_moves import CARDS_RE, cards_of, ranks_of

    if CARDS_RE.fullmatch(text) is None:
        return
    cards = cards_of(text)
    assert ranks_of(cards) == "".join(card.rank for card in cards)
    # Equal cards that cards_of did not make are joined, not looked up.
    copy = tuple(iter(cards))
    assert copy is not cards or not cards
    assert ranks_of(list(cards)) == ranks_of(copy) == ranks_of(cards)


def test_a_comment_written_after_a_move_is_told_to_go_on_its_own_line(parse_one: Parse) -> None:
    # "n:KQ#  * 決着" said only "'*' is a second number in one move".
    _, diagnostics = parse_one("n:(QT338647JA9)\nm:(T77TJK4X3KA)\nn:KQ  * 決着\n")
    [diagnostic] = diagnostics
    assert (diagnostic.code, diagnostic.column) == (notation_codes.UNREADABLE_MOVE, 7)
    assert "a comment goes on its own line, starting with *" in diagnostic.message
    assert "コメントは * で始まる別の行に書く" in diagnostic.message_ja
    _, after_out = parse_one("n:(QT338647JA9)\nm:(T77TJK4X3KA)\nn:KQ#  * 決着\n")
    assert [(d.code, d.column) for d in after_out] == [(notation_codes.UNREADABLE_MOVE, 8)]
