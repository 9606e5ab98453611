"""Stable diagnostic codes of 撿紅點 (Jianhongdian) records (``JH…``): never renumber, only add.

``JH0xx`` come from reading the notation, ``JH1xx`` from the rules, ``JH2xx`` are warnings
about what could not be checked or looks doubtful.
"""

from __future__ import annotations

CODES: dict[str, str] = {
    "JH001": "a line that is not a turn, a hand, the table, the stock, the seats or a result",
    "JH002": "a card that is not a suited card of one 52-card deck",
    "JH003": "the table line does not hold exactly 4 cards",
    "JH004": "the table, the stock, the seats or a player's hand written twice",
    "JH005": "a turn or hand by a player who is not in the seat order",
    "JH006": "a result line that is not 'player points …'",
    "JH007": "not 2 to 4 players",
    "JH008": "no table line (the four face-up cards)",
    "JH009": "a hand with the wrong number of cards for the number of players",
    "JH010": "a turn line without a played card",
    "JH011": "front matter rules that cannot be used (unknown preset or option, bad value)",
    "JH101": "a turn out of seat order",
    "JH102": "a card played that is not in the player's hand",
    "JH103": "a captured card that is not on the table",
    "JH104": "a capture that does not make 10 (A-9) or the same rank (10-K)",
    "JH105": "a played card that could capture but was left on the table (forced capture)",
    "JH106": "a flipped card that could capture but was left on the table",
    "JH107": "a card that appears twice (one deck holds every card once)",
    "JH108": "a flipped card that is not the top of the recorded stock",
    "JH109": "a turn without its flip while the stock holds cards, or a flip from an empty stock",
    "JH110": "a turn after every hand is empty",
    "JH111": "a result line that does not match the captured cards",
    "JH112": "a card laid on the table while a card in the hand could capture (seed)",
    "JH201": "a deal the rules say must be redealt (the face-up cards meet a redeal condition)",
    "JH202": "the record ends before every card is played",
    "JH203": "a seat's hand is left out while the others' are written: its plays are not checked",
}

#: The codes above that are always errors (``GameModule.error_codes``; an ``accept:``
#: naming one gets RF008): the notation's and the rules'. JH2xx are warnings and notes.
ERRORS: frozenset[str] = frozenset((
    "JH001", "JH002", "JH003", "JH004", "JH005", "JH006", "JH007", "JH008", "JH009", "JH010",
    "JH101", "JH102", "JH103", "JH104", "JH105", "JH106", "JH107", "JH108", "JH109",
    "JH110", "JH111", "JH112",
))  # fmt: skip

CODES_JA: dict[str, str] = {
    "JH001": "手番・手札・場札・山札・席順・結果のどれでもない行",
    "JH002": "52枚1組のスートつきのカードではない",
    "JH003": "場札の行がちょうど4枚ではない",
    "JH004": "場札・山札・席順・手札のいずれかが二度書かれている",
    "JH005": "席順にない競技者の手番または手札",
    "JH006": "結果の行が「競技者 点数 …」の形ではない",
    "JH007": "競技者が2〜4人ではない",
    "JH008": "場札 (表向きの4枚) の行がない",
    "JH009": "人数に合わない枚数の手札",
    "JH010": "出したカードのない手番の行",
    "JH011": "使えないルール指定 (未知のプリセット・オプション、不正な値)",
    "JH101": "席順どおりでない手番",
    "JH102": "手札にないカードを出した",
    "JH103": "場にないカードを取った",
    "JH104": "合計10 (A〜9) でも同じランク (10〜K) でもない取り",
    "JH105": "取れるのに場に置いた (取り必須のルール)",
    "JH106": "めくったカードが取れるのに場に置かれた",
    "JH107": "同じカードが二度出てくる (1組には各カード1枚)",
    "JH108": "めくったカードが記録された山札の一番上ではない",
    "JH109": "山札があるのにめくりのない手番、または山札がないのにめくった",
    "JH110": "全員の手札がなくなった後の手番",
    "JH111": "取ったカードと合わない結果の行",
    "JH112": "手札のどれかで取れるのに場に置かれたカード (seed)",
    "JH201": "配り直しの条件に当たる場札 (ルールでは配り直し)",
    "JH202": "すべてのカードが出る前に記録が終わっている",
    "JH203": "ほかの席の手札は書かれているのに手札のない席がある (その席の出札は照合しない)",
}
