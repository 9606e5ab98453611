"""Stable codes of the importers' messages (``IM…``), one line each, for the docs."""

from __future__ import annotations

CODES: dict[str, str] = {
    # Getting the page.
    "IM001": "the page could not be fetched (network failure or timeout, after retries)",
    "IM002": "the wiki answered with an HTTP error status",
    "IM003": "the wiki's API reported an error (for example a missing page)",
    "IM004": "the file or answer could not be read (not HTML, not JSON, bad encoding)",
    "IM005": "a saved page is not UTF-8 (Shift_JIS, EUC-JP, UTF-16); it was read in its encoding",
    "IM006": "a saved page names no address (no canonical link): its records get no 'source' "
    "(pass --source URL)",
    # Reading the page.
    "IM010": "no game record was found on the page",
    "IM011": "a block looks like a notation example (a fragment), not a whole game",
    "IM012": "a line could not be interpreted; it is kept as a comment marked [import-review]",
    "IM013": "players written as 'same as game N' could not be resolved",
    "IM014": "the page has no article body (div.mw-parser-output); the whole page was read",
    # Catan log sheets.
    "IM030": "no log-sheet table (a turn column and one column per player) was found",
    "IM031": "a log-sheet column header names no player letter, e.g. 青プレイヤー(B)",
    # primeqk database.
    "IM040": "a primeqk match file lacks a field the importer needs",
    "IM041": "a primeqk game's first line is not the database's '### …' header",
    "IM042": "a primeqk game's source file name does not begin with a YYMMDD date",
    # Games' own importers (GameModule.importers).
    "IM060": "an imported game breaks the game's rules; the engine's code and message follow",
    # Writing.
    "IM050": "an existing record differs from the import and was kept (use --force)",
    "IM051": "a record file could not be written",
}

#: The same table in Japanese.
CODES_JA: dict[str, str] = {
    "IM001": "ページを取得できなかった（ネットワークの障害かタイムアウト。再試行の後）",
    "IM002": "wiki が HTTP のエラーを返した",
    "IM003": "wiki の API がエラーを返した（ページがないなど）",
    "IM004": "ファイルや応答を読めなかった（HTML でも JSON でもない、文字コードが違う）",
    "IM005": "保存されたページが UTF-8 ではない（Shift_JIS, EUC-JP, UTF-16）。"
    "その文字コードで読んだ",
    "IM006": "保存されたページに自身のアドレス (canonical リンク) がない。棋譜に source を書かない"
    "（--source URL で渡す）",
    "IM010": "ページに棋譜が見つからなかった",
    "IM011": "対局全体ではなく記法の例（断片）に見えるブロック",
    "IM012": "解釈できない行。[import-review] 付きのコメントとして残した",
    "IM013": "「N 試合目と同じ」と書かれたプレイヤーが分からなかった",
    "IM014": "ページに記事本文（div.mw-parser-output）がない。ページ全体を読んだ",
    "IM030": "ログシートの表（ターンの列とプレイヤーごとの列）が見つからなかった",
    "IM031": "ログシートの列見出しがプレイヤーの記号を示していない（例: 青プレイヤー(B)）",
    "IM040": "primeqk の対戦ファイルに必要な項目がない",
    "IM041": "primeqk の対局の最初の行がデータベースの「### …」見出しではない",
    "IM042": "primeqk の対局の source が YYMMDD の日付で始まっていない",
    "IM050": "既存の棋譜が取り込み結果と違うため残した（--force で上書き）",
    "IM051": "棋譜ファイルを書き込めなかった",
    "IM060": "取り込んだ対局がゲームのルールに反している（エンジンのコードとメッセージが続く）",
}
