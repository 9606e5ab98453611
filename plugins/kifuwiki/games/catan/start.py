"""Front matter ``start``: each player's setup settlements and roads.

``start: {B: "T6/W12/G8 R@G8/S5 B4s/S5/W6", …}``. Corners and sides are read by the
same :class:`~.places.Places` the turns' ``@`` places use, built once for both.
"""

from __future__ import annotations

import re
from dataclasses import replace

from kifuwiki.core.diagnostics import DiagnosticBag
from kifuwiki.games.catan.model import Board, StartRoad, StartSettlement
from kifuwiki.games.catan.places import Places, Point

_ENTRY_GAP = re.compile(r"[\s,、]+")


def _entries(value: dict[object, object]) -> list[tuple[str, list[str]]]:
    """``(player letter, its entries)`` as written."""
    return [
        (str(key).strip(), _ENTRY_GAP.split(str(texts).strip())) for key, texts in value.items()
    ]


def parse_start(
    value: object, board: Board, order: list[str], line: int, bag: DiagnosticBag
) -> Board:
    """The board with its starting settlements and setup roads.

    A corner is written as the land hexes around it joined by ``/``: three inland, two
    on the coast. The distance rule is checked (CT227); a setup road must touch one of
    its player's starting settlements (CT232)."""
    if not isinstance(value, dict):
        bag.error(
            "CT226",
            "start must map each player to their settlements' corners, "
            "like 'B: T6/W12/G8 S5/W6/B4s'",
            line,
            ja=(
                "start には、プレイヤーごとに開拓地の角を「B: "
                "T6/W12/G8 S5/W6/B4s」のように書いてください"
            ),
        )
        value = {}  # still say below that nobody has their two settlements
    places = Places(board)
    entries = _entries(value)
    settlements = _settlements(entries, order, places, line, bag)
    for key in order:
        count = sum(1 for s in settlements if s.player == key)
        if count != 2:
            bag.warning(
                "CT228",
                f"{key} has {count} starting settlements; the setup places 2 per player",
                line,
                ja=f"{key} の初期配置の開拓地が {count} 個です。初期配置は1人2個です",
            )
    roads = _roads(entries, order, places, settlements, line, bag)
    return replace(board, start=settlements, start_roads=roads)


def _settlements(
    entries: list[tuple[str, list[str]]],
    order: list[str],
    places: Places,
    line: int,
    bag: DiagnosticBag,
) -> tuple[StartSettlement, ...]:
    placed: list[StartSettlement] = []
    for key, texts in entries:
        if key not in order:
            bag.error(
                "CT101",
                f"start names '{key}', who is not a player of this record",
                line,
                ja=f"start の「{key}」はこの棋譜のプレイヤーではありません",
            )
            continue
        for text in texts:
            if not text or text.upper().startswith("R@"):
                continue
            found = places.corner(text)
            if not found.points:
                bag.error(
                    "CT226",
                    f"start corner '{text}': {found.problem_en}",
                    line,
                    ja=f"start の角「{text}」: {found.problem_ja}",
                )
                continue
            (x, y) = found.points[0]
            placed.append(StartSettlement(key, tuple(n for n in text.split("/") if n), x, y))
    for i, first in enumerate(placed):
        here = (first.x, first.y)
        for second in placed[i + 1 :]:
            there = (second.x, second.y)
            if here != there and there not in places.neighbours[here]:
                continue
            what = "the same corner" if here == there else "neighbouring corners"
            bag.error(
                "CT227",
                f"starting settlements {first.player} {first.text} and {second.player} "
                f"{second.text} are on {what}; settlements need a free corner between them",
                line,
                ja=(
                    f"初期配置の開拓地 {first.player} {first.text} "
                    f"と {second.player} {second.text} が"
                )
                + ("同じ角" if here == there else "隣り合う角")
                + "にあります。開拓地の間には空いた角が必要です",
            )
    return tuple(placed)


def _roads(
    entries: list[tuple[str, list[str]]],
    order: list[str],
    places: Places,
    settlements: tuple[StartSettlement, ...],
    line: int,
    bag: DiagnosticBag,
) -> tuple[StartRoad, ...]:
    homes: dict[str, set[Point]] = {}
    for settlement in settlements:
        homes.setdefault(settlement.player, set()).add((settlement.x, settlement.y))
    roads: list[StartRoad] = []
    for key, texts in entries:
        if key not in order:
            continue  # reported with the settlements
        for text in texts:
            if not text.upper().startswith("R@"):
                continue
            found = places.side(text[2:])
            if not found.points:
                bag.error(
                    "CT226",
                    f"start road '{text}': {found.problem_en}",
                    line,
                    ja=f"start の街道「{text}」: {found.problem_ja}",
                )
                continue
            a, b = found.points
            if not {a, b} & homes.get(key, set()):
                bag.error(
                    "CT232",
                    f"start road {key} {text} does not touch one of {key}'s starting "
                    "settlements; each setup road starts at its settlement",
                    line,
                    ja=f"初期配置の街道 {key} {text} が {key} の初期配置の開拓地に接していません。"
                    "初期配置の街道は開拓地から伸ばします",
                )
            roads.append(StartRoad(key, "R@" + text[2:], (a, b)))
    return tuple(roads)
