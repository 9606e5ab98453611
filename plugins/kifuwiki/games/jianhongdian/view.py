"""A replayed 撿紅點 record → :class:`RecordView`: plain data for ``templates/state.html``.

Step 0 is the deal; each later step is one turn. A step's ``state`` holds the table,
every hand (or its size when unknown), each player's captured pile with the running
score, and what the turn took. Turns that score 20 or more are flagged ``special``
("big capture") so the viewer can jump between them.
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
from kifuwiki.games.jianhongdian import JHData
from kifuwiki.games.jianhongdian.engine import DEALT, Replay, Step
from kifuwiki.games.jianhongdian.model import JHRecord
from kifuwiki.games.jianhongdian.rules import RuleSet
from kifuwiki.games.jianhongdian.writer import turn_text
from kifuwiki.games.viewkit import record_badges

#: Points in one turn from which the turn is a "big capture" jump target.
BIG_CAPTURE = 20


def card_data(card: Card, rules: RuleSet) -> dict[str, Any]:
    return cardkit.card_data(card, points=rules.points(card))


def _turns_played(replay: Replay) -> list[dict[str, int]]:
    """Step index → turns each player has taken by then (the deal, step 0, is none), in
    one pass (not a scan of the earlier steps for every step)."""
    played: dict[str, int] = defaultdict(int)
    by_step = []
    for step in replay.steps:
        if step.seat:
            played[step.seat] += 1
        by_step.append(dict(played))
    return by_step


def _seats(
    step: Step, record: JHRecord, replay: Replay, played: Mapping[str, int]
) -> list[dict[str, Any]]:
    snap = step.snapshot
    current = step.seat or None
    hand_size = DEALT // len(replay.seats) if replay.seats else 0
    seats = []
    for i, key in enumerate(replay.seats):
        hand, turns = snap.hands[i], played.get(key, 0)
        seats.append(
            {
                "key": key,
                "name": record.name(key),
                "current": key == current,
                "hand": [card_data(c, replay.rules) for c in hand] if hand is not None else None,
                "hand_count": len(hand) if hand is not None else max(hand_size - turns, 0),
                "pile": [card_data(c, replay.rules) for c in snap.piles[i]],
                "score": snap.scores[i],
                "made": replay.target > 0 and snap.scores[i] >= replay.target,
            }
        )
    return seats


def _notation(step: Step) -> str:
    """``A: H5xD5 ^C9``; a line that could not be read, as written (cardkit.unread)."""
    turn = step.turn
    if turn is None:
        return ""
    if turn.play is None:
        return unread.written(turn.text)
    return f"{turn.player}: {turn_text(turn)}"


def _label(step: Step, record: JHRecord, ja: bool) -> str:
    if step.turn is None:
        return "配り (場札4枚)" if ja else "Deal (four face-up cards)"
    if step.turn.play is None:
        return f"{step.index}. {_notation(step)}"
    who = record.name(step.turn.player)
    text = turn_text(step.turn)
    gained = f" +{step.gained}" if step.gained else ""
    return f"{step.index}. {who}: {text}{gained}"


def _stats(replay: Replay) -> dict[str, list[PlayerStat]]:
    stats: dict[str, list[PlayerStat]] = {}
    big: dict[str, int] = defaultdict(int)
    best: dict[str, int] = defaultdict(int)
    for step in replay.steps:
        if step.seat:
            best[step.seat] = max(best[step.seat], step.gained)
            big[step.seat] += step.gained >= BIG_CAPTURE
    final = replay.steps[-1].snapshot
    for i, key in enumerate(replay.seats):
        stats[key] = [
            PlayerStat("points", "得点", "points", final.scores[i]),
            PlayerStat("captured", "取った枚数", "cards taken", len(final.piles[i])),
            PlayerStat("big", "大きな取り (20点以上)", "big captures (20+)", big[key]),
            PlayerStat("best", "1手番の最高点", "best turn", best[key], "max"),
            PlayerStat(
                "target",
                "目標達成",
                "targets made",
                int(replay.complete and final.scores[i] >= replay.target),
            ),
        ]
    return stats


def build_view(game: GameRecord) -> RecordView:
    data = data_of(game, JHData, "撿紅點")
    return _view(game, data, _steps(game, data))


def build_light_view(game: GameRecord) -> RecordView:
    """The view without its steps (``GAME.light_view``)."""
    return _view(game, data_of(game, JHData, "撿紅點"), [])


def _steps(game: GameRecord, data: JHData) -> list[StepView]:
    record, replay = data.record, data.replay
    line_steps = {step.turn.line: step.index for step in replay.steps if step.turn}
    flagged = cardkit.problem_flags(game.diagnostics, line_steps)
    played = _turns_played(replay)
    steps = []
    for step in replay.steps:
        comments, bookmarks = cardkit.notes(record.notes.get(step.index, []))
        turn = step.turn
        # What the turn did; a line not read says that nothing was played (once a step).
        notes = unread.notes(step.annotations, turn is not None and turn.play is None)
        big = ("special",) if step.gained >= BIG_CAPTURE else ()
        flags = cardkit.step_flags(step.index, flagged, comments, *big)
        state = {
            "table": [card_data(c, replay.rules) for c in step.snapshot.table],
            "stock": step.snapshot.stock,
            "seats": _seats(step, record, replay, played[step.index]),
            "gained": step.gained,
            "target": replay.target,
            "notes_ja": [ja for _, ja in notes],
        }
        steps.append(
            StepView(
                index=step.index,
                anchor=f"m{step.index}",
                player=record.name(turn.player or step.seat) if turn and step.seat else None,
                notation=_notation(step),
                line=turn.line if turn else game.source.first_line,
                kind="turn" if turn else "deal",
                label=_label(step, record, ja=False),
                label_ja=_label(step, record, ja=True),
                marks=turn.marks if turn else "",
                comments=comments,
                bookmarks=bookmarks,
                annotations=tuple(en for en, _ in notes),
                annotations_ja=tuple(ja for _, ja in notes),
                flags=flags,
                state=state,
            )
        )
    return steps


def _view(game: GameRecord, data: JHData, steps: list[StepView]) -> RecordView:
    record, replay = data.record, data.replay
    rank = {key: i for i, key in enumerate(replay.ranking, start=1)}
    players = [PlayerLine(k, record.name(k), rank.get(k), replay.winner == k) for k in replay.seats]
    badges = set()
    if replay.complete and any(p >= replay.target for p in replay.scores.values()):
        badges.add("target")
    if replay.redeal:
        badges.add("redeal")
    header = [
        ("ルール / Rules", replay.rules.describe()),
        ("目標 / Target", f"{replay.target}"),
        ("席順 / Seats", cardkit.seats_line((k, record.name(k)) for k in replay.seats)),
        ("得点 / Points", " · ".join(f"{record.name(k)} {p}" for k, p in replay.scores.items())),
    ]
    return RecordView(
        record=game,
        players=players,
        steps=steps,
        header=header,
        badges=record_badges(game, badges),
        player_stats={record.name(k): v for k, v in _stats(replay).items()},
        extra={"final": replay.scores, "target": replay.target, "complete": replay.complete},
    )
