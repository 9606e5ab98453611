"""UI strings in Japanese and English, shared by every template (viewer included).

Templates call ``t("key", lang)``. A key missing from the table comes back as the key
itself, so a page never breaks over a label; a test checks that every key the
templates use is in the table.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache

from kifuwiki.games import game_ids, get_game

#: key → (Japanese, English)
LABELS: Mapping[str, tuple[str, str]] = {
    # Record header
    "title": ("タイトル", "Title"),
    "game": ("ゲーム", "Game"),
    "event": ("大会", "Event"),
    "date": ("日付", "Date"),
    "players": ("プレイヤー", "Players"),
    "player": ("プレイヤー", "Player"),
    "rank": ("順位", "Rank"),
    # A player's place on a record page: "2位" (Japanese puts the number first).
    "rank_of": ("{n}位", "Rank {n}"),
    "winner": ("勝者", "Winner"),
    "no_winner": ("なし", "none"),
    "first_player": ("先手", "First player"),
    "rules": ("ルール", "Rules"),
    "source": ("出典", "Source"),
    "license": ("ライセンス", "Licence"),
    "attribution": ("クレジット", "Attribution"),
    "record_file": ("棋譜ファイル", "Record file"),
    "more_info": ("その他の情報", "More information"),
    "record_info": ("対局情報", "About this game"),
    "hide_results": ("最後の手まで結果を隠す", "Hide the result until the last move"),
    "download_record": ("棋譜ファイルをダウンロード", "Download the record file"),
    "copy_link": ("この手へのリンクをコピー", "Copy a link to this move"),
    "link_copied": ("この手へのリンクをコピーしました", "Link to this move copied"),
    "key": ("項目", "Key"),
    "value": ("値", "Value"),
    "moves": ("手数", "Moves"),
    "badges": ("特記", "Badges"),
    # Diagnostics
    "diagnostics": ("検査結果", "Diagnostics"),
    "no_diagnostics": ("問題は見つかりませんでした。", "No problems found."),
    "severity": ("重大度", "Severity"),
    "error": ("エラー", "error"),
    "warning": ("警告", "warning"),
    "info": ("情報", "info"),
    "errors": ("エラー", "Errors"),
    "warnings": ("警告", "Warnings"),
    "code": ("コード", "Code"),
    "message": ("内容", "Message"),
    "location": ("位置", "Location"),
    "line": ("行", "line"),
    "column": ("列", "column"),
    "step": ("手", "Move"),
    "go_to_move": ("この手へ", "go to this move"),
    "record_broken": (
        "この棋譜には誤りがあります。下の検査結果を見てください。",
        "This record has errors; see the diagnostics below.",
    ),
    "embed_error": ("棋譜を表示できません", "Cannot show this record"),
    # Archive pages
    "records_home": ("棋譜", "Records"),
    "game_index": ("棋譜一覧", "All records"),
    "player_pages": ("プレイヤー一覧", "Players"),
    "event_pages": ("大会一覧", "Events"),
    "report": ("検査レポート", "Validation report"),
    "filter": ("絞り込み", "Filter"),
    "filter_placeholder": ("名前・大会・日付で絞り込み", "Filter by name, event or date"),
    "games": ("対局数", "Games"),
    "wins": ("勝ち", "Wins"),
    "win_rate": ("勝率", "Win rate"),
    "first_games": ("先手の対局", "Games as first player"),
    "first_win_rate": ("先手勝率", "Win rate as first player"),
    "statistics": ("成績", "Statistics"),
    "game_list": ("対局一覧", "Games"),
    "no_records": ("棋譜はまだありません。", "No records yet."),
    "no_event": ("大会なし", "No event"),
    "files": ("ファイル数", "Files"),
    "records_count": ("棋譜数", "Records"),
    "archive_clean": (
        "すべての棋譜に問題はありません。",
        "Every record is clean.",
    ),
    "all_games": ("すべてのゲーム", "All games"),
    # Badges
    "badge_error": ("エラーあり", "has errors"),
    "badge_warning": ("警告あり", "has warnings"),
    # Viewer (templates/viewer.html and the JS read these)
    "viewer": ("棋譜再生", "Record viewer"),
    "start_position": ("開始局面", "Start position"),
    "final_position": ("最終局面", "Final position"),
    "move_list": ("指し手", "Moves"),
    "move": ("手", "Move"),
    "comment": ("コメント", "Comment"),
    "comments": ("コメント", "Comments"),
    "bookmark": ("しおり", "Bookmark"),
    "state": ("局面", "Position"),
    "show_state": ("局面を表示", "Show position"),
    "first": ("最初へ", "First"),
    "previous": ("前へ", "Previous"),
    "next": ("次へ", "Next"),
    "last": ("最後へ", "Last"),
    "play": ("自動再生", "Play"),
    "pause": ("停止", "Pause"),
    "speed": ("速度", "Speed"),
    "slider": ("手の位置", "Move slider"),
    "shortcuts": ("キーボード操作", "Keyboard shortcuts"),
    "shortcut_help": (
        "← →: 1手ずつ / Home End: 最初・最後 / スペース: 自動再生 / ?: このヘルプ",
        "← →: step / Home End: first, last / Space: play / ?: this help",
    ),
    "no_js": (
        "JavaScript を使うと1手ずつ再生できます。",
        "With JavaScript on, you can step through the moves.",
    ),
    # Viewer modes (issue 14): copy the position, seat view, guess the move. {n}, {label},
    # {player}, {right}, {tried}, {move} and {guess} are filled in by kifuwiki.js.
    "copy_position": ("局面をテキストでコピー", "Copy the position as text"),
    "position_copied": ("局面をテキストでコピーしました", "Position copied as text"),
    "copy_failed": (
        "コピーできませんでした。下の文字を選んでコピーしてください",
        "Could not copy: select the text below and copy it",
    ),
    "step_heading": ("{n}手目: {label}", "Move {n}: {label}"),
    "seat_view": ("視点", "Seen by"),
    "seat_view_label": ("誰の視点で見るか", "Show the game as seen by"),
    "everyone": ("全員 (すべて表向き)", "everyone (all cards)"),
    # "one|other" forms: the script picks the first for 1 (Japanese has one form).
    "face_down": ("伏せ札 {n} 枚", "{n} card face down|{n} cards face down"),
    "guess_mode": ("次の手を当てる", "Guess the move"),
    "guess_prompt": ("{n}手目 ({player}) は?", "Move {n} ({player}):"),
    "guess_input": ("予想した手 (棋譜の書き方で)", "Your guess, in the record notation"),
    "guess_legend": ("あなたの予想", "Your guess"),
    "guess_submit": ("答える", "Guess"),
    "guess_reveal": ("答えを見る", "Show"),
    "guess_right": ("✓ 正解: {n}手目 {move}", "✓ Right: move {n} was {move}"),
    "guess_wrong": (
        "✗ 不正解 ({guess}): {n}手目は {move}",
        "✗ Not it ({guess}): move {n} was {move}",
    ),
    "guess_shown": ("{n}手目: {move}", "Move {n}: {move}"),
    "guess_score": ("正解 {right} / {tried}", "Score {right} / {tried}"),
    "guess_end": ("棋譜の最後まで来ました", "That was the last move"),
    "guess_first": (
        "次の手はまだ隠れています。予想を入力してください",
        "The next move is hidden: guess it first",
    ),
    "key_copy_position": ("局面をテキストでコピー", "copy the position as text"),
    "key_seat_view": ("視点を切り替え", "next seat view"),
    "key_guess_mode": ("「次の手を当てる」の開始・終了", "guess mode on / off"),
    "key_close": ("このヘルプ・予想の入力を閉じる", "close this help or the guess"),
}

LANGUAGES = ("ja", "en")


def normalise_language(lang: str | None) -> str:
    """``ja``/``en`` from a theme language such as ``ja``, ``en_US`` or ``fr``.

    No language means Japanese (the games' home); any language other than Japanese
    gets English, the closer of the two for most readers.
    """
    if not lang:
        return "ja"
    return "ja" if _base_language(lang) == "ja" else "en"


def has_labels(lang: str) -> bool:
    """Whether ``lang`` (``ja``, ``en``, ``en-GB``, ``ja_JP``…) is a language the labels
    are written in, rather than one :func:`normalise_language` shows in English."""
    return _base_language(lang) in ("ja", "en")


def _base_language(lang: str) -> str:
    return lang.replace("_", "-").split("-")[0].lower()


def t(key: str, lang: str = "ja") -> str:
    """The label ``key`` in ``lang`` (Japanese unless ``lang`` is English)."""
    pair = LABELS.get(key)
    if pair is None:
        return key
    if lang == "ja" or lang == "en":  # what templates pass (~30 labels a record page)
        return pair[1] if lang == "en" else pair[0]
    return pair[1] if normalise_language(lang) == "en" else pair[0]


#: The publishing side's own badges; each game labels its own (``GameModule.badges``).
_PROBLEM_BADGES = ("error", "warning")


def _game_badges() -> dict[str, tuple[str, str]]:
    """Every registered game's badge labels, in the games' own order."""
    return _badges_of(game_ids())


@cache
def _badges_of(games: tuple[str, ...]) -> dict[str, tuple[str, str]]:
    labels: dict[str, tuple[str, str]] = {}
    for game_id in games:
        labels.update(getattr(get_game(game_id), "badges", {}))
    return labels


def badge_label(name: str, lang: str = "ja") -> str:
    """The label of badge ``name`` in ``lang``; the name itself for one nobody labels."""
    pair = _game_badges().get(name) or LABELS.get(f"badge_{name}")
    if pair is None:
        return name
    return pair[1] if normalise_language(lang) == "en" else pair[0]


def sorted_badges(badges: Iterable[str]) -> tuple[str, ...]:
    """Games' badges in their own order, then the problem badges, then anything else."""
    order = _badge_order(game_ids())
    return tuple(sorted(badges, key=lambda b: (order.get(b, len(order)), b)))


@cache
def _badge_order(games: tuple[str, ...]) -> dict[str, int]:
    """Each badge's place in :func:`sorted_badges`, once per set of registered games
    (a list row and a record page sort their badges: thousands of calls a build)."""
    return {name: i for i, name in enumerate([*_badges_of(games), *_PROBLEM_BADGES])}


def step_title(label: str, notes: tuple[str, ...] | list[str]) -> str:
    """The step link's ``title``: the step's label without the first annotation it ends
    with, which the page shows right below (issue 16: no text written twice a step).

    ``"Alice plays 7: a fine move"`` with the note ``"a fine move"`` is written
    ``"Alice plays 7:"``; the script (``kifuwiki.js``, ``stepLabel``) puts
    the label back together from a title ending in ``:`` and the step's first
    annotation (its ``<ul>``'s first ``<li>``). A label that ends in ``:`` (or ``:``
    and zero width spaces) by itself on a step with notes gets a zero width space more,
    which the script takes off again; a step without notes keeps its label.
    """
    if not notes:
        return label
    suffix = ": " + notes[0]
    if label.endswith(suffix):
        return label[: -len(suffix) + 1]
    return label + "\u200b" if label.rstrip("\u200b").endswith(":") else label
