"""Canonical Prime Daifugo text (``kifuwiki fmt``) in either dialect.

The writer keeps everything a person wrote: header text, player and judge lines,
hands, comments and bookmarks after the move they belong to, move marks, footnotes,
move numbers, and unreadable lines exactly as they were. The promise it keeps (and
the tests check on every corpus record): ``parse(write(parse(text)))`` equals
``parse(text)`` up to line and column numbers, and standard → Fandom → standard is
lossless for what both dialects can express.

Dialect differences handled here:

* a draw: standard ``D(7)`` prefixes the action; Fandom writes ``A:D;D=7`` on a line
  of its own (when writing a Fandom game as standard, a draw line followed by the same
  player's action is joined back into one line);
* composites: standard ``N=factors``, Fandom ``factors=N``;
* tags ``[GC]`` / ``(GC)``, jokers ``|X=K`` / ``;X=K``, pass ``%`` / ``Pass``;
* penalties: standard ``,P(cards)`` (``,P12`` for a count only), Fandom
  ``P(n);P=cards``; ``(P)`` when only the fact is known.
"""

from __future__ import annotations

import re
from typing import Any

from kifuwiki.core.recordfile import kanji_heading
from kifuwiki.games.prime_daifugo.model import (
    JOKER,
    NOTE_BOOKMARK,
    NOTE_BOOKMARK_COMMENT,
    NOTE_COMMENT,
    UNKNOWN,
    Action,
    Card,
    CardRun,
    Dialect,
    Factor,
    Move,
    ParsedGame,
    Penalty,
)

_UNKNOWN_WORD = "不明"
_JUDGE = "素数判定員"
#: A key the hands-line form ``初期手札key:(cards)`` reads back (the parser's ``_HAND_ITEM``).
_HAND_KEY = re.compile(r"[^\s:、,()]+")


def _cards(cards: tuple[Card, ...]) -> str:
    return "".join(str(card) for card in cards)


def _factor(factor: Factor) -> str:
    text = factor.base.text
    if factor.exponent is not None:
        text += "^" + factor.exponent.text
    for run in factor.tower:
        text += "^" + run.text
    return text


def _factors(factors: tuple[Factor, ...]) -> str:
    return "*".join(_factor(factor) for factor in factors)


def _standard_penalty(penalty: Penalty) -> str:
    if penalty.cards is not None:
        if penalty.count is not None and penalty.count != len(penalty.cards):
            # A count that differs from the cards named (Fandom "P(3);P=7X"): the
            # Fandom form, which the parser reads in both dialects.
            return f",P({penalty.count});P={_cards(penalty.cards)}"
        return f",P({_cards(penalty.cards)})"
    if penalty.count is not None:
        return f",P{penalty.count}"
    return "(P)"


def _fandom_penalty(penalty: Penalty) -> str:
    if penalty.count is None:
        return f"(P={_cards(penalty.cards)})" if penalty.cards is not None else "(P)"
    text = f"P({penalty.count})"
    if penalty.cards is not None:
        text += f";P={_cards(penalty.cards)}"
    return text


def _fandom_draw(draw: tuple[Card, ...]) -> str:
    if len(draw) == 1 and draw[0].rank == UNKNOWN and draw[0].suit is None:
        return "D"
    return f"D;D={_cards(draw)}"


def _action(move: Move, dialect: Dialect) -> str:
    """The move's action text: pass, or the number with its factorisation."""
    action = move.action
    if action is Action.PASS:
        return "%" if dialect is Dialect.STANDARD else "Pass"
    if action is Action.TIMEOUT:
        return "%%" if dialect is Dialect.STANDARD else "T.O."
    if action is Action.DRAW or move.number is None:
        return ""
    number = move.number.text
    if action is Action.COMPOSITE:
        factors = _factors(move.factors)
        return f"{number}={factors}" if dialect is Dialect.STANDARD else f"{factors}={number}"
    return number


def _joker_values(move: Move, dialect: Dialect) -> tuple[str, ...]:
    """The declared joker values in the order the target dialect writes the jokers.

    Values belong to the jokers left to right as written, and the two dialects write a
    composite's sides in opposite orders (``KKX=A3^X…`` vs ``A3^X…=KKX``): so values are
    first given to their card runs by column, then listed in the target's order.
    """
    values = move.joker_values
    if move.action is not Action.COMPOSITE or move.number is None or not values:
        return values
    factor_runs: list[CardRun] = []
    for factor in move.factors:
        factor_runs.append(factor.base)
        if factor.exponent is not None:
            factor_runs.append(factor.exponent)
        factor_runs.extend(factor.tower)
    runs = [move.number, *factor_runs]
    jokers = [run.ranks.count(JOKER) for run in runs]
    if sum(jokers) != len(values):
        return values  # the engine reports the mismatch; keep what was written
    as_written = sorted(range(len(runs)), key=lambda i: runs[i].column)
    by_run: dict[int, list[str]] = {}
    rest = iter(values)
    for i in as_written:
        by_run[i] = [next(rest) for _ in range(jokers[i])]
    factor_order = range(1, len(runs))
    order = [0, *factor_order] if dialect is Dialect.STANDARD else [*factor_order, 0]
    return tuple(value for i in order for value in by_run[i])


def _body(move: Move, dialect: Dialect, *, with_draw: bool) -> str:
    standard = dialect is Dialect.STANDARD
    parts: list[str] = []
    if move.revolution_mark:
        parts.append("[R]")
    if move.action is Action.DRAW and not standard:
        parts.append(_fandom_draw(move.draw or ()))
    elif with_draw and move.draw is not None:
        # Inline in a Fandom record (not the spec's form, but read): "D;D=7 223".
        parts.append(f"D({_cards(move.draw)})" if standard else _fandom_draw(move.draw) + " ")
    parts.append(_action(move, dialect))
    if standard:
        parts.extend(f"|X={value}" for value in _joker_values(move, dialect))
        parts.extend(f"[{tag.value}]" for tag in move.tags)
        if move.penalty is not None:
            parts.append(_standard_penalty(move.penalty))
    else:
        # The spec's order: 5X(GC);X=7, then the penalty after a space.
        parts.extend(f"({tag.value})" for tag in move.tags)
        parts.extend(f";X={value}" for value in _joker_values(move, dialect))
        if move.penalty is not None:
            space = "" if _penalty_attached(move, "".join(parts)) else " "
            parts.append(space + _fandom_penalty(move.penalty))
    if move.out:
        parts.append("#")
    text = "".join(parts)
    if move.flush_mark:
        # "Passr" would read, but "Pass r" is what a person writes.
        text += " r" if text.endswith(("s", ".")) else "r"
    for footnote in move.footnotes:
        text += " " + footnote
    if move.marks:
        text += " " + move.marks
    return text


def _penalty_attached(move: Move, before: str) -> bool:
    """Whether a Fandom penalty was written right after the cards (``A646P(4);P=6J8Q``,
    as the Wiki's own example) and can be again: the text before it ends as it did."""
    penalty = move.penalty
    if penalty is None or not before:
        return False
    at = penalty.column - move.column  # the penalty's place in ``raw``
    return 0 < at <= len(move.raw) and move.raw[at - 1] == before[-1] != " "


def _prefix(move: Move) -> str:
    label = f"{move.number_label}." if move.number_label is not None else ""
    return f"{label}{move.player}:"


def _annotations(
    comments: list[str], bookmarks: list[str], forms: list[str] | tuple[str, ...] = ()
) -> list[str]:
    """Comment and bookmark lines: in the order and the forms they were written
    (``forms``: ``*&name text`` stays one line), or, for a game that was not read from
    text (an importer's), its bookmarks then its comments."""
    if _forms_fit(comments, bookmarks, forms):
        lines: list[str] = []
        notes, names = iter(comments), iter(bookmarks)
        for form in forms:
            if form == NOTE_COMMENT:
                lines.append(f"* {next(notes)}".rstrip())
            elif form == NOTE_BOOKMARK:
                lines.append(f"*&{next(names)}")
            else:
                lines.append(f"*&{next(names)} {next(notes)}".rstrip())
        return lines
    lines = [f"*&{name}" for name in bookmarks]
    lines.extend(f"* {text}".rstrip() for text in comments)
    return lines


def _forms_fit(
    comments: list[str], bookmarks: list[str], forms: list[str] | tuple[str, ...]
) -> bool:
    """Whether ``forms`` account for exactly these comments and bookmarks, and each
    bookmark written with its comment reads back so (a name is one word, the comment
    not empty)."""
    with_text = forms.count(NOTE_BOOKMARK_COMMENT)
    if (
        forms.count(NOTE_COMMENT) + with_text != len(comments)
        or forms.count(NOTE_BOOKMARK) + with_text != len(bookmarks)
        or with_text + forms.count(NOTE_COMMENT) + forms.count(NOTE_BOOKMARK) != len(forms)
    ):
        return False
    notes, names = iter(comments), iter(bookmarks)
    for form in forms:
        if form == NOTE_COMMENT:
            next(notes)
        elif form == NOTE_BOOKMARK:
            next(names)
        else:
            name, text = next(names), next(notes)
            if not name or len(name.split()) != 1 or name != name.strip() or not text.strip():
                return False
    return True


def _joinable(draw: Move, action: Move) -> bool:
    """A Fandom draw line that the standard dialect writes as a ``D(…)`` prefix."""
    return (
        draw.action is Action.DRAW
        and action.player == draw.player
        and action.draw is None
        and action.action not in (Action.DRAW, Action.UNKNOWN)
        and not (draw.comments or draw.bookmarks or draw.marks or draw.footnotes)
        and draw.number_label is None
        and not draw.revolution_mark
        and draw.penalty is None
        and not draw.out
        and not draw.flush_mark
        and not draw.joker_values
        and not draw.tags
    )


def _move_lines(game: ParsedGame, dialect: Dialect) -> list[str]:
    lines: list[str] = []
    moves = game.moves
    # Converting between dialects: a draw is its own Fandom line and a standard prefix.
    join_draws = dialect is Dialect.STANDARD and game.dialect is Dialect.FANDOM
    split_draws = dialect is Dialect.FANDOM and game.dialect is Dialect.STANDARD
    late_hands = _late_hands(game)
    movers: set[str] = set()
    index = 0
    while index < len(moves):
        move = moves[index]
        index += 1
        while late_hands and late_hands[0][0] < move.line:
            key = late_hands.pop(0)[1]
            lines.append(_hand_line(key, game, dialect, after_moves=key in movers))
        if move.action is not Action.UNKNOWN:
            movers.add(move.player)  # after a readable move, "key:(…)" reads as a move
        if move.action is Action.UNKNOWN:
            lines.append(move.raw if not move.player else f"{_prefix(move)}{move.raw}")
        elif dialect is Dialect.STANDARD:
            if join_draws and index < len(moves) and _joinable(move, moves[index]):
                action = moves[index]
                index += 1
                body = f"D({_cards(move.draw or ())})" + _body(action, dialect, with_draw=False)
                lines.append(f"{_prefix(action)}{body}")
                move = action
            else:
                lines.append(f"{_prefix(move)}{_body(move, dialect, with_draw=True)}")
        elif split_draws and move.draw is not None and move.action is not Action.DRAW:
            lines.append(f"{move.player}:{_fandom_draw(move.draw)}")
            lines.append(f"{_prefix(move)}{_body(move, dialect, with_draw=False)}")
        else:
            # A Fandom record that wrote "D(7)…" inline keeps it (the parser reads it).
            lines.append(f"{_prefix(move)}{_body(move, dialect, with_draw=True)}")
        lines.extend(_annotations(move.comments, move.bookmarks, move.note_forms))
    lines.extend(_hand_line(key, game, dialect, after_moves=key in movers) for _, key in late_hands)
    return lines


def _header_lines(game: ParsedGame, dialect: Dialect) -> list[str]:
    # What was written on top of the game (a note, text no rule reads) stays there.
    lead_notes, lead_marks = game.lead_comments, game.lead_bookmarks
    lead_forms = game.lead_note_forms
    lines = _annotations(
        game.comments[:lead_notes], game.bookmarks[:lead_marks], game.note_forms[:lead_forms]
    )
    lines.extend(game.header_lines[: game.lead_header_lines])
    if game.same_players_as is not None:
        lines.append(f"({kanji_heading(game.same_players_as)})と同じ")
    declared = list(game.declared_players)
    # A judge taken from the game "(一試合目)と同じ" names is said by that note.
    named = game.judge is not None and not game.judge_inherited
    judge = [f"{_JUDGE}:{game.judge}"] if named else []
    first_move = game.moves[0].line if game.moves else None
    seats = [key for key in game.order if key in game.initial_hands]
    seats += [key for key in game.initial_hands if key not in seats]
    early = [
        key for key in seats if first_move is None or game.initial_hands[key].line < first_move
    ]
    # The seat order is the order in which keys first appear. The usual layout (player
    # lines, judge, hands) keeps it when the player lines come first; otherwise write
    # each seat's lines in seat order.
    blocks = declared + [key for key in early if key not in declared]
    seated = [key for key in game.order if key in declared or key in early]
    if blocks == seated:
        lines.extend(_declaration(key, game) for key in declared)
        lines.extend(judge)
        lines.extend(_hand_line(key, game, dialect) for key in early)
    else:
        for key in seated:
            if key in declared:
                lines.append(_declaration(key, game))
            if key in early:
                lines.append(_hand_line(key, game, dialect))
        lines.extend(judge)
    # Other header text after the hands: a line kept here because it could not be used
    # (a hand given twice) must not come first, or it would be read as the hand.
    lines.extend(game.header_lines[game.lead_header_lines :])
    lines.extend(
        _annotations(
            game.comments[lead_notes:], game.bookmarks[lead_marks:], game.note_forms[lead_forms:]
        )
    )
    return lines


def _declaration(key: str, game: ParsedGame) -> str:
    return f"{key}:{game.players.get(key, _UNKNOWN_WORD)}"


def _hand_line(key: str, game: ParsedGame, dialect: Dialect, *, after_moves: bool = False) -> str:
    """``key:(cards)`` (standard) or ``key初期:cards`` (Fandom).

    A standard hand written after the player's own moves cannot be ``key:(…)``, which
    would read as a move there. It takes the hands-line form ``初期手札key:(cards)``: a
    standard sign. The ``key初期:`` form is a Fandom sign, so it could tip the dialect
    detection of the written text to Fandom, and a second ``fmt`` would rewrite the game
    in the other dialect (not idempotent). ``key初期:`` stays only for what the
    hands-line form cannot say (footnotes, an unknown hand, a key with spaces)."""
    hand = game.initial_hands[key]
    cards = _cards(hand.cards) if hand.cards is not None else _UNKNOWN_WORD
    notes = "".join(hand.footnotes)
    if dialect is Dialect.STANDARD and not after_moves:
        return f"{key}:({cards}){notes}"
    if dialect is Dialect.STANDARD and _hands_line_reads(key, hand.cards, notes):
        return f"初期手札{key}:({cards})"
    return f"{key}初期:{cards}{notes}"


def _hands_line_reads(key: str, cards: tuple[Card, ...] | None, notes: str) -> bool:
    """Whether ``初期手札key:(cards)`` reads back as this hand (see the parser's
    ``_HANDS_LINE`` / ``_HAND_ITEM``)."""
    if cards is None or notes or not key:
        return False
    return _HAND_KEY.fullmatch(key) is not None and not key.startswith("私の")


def _late_hands(game: ParsedGame) -> list[tuple[int, str]]:
    """Hands written after the first move (blogs do), by line: they stay in place,
    since the seat order is the order in which players first appear."""
    if not game.moves:
        return []
    first_move = game.moves[0].line
    return sorted(
        (hand.line, key) for key, hand in game.initial_hands.items() if hand.line > first_move
    )


def write_game(game: ParsedGame, dialect: Dialect | str | None = None) -> str:
    """Canonical body text of one game (no front matter), ending with a newline.

    ``dialect`` may be given by name (``"standard"``, ``"fandom"``, as ``kifuwiki fmt
    --to`` passes it); ``None`` keeps the game's own dialect.
    """
    if isinstance(dialect, str):
        dialect = Dialect(dialect.strip().lower())
    target = dialect or game.dialect
    lines = _header_lines(game, target) + _move_lines(game, target)
    return "\n".join(lines) + "\n"


def comparable(game: ParsedGame) -> dict[str, Any]:
    """The game as plain data without line/column numbers or the raw text of readable
    moves: what a round trip through the writer must keep."""

    def move_data(move: Move) -> tuple[Any, ...]:
        return (
            move.player,
            move.raw if move.action is Action.UNKNOWN else None,
            move.action,
            _cards(move.draw) if move.draw is not None else None,
            move.number.text if move.number is not None else None,
            tuple(
                (
                    f.base.text,
                    f.exponent.text if f.exponent else None,
                    tuple(r.text for r in f.tower),
                )
                for f in move.factors
            ),
            move.joker_values,
            move.tags,
            (
                None
                if move.penalty is None
                else (
                    _cards(move.penalty.cards) if move.penalty.cards is not None else None,
                    move.penalty.count,
                )
            ),
            move.out,
            move.flush_mark,
            move.revolution_mark,
            move.footnotes,
            move.marks,
            move.number_label,
            tuple(move.comments),
            tuple(move.bookmarks),
        )

    return {
        "dialect": game.dialect,
        "declared_players": list(game.declared_players),
        "players": dict(game.players),
        "order": list(game.order),
        "hands": {
            key: (_cards(hand.cards) if hand.cards is not None else None, hand.footnotes)
            for key, hand in game.initial_hands.items()
        },
        "judge": game.judge,
        "comments": list(game.comments),
        "bookmarks": list(game.bookmarks),
        "same_players_as": game.same_players_as,
        "header_lines": list(game.header_lines),
        "moves": [move_data(move) for move in game.moves],
    }
