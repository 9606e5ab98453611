"""A replayed 升級 record → :class:`RecordView`: plain data for ``templates/state.html``.

Step 0 is the deal; every declaration, kitty line and card play is a step. A step's
``state`` holds the four hands around the table (N top, W left, E right, S bottom), the
current trick (the completed one on its last play, with the winner), the trumps and the
level, the points captured so far, and the kitty once the last trick is played. Ruffs,
throws and the last trick are flagged so the viewer can jump between them.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from typing import Any

from kifuwiki.cardkit import unread
from kifuwiki.cardkit import view as cardkit
from kifuwiki.cardkit.game import data_of
from kifuwiki.cards import Card
from kifuwiki.games.base import GameRecord, PlayerLine, PlayerStat, RecordView, StepView
from kifuwiki.games.shengji import SJData
from kifuwiki.games.shengji.engine import Replay, Step, points
from kifuwiki.games.shengji.model import SEATS, Declare, Kitty, Play, SJRecord, team_of
from kifuwiki.games.shengji.order import Trumps, level_name
from kifuwiki.games.shengji.writer import event_text
from kifuwiki.games.viewkit import Text, record_badges

#: Engine tags that are step flags (``GAME.step_flags``): jump targets of a page.
STEP_FLAGS = frozenset({"ruff", "throw", "last-trick"})
_SUIT_ORDER = {"S": 0, "H": 1, "C": 2, "D": 3}


def card_data(card: Card, trumps: Trumps | None) -> dict[str, Any]:
    return cardkit.card_data(
        card, trump=bool(trumps and trumps.is_trump(card)), points=points([card])
    )


def sort_hand(cards: tuple[Card, ...], trumps: Trumps | None) -> list[Card]:
    """Plain suits first (♠ ♥ ♣ ♦, low to high), trumps last in trump order."""

    def key(card: Card) -> tuple[int, int, int]:
        if trumps is None:
            return (0, _SUIT_ORDER.get(card.suit.value if card.suit else "", 4), card.rank)
        if trumps.is_trump(card):
            return (1, 0, trumps.position(card))
        suit = card.suit.value if card.suit else ""
        return (0, _SUIT_ORDER.get(suit, 4), trumps.position(card))

    return sorted(cards, key=key)


def _seats(
    step: Step, record: SJRecord, replay: Replay, won: Mapping[str, int]
) -> dict[str, dict[str, Any]]:
    snap, trumps = step.snapshot, step.snapshot.trumps
    actor = step.seat or None
    seats = {}
    for i, seat in enumerate(SEATS):
        hand = snap.hands[i]
        seats[seat] = {
            "key": seat,
            "name": record.name(seat),
            "team": team_of(seat),
            "declarer": seat == replay.declarer,
            "attacker": team_of(seat) == replay.attackers,
            "current": seat == actor,
            "hand": [card_data(c, trumps) for c in sort_hand(hand, trumps)]
            if hand is not None
            else None,
            "tricks": won.get(seat, 0),
        }
    return seats


def _tricks_won(replay: Replay) -> list[dict[str, int]]:
    """Step index → tricks each seat has won by the end of that step, in one pass (not a
    scan of the earlier steps for every step)."""
    won: dict[str, int] = defaultdict(int)
    done = 0
    by_step = []
    for step in replay.steps:
        if step.trick_end is not None:
            if done < len(replay.tricks):
                won[replay.tricks[done].winner] += 1
            done += 1
        by_step.append(dict(won))
    return by_step


def _trick(step: Step, record: SJRecord) -> dict[str, Any]:
    trumps = step.snapshot.trumps
    end = step.trick_end
    plays = end.plays if end is not None else step.snapshot.trick
    return {
        "plays": [
            {
                "seat": seat,
                "name": record.name(seat),
                "cards": [card_data(c, trumps) for c in cards],
            }
            for seat, cards in plays
        ],
        "winner": end.winner if end else None,
        "points": end.points if end else None,
        "ruff": bool(end and end.ruff),
        "number": end.number if end else step.snapshot.trick_number,
    }


def _unread(step: Step) -> bool:
    """A line among the plays that could not be read (cardkit.unread)."""
    return isinstance(step.event, Play) and not step.event.cards


def _notation(step: Step) -> str:
    """``N: SA``; a line that could not be read, as written."""
    event = step.event
    if event is None:
        return ""
    if isinstance(event, Play) and not event.cards:  # _unread, narrowed for the type
        return unread.written(event.text)
    return f"{event.seat}: {event_text(event)}"


def _label(step: Step, record: SJRecord, ja: bool) -> str:
    event = step.event
    if event is None:
        return "配り" if ja else "Deal"
    text = _notation(step) if _unread(step) else f"{record.name(event.seat)}: {event_text(event)}"
    if step.trick_end is not None:
        end = step.trick_end
        won = (
            f"{record.name(end.winner)} がトリック{end.number}を取る"
            if ja
            else f"{record.name(end.winner)} wins trick {end.number}"
        )
        text += f" — {won}" + (f" (+{end.points})" if end.points else "")
    return text


def _kind(step: Step) -> str:
    if step.event is None:
        return "deal"
    if isinstance(step.event, Declare):
        return "declare"
    if isinstance(step.event, Kitty):
        return "bury" if step.event.bury else "kitty"
    return "play"


def _player_stats(replay: Replay) -> dict[str, list[PlayerStat]]:
    stats: dict[str, list[PlayerStat]] = {}
    for seat in SEATS:
        counts = replay.stats[seat]
        stats[seat] = [
            PlayerStat("tricks", "取ったトリック", "tricks won", counts.get("tricks", 0)),
            PlayerStat("points", "取った点数", "points taken", counts.get("points", 0)),
            PlayerStat("ruffs", "切り札で取った", "ruffs", counts.get("ruffs", 0)),
            PlayerStat("throws", "甩牌", "throws", counts.get("throws", 0)),
            PlayerStat("failed", "甩牌失敗", "failed throws", counts.get("failed throws", 0)),
            PlayerStat("declarer", "庄家", "deals as declarer", int(seat == replay.declarer)),
        ]
    return stats


def _teams(replay: Replay, record: SJRecord) -> list[dict[str, Any]]:
    rows = []
    final = replay.steps[-1].snapshot.team_points
    for index, team in enumerate(("NS", "EW")):
        rows.append(
            {
                "team": team,
                "names": " & ".join(record.name(s) for s in SEATS if team_of(s) == team),
                "role": "attackers" if team == replay.attackers else "declarers",
                "points": final[index],
                "tricks": sum(1 for t in replay.tricks if team_of(t.winner) == team),
                "level_before": level_name(replay.levels_before[team]),
                "level_after": level_name(replay.levels_after[team])
                if replay.levels_after[team] <= 14
                else "A+",
            }
        )
    return rows


def build_view(game: GameRecord) -> RecordView:
    data = data_of(game, SJData, "升級")
    return _view(game, data, _steps(game, data))


def build_light_view(game: GameRecord) -> RecordView:
    """The view without its steps (``GAME.light_view``)."""
    return _view(game, data_of(game, SJData, "升級"), [])


def _steps(game: GameRecord, data: SJData) -> list[StepView]:
    record, replay = data.record, data.replay
    line_steps = {step.event.line: step.index for step in replay.steps if step.event}
    flagged = cardkit.problem_flags(game.diagnostics, line_steps)
    won = _tricks_won(replay)
    steps = []
    for step in replay.steps:
        comments, bookmarks = cardkit.notes(record.notes.get(step.index, []))
        notes = unread.notes(step.annotations, _unread(step))  # once a step
        flags = cardkit.step_flags(step.index, flagged, comments, *(step.tags & STEP_FLAGS))
        trumps = step.snapshot.trumps or replay.trumps
        trumps_en, trumps_ja = trumps.describe()
        kitty = step.snapshot.kitty
        state = {
            "seats": _seats(step, record, replay, won[step.index]),
            "trick": _trick(step, record),
            "trumps_en": trumps_en,
            "trumps_ja": trumps_ja,
            "trump_suit": trumps.suit.glyph if trumps.suit else None,
            "level": level_name(trumps.level),
            "declarer": replay.declarer,
            "attackers": replay.attackers,
            "attackers_points": step.snapshot.attackers_points,
            "team_points": {"NS": step.snapshot.team_points[0], "EW": step.snapshot.team_points[1]},
            "kitty": [card_data(c, trumps) for c in kitty] if kitty is not None else None,
            "kitty_points": points(kitty) if kitty is not None else None,
            "notes_ja": [ja for _, ja in notes],
        }
        event = step.event
        steps.append(
            StepView(
                index=step.index,
                anchor=f"m{step.index}",
                player=record.name(step.seat) if step.seat else None,
                notation=_notation(step),
                line=event.line if event else game.source.first_line,
                kind=_kind(step),
                label=_label(step, record, ja=False),
                label_ja=_label(step, record, ja=True),
                marks=event.marks if event else "",
                comments=comments,
                bookmarks=bookmarks,
                annotations=tuple(en for en, _ in notes),
                annotations_ja=tuple(ja for _, ja in notes),
                flags=flags,
                state=state,
            )
        )
    return steps


def _view(game: GameRecord, data: SJData, steps: list[StepView]) -> RecordView:
    record, replay = data.record, data.replay
    up = replay.winners
    players = [
        PlayerLine(
            s, record.name(s), (1 if team_of(s) == up else 2) if up else None, team_of(s) == up
        )
        for s in SEATS
    ]
    badges = set()
    if replay.change and replay.change.attackers_win:
        badges.add("takeover")
    if replay.kitty_bonus:
        badges.add("kitty")
    if any("throw" in s.tags for s in replay.steps):
        badges.add("throw")
    trumps_en, trumps_ja = replay.trumps.describe()
    header: list[tuple[str, str | Text]] = [
        ("ルール / Rules", replay.rules.describe()),
        ("切り札 / Trumps", Text(trumps_ja, trumps_en)),  # the page's (R13-7)
        ("庄家 / Declarer", f"{record.name(replay.declarer)} ({replay.declarer})"),
        (
            "レベル / Levels",
            " · ".join(f"{t} {level_name(v)}" for t, v in replay.levels_before.items()),
        ),
    ]
    if replay.change is not None:
        header.append(
            ("結果 / Result", f"{replay.points} → {replay.winners} +{replay.change.levels}")
        )
    return RecordView(
        record=game,
        players=players,
        steps=steps,
        header=header,
        badges=record_badges(game, badges),
        player_stats={record.name(s): v for s, v in _player_stats(replay).items()},
        extra={
            "teams": _teams(replay, record),
            "kitty": [card_data(c, replay.trumps) for c in replay.steps[-1].snapshot.kitty or ()],
            "kitty_bonus": replay.kitty_bonus,
            "penalties": replay.penalties,
            "complete": replay.complete,
        },
    )
