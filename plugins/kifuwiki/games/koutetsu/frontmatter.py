"""The front matter of a 鋼鉄の虹 session: the scenario and the characters with their Jäger
and 判定値 per check type.

```yaml
scenario: 霧の渡河点
characters:
  ハンス:
    player: 佐藤            # or プレイヤー
    jaeger: ヴォルフ II     # or 乗機
    checks: {射撃: 9, 格闘: 7, 回避: 8}   # or 判定値
```
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from kifuwiki.core.diagnostics import DiagnosticBag
from kifuwiki.core.front_matter_keys import key_path_position
from kifuwiki.core.recordfile import RecordSource, front_matter_line
from kifuwiki.games.koutetsu.model import Character

_NAME = re.compile(r"[^\s@:：+\-−≤<=]+")


#: The names each field of a character may go by (the first is the English one).
_CHECKS = ("checks", "判定値")
_PLAYER = ("player", "プレイヤー", "PL")
_JAEGER = ("jaeger", "Jäger", "乗機", "イェーガー")
_FIELDS = frozenset((*_CHECKS, *_PLAYER, *_JAEGER))


def _field(entry: dict[str, Any], *names: str) -> Any:
    for name in names:
        if name in entry:
            return entry[name]
    return None


@dataclass(frozen=True, slots=True)
class _Problem:
    """Why (part of) a character cannot be used, in both languages, and the words that
    find its line: the character's name, then the check's."""

    en: str
    ja: str
    where: tuple[str, ...]


def _character(key: str, entry: Any) -> tuple[Character | None, list[_Problem]]:
    """The character (without the checks that cannot be read), or none, and why."""
    if not _NAME.fullmatch(key):
        return None, [
            _Problem(
                f"'{key}' must be one word without '@', ':', '+', '-' or '≤'",
                f"キャラクター名 '{key}' は '@'・':'・'+'・'-'・'≤' を含まない一語で書きます",
                (key,),
            )
        ]
    if not isinstance(entry, dict):
        return None, [
            _Problem(
                f"{key}: write player, jaeger and checks under the name",
                f"{key}: 名前の下に player・jaeger・checks を書きます",
                (key,),
            )
        ]
    problems: list[_Problem] = []
    checks = _field(entry, *_CHECKS)
    table: dict[str, int] = {}
    unreadable: set[str] = set()
    if not isinstance(checks, dict) or not checks:
        problems.append(
            _Problem(
                f"{key}: 'checks' must map check types to 判定値 ({{射撃: 9}})",
                f"{key}: checks (判定値) には判定の種類と判定値を書きます ({{射撃: 9}})",
                (key,),
            )
        )
        checks = {}
    for check, value in checks.items():
        if not _NAME.fullmatch(str(check)):
            problems.append(
                _Problem(
                    f"{key}: check type '{check}' must be one word",
                    f"{key}: 判定の種類 '{check}' は一語で書きます",
                    (key, str(check)),
                )
            )
        elif not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 20:
            problems.append(
                _Problem(
                    f"{key}: the 判定値 of {check} must be a number from 0 to 20, not '{value}'",
                    f"{key}: {check} の判定値は 0〜20 の数で書きます ('{value}' ではなく)",
                    (key, str(check)),
                )
            )
            unreadable.add(str(check))
        else:
            table[str(check)] = value
    player = _field(entry, "player", *_PLAYER)
    jaeger = _field(entry, "jaeger", *_JAEGER)
    character = Character(key, str(player or ""), str(jaeger or ""), table, frozenset(unreadable))
    return character, problems


def read_characters(source: RecordSource, bag: DiagnosticBag) -> dict[str, Character]:
    top = "characters" if "characters" in source.meta else "キャラクター"
    raw = source.meta.get(top)
    line = front_matter_line(source, top)
    if not isinstance(raw, dict) or not raw:
        bag.error(
            "KR005",
            "the front matter lists the characters: 'characters: {ハンス: {checks: {射撃: 9}}}'",
            line,
            ja="フロントマターに characters (キャラクターと判定値) を書きます",
        )
        return {}
    characters: dict[str, Character] = {}
    for key, entry in raw.items():
        found, problems = _character(str(key), entry)
        for problem in problems:
            where, _ = key_path_position(source.front_matter, top, *problem.where)
            bag.error("KR005", problem.en, where, ja=problem.ja)
        if found is not None:
            characters[found.key] = found
            _unread_fields(source, top, found.key, entry, bag)
    return characters


def _unread_fields(
    source: RecordSource, top: str, key: str, entry: dict[Any, Any], bag: DiagnosticBag
) -> None:
    """KR202 for each field of a character that is not read (a note, a misspelt
    ``jager:``): the page shows the characters in its own table, not the front matter's
    text, so such a field would be lost without a word."""
    for name in entry:
        if str(name) in _FIELDS:
            continue
        line, column = key_path_position(source.front_matter, top, key, str(name))
        bag.warning(
            "KR202",
            f"{key}: '{name}' is not read (player, jaeger, checks); it is not shown",
            line,
            column,
            ja=f"{key}: '{name}' は読みません (player・jaeger・checks)。表示されません",
        )
