"""Stable diagnostic codes of selaffesto records (``SF…``): never renumber, only add.

``SF0xx`` come from reading the notation and the front matter, ``SF1xx`` from the
rules, ``SF2xx`` are warnings and notes.
"""

from __future__ import annotations

CODES: dict[str, str] = {
    "SF001": "a line that is not 'player: action'",
    "SF002": "a player that is neither W, B nor a name declared in the front matter",
    "SF003": "a cell off the 13x13 board (files a-m, ranks 1-13)",
    "SF004": "a card that is not four SNs N-E-S-W",
    "SF005": "an SN outside 2-25 or one of the primes 13, 17, 19, 23",
    "SF006": "a token that is not part of the notation",
    "SF007": "a judgement other than [put], [jump] or [fail]",
    "SF008": "a points check that is not {W:30 B:26.7}",
    "SF009": "a token in the wrong place (a judgement before its card, a card without a cell …)",
    "SF010": "an opened ( { or [ that is never closed",
    "SF011": "a front matter field (players, first) that cannot be used",
    "SF012": "a rule preset or option that does not exist, or a value out of its range",
    "SF013": "a record with no action lines at all (an empty file, front matter only)",
    "SF101": "a line of the player who is not to move",
    "SF102": "a placement on a cell that already holds a card",
    "SF103": "a placement outside the mover's NH (reach of 2 rows, 2 columns, 3 steps)",
    "SF104": "a card that is not in the mover's hand",
    "SF105": "a first action that does not take the first hand or not place on the start cell",
    "SF106": "a draw that is not allowed (hand full, mount empty, second draw)",
    "SF107": "a judgement [put] [jump] [fail] that the position does not give",
    "SF108": "a points check that differs from the points the rules give",
    "SF109": "an LC written wrong: missing, on the wrong cell, or without a jump put",
    "SF110": "an own LC re-play that is missing, not the LC card, or on its old cell",
    "SF111": "the blown-off card's owner draw missing, not due, or more than the mount",
    "SF112": "a 4xFW bonus card that is missing, not in the hand, or not the highest",
    "SF113": "a pass while a placement is possible (rule option passing: stuck)",
    "SF114": "a move after the game has ended (rule option ending)",
    "SF115": "cards taken into hand outside the first action",
    "SF201": "the record stops before the game ends (in progress)",
    "SF202": "an action left unfinished at the end of the record",
    "SF203": "an action that could not be read: only the turn order of the rest is checked",
}

#: The codes above that are always errors (``GameModule.error_codes``; an ``accept:``
#: naming one gets RF008): the notation's and the rules'. SF2xx are warnings and notes.
ERRORS: frozenset[str] = frozenset((
    "SF001", "SF002", "SF003", "SF004", "SF005", "SF006", "SF007", "SF008", "SF009", "SF010",
    "SF011", "SF013", "SF101", "SF102", "SF103", "SF104", "SF105", "SF106", "SF107",
    "SF108", "SF109", "SF110", "SF111", "SF112", "SF113", "SF114", "SF115",
))  # fmt: skip

CODES_JA: dict[str, str] = {
    "SF001": "「プレイヤー: 行動」の形でない行",
    "SF002": "W・B・フロントマターで宣言した名前のどれでもないプレイヤー",
    "SF003": "13x13 のボードの外のセル (列 a-m、段 1-13)",
    "SF004": "4つの SN (北-東-南-西) でないカード",
    "SF005": "2-25 の外、または素数 13・17・19・23 の SN",
    "SF006": "記法にないトークン",
    "SF007": "[put] [jump] [fail] 以外の判定",
    "SF008": "{W:30 B:26.7} の形でないポイント確認",
    "SF009": "置き場所の違うトークン (カードより前の判定、セルのないカードなど)",
    "SF010": "閉じられていない ( { [",
    "SF011": "使えないフロントマターの項目 (players, first)",
    "SF012": "存在しないルールのプリセット・オプション、または範囲外の値",
    "SF013": "アクションの行が1つもない棋譜 (空のファイル、フロントマターだけ)",
    "SF101": "手番でないプレイヤーの行",
    "SF102": "すでにカードのあるセルへのプレース",
    "SF103": "NH (縦2・横2・3マス以内の移動) の外へのプレース",
    "SF104": "ハンドにないカード",
    "SF105": "最初の手札を取らない、またはスタートのセルに置かないファーストアクション",
    "SF106": "できないドロー (ハンドが満杯、マウントが空、2回目のドロー)",
    "SF107": "局面と合わない判定 [put] [jump] [fail]",
    "SF108": "ルールどおりのポイントと違うポイント確認",
    "SF109": "LC の書き誤り (なし、違うセル、ジャンププットでない)",
    "SF110": "自分の LC の再プレイがない、LC のカードでない、元のセルに置いた",
    "SF111": "取り除かれたカードの所有者のドローがない、不要、またはマウントより多い",
    "SF112": "FW の4倍のボーナスのカードがない、ハンドにない、または最大でない",
    "SF113": "プレースできるのにパスした (ルールオプション passing: stuck)",
    "SF114": "ゲーム終了後の行動 (ルールオプション ending)",
    "SF115": "ファーストアクション以外でハンドにカードを取った",
    "SF201": "ゲームの終わる前に記録が終わっている (対局中)",
    "SF202": "記録の終わりで途中のままのアクション",
    "SF203": "読めないアクションがある (それより後は手番の順だけを検査する)",
}
