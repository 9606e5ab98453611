"""Diagnostic codes of the Prime Daifugo notation parser (``PD0xx``).

The codes are stable: tools and CI read them. Rules-engine codes live elsewhere
(``PD1xx`` and up); this table only covers what the *text* of a record can get wrong.
"""

from __future__ import annotations

UNREADABLE_MOVE = "PD001"
NOT_A_MOVE_LINE = "PD002"
HEADER_TEXT_KEPT = "PD003"
UNKNOWN_PLAYER = "PD004"
DECIMAL_NUMBER = "PD005"
BAD_COMPOSITE = "PD006"
HAND_TWICE = "PD007"
BAD_HAND = "PD008"
EMPTY_MOVE = "PD009"
BAD_JOKER_VALUE = "PD010"
PLAYER_TWICE = "PD011"
BAD_NOTATION_OPTION = "PD012"
SAME_PLAYERS_UNKNOWN = "PD013"
BAD_DRAW = "PD014"
BAD_PENALTY = "PD015"
TWO_NUMBERS = "PD016"
NO_MOVES = "PD017"

CODES: dict[str, str] = {
    UNREADABLE_MOVE: (
        "error: a move line contains text the parser cannot read; the column points at the "
        "first character it could not read and the move is kept as written"
    ),
    NOT_A_MOVE_LINE: (
        "error: a line after the first move is neither a move (`name:…`) nor a comment; "
        "it is kept as written"
    ),
    HEADER_TEXT_KEPT: (
        "warning: a line before the first move is not a player, judge, hand or move line; "
        "it is kept as header text"
    ),
    UNKNOWN_PLAYER: "error: a move names a player who is not in the game",
    DECIMAL_NUMBER: (
        "warning: cards written as a decimal number (e.g. 1213 for QK) are ambiguous; the "
        "move is kept as written and not guessed"
    ),
    BAD_COMPOSITE: (
        "error: a composite play (`N=factors` or `factors=N`) is malformed: an empty "
        "factor, a second `=`, or no side that reads as a factorisation"
    ),
    HAND_TWICE: (
        "error: a player's initial hand is given twice; the first one is used and the "
        "line is kept as written"
    ),
    BAD_HAND: (
        "error: an initial hand contains something that is not a card; the line is kept as written"
    ),
    EMPTY_MOVE: "error: a move line has nothing after `name:`",
    BAD_JOKER_VALUE: "error: a joker value is not 0–13 (0, A, 2 … 9, T, J, Q, K or 10 … 13)",
    PLAYER_TWICE: (
        "warning: a player key (or the judge) is declared twice with different names; "
        "the last one is used"
    ),
    BAD_NOTATION_OPTION: (
        "warning: the front matter `notation:` is not `standard` or `fandom`; "
        "the dialect was detected instead"
    ),
    SAME_PLAYERS_UNKNOWN: (
        "error: '(…試合目)と同じ' refers to a game that is not earlier in the same file"
    ),
    BAD_DRAW: "error: the cards of a draw `D(…)` are not readable cards",
    BAD_PENALTY: "error: the cards or count of a penalty `P(…)` are not readable",
    TWO_NUMBERS: "error: a move puts two separate numbers on the field",
    NO_MOVES: "error: a record (or a game of a record file) has no move lines at all",
}

#: The codes above that are always errors (``GameModule.error_codes`` with the rules
#: engine's; an ``accept:`` naming one gets RF008). The others are warnings.
ERRORS: frozenset[str] = frozenset((
    "PD001", "PD002", "PD004", "PD006", "PD007", "PD008", "PD009", "PD010", "PD013", "PD014",
    "PD015", "PD016", "PD017",
))  # fmt: skip

CODES_JA: dict[str, str] = {
    UNREADABLE_MOVE: (
        "エラー: 手の行に読めない文字がある。列は最初に読めなかった文字を指し、手は書かれたまま残す"
    ),
    NOT_A_MOVE_LINE: (
        "エラー: 最初の手より後の行が、手(`名前:…`)でもコメントでもない。書かれたまま残す"
    ),
    HEADER_TEXT_KEPT: (
        "警告: 最初の手より前の行が、"
        "プレイヤー・判定員・手札・手のどれでもない。見出しの文として残す"
    ),
    UNKNOWN_PLAYER: "エラー: 手の行が、このゲームのプレイヤーでない名前を挙げている(名前ごとに1件)",
    DECIMAL_NUMBER: (
        "警告: カードが10進の数で書かれていて(QK を 1213 と書くなど)曖昧。推測せず書かれたまま残す"
    ),
    BAD_COMPOSITE: (
        "エラー: 合成数出し(`N=因数` または `因数=N`)の形が正しくない: 空の因数、2つ目の `=`、"
        "因数分解と読める側がない"
    ),
    HAND_TWICE: (
        "エラー: プレイヤーの初期手札が2回書かれている。最初のものを使い、行は書かれたまま残す"
    ),
    BAD_HAND: "エラー: 初期手札にカードでないものがある。行は書かれたまま残す",
    EMPTY_MOVE: "エラー: 手の行の `名前:` の後に何もない",
    BAD_JOKER_VALUE: "エラー: ジョーカーの値が 0–13(0, A, 2 … 9, T, J, Q, K または 10 … 13)でない",
    PLAYER_TWICE: (
        "警告: プレイヤーの記号(または判定員)が別の名前で2回宣言されている。後のものを使う"
    ),
    BAD_NOTATION_OPTION: (
        "警告: front matter の `notation:` が `standard` でも `fandom` でもない。記法は自動判定する"
    ),
    SAME_PLAYERS_UNKNOWN: "エラー: 「(…試合目)と同じ」が同じファイルのより前の試合を指していない",
    BAD_DRAW: "エラー: ドロー `D(…)` のカードが読めない",
    BAD_PENALTY: (
        "エラー: ペナルティ `P(…)` のカードまたは枚数が読めない(どのデッキよりも多い枚数を含む)"
    ),
    TWO_NUMBERS: "エラー: 1つの手で2つの別々の数を場に出している",
    NO_MOVES: "エラー: 棋譜(またはファイルの中の1試合)に手の行が1つもない",
}
