"""The game state the engine and self-play share: board, hands, mounts, points."""

from __future__ import annotations

from dataclasses import dataclass, field

from kifuwiki.games.selaffesto.geometry import Board, empty_board
from kifuwiki.games.selaffesto.model import Card, canonical, fw10


@dataclass(slots=True)
class GameState:
    board: Board = field(default_factory=empty_board)
    hands: dict[str, list[Card]] = field(default_factory=lambda: {"W": [], "B": []})
    unknown: dict[str, int] = field(default_factory=lambda: {"W": 0, "B": 0})
    """Cards a hand holds that the record never showed (written only as counts)."""
    mounts: dict[str, int] = field(default_factory=lambda: {"W": 60, "B": 0})
    points: dict[str, int] = field(default_factory=lambda: {"W": 0, "B": 0})
    started: dict[str, bool] = field(default_factory=lambda: {"W": False, "B": False})
    to_move: str = "W"
    over: bool = False
    finals: list[str] = field(default_factory=list)
    """Players whose final action (x0.8) was applied, in order."""

    def hand_size(self, player: str) -> int:
        return len(self.hands[player]) + self.unknown[player]

    def find_in_hand(self, player: str, card: Card) -> int | None:
        """Index of a hand card equal to ``card`` up to rotation."""
        key = canonical(card)
        for index, held in enumerate(self.hands[player]):
            if canonical(held) == key:
                return index
        return None

    def take_from_hand(self, player: str, card: Card) -> bool:
        """Remove the card (or one unknown card); ``False`` when neither is there."""
        index = self.find_in_hand(player, card)
        if index is not None:
            del self.hands[player][index]
            return True
        if self.unknown[player]:
            self.unknown[player] -= 1
            return True
        return False

    def best_fw(self, player: str) -> int:
        return max((fw10(card) for card in self.hands[player]), default=0)

    def copy(self) -> GameState:
        return GameState(
            list(self.board),
            {p: list(h) for p, h in self.hands.items()},
            dict(self.unknown),
            dict(self.mounts),
            dict(self.points),
            dict(self.started),
            self.to_move,
            self.over,
            list(self.finals),
        )


def new_state(deck_size: int, first: str) -> GameState:
    return GameState(mounts={"W": deck_size, "B": deck_size}, to_move=first)


def final_points(points: int, rounding: str) -> int:
    """Rule 29: x0.8 rounded down, to whole points or to tenths (both in tenths)."""
    if rounding == "tenths":
        return points * 8 // 10
    return points * 8 // 100 * 10
