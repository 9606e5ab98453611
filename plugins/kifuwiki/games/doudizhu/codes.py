"""Stable diagnostic codes of Dou Dizhu records (``DZ…``): never renumber, only add.

``DZ0xx`` come from reading the notation and the front matter, ``DZ1xx`` from the
rules, ``DZ2xx`` are warnings and notes.
"""

from __future__ import annotations

CODES: dict[str, str] = {
    "DZ001": "a line that is not a hand, the bottom cards, a bid, a play, a pass or a score",
    "DZ002": "a seat that is not one of the record's three players",
    "DZ003": "something that is not a card",
    "DZ004": "a bid that is not bid1, bid2, bid3 or bid- (no bid)",
    "DZ005": "a seat's hand or the bottom cards written twice",
    "DZ006": "a front matter field (players, landlord, bid, hands, kitty) that cannot be used",
    "DZ007": "a rule preset or option that does not exist or has a bad value",
    "DZ008": "a '+' in the wrong place (it splits the main cards from the kickers)",
    "DZ009": "a score line that is not 'score: A +12, B -6, C -6'",
    "DZ010": "a record without three players",
    "DZ100": "a bid or play out of turn",
    "DZ101": "a bid that is not higher than the highest bid, or a bid after the bidding ended",
    "DZ102": "a play before the landlord is known",
    "DZ103": "a card the player does not hold",
    "DZ104": "cards that make no combination under the rules in force",
    "DZ105": "a combination that does not beat the last one on the table",
    "DZ106": "a pass by the player who leads (the leader must play)",
    "DZ107": "a card dealt twice (more copies than the deck holds)",
    "DZ108": "a hand of the wrong size (17 cards each, 3 bottom cards)",
    "DZ109": "an action after the game ended (a player went out, or every bid was a pass)",
    "DZ110": "a '#' (goes out) on a play that leaves cards in the hand",
    "DZ111": "a '+' split that matches no reading of the cards",
    "DZ112": "score totals that do not add up to zero",
    "DZ113": "a score that differs from the one the rules give",
    "DZ114": "a [bomb], [rocket] or [spring] annotation that is not true",
    "DZ115": "bottom cards written after the play began",
    "DZ200": "the record ends before anyone went out",
    "DZ201": "no bids and no 'landlord' in the front matter: the first player to play is taken "
    "as the landlord",
    "DZ202": "every player passed: the cards are dealt again",
    "DZ203": "a bid not read may have won the bidding: the front matter's 'landlord' or the "
    "first player to play is taken as the landlord, and the score is not checked",
    "DZ204": "a bidding with an error made another seat the landlord than the one that plays "
    "first: the one that plays is taken as the landlord, and the score is not checked",
}

#: The codes above that are always errors (``GameModule.error_codes``; an ``accept:``
#: naming one gets RF008): the notation's and the rules'. DZ2xx are warnings and notes.
ERRORS: frozenset[str] = frozenset((
    "DZ001", "DZ002", "DZ003", "DZ004", "DZ005", "DZ006", "DZ008", "DZ009", "DZ010",
    "DZ100", "DZ101", "DZ102", "DZ103", "DZ104", "DZ105", "DZ106", "DZ107", "DZ108", "DZ109",
    "DZ110", "DZ111", "DZ112", "DZ113", "DZ114", "DZ115",
))  # fmt: skip

CODES_JA: dict[str, str] = {
    "DZ001": "手札・底札・競り・出札・パス・得点のどれでもない行",
    "DZ002": "記録の3人のプレイヤーにない席",
    "DZ003": "カードでない文字",
    "DZ004": "bid1・bid2・bid3・bid- (競らない) のどれでもない競り",
    "DZ005": "同じ席の手札、または底札が2回書かれている",
    "DZ006": "使えないフロントマター (players, landlord, bid, hands, kitty)",
    "DZ007": "存在しない、または値の誤ったルールのプリセット・オプション",
    "DZ008": "'+' の位置が誤っている ('+' は主札とキッカーを分ける)",
    "DZ009": "'score: A +12, B -6, C -6' の形でない得点行",
    "DZ010": "プレイヤーが3人でない記録",
    "DZ100": "手番でない競り・出札",
    "DZ101": "最高値より高くない競り、または競りが終わった後の競り",
    "DZ102": "地主が決まる前の出札",
    "DZ103": "持っていないカード",
    "DZ104": "このルールでは役にならないカード",
    "DZ105": "場の組み合わせに勝たない組み合わせ",
    "DZ106": "親 (リードする人) のパス (親は必ず出す)",
    "DZ107": "二重に配られたカード (デッキの枚数を超える)",
    "DZ108": "枚数の誤った手札 (各17枚、底札3枚)",
    "DZ109": "ゲーム終了後の行動 (誰かが上がった、または全員が競らなかった)",
    "DZ110": "手札が残るのに '#' (上がり) がついた出札",
    "DZ111": "どの読み方にも合わない '+' の分け方",
    "DZ112": "合計がゼロにならない得点",
    "DZ113": "ルールによる得点と異なる得点",
    "DZ114": "正しくない [bomb]・[rocket]・[spring] の注記",
    "DZ115": "出札が始まった後の底札",
    "DZ200": "誰も上がらないまま記録が終わっている",
    "DZ201": "競りもフロントマターの 'landlord' もない: 最初に出した人を地主とみなす",
    "DZ202": "全員が競らなかった: 配り直し",
    "DZ203": "読めない競りが最高値だったかもしれない: フロントマターの 'landlord' か"
    "最初に出した人を地主とみなし、得点は検査しない",
    "DZ204": "誤りのある競りで決まった地主と最初に出した人が違う: 出した人を地主とみなし、"
    "得点は検査しない",
}
