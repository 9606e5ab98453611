"""Nim's diagnostic codes (prefix ``NM``), in English and Japanese."""

from __future__ import annotations

from collections.abc import Mapping

BAD_LINE = "NM001"
BAD_PILE = "NM002"
OUT_OF_RANGE = "NM100"
TOO_MANY = "NM101"
AFTER_THE_END = "NM102"
SAME_PLAYER = "NM103"
UNKNOWN_RULES = "NM104"

CODES: Mapping[str, str] = {
    BAD_LINE: "a move line must read 'PLAYER: N' with N a whole number of stones",
    BAD_PILE: "the front matter's 'pile' must be a whole number from 1 to 1000; 21 is used",
    OUT_OF_RANGE: "a move takes fewer than 1 or more than the rules allow",
    TOO_MANY: "a move takes more stones than are left",
    AFTER_THE_END: "a move after the last stone was taken",
    SAME_PLAYER: "the same player moves twice in a row",
    UNKNOWN_RULES: "the rules name no known preset or option; 'classic' is used",
}

#: The codes that are always errors (``GameModule.error_codes``, optional): an
#: ``accept:`` naming one gets RF008. BAD_PILE, SAME_PLAYER and UNKNOWN_RULES are warnings.
ERRORS: frozenset[str] = frozenset((BAD_LINE, OUT_OF_RANGE, TOO_MANY, AFTER_THE_END))

CODES_JA: Mapping[str, str] = {
    BAD_LINE: "手の行は「プレイヤー: 個数」(個数は整数) の形にする",
    BAD_PILE: "フロントマターの pile は 1 から 1000 の整数にする。21 として扱う",
    OUT_OF_RANGE: "取る個数が 1 未満か、ルールの上限を超えている",
    TOO_MANY: "残りより多くの石を取っている",
    AFTER_THE_END: "最後の石が取られた後に手がある",
    SAME_PLAYER: "同じプレイヤーが続けて指している",
    UNKNOWN_RULES: "ルールのプリセットやオプションが分からない。classic として扱う",
}
