"""Stable diagnostic codes of 升級 (Shengji) records (``SJ…``): never renumber, only add.

``SJ0xx`` come from reading the notation, ``SJ1xx`` from the rules, ``SJ2xx`` are
warnings about what could not be checked.
"""

from __future__ import annotations

CODES: dict[str, str] = {
    "SJ001": "a line that is not a play, a hand, a declaration, the kitty or a header line",
    "SJ002": "a card that cannot be read (suit and rank: SA H10 D5; jokers BJ RJ)",
    "SJ003": "a line without cards where cards are needed",
    "SJ004": "a levels line that is not 'levels: NS=2 EW=5'",
    "SJ005": "a seat that is not N, E, S or W",
    "SJ006": "a trump line that is not a suit or 'none'",
    "SJ007": "a result line that is not 'points team+levels' (result: 85 EW+1)",
    "SJ008": "kitty or bury cards written without brackets",
    "SJ009": "a hand written twice",
    "SJ010": "a hand with the wrong number of cards",
    "SJ011": "a kitty or a burial with the wrong number of cards",
    "SJ012": "no declarer: no declarer line, declaration or kitty line names one",
    "SJ020": "front matter rules that cannot be used (unknown preset or option, bad value)",
    "SJ101": "a revoke: the player did not follow the led suit (trumps are one suit) though able",
    "SJ102": "the led shape not matched: pairs or a tractor held in the suit but not played",
    "SJ103": "a card that is not in the player's hand",
    "SJ104": "a play out of turn: the wrong leader, or the wrong seat to follow",
    "SJ105": "a card played more often than the decks hold (both copies already seen)",
    "SJ106": "a throw that fails: an opponent can beat one of its components",
    "SJ107": "a throw written as failed that no opponent could beat",
    "SJ108": "a follow with a different number of cards than the lead",
    "SJ109": "a failed throw that does not play its smallest failing component",
    "SJ110": "a result line that does not match the tricks",
    "SJ111": "a declaration that is not a level card, a pair of them, or a joker pair",
    "SJ112": "an over-declaration that is not stronger, or not allowed under these rules",
    "SJ113": "a declaration after the kitty is buried (allowed only with 炒地皮)",
    "SJ114": "the kitty taken or buried by a player who is not the declarer",
    "SJ115": "a lead of cards from more than one suit (trumps are one suit)",
    "SJ116": "a throw where the rules allow no throws",
    "SJ117": "a trump line that contradicts the declarations",
    "SJ118": "a trump line that contradicts the kitty turned up when nobody declared (seed)",
    "SJ201": "the record ends before every card is played: no level change is worked out",
    "SJ202": "the buried cards are not known: the kitty's points are not counted",
    "SJ203": "a seat's hand is left out while the others' are written: its plays are not checked",
}

#: The codes above that are always errors (``GameModule.error_codes``; an ``accept:``
#: naming one gets RF008): the notation's and the rules'. SJ2xx are warnings and notes.
ERRORS: frozenset[str] = frozenset((
    "SJ001", "SJ002", "SJ003", "SJ004", "SJ005", "SJ006", "SJ007", "SJ008", "SJ009", "SJ010",
    "SJ011", "SJ012", "SJ101", "SJ102", "SJ103", "SJ104", "SJ105", "SJ106", "SJ107",
    "SJ108", "SJ109", "SJ110", "SJ111", "SJ112", "SJ113", "SJ114", "SJ115", "SJ116", "SJ117",
    "SJ118",
))  # fmt: skip

CODES_JA: dict[str, str] = {
    "SJ001": "プレイ・手札・宣言・底札・見出し行のどれでもない行",
    "SJ002": "読めないカード (スートとランク: SA H10 D5、ジョーカーは BJ RJ)",
    "SJ003": "カードが必要な行にカードがない",
    "SJ004": "「levels: NS=2 EW=5」の形でないレベル行",
    "SJ005": "N, E, S, W 以外の席",
    "SJ006": "スートでも none でもない切り札の行",
    "SJ007": "「点数 チーム+レベル」の形でない結果の行 (result: 85 EW+1)",
    "SJ008": "括弧なしの底札・埋め札",
    "SJ009": "二度書かれた手札",
    "SJ010": "枚数の違う手札",
    "SJ011": "枚数の違う底札・埋め札",
    "SJ012": "庄家がわからない (declarer 行・宣言・底札の行がない)",
    "SJ020": "使えないルール指定 (未知のプリセット・オプション、不正な値)",
    "SJ101": "リボーク: 出せるのにリードのスートに従っていない (切り札は一つのスート)",
    "SJ102": "リードの形に合わせていない: 対子・拖拉机を持っているのに出していない",
    "SJ103": "手札にないカード",
    "SJ104": "順番違いのプレイ (リードする人、フォローする席が違う)",
    "SJ105": "組数を超えて出たカード (2枚とも既に出ている)",
    "SJ106": "失敗する甩牌: 相手がどれかの組を上回れる",
    "SJ107": "失敗と書かれたが、誰も上回れない甩牌",
    "SJ108": "リードと枚数の違うフォロー",
    "SJ109": "失敗した甩牌で、最小の失敗した組を出していない",
    "SJ110": "トリックと合わない結果の行",
    "SJ111": "レベルのカード1枚・その対子・ジョーカーの対子のどれでもない宣言",
    "SJ112": "強くない反主、またはこのルールでは認められない反主",
    "SJ113": "底札を埋めた後の宣言 (炒地皮のときだけ可)",
    "SJ114": "庄家以外が底札を取った・埋めた",
    "SJ115": "複数のスートのカードでリードした (切り札は一つのスート)",
    "SJ116": "甩牌を認めないルールでの甩牌",
    "SJ117": "宣言と矛盾する切り札の行",
    "SJ118": "宣言がないときにめくった底札と矛盾する切り札の行 (seed)",
    "SJ201": "すべてのカードが出る前に記録が終わっている (レベルの変化は計算しない)",
    "SJ202": "埋めたカードがわからない (底札の点数は数えない)",
    "SJ203": "ほかの席の手札は書かれているのに手札のない席がある (その席の出札は照合しない)",
}
