"""Diagnostic codes of record files themselves (before any game reads them)."""

from __future__ import annotations

from collections.abc import Mapping

#: Code → one-line description, for ``kifuwiki codes`` and the documentation.
CODES: Mapping[str, str] = {
    "RF000": "the record file cannot be read (missing, or no permission)",
    "RF001": "the file is not valid UTF-8; bad bytes were replaced with U+FFFD",
    "RF002": "front matter starts with '---' but has no closing '---' line",
    "RF003": "front matter is not valid YAML",
    "RF004": "front matter is not a mapping of 'key: value' lines",
    "RF005": "the file is not UTF-8 but UTF-16, Shift_JIS (cp932) or EUC-JP; it was read as such",
    "RF006": "a front matter number too large to use (more than 15 digits); kept as text",
    "RF007": "front matter nested too deeply, too large or containing itself; cut or ignored",
    "RF008": "an 'accept:' acknowledgement that names no warning code, or names an error",
    "RF009": "a record file that is a symbolic link out of its folder; it is not read",
    "RF010": "the record's game is unknown, or cannot be told from its front matter or folder",
    "RF011": "an 'accept:' acknowledgement that matches no warning of the record any more",
    "RF012": "a record file in a folder that is not a regular file (a named pipe, a socket"
    " or a device); not read",
    "RF013": "a shared front matter key of the wrong shape (a list as 'title', 'date: 2024-13-45');"
    " shown as written",
    "RF014": "a game heading with no moves under it (only blank lines); it starts no game",
    "RF020": "a variation (a kifu block in comments) has no closing fence line; kept as a comment",
    "RF021": "a variation nested deeper than three levels; kept as a comment, not checked",
    "RF022": "a variation block holds no moves the game reads",
    "RF023": "the game cannot replay the record up to the step a variation branches from",
    "RF024": "more than 64 variations in one record; the rest are kept as comments, not checked",
    "RF999": "kifuwiki failed while reading this record (a bug: please report it)",
}

#: The codes above that are always errors (an ``accept:`` naming one gets RF008). RF007 is
#: not: an error when the whole front matter is ignored, a warning when one value is cut.
ERRORS: frozenset[str] = frozenset((
    "RF000", "RF001", "RF002", "RF003", "RF004", "RF009", "RF010", "RF012", "RF020", "RF023",
    "RF999",
))  # fmt: skip

#: The same descriptions in Japanese.
CODES_JA: Mapping[str, str] = {
    "RF000": "棋譜ファイルを読めない (ファイルがない、または読む権限がない)",
    "RF001": "ファイルが正しい UTF-8 ではない。読めないバイトは U+FFFD に置き換えた",
    "RF002": "フロントマターが '---' で始まるのに、閉じる '---' の行がない",
    "RF003": "フロントマターが正しい YAML ではない",
    "RF004": "フロントマターが「キー: 値」の行の並びになっていない",
    "RF005": "ファイルが UTF-8 ではなく UTF-16・Shift_JIS (cp932)・EUC-JP で書かれている"
    " (その文字コードで読んだ)",
    "RF006": "フロントマターの数が大きすぎる (16 桁以上)。文字列として扱った",
    "RF007": "フロントマターの入れ子が深すぎる・大きすぎる・自分自身を含む。切り詰めたか無視した",
    "RF008": "accept: の承認が警告コードを指していない、またはエラーを指している",
    "RF009": "棋譜ファイルがフォルダの外を指すシンボリックリンク。読み込まない",
    "RF010": "棋譜のゲームが分からない (インストールされていないゲームか、"
    "フロントマターからもフォルダからも判断できない)",
    "RF011": "accept: の承認に当たる警告がもうない (直した棋譜に残った承認)",
    "RF012": "フォルダ内の棋譜ファイルが通常のファイルではない"
    " (名前付きパイプ・ソケット・デバイス)。読み込まない",
    "RF013": "共通のフロントマターの値の形が違う ('title' がリスト、'date: 2024-13-45' など)。"
    "書かれたとおりに表示する",
    "RF014": "試合の見出しの下に手がない (空行だけ)。試合にならない",
    "RF020": "変化 (コメント内の kifu ブロック) に閉じるフェンスの行がない。コメントとして残した",
    "RF021": "変化の入れ子が3段より深い。コメントとして残し、検査していない",
    "RF022": "変化のブロックにゲームが読める手がない",
    "RF023": "変化が分岐する手まで棋譜を再生できない",
    "RF024": "1つの棋譜に変化が64個より多い。残りはコメントとして残し、検査していない",
    "RF999": "棋譜の読み込み中に kifuwiki が失敗した (不具合です。報告してください)",
}
