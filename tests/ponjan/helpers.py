"""Loading small ポンジャン records written inline in the tests."""

from __future__ import annotations

from kifuwiki.core.recordfile import split_record_file
from kifuwiki.games.base import GameRecord
from kifuwiki.games.ponjan import GAME, PonjanData

FRONT = """---
game: ponjan
players: {A: 青木, B: 坂本, C: 千田}
chips: 100
---
"""


def load(body: str, front: str = FRONT) -> GameRecord:
    return GAME.load(split_record_file(front + body, "test.kifu")[0])


def data(record: GameRecord) -> PonjanData:
    assert isinstance(record.data, PonjanData)
    return record.data


def codes(record: GameRecord) -> list[str]:
    return [d.code for d in record.diagnostics]


def where(record: GameRecord, code: str) -> tuple[int, int]:
    found = next(d for d in record.diagnostics if d.code == code)
    return found.line, found.column


BODY_LINE = 6
"""The file line of a body's first line after ``FRONT``."""

# A clean three-player hand: B declares riichi and wins by tsumo.
CLEAN_HAND = """第1局 親 A
A 配牌 11223344
B 配牌 11133466
C 配牌 55667788
A 引 9
A 捨 9
B 引 3
B リーチ 4
C 引 9
C 捨 9
A 引 5
A 捨 5
B 引 6
B ツモ
精算 A-16 B+24 C-8
計 A 84 B 124 C 92
"""
