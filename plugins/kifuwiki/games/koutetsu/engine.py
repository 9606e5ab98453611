"""The checks of a session record: rolls against the 判定値, the clock of the two modes
(operation: hours; combat: one turn = one minute), and the mission goal's result.

One step per structured line (step 0: the session before the first). The engine keeps,
per step, the mode, the clock, the goal, each character's rolls against their expected
successes (exact 2d6 probabilities), and the phases of the timeline.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from kifuwiki.core.diagnostics import DiagnosticBag
from kifuwiki.games.koutetsu.model import (
    Event,
    Kind,
    Outcome,
    Roll,
    SessionRecord,
    chance_at_most,
)


def clock(minutes: int | None) -> str:
    if minutes is None:
        return "--:--"
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


@dataclass(slots=True)
class Tally:
    rolls: int = 0
    successes: int = 0
    expected: Fraction = Fraction(0)
    """Σ P(2d6 ≤ 判定値) over the rolls: the successes to expect."""


def _shown(tally: Tally) -> tuple[int, int, float]:
    """A tally as a :class:`Snapshot` holds it: (rolls, successes, expected successes)."""
    return (tally.rolls, tally.successes, round(float(tally.expected), 2))


@dataclass(frozen=True, slots=True)
class Checked:
    """A roll as the rules read it."""

    roll: Roll
    value: int | None
    """判定値 with the modifier; ``None`` when the character or check is unknown."""
    success: bool | None
    chance: Fraction | None


@dataclass(slots=True)
class Phase:
    kind: str
    """``operation`` or ``combat``."""
    start: int | None
    """Minutes after midnight when the phase began."""
    minutes: int = 0
    """Length: hours until the next operation time, or combat turns."""
    rolls: int = 0
    successes: int = 0
    step: int = 0


@dataclass(frozen=True, slots=True)
class Snapshot:
    mode: str | None
    time: int | None
    turn: int | None
    goal: str
    outcome: Outcome | None
    tallies: dict[str, tuple[int, int, float]]
    """Character → (rolls, successes, expected successes)."""


@dataclass(frozen=True, slots=True)
class StepResult:
    index: int
    event: Event | None
    snapshot: Snapshot
    checked: Checked | None = None
    annotations: tuple[tuple[str, str], ...] = ()


@dataclass(slots=True)
class Session:
    record: SessionRecord
    steps: list[StepResult]
    tallies: dict[str, Tally]
    phases: list[Phase]
    goal: Event | None
    result: Event | None
    rolls: list[Checked] = field(default_factory=list)


class _Engine:
    def __init__(self, record: SessionRecord, bag: DiagnosticBag) -> None:
        self.record = record
        self.bag = bag
        self.tallies = {key: Tally() for key in record.characters}
        self.shown = {key: _shown(tally) for key, tally in self.tallies.items()}
        """Each tally as a step's snapshot shows it, kept by :meth:`roll` (a step without
        a roll copies it instead of converting every character's tally again)."""
        self.mode: str | None = None
        self.time: int | None = None
        self.base: int | None = None
        """The last operation time that moved the clock correctly."""
        self.turn: int | None = None
        self.combat_from: int | None = None
        """Operation time when the running (or last) combat began."""
        self.combat_end: int | None = None
        self.combat_line: int | None = None
        """Minutes after midnight when the last combat ended."""
        self.goal: Event | None = None
        self.result: Event | None = None
        self.phases: list[Phase] = []
        self.rolls: list[Checked] = []
        self.step = 0
        self.notes: list[tuple[str, str]] = []

    def error(self, code: str, message: str, ja: str, line: int, column: int = 1) -> None:
        self.bag.error(code, message, line, column, step=self.step, ja=ja)

    def note(self, ja: str, en: str) -> None:
        self.notes.append((ja, en))

    def snapshot(self) -> Snapshot:
        return Snapshot(
            mode=self.mode,
            time=self.time,
            turn=self.turn,
            goal=self.goal.words if self.goal else "",
            outcome=self.result.outcome if self.result else None,
            tallies=dict(self.shown),
        )

    # -- rolls ------------------------------------------------------------------

    def value_of(self, event: Event, roll: Roll) -> int | None:
        character = self.record.characters.get(roll.character)
        if character is None:
            known = ", ".join(self.record.characters) or "none"
            self.error(
                "KR002",
                f"'{roll.character}' is not a character of this session ({known})",
                f"'{roll.character}' はこのセッションのキャラクターではありません ({known})",
                event.line,
            )
            return None
        base = character.checks.get(roll.check)
        if base is None and roll.check in character.unreadable:
            return None  # its 判定値 is KR005 in the front matter: nothing to check against
        if base is None:
            known = ", ".join(character.checks)
            self.error(
                "KR003",
                f"{roll.character} has no 判定値 for '{roll.check}' ({known or 'none'})",
                f"{roll.character} に '{roll.check}' の判定値はありません ({known or 'なし'})",
                event.line,
            )
            return None
        return base + roll.modifier

    def roll(self, event: Event) -> Checked:
        roll = event.roll
        assert roll is not None
        dice_sum = sum(roll.dice)
        dice = "+".join(map(str, roll.dice))
        if roll.total is not None and roll.total != dice_sum:
            self.error(
                "KR100",
                f"the dice {dice} add up to {dice_sum}, not {roll.total}",
                f"出目 {dice} の合計は {dice_sum} です ({roll.total} ではなく)",
                event.line,
            )
        if self.time is None:
            self.bag.warning(
                "KR201",
                "a roll before the first operation time: start the mission with '@作戦 08:00'",
                event.line,
                step=self.step,
                once="KR201",
                ja="最初の作戦時刻より前の判定です。'@作戦 08:00' で作戦を始めます",
            )
        value = self.value_of(event, roll)
        if value is None:
            return Checked(roll, None, None, None)
        if roll.target is not None and roll.target != value:
            modifier = f" (with {roll.modifier:+d})" if roll.modifier else ""
            self.error(
                "KR101",
                f"{roll.character}'s 判定値 for {roll.check} is {value}{modifier}, "
                f"not {roll.target}",
                f"{roll.character} の {roll.check} の判定値は {value} です "
                f"({roll.target} ではなく)",
                event.line,
            )
        success = dice_sum <= value
        if roll.success is not None and roll.success != success:
            verdict = "succeeds" if success else "fails"
            self.error(
                "KR102",
                f"2d6 = {dice_sum} against {value} {verdict} (success when 2d6 ≤ 判定値)",
                f"2d6 = {dice_sum} で判定値 {value} なら{'成功' if success else '失敗'}です",
                event.line,
            )
        chance = chance_at_most(value)
        tally = self.tallies[roll.character]
        tally.rolls += 1
        tally.successes += success
        tally.expected += chance
        self.shown[roll.character] = _shown(tally)
        if self.phases:
            self.phases[-1].rolls += 1
            self.phases[-1].successes += success
        sign, ja, en = ("≤", "成功", "success") if success else (">", "失敗", "failure")
        head = f"{roll.character} {roll.check}: {dice_sum} {sign} {value}"
        percent = f"{float(chance):.0%}"
        self.note(f"{head} → {ja} (成功率 {percent})", f"{head} → {en} (chance {percent})")
        checked = Checked(roll, value, success, chance)
        self.rolls.append(checked)
        return checked

    # -- the clock --------------------------------------------------------------

    def operation(self, event: Event) -> None:
        minutes = event.minutes
        assert minutes is not None
        minutes_ok = True
        if self.mode == "combat":
            self.error(
                "KR105",
                "the combat is still running: end it with '@戦闘 終了' before the operation "
                "goes on",
                "戦闘が続いています。'@戦闘 終了' で終えてから作戦モードに戻ります",
                event.line,
            )
            self.end_combat()
        if self.base is not None:
            delta = minutes - self.base
            if delta <= 0 or delta % 60:
                self.error(
                    "KR103",
                    f"operation time moves forward in whole hours: after {clock(self.base)} "
                    f"comes {clock(self.base + 60)}, {clock(self.base + 120)} …, "
                    f"not {clock(minutes)}",
                    f"作戦モードの時刻は1時間単位で進みます: {clock(self.base)} の次は "
                    f"{clock(self.base + 60)} など ({clock(minutes)} ではなく)",
                    event.line,
                )
                minutes_ok = False
            elif self.combat_end is not None and minutes < self.combat_end:
                self.error(
                    "KR106",
                    f"the combat before ended at {clock(self.combat_end)}; the operation "
                    f"cannot go on at {clock(minutes)}",
                    f"直前の戦闘は {clock(self.combat_end)} に終わりました。"
                    f"{clock(minutes)} には戻れません",
                    event.line,
                )
        last_operation = next((p for p in reversed(self.phases) if p.kind == "operation"), None)
        if last_operation is not None and last_operation.start is not None:
            last_operation.minutes = max(minutes - last_operation.start, 0)
        self.time = minutes
        if minutes_ok:  # a wrong time is reported once; the next is checked from the last good one
            self.base = minutes
        self.combat_end = None
        self.mode = "operation"
        self.phases.append(Phase("operation", minutes, step=self.step))
        self.note(f"作戦モード {clock(minutes)}", f"operation mode at {clock(minutes)}")

    def start_combat(self, event: Event) -> None:
        if self.mode == "combat":
            self.error(
                "KR105",
                "a combat is already running; end it with '@戦闘 終了' first",
                "すでに戦闘中です。先に '@戦闘 終了' で終えます",
                event.line,
            )
            return
        self.mode = "combat"
        self.turn = 0
        self.combat_from = self.time
        self.combat_line = event.line
        self.phases.append(Phase("combat", self.time, step=self.step))
        self.note("戦闘モード開始 (1ターン = 1分)", "combat mode begins (one turn = one minute)")

    def next_turn(self, event: Event) -> None:
        number = event.turn
        assert number is not None
        if self.mode != "combat":
            self.error(
                "KR105",
                "a turn outside combat: start the combat with '@戦闘 開始'",
                "戦闘外のターンです。'@戦闘 開始' で戦闘を始めます",
                event.line,
            )
            return
        expected = (self.turn or 0) + 1
        if number != expected:
            self.error(
                "KR104",
                f"combat turns count 1, 2, 3 … (one minute each): this is turn {expected}, "
                f"not {number}",
                f"戦闘ターンは1, 2, 3 … と数えます: このターンは {expected} です "
                f"({number} ではなく)",
                event.line,
            )
        self.turn = number
        self.phases[-1].minutes = number
        when = (self.combat_from or 0) + number
        self.note(
            f"ターン{number} (戦闘開始から{number}分)",
            f"turn {number}: minute {number} of the combat ({clock(when)})",
        )

    def end_combat(self) -> None:
        minutes = self.turn or 0
        self.combat_end = (
            (self.combat_from or 0) + minutes if self.combat_from is not None else None
        )
        self.mode = "operation" if self.time is not None else None
        self.turn = None
        self.note(f"戦闘終了 ({minutes}分)", f"combat ends after {minutes} minutes")

    def stop_combat(self, event: Event) -> None:
        if self.mode != "combat":
            self.error(
                "KR105",
                "no combat is running: '@戦闘 終了' follows '@戦闘 開始'",
                "戦闘中ではありません。'@戦闘 終了' は '@戦闘 開始' の後に書きます",
                event.line,
            )
            return
        self.end_combat()

    # -- the mission ------------------------------------------------------------

    def set_goal(self, event: Event) -> None:
        if self.goal is not None:
            self.error(
                "KR109",
                f"the mission goal was already given on line {self.goal.line}",
                f"作戦目的は {self.goal.line} 行目ですでに書かれています",
                event.line,
            )
            return
        self.goal = event
        self.note(f"作戦目的: {event.words}", f"mission goal: {event.words}")

    def set_result(self, event: Event) -> None:
        if self.goal is None or self.result is not None:
            self.error(
                "KR109",
                "the result comes once, after the mission goal ('@目的 …')",
                "結果は作戦目的 ('@目的 …') の後に一度だけ書きます",
                event.line,
            )
            if self.result is not None:
                return
        self.result = event
        outcome = event.outcome.value if event.outcome else ""
        ja = {"success": "成功", "failure": "失敗", "partial": "部分成功"}.get(outcome, "")
        self.note(f"作戦結果: {ja}", f"mission result: {outcome}")

    def finish(self, first_line: int) -> None:
        if self.mode == "combat":
            self.bag.warning(
                "KR200",
                "the record ends during a combat: close it with '@戦闘 終了'",
                self.combat_line or first_line,
                ja="記録が戦闘中のまま終わっています。'@戦闘 終了' で閉じます",
            )
        if self.goal is None:
            self.error(
                "KR108",
                "the session has no mission goal: write '@目的 …' where it is briefed",
                "作戦目的がありません。ブリーフィングの所に '@目的 …' と書きます",
                first_line,
            )
        elif self.result is None:
            self.error(
                "KR107",
                "the mission goal's result is not stated: end with '@結果 成功' "
                "(or 失敗, 部分成功)",
                "作戦目的の結果が書かれていません。'@結果 成功' (失敗・部分成功) で締めます",
                self.goal.line,
            )

    def event(self, event: Event) -> Checked | None:
        handlers = {
            Kind.OPERATION: self.operation,
            Kind.COMBAT_START: self.start_combat,
            Kind.COMBAT_END: self.stop_combat,
            Kind.TURN: self.next_turn,
            Kind.GOAL: self.set_goal,
            Kind.RESULT: self.set_result,
        }
        if event.kind is Kind.ROLL:
            return self.roll(event)
        handlers[event.kind](event)
        return None


def check(record: SessionRecord, bag: DiagnosticBag, first_line: int = 1) -> Session:
    engine = _Engine(record, bag)
    steps = [StepResult(0, None, engine.snapshot())]
    for event in record.events:
        engine.step += 1
        checked = engine.event(event)
        notes, engine.notes = tuple(engine.notes), []
        steps.append(StepResult(engine.step, event, engine.snapshot(), checked, notes))
    engine.finish(first_line)
    return Session(
        record, steps, engine.tallies, engine.phases, engine.goal, engine.result, engine.rolls
    )
