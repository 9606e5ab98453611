"""Diagnostic codes of the publishing side (the record's own codes belong to its game)."""

from __future__ import annotations

from collections.abc import Mapping

UNKNOWN_FENCE_OPTION = "KW001"
UNKNOWN_FENCE_GAME = "KW002"
INTERNAL_VIEW_ERROR = "KW003"
UNKNOWN_FENCE_LANGUAGE = "KW004"

#: Code → one-line description, for the documentation.
CODES: Mapping[str, str] = {
    UNKNOWN_FENCE_OPTION: "a ```kifu block has an option kifuwiki does not know "
    "(known: game, rules, lang, title); it is ignored",
    UNKNOWN_FENCE_GAME: "a ```kifu block names a game that is not installed; "
    "the block shows an error box naming the installed games",
    INTERNAL_VIEW_ERROR: "kifuwiki failed while showing a record (a bug: please report it "
    "with the record attached); the page shows the record's diagnostics",
    UNKNOWN_FENCE_LANGUAGE: "a ```kifu block's lang= names a language kifuwiki has no "
    "labels in (it has ja and en); the block is shown in English",
}

#: The codes above that are always errors: a block naming a game that is not installed,
#: and a failure of kifuwiki's own (KW001 and KW004 are warnings).
ERRORS: frozenset[str] = frozenset((UNKNOWN_FENCE_GAME, INTERNAL_VIEW_ERROR))

#: The same descriptions in Japanese.
CODES_JA: Mapping[str, str] = {
    UNKNOWN_FENCE_OPTION: "```kifu ブロックに kifuwiki の知らないオプションがある "
    "(使えるのは game, rules, lang, title)。そのオプションは無視する",
    UNKNOWN_FENCE_GAME: "```kifu ブロックがインストールされていないゲームを指定している。"
    "ブロックの代わりに、インストール済みのゲームを挙げたエラーを表示する",
    INTERNAL_VIEW_ERROR: "棋譜の表示中に kifuwiki が失敗した (不具合です。棋譜を添えて"
    "報告してください)。ページには棋譜の検査結果を表示する",
    UNKNOWN_FENCE_LANGUAGE: "```kifu ブロックの lang= に、kifuwiki がラベルを持たない言語が"
    "指定されている (あるのは ja と en)。ブロックは英語で表示する",
}
