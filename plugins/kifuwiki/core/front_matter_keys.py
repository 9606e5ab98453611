"""The shared front matter keys every page shows (title, event, date, source, licence):
a value of the wrong shape gets an RF013 warning at its line.

YAML reads ``event: [Kongo, 2024]`` as a list and ``title: {a: 1}`` as a mapping; the
pages then showed them as Python writes them (``['Kongo', 2024]``), and an event page
was named so. ``date: 2024-13-45`` is not a date YAML knows, so it stayed text and
sorted among the real dates. Nothing is changed or dropped: the value is shown as
written, and the warning says what the key expects. Game keys (``rules``…) are the
games' to check.

``players`` is read by each game, but its shared form is a mapping of the letters the
moves use to names (``players: {A: Alice, B: Bob}``). A name that is empty or not one
line of text (``{A: null}``, ``{A: {x: 1}}``) was shown as Python writes it ("None",
"{'x': 1}"): the letter is kept as the name and RF013 says so (:func:`fix_player_names`).
A value that is not a mapping (``[Alice, Bob]``, ``Alice, Bob``, ``5``) some games read
as a list of seats; when the game used none of its words as a player's name, the names
were dropped without a word, and RF013 says what to write (:func:`dropped_players`).
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping, Sequence
from typing import Any

from kifuwiki.core.diagnostics import Diagnostic, Severity
from kifuwiki.core.lazyre import lazy_pattern

#: Keys shown as one line of text (the record page's header, list pages, search).
TEXT_KEYS = ("title", "event", "source", "url", "license", "licence", "attribution", "author")

_iso_date = lazy_pattern(r"\d{4}-\d{1,2}-\d{1,2}")

_KINDS: dict[type, tuple[str, str]] = {
    dict: ("a mapping", "マッピング"),
    list: ("a list", "リスト"),
}


def shared_key_problems(
    meta: Mapping[str, Any], front_matter: Sequence[str], path: str | None
) -> list[Diagnostic]:
    """RF013 warnings for the shared keys of ``meta`` whose values have the wrong shape;
    ``front_matter``: the lines between the ``---`` (file line 2 on), to point at."""
    problems: list[Diagnostic] = []
    for key in TEXT_KEYS:
        value = meta.get(key)
        kind = _KINDS.get(type(value)) if value is not None else None
        if kind is not None:
            problems.append(
                _warning(
                    key,
                    front_matter,
                    path,
                    f"'{key}' should be one line of text, not {kind[0]}; it is shown as written",
                    f"'{key}' は1行の文字列にしてください ({kind[1]}になっています)。"
                    "書かれたとおりに表示します",
                )
            )
    date = meta.get("date")
    if isinstance(date, (dict, list)) or (isinstance(date, str) and not _calendar_date(date)):
        problems.append(
            _warning(
                "date",
                front_matter,
                path,
                f"'date' is not a date of the calendar ({_shown(date)}); write it as "
                "YYYY-MM-DD. It is shown as written and sorted as text",
                f"'date' が暦の日付ではありません ({_shown(date)})。YYYY-MM-DD で書いてください。"
                "書かれたとおりに表示し、文字列として並べます",
            )
        )
    return problems


#: What RF013 says ``players:`` should look like.
PLAYERS_FORM = "players: {A: name, B: name}"


def fix_player_names(
    meta: dict[str, Any], front_matter: Sequence[str], path: str | None
) -> list[Diagnostic]:
    """Give each ``players:`` letter whose name is empty or not one line of text its
    letter as its name (in ``meta``), with an RF013 warning; never a Python repr."""
    players = meta.get("players")
    if not isinstance(players, dict):
        return []
    bad = [
        key
        for key, value in players.items()
        if value is None or isinstance(value, (dict, list, set, tuple))
    ]
    if not bad:
        return []
    meta["players"] = {key: (str(key) if key in bad else value) for key, value in players.items()}
    letters = ", ".join(_shown(key) for key in bad)
    return [
        _warning(
            "players",
            front_matter,
            path,
            f"'players' gives {letters} no name that is one line of text; the letter is used "
            f"as the name. Write {PLAYERS_FORM}",
            f"'players' の {letters} の名前が1行の文字列になっていません。記号を名前として"
            f"使います。{PLAYERS_FORM} と書いてください",
        )
    ]


def dropped_players(
    meta: Mapping[str, Any], names: Sequence[str], front_matter: Sequence[str], path: str | None
) -> list[Diagnostic]:
    """RF013 when ``players:`` is not a mapping and the game used none of what it says
    as a player's name (``names``: the loaded record's display names)."""
    players = meta.get("players")
    if players is None or isinstance(players, Mapping):
        return []
    if isinstance(players, (list, tuple)):
        words = {str(item).strip() for item in players}
        written = "[" + ", ".join(str(item) for item in players) + "]"
    else:
        words = set(_words().split(str(players))) | {str(players).strip()}
        written = str(players)
    if words & set(names):
        return []
    return [
        _warning(
            "players",
            front_matter,
            path,
            f"'players' is not a mapping of letters to names ({_shown(written)}), and no "
            f"player got a name from it; write {PLAYERS_FORM}",
            f"'players' が記号と名前の対応になっていないため ({_shown(written)})、名前に"
            f"使われていません。{PLAYERS_FORM} と書いてください",
        )
    ]


_words = lazy_pattern(r"[\s,、]+")


def _calendar_date(text: str) -> bool:
    """Whether text that looks like an ISO date is one (``2024-02-30`` is not); text
    that does not look like one (``2024年春``, ``2024``) is the writer's choice."""
    if _iso_date().fullmatch(text.strip()) is None:
        return True
    year, month, day = (int(part) for part in text.strip().split("-"))
    try:
        dt.date(year, month, day)
    except ValueError:
        return False
    return True


def _shown(value: object) -> str:
    text = str(value)
    return text if len(text) <= 40 else text[:39] + "…"


def _warning(
    key: str, front_matter: Sequence[str], path: str | None, message: str, message_ja: str
) -> Diagnostic:
    return Diagnostic(
        Severity.WARNING, "RF013", message, key_line(front_matter, key), 1, path, None, message_ja
    )


def key_line(front_matter: Sequence[str], key: str) -> int:
    """The file line of the top-level ``key`` (``rules:``, ``"rules":``) among the front
    matter's lines (file line 2 on); the last one written, whose value YAML keeps; 1
    when it is not there (:func:`kifuwiki.core.recordfile.front_matter_line`)."""
    found = 1
    for number, text in enumerate(front_matter, start=2):
        if text.startswith(key) or text[:1] in ("'", '"'):
            name, colon, _ = text.partition(":")
            if colon and name.rstrip().strip("'\"") == key:
                found = number
    return found


def key_path_position(front_matter: Sequence[str], *path: str) -> tuple[int, int]:
    """(file line, column of the value) of a nested key among the front matter's lines:
    ``("hands", "A")`` is ``A:`` under ``hands:``, written as a block (an indented
    ``A: …`` on a later line) or in flow style (``hands: {A: …}``). Each key is looked
    for after the one before it; the first at the start of a line. ``(1, 1)`` when the
    first key is not written; the last key found when a later one is not. Where a game
    points a problem with a value deep in its front matter (YAML keeps no lines)."""
    found: tuple[int, int] | None = None
    index, start = 0, 0
    for depth, key in enumerate(path):
        lead = r"^\s*" if depth == 0 else r"(?:^\s+|[{,]\s*)"
        pattern = re.compile(lead + r"['\"]?" + re.escape(key) + r"['\"]?\s*[:：]\s*")
        for i in range(index, len(front_matter)):
            match = pattern.search(front_matter[i], start if i == index else 0)
            if match is not None:
                found, index, start = (i, match.end()), i, match.end()
                break
        else:
            break
    if found is None:
        return 1, 1
    return found[0] + 2, found[1] + 1
