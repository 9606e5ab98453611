"""A replayed record → :class:`RecordView`: plain data for ``templates/state.html``.

Step 0 is the deal; each action line is a step, and so is a line among them that
could not be read (cardkit.unread: shown as written, flagged by its error). A step's
``state`` holds the three hands after it (known cards, and how many are not known), the
bottom cards, the bid and the running multiplier, the table's last combination by name,
the passes of the trick and who is landlord. Bombs and the rocket flag their steps as jump targets.
"""

from __future__ import annotations

from typing import Any

from kifuwiki.cardkit import unread
from kifuwiki.cardkit import view as cardkit
from kifuwiki.cardkit.game import data_of
from kifuwiki.cards import Card
from kifuwiki.core.diagnostics import DiagnosticBag
from kifuwiki.games.base import GameRecord, PlayerLine, PlayerStat, RecordView, StepView
from kifuwiki.games.doudizhu import DdzData
from kifuwiki.games.doudizhu.analysis import choices, combo_name
from kifuwiki.games.doudizhu.combos import Kind
from kifuwiki.games.doudizhu.engine import Outcome, Replay, Step, replay
from kifuwiki.games.doudizhu.model import (
    Action,
    Bid,
    DdzRecord,
    Kitty,
    Pass,
    Play,
    Unreadable,
)
from kifuwiki.games.doudizhu.rules import PRESET_TEXT, describe
from kifuwiki.games.doudizhu.writer import item_text
from kifuwiki.games.viewkit import Text, first_step_of_lines, problem_steps, record_badges

#: Step flags: jump targets. ``special`` is the viewer's generic "next special play".
FLAGS = {Kind.BOMB: "bomb", Kind.ROCKET: "rocket"}
#: What a bid not read says under its notation (English, Japanese): it took that turn's
#: bid, its value not known (cardkit.unread's "no card is played" is for plays).
BID_NOT_READ = (
    "not read (see its error): a bid whose value is not known",
    "読めない行です (エラーを参照): 値のわからない競りです",
)


def _card(card: Card) -> dict[str, Any]:
    return {"text": str(card), "glyph": card.glyph(), "red": card.red}


def _seat_state(step: Step, record: DdzRecord, seat: str, passed: set[str]) -> dict[str, Any]:
    cards, unknown = step.hands[seat] if step.hands else ((), 0)
    role = None
    if step.landlord is not None:
        role = "landlord" if seat == step.landlord else "peasant"
    return {
        "key": seat,
        "name": record.name(seat),
        "role": role,
        "cards": [_card(card) for card in cards],
        "unknown": unknown,
        "count": len(cards) + unknown,
        "known": "none" if not cards and unknown else "part" if unknown else "all",
        "to_move": step.to_move == seat,
        "moved": step.seat == seat,
        "passed": seat in passed,
    }


def _table(step: Step, record: DdzRecord) -> dict[str, Any] | None:
    combo = step.table
    if combo is None or step.table_seat is None:
        return None
    cards = combo.main_counts if step.cards is None or step.combo is not combo else step.cards
    return {
        "seat": step.table_seat,
        "name": record.name(step.table_seat),
        "kind_en": combo.kind.value,
        "kind_ja": combo.kind.ja,
        "text_en": combo_name(combo, cards, False),
        "text_ja": combo_name(combo, cards, True),
    }


def _labels(
    step: Step, before: Step | None, record: DdzRecord, outcome: Outcome, last: bool
) -> tuple[str, str]:
    action = step.action
    if action is None:
        return ("Deal: 17 cards each, 3 bottom cards", "配札: 各17枚、底札3枚")
    who = record.name(step.seat) if step.seat else ""
    if isinstance(action, Unreadable):  # as written (cardkit.unread)
        en = ja = unread.written(action.text)
    elif isinstance(action, Bid):
        en = f"{who} bids {action.value}" if action.value else f"{who} does not bid"
        ja = f"{who}: {action.value}点で競る" if action.value else f"{who}: 競らない"
    elif isinstance(action, Kitty):
        shown = " ".join(str(card) for card in action.cards) or "?"
        en, ja = f"Bottom cards {shown}", f"底札 {shown}"
    elif isinstance(action, Pass):
        en, ja = f"{who} passes", f"{who}: パス"
        if step.trick_over and step.to_move:
            leader = record.name(step.to_move)
            en, ja = f"{en}; {leader} leads", f"{ja}、{leader}の親"
    elif isinstance(action, Play) and step.combo is not None and step.cards is not None:
        en = f"{who} plays {combo_name(step.combo, step.cards, False)}"
        ja = f"{who}: {combo_name(step.combo, step.cards, True)}"
    else:
        en, ja = f"{who} plays {item_text(action)}", f"{who}: {item_text(action)}"
    if step.landlord and before is not None and before.landlord != step.landlord:
        name = record.name(step.landlord)
        en += f"; {name} is the landlord (bid {step.bid})"
        ja += f"、{name}が地主 ({step.bid}点)"
    if last and outcome.winner is not None:
        more_en, more_ja = _result_text(record, outcome)
        en, ja = f"{en}; {more_en}", f"{ja}、{more_ja}"
    return en, ja


def _result_text(record: DdzRecord, outcome: Outcome) -> tuple[str, str]:
    side_en = "the landlord wins" if outcome.landlord_won else "the peasants win"
    side_ja = "地主の勝ち" if outcome.landlord_won else "農民の勝ち"
    if outcome.spring:
        side_en, side_ja = side_en + " with a spring", side_ja + " (春天)"
    if outcome.anti_spring:
        side_en, side_ja = side_en + " with an anti-spring", side_ja + " (反春)"
    return f"{side_en} (unit {outcome.unit})", f"{side_ja} (単位 {outcome.unit})"


def _flagged(game: GameRecord, steps: list[Step]) -> dict[int, set[str]]:
    """Step → error/warning flags: the engine's own step, else the step of the line."""
    lines = first_step_of_lines(
        (step.action.line, step.index) for step in steps if step.action is not None
    )
    return problem_steps(game.diagnostics, lines)


def _passes(steps: list[Step]) -> list[set[str]]:
    """The seats that passed in the current trick, after each step."""
    result: list[set[str]] = []
    current: set[str] = set()
    for step in steps:
        # A line not read that took a turn was a play, as far as the replay knows.
        if isinstance(step.action, Play) or (isinstance(step.action, Unreadable) and step.seat):
            current = set()
        elif isinstance(step.action, Pass) and step.seat:
            current = set() if step.trick_over else current | {step.seat}
        result.append(set(current))
    return result


def _state(
    step: Step, record: DdzRecord, passed: set[str], outcome: Outcome, last: bool
) -> dict[str, Any]:
    kitty_cards, kitty_unknown = step.kitty if step.kitty else ((), 3)
    return {
        "seats": [_seat_state(step, record, seat, passed) for seat in record.seats],
        "kitty": [_card(card) for card in kitty_cards],
        "kitty_unknown": kitty_unknown if step.kitty else 3,
        "kitty_shown": step.kitty_taken,
        "kitty_recorded": step.kitty is not None,
        "landlord": record.name(step.landlord) if step.landlord else None,
        "bid": step.bid,
        "multiplier": step.multiplier,
        "table": _table(step, record),
        "result": _result(record, outcome) if last and outcome.winner else None,
    }


def _result(record: DdzRecord, outcome: Outcome) -> dict[str, Any]:
    en, ja = _result_text(record, outcome)
    return {
        "en": en,
        "ja": ja,
        "score": [{"name": record.name(s), "points": outcome.score[s]} for s in record.seats],
    }


def _player_stats(record: DdzRecord, outcome: Outcome) -> dict[str, list[PlayerStat]]:
    stats: dict[str, list[PlayerStat]] = {}
    for seat in record.seats:
        landlord = outcome.landlord == seat
        won = outcome.winner is not None and (outcome.landlord_won == landlord)
        side_spring = won and (outcome.spring or outcome.anti_spring)
        stats[record.name(seat)] = [
            PlayerStat("ddz_landlord", "地主になった回数", "games as landlord", int(landlord)),
            PlayerStat(
                "ddz_landlord_wins", "地主での勝ち", "wins as landlord", int(landlord and won)
            ),
            PlayerStat("ddz_springs", "春天・反春", "springs", int(side_spring)),
            PlayerStat(
                "ddz_bombs",
                "爆弾・ロケット",
                "bombs and rockets played",
                outcome.bombs.get(seat, 0) + outcome.rockets.get(seat, 0),
            ),
            PlayerStat("ddz_score", "得点合計", "total score", outcome.score.get(seat, 0)),
        ]
    return stats


def _badges(game: GameRecord, outcome: Outcome) -> frozenset[str]:
    badges: set[str] = set()
    if outcome.spring or outcome.anti_spring:
        badges.add("spring")
    if outcome.bombs:
        badges.add("bomb")
    if outcome.rockets:
        badges.add("rocket")
    if outcome.winner is not None:
        badges.add("landlord" if outcome.landlord_won else "peasants")
    if outcome.redeal:
        badges.add("redeal")
    return record_badges(game, badges)


def _header(record: DdzRecord, outcome: Outcome) -> list[tuple[str, str | Text]]:
    """The game's facts; a value with words of its own comes in both languages, and the
    page shows its own (review13 R13-7: "… / …" and "単位 unit" showed both). The rule
    set's name is the page's Rules row; this row says what it holds."""
    en, ja = PRESET_TEXT.get(record.options.name, ("", ""))
    rules = describe(record.options)
    header: list[tuple[str, str | Text]] = [
        ("ルールの内容 / Rule details", Text(f"{rules}: {ja}", f"{rules}: {en}"))
    ]
    header.append(("席順 / Seats", cardkit.seats_line((s, record.name(s)) for s in record.seats)))
    if outcome.landlord:
        header.append(("地主 / Landlord", f"{record.name(outcome.landlord)} ({outcome.bid})"))
    if outcome.score:
        score = ", ".join(f"{record.name(s)} {outcome.score[s]:+d}" for s in record.seats)
        header.append(
            (
                "得点 / Score",
                Text(f"{score} (単位 {outcome.unit})", f"{score} (unit {outcome.unit})"),
            )
        )
    return header


def _notation(action: Action | Unreadable | None) -> str:
    """``A:K K K + 3``; a line that could not be read, as written (cardkit.unread)."""
    if action is None:
        return ""
    return unread.written(action.text) if isinstance(action, Unreadable) else item_text(action)


def _step_view(
    game: GameRecord,
    replayed: Replay,
    index: int,
    flagged: dict[int, set[str]],
    passes: list[set[str]],
) -> StepView:
    record, steps, outcome = replayed.record, replayed.steps, replayed.outcome
    step = steps[index]
    last = index == len(steps) - 1
    action = step.action
    notes = action.notes if action is not None else record.setup_notes
    comments, bookmarks = cardkit.notes(notes)
    flags = set(flagged.get(index, set()))
    if comments or bookmarks:
        flags.add("comment")
    if step.combo is not None and step.combo.kind in FLAGS and isinstance(action, Play):
        flags.add(FLAGS[step.combo.kind])
    if index and step.landlord is not None and steps[index - 1].landlord is None:
        flags.add("landlord")
    if last and (outcome.spring or outcome.anti_spring):
        flags.add("spring")
    annotations: list[str] = []
    annotations_ja: list[str] = []
    if index and isinstance(action, Play | Pass):
        found = choices(steps[index - 1], step, record.options)
        if found is not None:
            annotations.append(found.text(ja=False))
            annotations_ja.append(found.text(ja=True))
    en, ja = _labels(step, steps[index - 1] if index else None, record, outcome, last)
    not_read = isinstance(action, Unreadable)
    said = BID_NOT_READ if step.bid_not_read else unread.NOT_READ
    notes_of = unread.notes(tuple(zip(annotations, annotations_ja, strict=True)), not_read, said)
    return StepView(
        index=index,
        anchor=f"m{index}",
        player=record.name(step.seat) if step.seat else None,
        notation=_notation(action),
        line=action.line if action is not None else game.source.first_line,
        kind=type(action).__name__.lower() if action is not None else "deal",
        label=en,
        label_ja=ja,
        marks=action.marks if action is not None and not not_read else "",  # in the notation
        comments=comments,
        bookmarks=bookmarks,
        annotations=tuple(en for en, _ in notes_of),
        annotations_ja=tuple(ja for _, ja in notes_of),
        flags=frozenset(flags),
        state=_state(step, record, passes[index], outcome, last),
    )


def build_view(game: GameRecord) -> RecordView:
    data = data_of(game, DdzData, "Dou Dizhu")
    record = data.record
    replayed = replay(record, DiagnosticBag(), keep_states=True)
    steps = replayed.steps
    flagged = _flagged(game, steps)
    passes = _passes(steps)
    views = [_step_view(game, replayed, i, flagged, passes) for i in range(len(steps))]
    return _view(game, record, replayed.outcome, views)


def build_light_view(game: GameRecord) -> RecordView:
    """The view without its steps (``GAME.light_view``): the outcome of the replay
    made while loading, no second replay keeping every state."""
    data = data_of(game, DdzData, "Dou Dizhu")
    return _view(game, data.record, data.replay.outcome, [])


def _view(
    game: GameRecord, record: DdzRecord, outcome: Outcome, views: list[StepView]
) -> RecordView:
    winners = set()
    if outcome.winner is not None and outcome.landlord is not None:
        winners = (
            {outcome.landlord} if outcome.landlord_won else set(record.seats) - {outcome.landlord}
        )
    players = [
        PlayerLine(s, record.name(s), 1 if s in winners else (2 if winners else None), s in winners)
        for s in record.seats
    ]
    return RecordView(
        record=game,
        players=players,
        steps=views,
        header=_header(record, outcome),
        badges=_badges(game, outcome),
        player_stats=_player_stats(record, outcome),
        extra={},
    )
