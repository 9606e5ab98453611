"""What a player could have played: the choices behind each play from a known hand.

For a play or pass by a player whose whole hand is known, the analysis counts the
different sets of cards they could legally have played (passing aside) and names the
strongest of them (the rocket, then the highest bomb, then the highest play of the
table's kind), as machine annotations in English and Japanese.
"""

from __future__ import annotations

from dataclasses import dataclass

from kifuwiki.games.doudizhu.combos import Combo
from kifuwiki.games.doudizhu.engine import Step
from kifuwiki.games.doudizhu.moves import Play, distinct_card_sets, plays_beating
from kifuwiki.games.doudizhu.ranks import Counts, cards_counts, ranks_text
from kifuwiki.games.doudizhu.rules import RuleOptions


@dataclass(frozen=True, slots=True)
class Choices:
    count: int
    """Different sets of cards the player could have played (passing not counted)."""
    strongest: Play | None
    played_strongest: bool

    def text(self, ja: bool) -> str:
        if self.count == 0:
            return "出せる組み合わせなし (パスのみ)" if ja else "no legal play (only a pass)"
        strongest = self.strongest
        assert strongest is not None
        name = combo_name(strongest[0], strongest[1], ja)
        if ja:
            tail = " (これを出した)" if self.played_strongest else ""
            return f"出せる組み合わせ {self.count} 通り、最強は {name}{tail}"
        tail = " (played)" if self.played_strongest else ""
        plural = "play" if self.count == 1 else "plays"
        return f"{self.count} legal {plural}; the strongest: {name}{tail}"


def combo_name(combo: Combo, cards: Counts, ja: bool) -> str:
    """``plane with single wings 3 3 3 4 4 4 + 5 7`` (or its Japanese)."""
    kind = combo.kind.ja if ja else combo.kind.value
    if combo.kind.has_kickers:
        main = combo.main_counts
        rest = tuple(c - m for c, m in zip(cards, main, strict=True))
        return f"{kind} {ranks_text(main)} + {ranks_text(rest)}"
    return f"{kind} {ranks_text(cards)}"


def choices(before: Step, step: Step, options: RuleOptions) -> Choices | None:
    """The choices of the player who moved at ``step`` (None when their hand is not known)."""
    if step.seat is None or before.hands is None or step.action is None:
        return None
    if before.table_unknown or step.seat in before.unsure:
        return None  # a play not read: what is on the table, or in the hand, is not known
    cards, unknown = before.hands[step.seat]
    if unknown or before.landlord is None:
        return None
    plays = plays_beating(cards_counts(cards), before.table, options)
    if not plays:
        return Choices(0, None, False)
    strongest = max(plays, key=lambda p: p[0].strength)
    played = step.cards is not None and step.cards == strongest[1]
    return Choices(distinct_card_sets(plays), strongest, played)
