"""A replayed Prime Daifugo record → :class:`RecordView`, plain data for the templates.

The package's ``templates/state.html`` renders each step's ``state`` mapping (built by
:func:`state_mapping`): every hand (known cards, unknown count, whose turn), the field
and its number, the factor cards of a composite, the deck and its known bottom, the
revolution and the ranking so far. The mapping is JSON-serialisable; numbers that can
be huge are strings.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Any, cast

from kifuwiki.games.base import GameRecord, PlayerStat, RecordView, StepView
from kifuwiki.games.prime_daifugo.faces import Faces, FaceTracker
from kifuwiki.games.prime_daifugo.glyphs import ranks_with_jokers
from kifuwiki.games.prime_daifugo.hindsight import HindsightNotes
from kifuwiki.games.prime_daifugo.i18n import KIND_WORDS_JA, annotation_ja
from kifuwiki.games.prime_daifugo.model import ParsedGame
from kifuwiki.games.prime_daifugo.replay import Replay, State, Step
from kifuwiki.games.prime_daifugo.rules import rank_titles
from kifuwiki.games.prime_daifugo.state import KIND_ORDER, HandState
from kifuwiki.games.viewkit import (
    Text,
    first_step_of_lines,
    header_row,
    player_lines,
    problem_steps,
    record_badges,
    step_view,
)

SPECIAL_KINDS = frozenset({"GC", "RR", "IN"})
#: Whether record pages may carry the "what could have been played" annotations
#: (:mod:`.hindsight`; a record or site turns them off with ``hindsight: false``);
#: ``benchmarks/pd_hindsight.py`` measures what they cost.
HINDSIGHT = True

_KIND_WORDS = {
    "deal": "deal",
    "lead": "leads",
    "follow": "plays",
    "composite": "plays a composite",
    "GC": "Grothendieck cut",
    "RR": "Ramanujan revolution",
    "IN": "lone joker",
    "penalty": "is penalised",
    "pass": "passes",
    "timeout": "times out",
    "draw": "draws",
    "out": "goes out",
    "unreadable": "(unreadable move)",
}


#: A hand's known cards and their count by its per-rank counts: a hand that did not
#: change since the last step is the same tuple, and dealt hands repeat across records
#: (``HandState.cards`` joins 14 ranks at every step). Bounded like the replay's own cache.
_HAND_TEXT: dict[tuple[int, ...], tuple[str, int]] = {}
_HAND_TEXT_LIMIT = 16_384
#: :attr:`Step.kind` by the step's kinds (a handful of distinct sets in any archive).
_KIND_OF: dict[frozenset[str], str] = {}


def hand_text(hand: HandState) -> tuple[str, int]:
    """``(hand.cards, hand.size)``, remembered by the hand's counts."""
    counts = hand.counts
    known = _HAND_TEXT.get(counts)
    if known is None:
        if len(_HAND_TEXT) >= _HAND_TEXT_LIMIT:
            _HAND_TEXT.clear()
        known = _HAND_TEXT[counts] = (hand.cards, sum(counts))
    return known[0], known[1] + hand.unknown


def kind_of(kinds: frozenset[str]) -> str:
    """:attr:`Step.kind` of a step with these ``kinds``, remembered."""
    kind = _KIND_OF.get(kinds)
    if kind is None:
        if len(_KIND_OF) >= _HAND_TEXT_LIMIT:
            _KIND_OF.clear()
        kind = _KIND_OF[kinds] = next((k for k in KIND_ORDER if k in kinds), "deal")
    return kind


def state_mapping(
    replay: Replay,
    step: Step,
    names: list[str],
    last_flush: int | None = None,
    faces: Faces | None = None,
) -> dict[str, Any]:
    """The JSON-serialisable state after ``step`` for ``state.html``.

    ``last_flush`` is the index of the latest step (this one included) that flushed;
    ``faces`` the card faces with suits and joker values (:class:`Faces`). ``cards``
    keys hold ranks only (``QT3``), ``faces`` keys what the glyphs show (``Q♥T3``).
    """
    state: State = step.state
    seats = replay.seats
    ranking = list(state.out)
    places: dict[int, int] = {}
    for place, seat in enumerate(ranking, start=1):
        places.setdefault(seat, place)  # ranking.index(seat) + 1
    faces = faces or Faces()
    hand_faces = faces.hands
    to_move, mover = state.to_move, step.seat
    # A hand is found by its player's name (the seat select's option text; see
    # PrimeDaifugo.seat_hands), so it carries no data-kw-seat unless two names are alike.
    marked = len(set(names)) < len(names)
    players = []
    for seat, hand in enumerate(state.hands):
        cards, count = hand_text(hand)
        players.append(
            {
                "key": seats[seat],
                "name": names[seat],
                "seat": seats[seat] if marked else "",
                "cards": cards,
                "faces": hand_faces[seat] if hand_faces else cards,
                "unknown": hand.unknown,
                "count": count,
                "current": to_move == seat,
                "moved": mover == seat,
                "rank": places.get(seat),
            }
        )
    field = state.field
    played: dict[str, Any] | None = None
    if step.played:
        played = {
            "cards": step.played,
            "faces": faces.played,
            "factor_faces": faces.factors,
            "factor_cards": step.factor_cards,
            "number": str(step.number) if step.number is not None else None,
            "factorisation": step.factorisation,
            "valid": step.valid,
            "penalised": "penalty" in step.kinds,
        }
    return {
        "players": players,
        "field": (
            {
                "cards": field.cards,
                "faces": faces.field or ranks_with_jokers(field.cards, field.jokers),
                "number": str(field.number) if field.number is not None else None,
                "count": field.count,
                "owner": seats[field.owner],
                "owner_name": names[field.owner],
                "factors": field.factors,
            }
            if field is not None
            else None
        ),
        "played": played,
        "drawn": faces.drawn or step.drawn,
        "penalty_drawn": faces.penalty or step.penalty_drawn,
        "pile": state.pile,
        "deck": state.deck,
        "deck_unknown": state.deck_unknown,
        "bottom": state.bottom,
        "revolution": state.revolution,
        "flushed": step.flushed,
        "last_flush": last_flush,
        "kind": kind_of(step.kinds),
        "ranking": [names[seat] for seat in ranking],
        "to_move": seats[state.to_move] if state.to_move is not None else None,
    }


def _label(step: Step, names: list[str], *, ja: bool = False) -> str:
    """``はち leads 987463 (987463): 987463 is prime``, in English or Japanese."""
    words = KIND_WORDS_JA if ja else _KIND_WORDS
    if step.move is None:
        return words["deal"]
    who = names[step.seat] if step.seat is not None else step.move.player
    kind = kind_of(step.kinds)
    text = f"{who} {words.get(kind, kind)}"
    if step.played:
        text += f" {ranks_with_jokers(step.played, step.played_jokers)}"
        if step.number is not None:
            text += f" ({step.number})"
    if step.annotations:
        first = step.annotations[0]
        text += f": {annotation_ja(first) if ja else first}"
    return text


def _player_stats(replay: Replay, names: list[str]) -> dict[str, list[PlayerStat]]:
    counts: dict[int, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    largest: dict[int, int] = {}
    for step in replay.steps[1:]:
        seat = step.seat
        if seat is None:
            continue
        mine = counts[seat]
        kinds = step.kinds
        if "penalty" in kinds:
            mine["penalties"] += 1
            continue
        for kind in ("GC", "RR", "IN", "composite", "pass", "timeout"):
            if kind in kinds:
                mine[kind] += 1
        if step.played:
            mine["cards"] += step.consumed
            if (
                step.valid
                and "composite" not in kinds
                and not kinds & SPECIAL_KINDS
                and step.number is not None
            ):
                largest[seat] = max(largest.get(seat, 0), step.number)
    stats: dict[str, list[PlayerStat]] = {}
    for seat, name in enumerate(names):
        mine = counts[seat]
        rows = [
            PlayerStat("gc", "グロタンカット", "Grothendieck cuts", mine["GC"]),
            PlayerStat("rr", "ラマヌジャン革命", "Ramanujan revolutions", mine["RR"]),
            PlayerStat("in", "ジョーカー1枚出し (IN)", "lone jokers (IN)", mine["IN"]),
            PlayerStat("composites", "合成数出し", "composite plays", mine["composite"]),
            PlayerStat("penalties", "ペナルティ", "penalties", mine["penalties"]),
            PlayerStat("cards_played", "出したカード", "cards played", mine["cards"]),
        ]
        if seat in largest:
            rows.append(
                PlayerStat(
                    "largest_prime",
                    "最大の素数",
                    "largest prime",
                    largest[seat],
                    "max",
                    str(largest[seat]),
                )
            )
        stats[name] = rows
    return stats


@dataclass(frozen=True, slots=True)
class _Game:
    """What every step of one record's view needs."""

    record: GameRecord
    parsed: ParsedGame
    replay: Replay
    names: list[str]
    problems: dict[int, set[str]]


def _joker_note(step: Step) -> list[Text]:
    """``joker X = 7`` for each joker of the number played (the move list shows it)."""
    if not step.played_jokers:
        return []
    values = ", ".join(f"X = {value}" for value in step.played_jokers)
    return [Text(f"ジョーカー {values}", f"joker {values}")]


def _step(
    step: Step, game: _Game, last_flush: int | None, faces: Faces, extra: list[Text]
) -> StepView:
    """One viewer step of the replay (``extra``: the view's own annotations)."""
    names, record = game.names, game.record
    move = step.move
    if move is None:  # the deal: the game's own comments come before the first move
        comments, bookmarks = game.parsed.comments, game.parsed.bookmarks
    else:
        comments, bookmarks = move.comments, move.bookmarks
    flags = set()
    if "penalty" in step.kinds:
        flags.add("penalty")
    if step.kinds & SPECIAL_KINDS:
        flags.add("special")
    if "RR" in step.kinds:
        flags.add("revolution")
    return step_view(
        step.index,
        player=move.player if move is not None else None,
        notation=move.raw if move is not None else "",
        line=move.line if move is not None else record.source.first_line,
        kind=kind_of(step.kinds),
        label=Text(_label(step, names, ja=True), _label(step, names)),
        annotations=[
            *_joker_note(step),
            *(Text(annotation_ja(note), note) for note in step.annotations),
            *extra,
        ],
        comments=comments,
        bookmarks=bookmarks,
        marks=move.marks if move is not None else "",
        flags=flags,
        problems=game.problems,
        state=state_mapping(game.replay, step, names, last_flush, faces),
    )


def _badges(replay: Replay, record: GameRecord) -> frozenset[str]:
    badges: set[str] = set()
    for step in replay.steps:
        if "penalty" in step.kinds:
            badges.add("penalty")
        badges.update(step.kinds & SPECIAL_KINDS)
        if "composite" in step.kinds and step.valid:
            badges.add("composite")
        if "timeout" in step.kinds:
            badges.add("timeout")
    if record.winner is not None:
        badges.add("out-of-cards")
    if any(d.code == "PD162" for d in record.diagnostics):
        badges.add("adjudicated")
    return record_badges(record, badges)


def build_view(record: GameRecord) -> RecordView:
    from kifuwiki.games.prime_daifugo import LoadedGame

    loaded = cast(LoadedGame, record.data)
    replay = loaded.replay
    parsed = loaded.parsed
    names = list(record.players)
    lines = first_step_of_lines(
        (step.move.line, step.index) for step in replay.steps[1:] if step.move is not None
    )
    game = _Game(record, parsed, replay, names, problem_steps(record.diagnostics, lines))
    steps: list[StepView] = []
    last_flush: int | None = None
    tracker = FaceTracker(parsed, replay.seats)
    annotate = HINDSIGHT and loaded.hindsight
    previous = replay.steps[0]
    hindsight_notes = HindsightNotes(replay.rules)
    for step in replay.steps:
        if step.flushed:
            last_flush = step.index
        notes = hindsight_notes(previous, step) if annotate else []
        steps.append(_step(step, game, last_flush, tracker.step(step), notes))
        previous = step
    return _view_without_steps(record, steps)


def build_light_view(record: GameRecord) -> RecordView:
    """:func:`build_view` without its steps (``GAME.light_view``): players, header,
    badges and statistics come from the replay alone, about a tenth of the whole view's
    cost; a build's first pass needs only these (tests prove them equal)."""
    return _view_without_steps(record, [])


def _view_without_steps(record: GameRecord, steps: list[StepView]) -> RecordView:
    from kifuwiki.games.prime_daifugo import LoadedGame

    loaded = cast(LoadedGame, record.data)
    replay = loaded.replay
    parsed = loaded.parsed
    names = list(record.players)
    seats = replay.seats
    header = [header_row(Text("ルール", "Rules"), replay.rules.describe())]
    if len(replay.ranking) == len(seats):
        ranking = Text(
            *(
                ", ".join(
                    f"{title} {names[seat]}"
                    for title, seat in zip(
                        rank_titles(len(seats), lang), replay.ranking, strict=True
                    )
                )
                for lang in ("ja", "en")
            )
        )
        header.append(header_row(Text("階級", "Ranking"), ranking))
    if parsed.judge:
        header.append(header_row(Text("素数判定員", "Judge"), parsed.judge))
    header.append(header_row(Text("記法", "Notation"), parsed.dialect.value))
    return RecordView(
        record=record,
        players=player_lines(seats, names, [seats[seat] for seat in replay.ranking], record.winner),
        steps=steps,
        header=header,
        badges=_badges(replay, record),
        player_stats=_player_stats(replay, names),
    )
