"""Stable diagnostic codes of 鋼鉄の虹 session records (``KR…``): never renumber, only add.

``KR0xx`` come from reading the structured lines and the front matter, ``KR1xx`` from the
checks, ``KR2xx`` are warnings.
"""

from __future__ import annotations

CODES: dict[str, str] = {
    # Notation
    "KR001": "an @ line that is not a roll, a mode change, a turn, the goal or its result",
    "KR002": "a roll by a character the front matter does not list",
    "KR003": "a check type the character has no 判定値 for",
    "KR004": "dice that are not written as 2d6=a+b (each die 1–6)",
    "KR005": "a front matter field (characters, their checks) that cannot be used",
    "KR006": "a time that is not HH:MM",
    "KR007": "a result word other than 成功 / 失敗 (success / failure)",
    "KR008": "a goal result other than 成功 / 失敗 / 部分成功 (success / failure / partial)",
    "KR009": "a 'rules:' value other than koutetsu-2d6 (the only rules this game checks)",
    # Checks
    "KR100": "a roll whose dice do not add up to its total",
    "KR101": "a roll against another value than the character's 判定値 (with its modifier)",
    "KR102": "a roll whose success or failure does not follow from 2d6 ≤ 判定値",
    "KR103": "operation time that does not move forward by whole hours",
    "KR104": "combat turns that do not count 1, 2, 3 … (one turn is one minute)",
    "KR105": "a turn outside combat, combat started twice, or ended when not in combat",
    "KR106": "operation time earlier than the end of the combat before it",
    "KR107": "a session whose mission goal has no stated result",
    "KR108": "a session without a mission goal",
    "KR109": "a goal or result given twice, or a result before the goal",
    # Warnings
    "KR200": "a combat still running at the end of the record",
    "KR201": "a roll before the first operation time (@作戦)",
    "KR202": "a field of a character that is not read (not shown)",
}

#: The codes above that are always errors (``GameModule.error_codes``; an ``accept:``
#: naming one gets RF008): the notation's and the rules' but KR009 (a ``rules:`` this
#: game cannot honour, a warning); KR2xx are notes.
ERRORS: frozenset[str] = frozenset((
    "KR001", "KR002", "KR003", "KR004", "KR005", "KR006", "KR007", "KR008", "KR100", "KR101",
    "KR102", "KR103", "KR104", "KR105", "KR106", "KR107", "KR108", "KR109",
))  # fmt: skip

CODES_JA: dict[str, str] = {
    "KR001": "判定・モード変更・ターン・目的・結果のどれでもない @ 行",
    "KR002": "フロントマターにいないキャラクターの判定",
    "KR003": "そのキャラクターに判定値のない判定の種類",
    "KR004": "2d6=a+b (各ダイス1〜6) の形でないダイス",
    "KR005": "使えないフロントマター項目 (characters とその判定値)",
    "KR006": "HH:MM の形でない時刻",
    "KR007": "成功・失敗以外の判定結果",
    "KR008": "成功・失敗・部分成功以外の作戦結果",
    "KR009": "koutetsu-2d6 以外の rules: の値 (このゲームが検査するのはこのルールだけ)",
    "KR100": "出目の合計と合わない判定の合計値",
    "KR101": "キャラクターの判定値 (修正込み) と違う値での判定",
    "KR102": "2d6 ≤ 判定値 に合わない成功・失敗",
    "KR103": "1時間単位で進まない作戦モードの時刻",
    "KR104": "1, 2, 3 … と数えない戦闘ターン (1ターン = 1分)",
    "KR105": "戦闘外のターン、二重の戦闘開始、戦闘中でない戦闘終了",
    "KR106": "直前の戦闘の終わりより早い作戦モードの時刻",
    "KR107": "作戦目的の結果が書かれていないセッション",
    "KR108": "作戦目的のないセッション",
    "KR109": "二度書かれた目的・結果、または目的より前の結果",
    "KR200": "記録の終わりで続いている戦闘",
    "KR201": "最初の作戦時刻 (@作戦) より前の判定",
    "KR202": "キャラクターの読まない項目 (表示されない)",
}
