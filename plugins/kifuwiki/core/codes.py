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
    "RF010": "the record's game is unknown, or cannot be told from its front matter or folder",
    "RF999": "kifuwiki failed while reading this record (a bug: please report it)",
}

#: The same descriptions in Japanese.
CODES_JA: Mapping[str, str] = {
    "RF000": "棋譜ファイルを読めない (ファイルがない、または読む権限がない)",
    "RF001": "ファイルが正しい UTF-8 ではない。読めないバイトは U+FFFD に置き換えた",
    "RF002": "フロントマターが '---' で始まるのに、閉じる '---' の行がない",
    "RF003": "フロントマターが正しい YAML ではない",
    "RF004": "フロントマターが「キー: 値」の行の並びになっていない",
    "RF010": "棋譜のゲームが分からない (インストールされていないゲームか、"
    "フロントマターからもフォルダからも判断できない)",
    "RF999": "棋譜の読み込み中に kifuwiki が失敗した (不具合です。報告してください)",
}
