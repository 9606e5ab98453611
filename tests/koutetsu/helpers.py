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
