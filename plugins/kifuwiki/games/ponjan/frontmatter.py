"""The front matter of a ポンジャン record: seats, the tile set, the starting chips.

```yaml
players: {A: 青木, B: 坂本, C: 千田}     # seat key → name, in seat (turn) order
order: A B C                            # optional: another turn order
tiles:                                  # optional: the default is 1–9 × 8 + W × 8 (wild)
  kinds: 1-9                            # "1-9", a list, or {name: copies}
  copies: 8                             # copies of each kind given as a list
  wild: {W: 8}                          # wild tile name(s) → copies (or a name + wild_copies)
chips: 100                              # chips each player starts with
```
"""

from __future__ import annotations

import re
from typing import Any

from kifuwiki.core.diagnostics import DiagnosticBag
from kifuwiki.core.front_matter_keys import key_path_position
from kifuwiki.core.recordfile import RecordSource, front_matter_line
from kifuwiki.games.ponjan.model import DEFAULT_TILES, TileSet

DEFAULT_CHIPS = 100
_SEAT = re.compile(r"[^\s:：+\-\[\]0-9][^\s:：+\-\[\]]*")
_RANGE = re.compile(r"^\s*([0-9]+)\s*[-〜~]\s*([0-9]+)\s*$")
_TILE_NAME = re.compile(r"[^\s\[\]+?*]+")


def _keys(value: Any) -> list[str]:
    if isinstance(value, list):
        return [str(v).strip() for v in value if str(v).strip()]
    return [k for k in re.split(r"[\s,、→>]+", str(value)) if k]


def read_players(source: RecordSource, bag: DiagnosticBag) -> tuple[dict[str, str], list[str]]:
    raw = source.meta.get("players")
    line = front_matter_line(source, "players")
    players: dict[str, str] = {}
    if isinstance(raw, dict):
        players = {str(k).strip(): str(v).strip() for k, v in raw.items()}
    elif raw is not None:
        players = {key: key for key in _keys(raw)}
    order = _keys(source.meta["order"]) if source.meta.get("order") is not None else list(players)
    for key in order:
        players.setdefault(key, key)
    bad = [key for key in order if not _SEAT.fullmatch(key)]
    if bad:
        bag.error(
            "PJ004",
            f"seat '{bad[0]}' must not start with a digit nor contain spaces, ':', '+', '-' "
            "or brackets",
            line,
            ja=f"席 '{bad[0]}' は数字で始めず、空白・':'・'+'・'-'・括弧を含めないでください",
        )
    if len(set(order)) != len(order) or not 2 <= len(order) <= 6:
        bag.error(
            "PJ004",
            f"a session needs 2 to 6 different seats, not {', '.join(order) or 'none'}",
            line,
            ja=f"席は重複なしで2〜6人必要です ({', '.join(order) or 'なし'})",
        )
    return players, list(dict.fromkeys(order))


def _kinds(raw: Any, copies: int) -> dict[str, int] | None:
    if isinstance(raw, dict):
        table = {str(k): v for k, v in raw.items()}
        if all(isinstance(v, int) and not isinstance(v, bool) and v > 0 for v in table.values()):
            return table
        return None
    if isinstance(raw, str) and (match := _RANGE.match(raw)):
        low, high = int(match.group(1)), int(match.group(2))
        return {str(n): copies for n in range(low, high + 1)} if low <= high <= 99 else None
    if raw is None:
        return None
    return dict.fromkeys(_keys(raw), copies)


def read_tiles(source: RecordSource, bag: DiagnosticBag) -> TileSet:
    raw = source.meta.get("tiles")
    if raw is None:
        return DEFAULT_TILES
    line = front_matter_line(source, "tiles")

    def fail(what: str, what_ja: str) -> TileSet:
        bag.error(
            "PJ004",
            f"tiles: {what}; using the default set (1–9 × 8, W × 8 wild)",
            line,
            ja=f"tiles: {what_ja}。標準の牌セット (1〜9 各8枚、ワイルド W 8枚) を使います",
        )
        return DEFAULT_TILES

    if not isinstance(raw, dict):
        return fail("write a mapping with kinds, copies and wild", "kinds, copies, wild で書きます")
    _unread_tile_fields(source, raw, bag)
    copies = raw.get("copies", 8)
    if not isinstance(copies, int) or isinstance(copies, bool) or copies < 1:
        return fail("'copies' must be a positive number", "copies は正の数です")
    kinds = _kinds(raw.get("kinds", "1-9"), copies)
    if not kinds:
        return fail("'kinds' must be a range like 1-9, a list or {name: copies}", "kinds が不正")
    wild_raw = raw.get("wild", {})
    wild_copies = raw.get("wild_copies", 4)
    wild = _kinds(wild_raw, wild_copies if isinstance(wild_copies, int) else 4)
    if wild is None and "wild" in raw:
        return fail(
            "'wild' must be a tile name like W, a list or {name: copies}",
            "wild は W のような名前、リスト、{名前: 枚数} で書きます",
        )
    wild = wild or {}
    names = [*kinds, *wild]
    if len(set(names)) != len(names) or not all(_TILE_NAME.fullmatch(n) for n in names):
        return fail(
            "tile names must differ and hold no spaces, brackets, '+', '?' or '*'",
            "牌の名前は重複せず、空白・括弧・'+'・'?'・'*' を含めません",
        )
    return TileSet(copies={**kinds, **wild}, wild=frozenset(wild))


#: What ``tiles:`` reads; the header shows the set they make (its 牌 row).
_TILE_FIELDS = ("kinds", "copies", "wild", "wild_copies")


def _unread_tile_fields(source: RecordSource, raw: dict[Any, Any], bag: DiagnosticBag) -> None:
    """PJ203 for each field of ``tiles:`` the game does not read (a misspelt ``copy:``):
    the page shows the set the fields make, not the text, so a field nothing reads
    would be lost without a word."""
    for key in raw:
        if str(key) in _TILE_FIELDS:
            continue
        line, column = key_path_position(source.front_matter, "tiles", str(key))
        bag.warning(
            "PJ203",
            f"tiles: '{key}' is not read (kinds, copies, wild, wild_copies); ignored",
            line,
            column,
            ja=f"tiles: '{key}' は読みません (kinds, copies, wild, wild_copies)。無視します",
        )


def read_chips(source: RecordSource, bag: DiagnosticBag) -> int:
    raw = source.meta.get("chips", DEFAULT_CHIPS)
    if isinstance(raw, int) and not isinstance(raw, bool) and raw >= 0:
        return raw
    bag.error(
        "PJ004",
        f"chips: '{raw}' is not a number of chips; using {DEFAULT_CHIPS}",
        front_matter_line(source, "chips"),
        ja=f"chips: '{raw}' はチップ数ではありません。{DEFAULT_CHIPS} を使います",
    )
    return DEFAULT_CHIPS
