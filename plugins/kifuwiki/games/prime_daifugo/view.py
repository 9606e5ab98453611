"""A replayed Prime Daifugo record → :class:`RecordView`, plain data for the templates.

``templates/prime-daifugo/state.html`` renders each step's ``state`` mapping (built by
:func:`state_mapping`): every hand (known cards, unknown count, whose turn), the field
and its number, the factor cards of a composite, the deck and its known bottom, the
revolution and the ranking so far. The mapping is JSON-serialisable; numbers that can
be huge are strings.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any, cast

from kifuwiki.core.diagnostics import Severity
from kifuwiki.games.base import GameRecord, PlayerLine, PlayerStat, RecordView, StepView
from kifuwiki.games.prime_daifugo.i18n import KIND_WORDS_JA, annotation_ja
from kifuwiki.games.prime_daifugo.replay import Replay, State, Step
from kifuwiki.games.prime_daifugo.rules import rank_titles

SPECIAL_KINDS = frozenset({"GC", "RR", "IN"})

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


def state_mapping(
    replay: Replay, step: Step, names: list[str], last_flush: int | None = None
) -> dict[str, Any]:
    """The JSON-serialisable state after ``step`` for ``state.html``.

    ``last_flush`` is the index of the latest step (this one included) that flushed.
    """
    state: State = step.state
    seats = replay.seats
    ranking = list(state.out)
    players = []
    for seat, hand in enumerate(state.hands):
        players.append(
            {
                "key": seats[seat],
                "name": names[seat],
                "cards": hand.cards,
                "unknown": hand.unknown,
                "count": hand.size,
                "current": state.to_move == seat,
                "moved": step.seat == seat,
                "rank": ranking.index(seat) + 1 if seat in ranking else None,
            }
        )
    field = state.field
    played: dict[str, Any] | None = None
    if step.played:
        played = {
            "cards": step.played,
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
        "drawn": step.drawn,
        "penalty_drawn": step.penalty_drawn,
        "pile": state.pile,
        "deck": state.deck,
        "deck_unknown": state.deck_unknown,
        "bottom": state.bottom,
        "revolution": state.revolution,
        "flushed": step.flushed,
        "last_flush": last_flush,
        "kind": step.kind,
        "ranking": [names[seat] for seat in ranking],
        "to_move": seats[state.to_move] if state.to_move is not None else None,
    }


def _label(step: Step, names: list[str], *, ja: bool = False) -> str:
    """``はち leads 987463 (987463): 987463 is prime``, in English or Japanese."""
    words = KIND_WORDS_JA if ja else _KIND_WORDS
    if step.move is None:
        return words["deal"]
    who = names[step.seat] if step.seat is not None else step.move.player
    text = f"{who} {words.get(step.kind, step.kind)}"
    if step.played:
        text += f" {step.played}"
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
            PlayerStat("in", "ジョーカー単騎 (IN)", "lone jokers (IN)", mine["IN"]),
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


def build_view(record: GameRecord) -> RecordView:
    from kifuwiki.games.prime_daifugo import LoadedGame

    loaded = cast(LoadedGame, record.data)
    replay = loaded.replay
    parsed = loaded.parsed
    names = list(record.players)
    step_of_line: dict[int, int] = {}
    for step in replay.steps[1:]:
        if step.move is not None:
            step_of_line.setdefault(step.move.line, step.index)
    problems: dict[int, set[str]] = defaultdict(set)
    for diagnostic in record.diagnostics:
        if diagnostic.severity is Severity.INFO:
            continue
        index = step_of_line.get(diagnostic.line, diagnostic.step)
        if index is not None:
            problems[index].add(diagnostic.severity.value)
    steps: list[StepView] = []
    badges: set[str] = set()
    last_flush: int | None = None
    for step in replay.steps:
        if step.flushed:
            last_flush = step.index
        flags = set(problems.get(step.index, ()))
        move = step.move
        comments: tuple[str, ...] = ()
        bookmarks: tuple[str, ...] = ()
        if move is None:
            comments, bookmarks = tuple(parsed.comments), tuple(parsed.bookmarks)
        else:
            comments, bookmarks = tuple(move.comments), tuple(move.bookmarks)
        if comments or bookmarks:
            flags.add("comment")
        if "penalty" in step.kinds:
            flags.add("penalty")
            badges.add("penalty")
        special = step.kinds & SPECIAL_KINDS
        if special:
            flags.add("special")
            badges.update(special)
        if "composite" in step.kinds and step.valid:
            badges.add("composite")
        if "timeout" in step.kinds:
            badges.add("timeout")
        steps.append(
            StepView(
                index=step.index,
                anchor=f"m{step.index}",
                player=move.player if move is not None else None,
                notation=move.raw if move is not None else "",
                line=move.line if move is not None else record.source.first_line,
                kind=step.kind,
                label=_label(step, names),
                label_ja=_label(step, names, ja=True),
                annotations_ja=tuple(annotation_ja(note) for note in step.annotations),
                marks=move.marks if move is not None else "",
                comments=comments,
                bookmarks=bookmarks,
                annotations=step.annotations,
                flags=frozenset(flags),
                state=state_mapping(replay, step, names, last_flush),
            )
        )
    if record.errors:
        badges.add("error")
    if record.warnings:
        badges.add("warning")
    if record.winner is not None:
        badges.add("out-of-cards")
    if any(d.code == "PD162" for d in record.diagnostics):
        badges.add("adjudicated")
    ranks = {seat: place for place, seat in enumerate(replay.ranking, start=1)}
    players = [
        PlayerLine(key, names[seat], ranks.get(seat), record.winner == names[seat])
        for seat, key in enumerate(replay.seats)
    ]
    header: list[tuple[str, str]] = [("ルール / Rules", replay.rules.describe())]
    if len(replay.ranking) == len(replay.seats):
        titles = rank_titles(len(replay.seats))
        places = zip(titles, replay.ranking, strict=True)
        header.append(("階級 / Ranking", ", ".join(f"{t} {names[s]}" for t, s in places)))
    if parsed.judge:
        header.append(("素数判定員 / Judge", parsed.judge))
    header.append(("記法 / Notation", parsed.dialect.value))
    return RecordView(
        record=record,
        players=players,
        steps=steps,
        header=header,
        badges=frozenset(badges),
        player_stats=_player_stats(replay, names),
    )
