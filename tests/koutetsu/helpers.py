"""Loading small 鋼鉄の虹 session records written inline in the tests."""

from __future__ import annotations

from kifuwiki.core.recordfile import split_record_file
from kifuwiki.games.base import GameRecord
from kifuwiki.games.koutetsu import GAME, KoutetsuData

FRONT = """---
game: koutetsu-no-niji
scenario: 試験
characters:
  ハンス: {player: 佐藤, jaeger: ヴォルフ, checks: {射撃: 9, 格闘: 7, 索敵: 6}}
  リーゼ: {player: 高橋, jaeger: シュトルヒ, 判定値: {射撃: 7, 回避: 9}}
---
"""
BODY_LINE = 8
"""The file line of a body's first line after ``FRONT``."""

SESSION = """はじまり。

@目的 橋を押さえる
@作戦 06:00
@roll ハンス 射撃 2d6=5+3=8 ≤ 9 成功
@戦闘 開始
@ターン 1
@roll リーゼ 回避 2d6=6+5=11 ≤ 9 失敗
@ターン 2
@戦闘 終了
@作戦 07:00
@結果 成功 橋を押さえた
"""


def load(body: str, front: str = FRONT) -> GameRecord:
    return GAME.load(split_record_file(front + body, "session.kifu")[0])


def data(record: GameRecord) -> KoutetsuData:
    assert isinstance(record.data, KoutetsuData)
    return record.data


def codes(record: GameRecord) -> list[str]:
    return [d.code for d in record.diagnostics]


def where(record: GameRecord, code: str) -> tuple[int, int]:
    found = next(d for d in record.diagnostics if d.code == code)
    return found.line, found.column


BROKEN_FRONT = {
    # Not this game's rules (a warning, KR009).
    "other-rules": FRONT.replace("scenario: 試験", "scenario: 試験\nrules: other"),
    # A character without a sheet (KR005): the record goes on without him.
    "broken-character": FRONT.replace(
        "{player: 佐藤, jaeger: ヴォルフ, checks: {射撃: 9, 格闘: 7, 索敵: 6}}", "3"
    ),
    "no-characters": "---\ngame: koutetsu-no-niji\ncharacters: {}\n---\n",
}
"""Front matters with diagnostics (each followed by :data:`SHORT`)."""

SHORT = "@目的 橋を押さえる\n@作戦 06:00\n@結果 成功 押さえた\n"

EDGE_BODIES = {
    # A failed mission whose combat is still running at the end (warning KR200).
    "combat-left-open": (
        "@目的 橋\n@作戦 06:00\n@戦闘 開始\n@ターン 1\n"
        "@roll ハンス 射撃 2d6=6+6=12 ≤ 9 失敗\n@結果 失敗 撤退\n"
    ),
    # A partial success stated before the goal, then a second result (KR109).
    "result-first-and-twice": "@結果 部分成功 先に\n@目的 橋\n@作戦 06:00\n@結果 成功 二度目\n",
    "no-goal-no-result": "散文だけ。\n\n@作戦 06:00\n",
    "empty": "",
    # Every kind of wrong roll and line: errors and warnings on many steps.
    "bad-rolls": (
        "@roll ハンス 射撃 2d6=5+3=8 ≤ 9 成功\n@目的 橋\n@作戦 06:00\n"
        "@roll 誰か 射撃 2d6=1+1=2 ≤ 9 成功\n@roll リーゼ 格闘 2d6=1+1=2 ≤ 9 成功\n"
        "@roll ハンス 射撃 2d6=7+1=8 ≤ 9 成功\n@roll ハンス 射撃 2d6=5+3=9 ≤ 9 失敗\n"
        "@roll リーゼ 回避+1 2d6=5+5=10 ≤ 10 成功\n@作戦 05:30\n@ターン 3\n@謎\n@結果 大成功\n"
    ),
}
"""Session bodies with diagnostics, each after :data:`FRONT`."""


def edge_sessions() -> dict[str, str]:
    """Whole session files with diagnostics (broken front matter, broken bodies), by
    name: the records a light view and a whole view must agree on beyond good ones."""
    found = {name: FRONT + body for name, body in EDGE_BODIES.items()}
    found.update({name: front + SHORT for name, front in BROKEN_FRONT.items()})
    return found
