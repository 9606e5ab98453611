"""Write a session record back in canonical form (``kifuwiki fmt``).

Prose is written back line for line (blank lines too: they separate paragraphs). The
structured lines are normalised: ``@roll ハンス 射撃-1 2d6=5+3=8 ≤ 9 成功`` (the total, the
判定値 and the result only when the record gave them: the writer never decides a roll),
``@作戦 08:00``, ``@戦闘 開始`` / ``@戦闘 終了``, ``@ターン 2``, ``@目的 …``, ``@結果 成功 …``.
"""

from __future__ import annotations

from kifuwiki.core.recordfile import SourceLine
from kifuwiki.games.koutetsu.engine import clock
from kifuwiki.games.koutetsu.model import Event, Kind, Outcome, Roll, SessionRecord

OUTCOME_WORDS = {Outcome.SUCCESS: "成功", Outcome.FAILURE: "失敗", Outcome.PARTIAL: "部分成功"}


def roll_text(roll: Roll) -> str:
    modifier = f"{roll.modifier:+d}" if roll.modifier else ""
    text = f"@roll {roll.character} {roll.check}{modifier} 2d6={roll.dice[0]}+{roll.dice[1]}"
    if roll.total is not None:
        text += f"={roll.total}"
    if roll.target is not None:
        text += f" ≤ {roll.target}"
    if roll.success is not None:
        text += " 成功" if roll.success else " 失敗"
    return text


def event_text(event: Event) -> str:
    if event.kind is Kind.ROLL and event.roll is not None:
        return roll_text(event.roll)
    if event.kind is Kind.OPERATION:
        return f"@作戦 {clock(event.minutes)}"
    if event.kind is Kind.COMBAT_START:
        return "@戦闘 開始"
    if event.kind is Kind.COMBAT_END:
        return "@戦闘 終了"
    if event.kind is Kind.TURN:
        return f"@ターン {event.turn}"
    if event.kind is Kind.GOAL:
        return f"@目的 {event.words}".rstrip()
    outcome = OUTCOME_WORDS[event.outcome] if event.outcome else ""
    return f"@結果 {outcome} {event.words}".rstrip()


def _prose(lines: list[SourceLine]) -> list[str]:
    return [line.text for line in lines]


def write(record: SessionRecord) -> str:
    """The body text in canonical form (no front matter)."""
    lines = _prose(record.intro)
    for item in record.items:
        lines.append(event_text(item) if isinstance(item, Event) else item.text)
        lines.extend(_prose(item.prose))
    while lines and not lines[-1].strip():
        lines.pop()
    return "\n".join(lines) + "\n"
