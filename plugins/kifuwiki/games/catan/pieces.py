"""Pieces on the board: where the record says each road, settlement and city stands.

Places are optional, so the engine knows only some pieces. It checks what it can
always check (a taken corner or side, the distance rule, a city on someone else's
building) and checks connection (a road or settlement joined to the player's own
roads) only while every piece of that player has a known place: a piece written
without one could be the missing link.
"""

from __future__ import annotations

from dataclasses import dataclass

from kifuwiki.core.diagnostics import DiagnosticBag
from kifuwiki.games.catan.model import Action, Board, Build, Turn
from kifuwiki.games.catan.places import Places, Point, Side


@dataclass(frozen=True, slots=True)
class Layout:
    """The known pieces after a step: what the step's board draws."""

    settlements: tuple[tuple[str, Point], ...] = ()
    cities: tuple[tuple[str, Point], ...] = ()
    roads: tuple[tuple[str, Point, Point], ...] = ()


class Pieces:
    """The pieces placed so far, and the placement rules."""

    def __init__(self, board: Board | None, bag: DiagnosticBag) -> None:
        self.board = board
        self.bag = bag
        self.places = Places(board) if board is not None else None
        self.buildings: dict[Point, tuple[str, Build]] = {}
        self.roads: dict[Side, str] = {}
        self.located_roads: dict[str, int] = {}
        self.located_buildings: dict[str, int] = {}
        if board is not None:
            for s in board.start:
                self.buildings[(s.x, s.y)] = (s.player, Build.SETTLEMENT)
                self.located_buildings[s.player] = self.located_buildings.get(s.player, 0) + 1
            for road in board.start_roads:
                self.roads[frozenset(road.ends)] = road.player
                self.located_roads[road.player] = self.located_roads.get(road.player, 0) + 1

    def layout(self) -> Layout:
        settlements = tuple(
            (who, p) for p, (who, kind) in self.buildings.items() if kind is Build.SETTLEMENT
        )
        cities = tuple((who, p) for p, (who, kind) in self.buildings.items() if kind is Build.CITY)
        roads = tuple((who, *sorted(side)) for side, who in self.roads.items())
        return Layout(settlements, cities, roads)  # type: ignore[arg-type]

    def place(
        self, turn: Turn, action: Action, step: int, *, roads: int, buildings: int, exact: bool
    ) -> None:
        """Put the build ``action`` on its place. ``roads`` / ``buildings``: how many the
        player had before it (the engine's counts), to know whether each has a place."""
        if action.place is None or action.build is None:
            return
        if self.places is None:
            self._error(
                "CT230",
                "a place after '@' needs the board in the front matter ('board:')",
                "「@」の場所には、フロントマターの盤面（board:）が必要です",
                turn,
                action,
                step,
                once="CT230-board",
            )
            return
        key = turn.player
        known = exact and self.located_roads.get(key, 0) >= roads and self._count(key) >= buildings
        if action.build is Build.ROAD:
            found = self.places.side(action.place)
        else:
            found = self.places.corner(action.place)
        if not found.points:
            self._error("CT230", found.problem_en, found.problem_ja, turn, action, step)
        elif action.build is Build.ROAD:
            self._road(turn, action, step, found.points, known)
        elif action.build is Build.SETTLEMENT:
            self._settlement(turn, action, step, found.points[0], known)
        else:
            self._city(turn, action, step, found.points[0], exact and self._count(key) >= buildings)

    def _count(self, key: str) -> int:
        return self.located_buildings.get(key, 0)

    def _road(
        self, turn: Turn, action: Action, step: int, ends: tuple[Point, ...], check: bool
    ) -> None:
        key = turn.player
        side = frozenset(ends)
        if side in self.roads:
            self._error(
                "CT234",
                f"{action.place} already has {self.roads[side]}'s road",
                f"{action.place} にはすでに {self.roads[side]} の街道があります",
                turn,
                action,
                step,
            )
            return
        if check and not any(self._reaches(key, end) for end in ends):
            self._not_connected(turn, action, step, "road")
        self.roads[side] = key
        self.located_roads[key] = self.located_roads.get(key, 0) + 1

    def _reaches(self, key: str, end: Point) -> bool:
        """A road may start at ``end``: the player's building, or their road not cut there."""
        owner = self.buildings.get(end)
        if owner is not None:
            return owner[0] == key
        return any(who == key and end in side for side, who in self.roads.items())

    def _settlement(
        self, turn: Turn, action: Action, step: int, corner: Point, check: bool
    ) -> None:
        key = turn.player
        assert self.places is not None
        taken = [corner, *self.places.neighbours[corner]]
        near = next((self.buildings[p] for p in taken if p in self.buildings), None)
        if near is not None:
            what = "on" if corner in self.buildings else "next to"
            self._error(
                "CT231",
                f"{action.place} is {what} {near[0]}'s {near[1].name.lower()}; "
                "settlements need a free corner between them",
                f"{action.place} は {near[0]} の建物"
                + ("と同じ角" if what == "on" else "の隣")
                + "です。建物の間には空いた角が必要です",
                turn,
                action,
                step,
            )
            return
        if check and not any(who == key and corner in side for side, who in self.roads.items()):
            self._not_connected(turn, action, step, "settlement")
        self.buildings[corner] = (key, Build.SETTLEMENT)
        self.located_buildings[key] = self._count(key) + 1

    def _city(self, turn: Turn, action: Action, step: int, corner: Point, check: bool) -> None:
        key = turn.player
        there = self.buildings.get(corner)
        if there == (key, Build.SETTLEMENT):
            self.buildings[corner] = (key, Build.CITY)
            return
        if there is not None or check:
            whose = (
                f"{there[0]}'s {there[1].name.lower()}" if there is not None else "no settlement"
            )
            self._error(
                "CT233",
                f"a city replaces one of {key}'s settlements; {action.place} has {whose}",
                f"都市は {key} の開拓地を置き換えます。{action.place} には"
                + (f" {there[0]} の建物があります" if there is not None else "開拓地がありません"),
                turn,
                action,
                step,
            )
            if there is not None:
                return
        # A settlement written without a place stood here: the city shows where it was.
        self.buildings[corner] = (key, Build.CITY)
        self.located_buildings[key] = self._count(key) + 1

    def _not_connected(self, turn: Turn, action: Action, step: int, what: str) -> None:
        ja = "街道" if what == "road" else "開拓地"
        self._error(
            "CT232",
            f"{turn.player}'s {what} at {action.place} does not touch {turn.player}'s own roads"
            + (" or buildings" if what == "road" else ""),
            f"{action.place} の {turn.player} の{ja}が自分の街道"
            + ("や建物" if what == "road" else "")
            + "につながっていません",
            turn,
            action,
            step,
        )

    def _error(
        self,
        code: str,
        en: str,
        ja: str,
        turn: Turn,
        action: Action,
        step: int,
        once: str | None = None,
    ) -> None:
        self.bag.error(code, en, turn.line, action.place_column, step=step, once=once, ja=ja)
