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
from typing import Any

from kifuwiki.core.diagnostics import DiagnosticBag
from kifuwiki.core.recordfile import RecordSource, front_matter_line
from kifuwiki.games.koutetsu.model import Character

_NAME = re.compile(r"[^\s@:：+\-−≤<=]+")


def _field(entry: dict[str, Any], *names: str) -> Any:
    for name in names:
        if name in entry:
            return entry[name]
    return None


def _character(key: str, entry: Any) -> Character | str:
    """The character, or why it cannot be used."""
    if not _NAME.fullmatch(key):
        return f"'{key}' must be one word without '@', ':', '+', '-' or '≤'"
    if not isinstance(entry, dict):
        return f"{key}: write player, jaeger and checks under the name"
    checks = _field(entry, "checks", "判定値")
    if not isinstance(checks, dict) or not checks:
        return f"{key}: 'checks' must map check types to 判定値 ({{射撃: 9}})"
    table: dict[str, int] = {}
    for check, value in checks.items():
        if not _NAME.fullmatch(str(check)):
            return f"{key}: check type '{check}' must be one word"
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 20:
            return f"{key}: the 判定値 of {check} must be a number from 0 to 20, not '{value}'"
        table[str(check)] = value
    player = _field(entry, "player", "プレイヤー", "PL")
    jaeger = _field(entry, "jaeger", "Jäger", "乗機", "イェーガー")
    return Character(key, str(player or ""), str(jaeger or ""), table)


def read_characters(source: RecordSource, bag: DiagnosticBag) -> dict[str, Character]:
    raw = source.meta.get("characters", source.meta.get("キャラクター"))
    line = front_matter_line(source, "characters")
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
        found = _character(str(key), entry)
        if isinstance(found, str):
            bag.error("KR005", found, line, ja=f"キャラクター {key} の書き方が不正です: {found}")
            continue
        characters[found.key] = found
    return characters
