"""Nim's rules: each turn takes 1 to ``max_take`` stones; who takes the last stone wins
(``classic``) or loses (``misere``).

The replay checks every move, keeps one state per step and says, after each move,
whether the player to move can still force a win: with takes of 1 to k, the player
to move loses against best play exactly when the pile is a multiple of k + 1
(classic) or one more than a multiple (misère). A move that turns a won position
into a lost one is a *slip*.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from kifuwiki.core.diagnostics import DiagnosticBag
from kifuwiki_nim.codes import AFTER_THE_END, OUT_OF_RANGE, SAME_PLAYER, TOO_MANY, UNKNOWN_RULES
from kifuwiki_nim.notation import Move, NimRecord


@dataclass(frozen=True, slots=True)
class RuleSet:
    name: str = "classic"
    max_take: int = 3
    misere: bool = False

    def lost_for_mover(self, pile: int) -> bool:
        """Whether the player to move at ``pile`` loses against best play."""
        cycle = self.max_take + 1
        return pile % cycle == (1 if self.misere else 0)


PRESETS = {"classic": RuleSet(), "misere": RuleSet("misere", misere=True)}


def resolve_rules(spec: object, bag: DiagnosticBag, line: int = 1) -> RuleSet:
    """``classic``, ``misere`` or ``{preset: …, max_take: n}``; anything else warns, on
    ``line`` (the front matter's ``rules:`` line)."""
    if spec is None:
        return PRESETS["classic"]
    options: Mapping[str, Any] = spec if isinstance(spec, Mapping) else {"preset": spec}
    preset = PRESETS.get(str(options.get("preset", "classic")).lower())
    max_take = options.get("max_take", preset.max_take if preset else 3)
    unknown = set(options) - {"preset", "max_take"}
    if preset is None or unknown or not isinstance(max_take, int) or max_take < 1:
        known = ", ".join(PRESETS)
        bag.warning(
            UNKNOWN_RULES,
            f"unknown rules {spec!r}; using 'classic' (presets: {known})",
            line,
            ja=f"ルール {spec!r} は分からないので classic とする (プリセット: {known})",
        )
        return PRESETS["classic"]
    if max_take == preset.max_take:
        return preset
    return RuleSet(f"{preset.name} (max_take={max_take})", max_take, preset.misere)


@dataclass(frozen=True, slots=True)
class Step:
    """The position after one move (step 0: before any)."""

    index: int
    move: Move | None
    pile: int
    taken: int
    slip: bool = False
    """The mover could force a win before this move and cannot after it."""


@dataclass(slots=True)
class Replay:
    rules: RuleSet
    steps: list[Step] = field(default_factory=list)
    players: list[str] = field(default_factory=list)
    last_taker: str | None = None

    @property
    def winner(self) -> str | None:
        if self.steps[-1].pile or self.last_taker is None:
            return None  # the game did not reach its end
        if not self.rules.misere:
            return self.last_taker
        others = [p for p in self.players if p != self.last_taker]
        return others[0] if len(others) == 1 else None


def _check(move: Move, pile: int, rules: RuleSet, bag: DiagnosticBag, step: int) -> int:
    """How many stones the move really takes (0 for an illegal one), with diagnostics."""
    if pile == 0:
        bag.error(AFTER_THE_END, "the pile is empty: the game is over", move.line, 1,
                  ja="石はもう残っていない。対局は終わっている", step=step)  # fmt: skip
        return 0
    if not 1 <= move.take <= rules.max_take:
        bag.error(OUT_OF_RANGE, f"takes {move.take}; a move takes 1 to {rules.max_take}",
                  move.line, 1, ja=f"{move.take}個取っているが、取れるのは1〜{rules.max_take}個",
                  step=step)  # fmt: skip
        return 0
    if move.take > pile:
        bag.error(TOO_MANY, f"takes {move.take} but only {pile} are left", move.line, 1,
                  ja=f"{move.take}個取っているが、残りは{pile}個", step=step)  # fmt: skip
        return 0
    return move.take


def replay(record: NimRecord, rules: RuleSet, bag: DiagnosticBag) -> Replay:
    result = Replay(rules, [Step(0, None, record.pile, 0)])
    pile = record.pile
    previous: str | None = None
    for index, move in enumerate(record.moves, start=1):
        if move.player not in result.players:
            result.players.append(move.player)
        if move.player == previous:
            bag.warning(SAME_PLAYER, f"{move.player} moves twice in a row", move.line, 1,
                        step=index, ja=f"{move.player} が続けて指している")  # fmt: skip
        taken = _check(move, pile, rules, bag, index)
        was_winning = not rules.lost_for_mover(pile)
        pile -= taken
        if taken:
            result.last_taker = move.player
        slip = taken > 0 and was_winning and not rules.lost_for_mover(pile)
        result.steps.append(Step(index, move, pile, taken, slip))
        previous = move.player
    return result
