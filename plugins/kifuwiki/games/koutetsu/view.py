"""A checked session record → :class:`RecordView`.

Steps are the structured lines (step 0: the briefing before the first), so the viewer
steps through rolls and mode changes; each step's comments are the prose after its line.
``extra`` holds the whole session as a readable page (headings, paragraphs through the
safe Markdown subset, roll badges that link to their step), the timeline of operation and
combat phases, and each character's success rate against the rate their 判定値 predicts.

:func:`build_light_view` (``GAME.light_view``, through ``ViewAndWriter``) gives the
players, badges and statistics alone, from the session the check kept while loading:
the same helpers as :func:`build_view`, none of the per-step work.
"""

from __future__ import annotations

import re
from typing import Any

from kifuwiki.core.recordfile import LineKind, SourceLine
from kifuwiki.games.base import GameRecord, PlayerLine, PlayerStat, RecordView, StepView
from kifuwiki.games.koutetsu import KoutetsuData
from kifuwiki.games.koutetsu.engine import Checked, Session, StepResult, clock
from kifuwiki.games.koutetsu.model import Event, Kind, Outcome, SessionRecord, chance_at_most
from kifuwiki.games.koutetsu.timeline import rate_chart, timeline
from kifuwiki.games.koutetsu.writer import OUTCOME_WORDS, event_text
from kifuwiki.games.viewkit import Text, first_step_of_lines, problem_steps, record_badges

HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
KIND_LABELS = {
    Kind.OPERATION: ("作戦モード", "operation mode"),
    Kind.COMBAT_START: ("戦闘開始", "combat begins"),
    Kind.COMBAT_END: ("戦闘終了", "combat ends"),
    Kind.TURN: ("ターン", "turn"),
    Kind.GOAL: ("作戦目的", "mission goal"),
    Kind.RESULT: ("作戦結果", "mission result"),
}


def blocks(lines: list[SourceLine]) -> list[dict[str, Any]]:
    """Prose → headings and paragraphs (Markdown source), split at blank lines."""
    found: list[dict[str, Any]] = []
    paragraph: list[str] = []

    def flush() -> None:
        if paragraph:
            found.append({"kind": "prose", "markdown": "\n".join(paragraph)})
            paragraph.clear()

    for line in lines:
        if line.kind is LineKind.BOOKMARK:
            flush()
            found.append({"kind": "bookmark", "name": line.bookmark, "text": line.comment})
            continue
        heading = HEADING.match(line.text)
        if heading:
            flush()
            found.append(
                {"kind": "heading", "level": len(heading.group(1)), "text": heading.group(2)}
            )
        elif not line.text.strip():
            flush()
        else:
            paragraph.append(line.text)
    flush()
    return found


def _comments(lines: list[SourceLine]) -> tuple[str, ...]:
    texts = []
    for block in blocks(lines):
        if block["kind"] == "heading":
            texts.append(f"**{block['text']}**")
        elif block["kind"] == "prose":
            texts.append(block["markdown"])
        elif block["text"]:
            texts.append(block["text"])
    return tuple(texts)


def _roll_state(checked: Checked | None) -> dict[str, Any] | None:
    if checked is None:
        return None
    roll = checked.roll
    return {
        "character": roll.character,
        "check": roll.check,
        "modifier": roll.modifier,
        "dice": list(roll.dice),
        "total": sum(roll.dice),
        "value": checked.value,
        "success": checked.success,
        "chance": round(float(checked.chance) * 100) if checked.chance is not None else None,
    }


def _label(step: StepResult, *, ja: bool) -> str:
    event = step.event
    if event is None:
        return "ブリーフィング" if ja else "Briefing"
    if event.kind is Kind.ROLL and event.roll is not None:
        roll = event.roll
        total = sum(roll.dice)
        verdict = ""
        if step.checked is not None and step.checked.success is not None:
            verdict = (
                ("成功" if step.checked.success else "失敗")
                if ja
                else ("success" if step.checked.success else "failure")
            )
        value = step.checked.value if step.checked else None
        against = f" ≤ {value}" if value is not None else ""
        return f"{roll.character} {roll.check} 2d6={total}{against} {verdict}".rstrip()
    ja_word, en_word = KIND_LABELS[event.kind]
    word = ja_word if ja else en_word
    if event.kind is Kind.OPERATION:
        return f"{word} {clock(event.minutes)}"
    if event.kind is Kind.TURN:
        return f"{word}{event.turn}" if ja else f"{word} {event.turn}"
    if event.kind is Kind.RESULT and event.outcome is not None:
        outcome = OUTCOME_WORDS[event.outcome] if ja else event.outcome.value
        return f"{word}: {outcome}"
    if event.kind is Kind.GOAL:
        return f"{word}: {event.words}"
    return word


def _flags(step: StepResult, flagged: dict[int, set[str]], comments: bool) -> frozenset[str]:
    flags = set(flagged.get(step.index, set()))
    if comments:
        flags.add("comment")
    event = step.event
    if event is not None and event.kind is Kind.ROLL:
        flags.add("roll")
        if step.checked is not None and step.checked.success is False:
            flags.add("failure")
    if event is not None and event.kind in (Kind.COMBAT_START, Kind.RESULT):
        flags.add("combat" if event.kind is Kind.COMBAT_START else "result")
    return frozenset(flags)


def _state(step: StepResult, record: SessionRecord) -> dict[str, Any]:
    snap = step.snapshot
    return {
        "mode": snap.mode,
        "time": clock(snap.time) if snap.time is not None else None,
        "turn": snap.turn,
        "goal": snap.goal,
        "outcome": snap.outcome.value if snap.outcome else None,
        "roll": _roll_state(step.checked),
        "annotations_ja": [ja for ja, _ in step.annotations],
        "characters": [
            {
                "key": key,
                "jaeger": record.characters[key].jaeger,
                "rolls": rolls,
                "successes": successes,
                "expected": expected,
            }
            for key, (rolls, successes, expected) in snap.tallies.items()
        ],
    }


def _document(record: SessionRecord, session: Session) -> list[dict[str, Any]]:
    doc = blocks(record.intro)
    step_of = {id(step.event): step for step in session.steps if step.event is not None}
    for item in record.items:
        step = step_of.get(id(item)) if isinstance(item, Event) else None
        entry: dict[str, Any] = {"kind": "event", "text": item.text, "step": None}
        if step is not None:
            entry.update(
                step=step.index,
                event=step.event.kind.value if step.event else "",
                label_ja=_label(step, ja=True),
                label_en=_label(step, ja=False),
                roll=_roll_state(step.checked),
            )
        doc.append(entry)
        doc.extend(blocks(item.prose))
    return doc


def _characters(record: SessionRecord, session: Session) -> list[dict[str, Any]]:
    rows = []
    for key, character in record.characters.items():
        tally = session.tallies[key]
        checks = []
        for check, value in character.checks.items():
            chance = chance_at_most(value)
            rolled = [c for c in session.rolls if c.roll.character == key and c.roll.check == check]
            checks.append(
                {
                    "check": check,
                    "value": value,
                    "ways": chance.numerator * (36 // chance.denominator) if chance else 0,
                    "chance": round(float(chance) * 100, 1),
                    "rolls": len(rolled),
                    "successes": sum(1 for c in rolled if c.success),
                }
            )
        rows.append(
            {
                "key": key,
                "player": character.player,
                "jaeger": character.jaeger,
                "checks": checks,
                "rolls": tally.rolls,
                "successes": tally.successes,
                "expected": round(float(tally.expected), 2),
                "rate": round(100 * tally.successes / tally.rolls) if tally.rolls else None,
                "expected_rate": round(100 * float(tally.expected) / tally.rolls)
                if tally.rolls
                else None,
            }
        )
    return rows


def _data(game: GameRecord) -> KoutetsuData:
    data = game.data
    if not isinstance(data, KoutetsuData):
        raise TypeError("not a 鋼鉄の虹 session record")
    return data


def _players(record: SessionRecord, session: Session) -> list[PlayerLine]:
    """The characters, in the record's order, with no ranking: a mission is played
    together, so when it succeeds every character has won it, and when it fails (or
    only partly succeeds, or has no result) none has (review13 R13-10: player pages
    counted every mission as a loss)."""
    outcome = session.result.outcome if session.result is not None else None
    won = outcome is Outcome.SUCCESS
    return [PlayerLine(key, key, None, won) for key in record.characters]


def _badges(game: GameRecord, session: Session) -> frozenset[str]:
    """The mission's result and whether it saw combat (from the checked session, not
    from its steps' views), plus the core's ``error`` and ``warning``."""
    badges: set[str] = set()
    if session.result is not None and session.result.outcome is not None:
        badges.add(session.result.outcome.value)
    if any(p.kind == "combat" for p in session.phases):
        badges.add("combat")
    return record_badges(game, badges)


def _player_stats(record: SessionRecord, session: Session) -> dict[str, list[PlayerStat]]:
    """Each character's rolls and successful rolls (the tallies the check kept)."""
    stats = {}
    for key in record.characters:
        tally = session.tallies[key]
        stats[key] = [
            PlayerStat("koutetsu_rolls", "判定", "rolls", tally.rolls),
            PlayerStat("koutetsu_successes", "判定成功", "successful rolls", tally.successes),
        ]
    return stats


def build_light_view(game: GameRecord) -> RecordView:
    """The view without its steps, header and charts (``GAME.light_view``): players,
    badges and statistics from the session checked while loading, without the steps'
    prose, labels and states, the readable document or the charts."""
    data = _data(game)
    return RecordView(
        record=game,
        players=_players(data.record, data.session),
        steps=[],
        badges=_badges(game, data.session),
        player_stats=_player_stats(data.record, data.session),
    )


def build_view(game: GameRecord) -> RecordView:
    data = _data(game)
    record, session = data.record, data.session
    starts = [(s.event.line, s.index) for s in session.steps if s.event is not None]
    flagged = problem_steps(game.diagnostics, first_step_of_lines(starts))
    steps: list[StepView] = []
    for step in session.steps:
        event = step.event
        prose = event.prose if event is not None else record.intro
        comments = _comments(prose)
        bookmarks = tuple(line.bookmark for line in prose if line.kind is LineKind.BOOKMARK)
        roll = event.roll if event is not None else None
        steps.append(
            StepView(
                index=step.index,
                anchor=f"m{step.index}",
                player=roll.character if roll else None,
                notation=event_text(event) if event is not None else "",
                line=event.line if event is not None else game.source.first_line,
                kind=event.kind.value if event is not None else "briefing",
                label=_label(step, ja=False),
                label_ja=_label(step, ja=True),
                comments=comments,
                bookmarks=bookmarks,
                annotations=tuple(en for _, en in step.annotations),
                annotations_ja=tuple(ja for ja, _ in step.annotations),
                flags=_flags(step, flagged, bool(comments)),
                state=_state(step, record),
            )
        )
    characters = _characters(record, session)
    outcome = session.result.outcome if session.result else None
    # A value is text, or a Text where it has words of its own.
    header: list[tuple[str, str | Text]] = [("シナリオ / Scenario", record.scenario or "—")]
    header += [(f"{c['key']}", f"{c['jaeger'] or '—'} ({c['player'] or '—'})") for c in characters]
    if session.goal is not None:
        header.append(("作戦目的 / Goal", session.goal.words))
    if outcome is not None:
        # The page's language only (review13 R13-7): "成功" or "success".
        header.append(("結果 / Result", Text(OUTCOME_WORDS[outcome], outcome.value)))
    return RecordView(
        record=game,
        players=_players(record, session),
        steps=steps,
        header=header,
        badges=_badges(game, session),
        player_stats=_player_stats(record, session),
        extra={
            "document": _document(record, session),
            "timeline": timeline(session.phases),
            "characters": characters,
            "rates": rate_chart(characters),
            "outcome": outcome.value if outcome else None,
        },
    )
