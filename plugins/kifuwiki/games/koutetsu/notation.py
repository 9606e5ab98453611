"""Read a 鋼鉄の虹 session record: Markdown prose with structured ``@`` lines.

Structured lines (Japanese keyword, English alias)::

    @目的 北の渡河点を確保する             the mission goal          (@goal …)
    @作戦 08:00                          operation mode at a time  (@operation 08:00)
    @戦闘 開始 / @戦闘 終了               combat starts / ends      (@combat start / end)
    @ターン 2                            a combat turn (1 minute)  (@turn 2)
    @roll ハンス 射撃 2d6=5+3=8 ≤ 9 成功  a check                   (@判定 …)
    @結果 成功 渡河点を確保               the goal's result         (@result success …)

In a roll the total (``=8``), the 判定値 (``≤ 9``) and the result may be left out; a
modifier follows the check type (``射撃-2``). Every other line is prose and belongs to
the structured line above it. Errors are collected, never raised.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from kifuwiki.core.diagnostics import DiagnosticBag
from kifuwiki.core.recordfile import LineKind, RecordSource, SourceLine
from kifuwiki.games.koutetsu.frontmatter import read_characters
from kifuwiki.games.koutetsu.model import Event, Kind, Outcome, Roll, SessionRecord, Unread

STRUCTURED = re.compile(r"^\s*[@＠](?P<word>\S+)(?:\s+(?P<rest>.*?))?\s*$")
ROLL = re.compile(
    r"(?P<char>\S+)\s+(?P<check>[^\s+\-−]+)(?P<mod>[+\-−][0-9]+)?\s+(?P<dice>\S+)"
    r"(?:\s*(?:≤|<=|≦|＜=)\s*(?P<target>[0-9]+))?(?:\s+(?P<result>\S+))?"
)
DICE = re.compile(r"2[dD]6\s*[=＝]\s*([0-9]+)\s*\+\s*([0-9]+)(?:\s*[=＝]\s*([0-9]+))?")
TIME = re.compile(r"([0-9]{1,2})[:：]([0-9]{2})")

WORDS: dict[str, Kind] = {
    "roll": Kind.ROLL,
    "判定": Kind.ROLL,
    "作戦": Kind.OPERATION,
    "operation": Kind.OPERATION,
    "戦闘": Kind.COMBAT_START,
    "combat": Kind.COMBAT_START,
    "ターン": Kind.TURN,
    "turn": Kind.TURN,
    "目的": Kind.GOAL,
    "goal": Kind.GOAL,
    "結果": Kind.RESULT,
    "result": Kind.RESULT,
}
COMBAT_WORDS = {"開始": True, "start": True, "終了": False, "end": False}
ROLL_RESULTS = {"成功": True, "success": True, "失敗": False, "failure": False}
OUTCOMES = {
    "成功": Outcome.SUCCESS,
    "success": Outcome.SUCCESS,
    "失敗": Outcome.FAILURE,
    "failure": Outcome.FAILURE,
    "部分成功": Outcome.PARTIAL,
    "partial": Outcome.PARTIAL,
}


@dataclass(slots=True)
class ParseResult:
    record: SessionRecord
    bag: DiagnosticBag


class _Reader:
    def __init__(self, record: SessionRecord, bag: DiagnosticBag) -> None:
        self.record = record
        self.bag = bag

    def error(self, code: str, message: str, ja: str, line: int, column: int) -> None:
        self.bag.error(code, message, line, column, ja=ja)

    def roll(self, rest: str, line: int, column: int) -> Roll | None:
        match = ROLL.fullmatch(rest)
        if match is None:
            self.error(
                "KR004",
                "write a roll as '@roll ハンス 射撃 2d6=5+3 ≤ 9 成功'",
                "判定は '@roll ハンス 射撃 2d6=5+3 ≤ 9 成功' の形で書きます",
                line,
                column,
            )
            return None
        dice = DICE.fullmatch(match.group("dice"))
        die_column = column + match.start("dice")
        if dice is None or not all(1 <= int(d) <= 6 for d in dice.groups()[:2]):
            self.error(
                "KR004",
                f"'{match.group('dice')}' is not two six-sided dice: write 2d6=5+3 (each 1–6)",
                f"'{match.group('dice')}' は2d6の出目ではありません: 2d6=5+3 (各1〜6) と書きます",
                line,
                die_column,
            )
            return None
        result_word = match.group("result")
        success = None
        if result_word is not None:
            if result_word.lower() not in ROLL_RESULTS:
                self.error(
                    "KR007",
                    f"'{result_word}' is not a result: write 成功 (success) or 失敗 (failure)",
                    f"'{result_word}' は判定結果ではありません: 成功 か 失敗 と書きます",
                    line,
                    column + match.start("result"),
                )
                return None
            success = ROLL_RESULTS[result_word.lower()]
        modifier = match.group("mod")
        return Roll(
            character=match.group("char"),
            check=match.group("check"),
            modifier=int(modifier.replace("−", "-")) if modifier else 0,
            dice=(int(dice.group(1)), int(dice.group(2))),
            total=int(dice.group(3)) if dice.group(3) else None,
            target=int(match.group("target")) if match.group("target") else None,
            success=success,
        )

    def time(self, rest: str, line: int, column: int) -> int | None:
        match = TIME.fullmatch(rest)
        if match is None or int(match.group(1)) > 47 or int(match.group(2)) > 59:
            self.error(
                "KR006",
                f"'{rest}' is not a time: write HH:MM, like 08:00 (past midnight: 25:00)",
                f"'{rest}' は時刻ではありません: 08:00 のように HH:MM で書きます",
                line,
                column,
            )
            return None
        return int(match.group(1)) * 60 + int(match.group(2))

    def event(self, source_line: SourceLine, match: re.Match[str]) -> Event | None:
        word = match.group("word")
        kind = WORDS.get(word.lower())
        rest = match.group("rest") or ""
        line, text = source_line.number, source_line.text.strip()
        column = match.start("rest") + 1 if rest else len(source_line.text) + 1
        if kind is None:
            known = "@roll @判定 @作戦 @戦闘 @ターン @目的 @結果"
            self.error(
                "KR001",
                f"'@{word}' is not a structured line ({known})",
                f"'@{word}' は構造化された行ではありません ({known})",
                line,
                match.start("word"),
            )
            return None
        if kind is Kind.ROLL:
            roll = self.roll(rest, line, column)
            return Event(kind, line, text, roll=roll) if roll else None
        if kind is Kind.OPERATION:
            minutes = self.time(rest, line, column)
            return Event(kind, line, text, minutes=minutes) if minutes is not None else None
        if kind is Kind.COMBAT_START:
            if rest.lower() not in COMBAT_WORDS:
                self.error(
                    "KR001",
                    "write '@戦闘 開始' or '@戦闘 終了' (@combat start / end)",
                    "'@戦闘 開始' か '@戦闘 終了' と書きます",
                    line,
                    column,
                )
                return None
            started = COMBAT_WORDS[rest.lower()]
            return Event(Kind.COMBAT_START if started else Kind.COMBAT_END, line, text)
        if kind is Kind.TURN:
            if not rest.isdigit() or not rest.isascii():
                self.error(
                    "KR001",
                    f"'{rest}' is not a turn number: write '@ターン 1'",
                    f"'{rest}' はターン数ではありません: '@ターン 1' と書きます",
                    line,
                    column,
                )
                return None
            return Event(kind, line, text, turn=int(rest))
        if kind is Kind.GOAL:
            return Event(kind, line, text, words=rest)
        outcome_word, _, words = rest.partition(" ")
        outcome = OUTCOMES.get(outcome_word.lower())
        if outcome is None:
            self.error(
                "KR008",
                f"'{outcome_word}' is not a mission result: 成功, 失敗 or 部分成功 "
                "(success, failure, partial)",
                f"'{outcome_word}' は作戦結果ではありません: 成功・失敗・部分成功",
                line,
                column,
            )
            return None
        return Event(kind, line, text, outcome=outcome, words=words.strip())

    def read(self, lines: list[SourceLine]) -> None:
        record = self.record
        for source_line in lines:
            match = (
                STRUCTURED.match(source_line.text) if source_line.kind is LineKind.TEXT else None
            )
            if match is None:
                prose = record.items[-1].prose if record.items else record.intro
                prose.append(source_line)
                continue
            event = self.event(source_line, match)
            record.items.append(event or Unread(source_line.number, source_line.text.strip()))


def parse(source: RecordSource) -> ParseResult:
    bag = DiagnosticBag()
    scenario = str(source.meta.get("scenario", source.meta.get("シナリオ", "")) or "")
    record = SessionRecord(scenario, read_characters(source, bag), [], [])
    _Reader(record, bag).read(source.lines)
    return ParseResult(record, bag)
