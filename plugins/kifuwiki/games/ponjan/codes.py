"""Stable diagnostic codes of ポンジャン records (``PJ…``): never renumber, only add.

``PJ0xx`` come from reading the notation and the front matter, ``PJ1xx`` from the rules,
``PJ2xx`` are warnings.
"""

from __future__ import annotations

CODES: dict[str, str] = {
    # Notation
    "PJ001": "a line that is not a hand heading, an action, a payment or a totals line",
    "PJ002": "a seat that is not one of the record's players",
    "PJ003": "a tile that is not in the record's tile set",
    "PJ004": "a front matter field (players, order, tiles, chips) that cannot be used",
    "PJ005": "an action before the first hand heading",
    "PJ006": "a payment or totals entry that is not 'seat ±chips', or names a seat twice",
    "PJ007": "a hand heading without its dealer",
    "PJ008": "a starting hand after the hand's first action, or given twice",
    "PJ009": "a record without any hand",
    "PJ010": "a win that names a hand (役) the score table does not have",
    "PJ011": "a win's revealed tiles that are not 9 tiles",
    # Rules
    "PJ100": "an action by a player whose turn it is not",
    "PJ101": "a draw or discard that breaks the hand size (8 held, 9 after a draw)",
    "PJ102": "a discard of a tile the player does not hold",
    "PJ103": "more copies of a tile in play than the tile set has",
    "PJ104": "a win whose 9 tiles are not three sets of three identical tiles",
    "PJ105": "riichi declared with a hand that is not one tile from a win",
    "PJ106": "after riichi, a discard that is not the tile just drawn",
    "PJ107": "a ron by a player who may not ron on that discard",
    "PJ108": "a tsumo without a drawn tile",
    "PJ109": "an exhaustive draw while the wall still has tiles",
    "PJ110": "a draw from an empty wall",
    "PJ111": "payments that do not match the win and the score table",
    "PJ112": "chip totals that do not match the running totals",
    "PJ113": "payments that do not add up to zero",
    "PJ114": "a hand dealt by the wrong dealer",
    "PJ115": "an action after the hand ended, or payments too early, twice or after the totals",
    "PJ116": "riichi declared twice in one hand",
    "PJ117": "revealed tiles that differ from the tiles the player holds",
    "PJ118": "a starting hand that is not 8 tiles",
    "PJ119": "chips paid after an exhaustive draw (an exhausted wall pays nothing)",
    "PJ120": "a discard from nine tiles that already win (the seed: the hand is won there)",
    # Warnings
    "PJ200": "an unknown rule option or value (ignored)",
    "PJ201": "a hand that ended without its payment line",
    "PJ202": "a hand that never ended (no win and no exhaustive draw)",
    "PJ203": "a field of 'tiles' that is not read (ignored)",
    "PJ204": "a hand whose end was not read: its payments (or next totals) are taken as written",
    "PJ205": "a line after a win not read (maybe its payments): the chips move as the rules say",
}

#: The codes above that are always errors (``GameModule.error_codes``; an ``accept:``
#: naming one gets RF008): the notation's and the rules'. PJ2xx are warnings and notes.
ERRORS: frozenset[str] = frozenset((
    "PJ001", "PJ002", "PJ003", "PJ004", "PJ005", "PJ006", "PJ007", "PJ008", "PJ009", "PJ010",
    "PJ011", "PJ100", "PJ101", "PJ102", "PJ103", "PJ104", "PJ105", "PJ106", "PJ107", "PJ108",
    "PJ109", "PJ110", "PJ111", "PJ112", "PJ113", "PJ114", "PJ115", "PJ116", "PJ117", "PJ118",
    "PJ119", "PJ120",
))  # fmt: skip

CODES_JA: dict[str, str] = {
    "PJ001": "局の見出し・行動・精算・合計のどれでもない行",
    "PJ002": "棋譜のプレイヤーにない席",
    "PJ003": "棋譜の牌セットにない牌",
    "PJ004": "使えないフロントマター項目 (players, order, tiles, chips)",
    "PJ005": "最初の局の見出しより前の行動",
    "PJ006": "「席 ±チップ」の形でない、または同じ席を2回書いた精算・合計の項目",
    "PJ007": "親のない局の見出し",
    "PJ008": "局の最初の行動より後、または二度書かれた配牌",
    "PJ009": "局がひとつもない棋譜",
    "PJ010": "点数表にない役を書いたアガリ",
    "PJ011": "9枚でないアガリの公開牌",
    "PJ100": "手番でないプレイヤーの行動",
    "PJ101": "手牌の枚数 (8枚、ツモ後9枚) に合わないツモまたは打牌",
    "PJ102": "持っていない牌の打牌",
    "PJ103": "牌セットの枚数を超える同じ牌",
    "PJ104": "同じ牌3枚の組3つになっていないアガリ",
    "PJ105": "あと1枚でアガリの形でないリーチ",
    "PJ106": "リーチ後、ツモった牌と違う牌の打牌",
    "PJ107": "その捨て牌でロンできないプレイヤーのロン",
    "PJ108": "ツモった牌のないツモアガリ",
    "PJ109": "山に牌が残っているのに流局",
    "PJ110": "山が尽きたあとのツモ",
    "PJ111": "アガリと点数表に合わない精算",
    "PJ112": "累計と合わないチップの合計",
    "PJ113": "合計が0にならない精算",
    "PJ114": "親が違う局",
    "PJ115": "局が終わったあとの行動、または局の終わる前・二度目・合計の後の精算",
    "PJ116": "1局で二度目のリーチ",
    "PJ117": "手牌と違う公開牌",
    "PJ118": "8枚でない配牌",
    "PJ119": "流局でのチップの支払い (流局ではチップは動かない)",
    "PJ120": "アガリの形の9枚からの打牌 (原典ではそこでアガリ)",
    "PJ200": "知らないルールオプションまたは値 (無視)",
    "PJ201": "精算の行がないまま終わった局",
    "PJ202": "終わらなかった局 (アガリも流局もない)",
    "PJ203": "tiles の読まない項目 (無視)",
    "PJ204": "終わりの行が読めない局 (精算、それがなければ次の合計を書かれたとおりとみなす)",
    "PJ205": "アガリの後の読めない行 (精算の行かもしれない): チップはルールどおりに動く",
}
