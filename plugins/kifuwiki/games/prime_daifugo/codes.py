"""Diagnostic codes of the Prime Daifugo rules engine (``PD1xx``).

The codes are stable: tools and CI read them. The notation parser's codes (``PD0xx``)
live in :mod:`.notation_codes`. A penalised bad play is a game *event* (an annotation
on the step), never one of these: an error means the record and the rules cannot both
be right.
"""

from __future__ import annotations

UNKNOWN_RULE_SET = "PD100"
UNKNOWN_RULE_OPTION = "PD101"
BAD_RULE_VALUE = "PD102"

OUT_OF_TURN = "PD110"
AFTER_GAME_END = "PD111"
UNREADABLE_SKIPPED = "PD112"
DRAW_AFTER_ACTION = "PD113"

CARD_NOT_IN_HAND = "PD120"
TOO_MANY_OF_RANK = "PD121"
HAND_SIZE = "PD123"
INCOMPLETE_HAND = "PD124"
UNKNOWN_CARDS = "PD125"
EMPTY_DECK_DRAW = "PD126"
TOO_MANY_DRAWS = "PD127"
DECK_BOTTOM_MISMATCH = "PD128"
MISSING_DRAWS = "PD129"

WRONG_COUNT = "PD130"
NOT_STRONGER = "PD131"
NOT_PRIME_ACCEPTED = "PD132"
BAD_FACTORISATION_ACCEPTED = "PD133"
COMPOSITES_OFF = "PD134"
VALID_PLAY_PENALISED = "PD137"
UNCHECKABLE_PLAY = "PD138"

PENALTY_SIZE = "PD140"
PENALTY_WITHOUT_PLAY = "PD141"

JOKER_VALUE_MISSING = "PD150"
JOKER_VALUE_RANGE = "PD151"
JOKER_VALUE_EXTRA = "PD152"
JOKER_LEADING_ZERO = "PD153"
TAG_MISMATCH = "PD154"
SPECIAL_AS_COMPOSITE = "PD155"
TAG_OTHER_SPECIAL = "PD156"

OUT_WITH_CARDS = "PD160"
EMPTY_WITHOUT_OUT = "PD161"
ADJUDICATED_END = "PD162"

FLUSH_MARK = "PD170"
REVOLUTION_MARK = "PD171"

#: How much of a play a message quotes (review 12, F-CLI-1: a 200,000-digit move made
#: a 200 KB message); a hand, which the deck bounds, gets more room.
QUOTE_LIMIT = 40
HAND_QUOTE_LIMIT = 120


def quote(text: object, limit: int = QUOTE_LIMIT) -> str:
    """``text`` as a message quotes it: cut to ``limit`` characters, the last an ellipsis."""
    text = str(text)
    return text if len(text) <= limit else text[: limit - 1] + "…"


CODES: dict[str, str] = {
    UNKNOWN_RULE_SET: "warning: front matter `rules:` names no known rule set; `standard` is used",
    UNKNOWN_RULE_OPTION: "warning: front matter `rules:` has an option the engine does not know",
    BAD_RULE_VALUE: "warning: a rule option has a value of the wrong kind; it is ignored",
    OUT_OF_TURN: "error: a move is made by a player whose turn it is not",
    AFTER_GAME_END: "error: a move comes after every player but one has gone out",
    UNREADABLE_SKIPPED: (
        "warning: a move the parser could not read is treated as a pass; later checks of "
        "that player's hand may be off"
    ),
    DRAW_AFTER_ACTION: (
        "error: a draw comes after the same player passed or played in that turn; a draw "
        "comes before acting (seed 003)"
    ),
    CARD_NOT_IN_HAND: "error: a move uses a card the player does not hold",
    TOO_MANY_OF_RANK: "error: more than four cards of a rank, or two jokers, are visible at once",
    HAND_SIZE: "warning: an initial hand does not have the rule set's size, or hands differ",
    INCOMPLETE_HAND: (
        "warning: a hand is unknown (不明 or not given); checks that need it are skipped "
        "(reported once per game)"
    ),
    UNKNOWN_CARDS: (
        "info: some cards are written as `?`; checks that need them are skipped "
        "(reported once per game)"
    ),
    EMPTY_DECK_DRAW: "error: a card is drawn from an empty deck",
    TOO_MANY_DRAWS: "warning: more draws in one turn than the rule set allows",
    DECK_BOTTOM_MISMATCH: (
        "warning: a drawn card is not the one the known bottom of the deck (flushed cards, "
        "in order) says comes next"
    ),
    MISSING_DRAWS: (
        "warning: the record writes no draws at all; cards a player did not hold are taken "
        "as unrecorded draws from the deck (reported once per game)"
    ),
    WRONG_COUNT: (
        "error: a follow with a different number of cards than the field was not penalised"
    ),
    NOT_STRONGER: "error: a follow that does not beat the field was not penalised",
    NOT_PRIME_ACCEPTED: "error: a number that is not prime was accepted without a penalty",
    BAD_FACTORISATION_ACCEPTED: "error: a wrong factorisation was accepted without a penalty",
    COMPOSITES_OFF: (
        "error: a composite play was accepted although the rule set forbids it (no "
        "composites at all, or 57 as a composite under the Fandom rules)"
    ),
    VALID_PLAY_PENALISED: "error: a play that the rules allow was penalised",
    UNCHECKABLE_PLAY: (
        "info: a play contains unknown cards (`?`) or a joker without value and cannot be checked"
    ),
    PENALTY_SIZE: "error: the penalty's size does not fit the play and the cards left in the deck",
    PENALTY_WITHOUT_PLAY: "error: a penalty is written on a move that put no cards on the field",
    JOKER_VALUE_MISSING: "error: a joker in a play of several cards has no declared value",
    JOKER_VALUE_RANGE: "error: a joker value is outside the rule set's range (0–13 by default)",
    JOKER_VALUE_EXTRA: "warning: more joker values are declared than jokers were played",
    JOKER_LEADING_ZERO: (
        "warning: a joker stands for a leading 0; no source allows or forbids it, so it is "
        "accepted and read as written"
    ),
    TAG_MISMATCH: (
        "error: a [GC], [RR] or [IN] tag is written on a play that is not 57, 1729 or a lone joker"
    ),
    SPECIAL_AS_COMPOSITE: "warning: 57 or 1729 played as a composite has no special effect",
    TAG_OTHER_SPECIAL: (
        "warning: a (GC) or (RR) tag names the other special play than its cards can make "
        "(the seed's `A72X(GC)`); read as the one the card count allows"
    ),
    OUT_WITH_CARDS: ("error: `#` (going out) is written mid-game but the player still holds cards"),
    EMPTY_WITHOUT_OUT: "error: the player's hand is empty but the move has no `#`",
    ADJUDICATED_END: (
        "warning: the record ends with `#` but the player still holds cards: read as an "
        "adjudicated end (time limit) with that player declared the winner"
    ),
    FLUSH_MARK: (
        "warning: a flush mark `r` is written on a move after which the field did not flush"
    ),
    REVOLUTION_MARK: (
        "warning: a move is marked as played under revolution, but no revolution is on"
    ),
}

#: The codes above that are always errors (``GameModule.error_codes`` with the
#: notation's; an ``accept:`` naming one gets RF008). The others are warnings or notes
#: (an unknown rule set PD100-PD102 is a warning: the record is checked by the default).
ERRORS: frozenset[str] = frozenset((
    "PD110", "PD111", "PD113", "PD120", "PD121", "PD126", "PD130", "PD131", "PD132", "PD133",
    "PD134", "PD137", "PD140", "PD141", "PD150", "PD151", "PD154", "PD160", "PD161",
))  # fmt: skip

CODES_JA: dict[str, str] = {
    UNKNOWN_RULE_SET: "警告: front matter の `rules:` が知らないルール名。`standard` を使う",
    UNKNOWN_RULE_OPTION: "警告: front matter の `rules:` にエンジンの知らない設定がある",
    BAD_RULE_VALUE: (
        "警告: ルール設定の値の種類か範囲が正しくない(範囲は記法ガイド参照)。その設定は無視する"
    ),
    OUT_OF_TURN: "エラー: 手番でないプレイヤーが手を指している",
    AFTER_GAME_END: "エラー: 1人を除いて全員があがった後に手が続いている",
    UNREADABLE_SKIPPED: (
        "警告: 読めない手はパスとして扱う。"
        "その後のそのプレイヤーの手札の検査はずれうる(1ゲームに1件)"
    ),
    DRAW_AFTER_ACTION: (
        "エラー: 同じ手番でパスまたはカードを出した後にドローしている。"
        "ドローは行動の前にする(seed 003)"
    ),
    CARD_NOT_IN_HAND: "エラー: プレイヤーが持っていないカードを使っている",
    TOO_MANY_OF_RANK: (
        "エラー: 同じ数字のカードが5枚以上、またはジョーカーが3枚以上同時に見えている"
    ),
    HAND_SIZE: "警告: 初期手札の枚数がルールの枚数と違う、または手札ごとに違う",
    INCOMPLETE_HAND: (
        "警告: 手札が不明(不明 または書かれていない)。それを要する検査は省く(1ゲームに1件)"
    ),
    UNKNOWN_CARDS: "情報: `?` と書かれたカードがある。それを要する検査は省く(1ゲームに1件)",
    EMPTY_DECK_DRAW: "エラー: 空の山札からカードを引いている",
    TOO_MANY_DRAWS: "警告: 1手番のドローがルールの許す枚数より多い",
    DECK_BOTTOM_MISMATCH: (
        "警告: 書かれたドローまたはペナルティのカードが山札と合わない(既知の山札の底は流れた順の"
        "カード。順序は問わず枚数で照合する)"
    ),
    MISSING_DRAWS: (
        "警告: 棋譜にドローが一切書かれていない。手札になかったカードは書かれていないドローとみなす"
        "(1ゲームに1件)"
    ),
    WRONG_COUNT: "エラー: 場と違う枚数で出したのにペナルティがない",
    NOT_STRONGER: "エラー: 場より強くないカードを出したのにペナルティがない",
    NOT_PRIME_ACCEPTED: "エラー: 素数でない数がペナルティなしで通った",
    BAD_FACTORISATION_ACCEPTED: "エラー: 誤った素因数分解がペナルティなしで通った",
    COMPOSITES_OFF: (
        "エラー: ルールが禁じる合成数出しが通った(合成数出しなし、または Fandom ルールでの 57 の"
        "合成数出し)"
    ),
    VALID_PLAY_PENALISED: "エラー: ルール上正しい出し方にペナルティが科されている",
    UNCHECKABLE_PLAY: (
        "情報: 不明なカード(`?`)か値のないジョーカーを含むため、その出し方は検査できない"
    ),
    PENALTY_SIZE: "エラー: ペナルティの枚数が、出したカードと山札の残りに合わない",
    PENALTY_WITHOUT_PLAY: "エラー: 場にカードを出していない手にペナルティが書かれている",
    JOKER_VALUE_MISSING: "エラー: 複数枚の出し方のジョーカーに値が書かれていない",
    JOKER_VALUE_RANGE: "エラー: ジョーカーの値がルールの範囲(既定は 0–13)の外",
    JOKER_VALUE_EXTRA: "警告: 出したジョーカーより多くのジョーカーの値が書かれている",
    JOKER_LEADING_ZERO: (
        "警告: ジョーカーが先頭の 0 として使われている。"
        "許すか禁じるかの出典がないため、書かれたとおり"
        "に読む"
    ),
    TAG_MISMATCH: (
        "エラー: 57・1729・ジョーカー1枚でない出し方に [GC]・[RR]・[IN] の印が書かれている"
    ),
    SPECIAL_AS_COMPOSITE: "警告: 合成数として出した 57 や 1729 には特殊効果がない",
    TAG_OTHER_SPECIAL: (
        "警告: (GC)・(RR) の印が、カードの枚数からなりえない方の特殊な出し方を指している"
        "(seed の `A72X(GC)`)。枚数から決まる方として読む"
    ),
    OUT_WITH_CARDS: "エラー: ゲームの途中で `#`(あがり)と書かれているが、まだカードを持っている",
    EMPTY_WITHOUT_OUT: "エラー: 手札がなくなったのに、その手に `#` がない",
    ADJUDICATED_END: (
        "警告: 最後の行が `#` だが、そのプレイヤーはまだカードを持っている: 判定による終了"
        "(時間切れ)でそのプレイヤーの勝ちと読む"
    ),
    FLUSH_MARK: "警告: 場が流れていない手に、場が流れた印 `r` が書かれている",
    REVOLUTION_MARK: "警告: 革命中の印が書かれているが、革命は起きていない",
}
