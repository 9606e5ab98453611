"""Combinations (牌型): what a set of cards can be read as, and what beats what.

A play is read from its counts (see :mod:`ranks`). One set of cards may have several
readings (``333444555666`` is a plane of four trios, or, where kickers may repeat, a
plane of three with ``6 6 6`` as wings); the engine picks the one the situation needs.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from functools import cache

from kifuwiki.games.doudizhu.ranks import ACE, BIG_JOKER, RANKS, SMALL_JOKER, Counts
from kifuwiki.games.doudizhu.rules import RuleOptions


class Kind(enum.Enum):
    SINGLE = "single"
    PAIR = "pair"
    TRIO = "trio"
    TRIO_SINGLE = "trio+single"
    TRIO_PAIR = "trio+pair"
    STRAIGHT = "straight"
    PAIR_STRAIGHT = "pair straight"
    PLANE = "plane"
    PLANE_SINGLES = "plane with single wings"
    PLANE_PAIRS = "plane with pair wings"
    FOUR_SINGLES = "four with two singles"
    FOUR_PAIRS = "four with two pairs"
    BOMB = "bomb"
    ROCKET = "rocket"

    @property
    def ja(self) -> str:
        return KIND_JA[self]

    @property
    def has_kickers(self) -> bool:
        return self in _WITH_KICKERS


KIND_JA = {
    Kind.SINGLE: "シングル (単張)",
    Kind.PAIR: "ペア (対子)",
    Kind.TRIO: "スリーカード (三張)",
    Kind.TRIO_SINGLE: "スリーカード+1 (三帯一)",
    Kind.TRIO_PAIR: "スリーカード+ペア (三帯二)",
    Kind.STRAIGHT: "階段 (順子)",
    Kind.PAIR_STRAIGHT: "ペア階段 (連対)",
    Kind.PLANE: "飛行機",
    Kind.PLANE_SINGLES: "飛行機 (翼: シングル)",
    Kind.PLANE_PAIRS: "飛行機 (翼: ペア)",
    Kind.FOUR_SINGLES: "フォーカード+2枚 (四帯二)",
    Kind.FOUR_PAIRS: "フォーカード+2ペア (四帯二対)",
    Kind.BOMB: "爆弾",
    Kind.ROCKET: "ロケット (王炸)",
}
_WITH_KICKERS = frozenset(
    {
        Kind.TRIO_SINGLE,
        Kind.TRIO_PAIR,
        Kind.PLANE_SINGLES,
        Kind.PLANE_PAIRS,
        Kind.FOUR_SINGLES,
        Kind.FOUR_PAIRS,
    }
)
#: How many of a rank the main part of each kind holds (chains: per rank of the chain).
MAIN_WIDTH = {
    Kind.SINGLE: 1,
    Kind.PAIR: 2,
    Kind.TRIO: 3,
    Kind.TRIO_SINGLE: 3,
    Kind.TRIO_PAIR: 3,
    Kind.STRAIGHT: 1,
    Kind.PAIR_STRAIGHT: 2,
    Kind.PLANE: 3,
    Kind.PLANE_SINGLES: 3,
    Kind.PLANE_PAIRS: 3,
    Kind.FOUR_SINGLES: 4,
    Kind.FOUR_PAIRS: 4,
    Kind.BOMB: 4,
    Kind.ROCKET: 1,
}
#: The shortest chain of each chain kind.
MIN_CHAIN = {
    Kind.STRAIGHT: 5,
    Kind.PAIR_STRAIGHT: 3,
    Kind.PLANE: 2,
    Kind.PLANE_SINGLES: 2,
    Kind.PLANE_PAIRS: 2,
}


@dataclass(frozen=True, slots=True)
class Combo:
    """One reading of a play: its kind, lowest main rank, chain length and card count."""

    kind: Kind
    main: int
    """The rank the kind is compared by (the lowest rank of a chain)."""
    chain: int
    """Ranks in the main part (1 unless a chain)."""
    size: int
    """Cards in the play."""

    @property
    def main_counts(self) -> Counts:
        """The main part's counts (without the kickers)."""
        return _main_counts(self.kind, self.main, self.chain)

    def beats(self, other: Combo) -> bool:
        """Whether this play may follow ``other`` (the last play on the table)."""
        if self.kind is Kind.ROCKET:
            return True
        if other.kind is Kind.ROCKET:
            return False
        if self.kind is Kind.BOMB:
            return other.kind is not Kind.BOMB or self.main > other.main
        return self.kind is other.kind and self.size == other.size and self.main > other.main

    @property
    def strength(self) -> tuple[int, int, int]:
        """An order for "the strongest play": rocket, bombs by rank, then the rest by rank."""
        tier = 2 if self.kind is Kind.ROCKET else 1 if self.kind is Kind.BOMB else 0
        return (tier, self.main, self.size)


@cache
def _main_counts(kind: Kind, main: int, chain: int) -> Counts:
    counts = [0] * RANKS
    if kind is Kind.ROCKET:
        counts[SMALL_JOKER] = counts[BIG_JOKER] = 1
        return tuple(counts)
    for rank in range(main, main + chain):
        counts[rank] = MAIN_WIDTH[kind]
    return tuple(counts)


def _chain_starts(counts: Counts, width: int, length: int) -> list[int]:
    """Starts of runs of ``length`` consecutive ranks up to A holding ``width`` or more."""
    return [
        start
        for start in range(ACE - length + 2)
        if all(counts[rank] >= width for rank in range(start, start + length))
    ]


def _exact_chain(counts: Counts, width: int, size: int) -> tuple[int, int] | None:
    """(start, length) when the cards are exactly a run of ``width``-of-a-kind up to A."""
    used = [rank for rank in range(RANKS) if counts[rank]]
    if any(counts[rank] != width for rank in used):
        return None
    start, length = used[0], len(used)
    if used[-1] > ACE or used[-1] - start + 1 != length or length * width != size:
        return None
    return start, length


def kickers_ok(rest: Counts, main: Counts, singles: int, pairs: int, options: RuleOptions) -> bool:
    """Whether ``rest`` (the cards beside the main part) is ``singles`` singles or
    ``pairs`` pairs under the rule options."""
    if singles:
        if sum(rest) != singles:
            return False
        if not options.rocket_as_kickers and rest[SMALL_JOKER] and rest[BIG_JOKER]:
            return False
        if options.kickers_distinct:
            return all(n <= 1 and not (n and main[r]) for r, n in enumerate(rest))
        return True
    if sum(rest) != 2 * pairs or rest[SMALL_JOKER] or rest[BIG_JOKER]:
        return False
    if options.kickers_distinct:
        return all(n in (0, 2) and not (n and main[r]) for r, n in enumerate(rest))
    return all(n % 2 == 0 for n in rest)


def _minus(counts: Counts, main: Counts) -> Counts | None:
    rest = tuple(c - m for c, m in zip(counts, main, strict=True))
    return rest if min(rest) >= 0 else None


def _small_readings(counts: Counts, size: int) -> list[Combo]:
    """Single, pair, trio, bomb and rocket: plays of one rank (or both jokers)."""
    if size == 2 and counts[SMALL_JOKER] and counts[BIG_JOKER]:
        return [Combo(Kind.ROCKET, BIG_JOKER, 1, 2)]
    kinds = {1: Kind.SINGLE, 2: Kind.PAIR, 3: Kind.TRIO, 4: Kind.BOMB}
    if size in kinds:
        for rank in range(RANKS if size == 1 else SMALL_JOKER):  # jokers never pair
            if counts[rank] == size:
                return [Combo(kinds[size], rank, 1, size)]
    return []


def _kicker_readings(counts: Counts, size: int, options: RuleOptions) -> list[Combo]:
    """Trio + single/pair, planes with wings and four with two."""
    found: list[Combo] = []
    shapes: list[tuple[Kind, int, int, int]] = []  # kind, width, chain length, kicker count
    if size == 4:
        shapes.append((Kind.TRIO_SINGLE, 3, 1, 1))
    if size == 5:
        shapes.append((Kind.TRIO_PAIR, 3, 1, 1))
    if options.four_with_two and size == 6:
        shapes.append((Kind.FOUR_SINGLES, 4, 1, 2))
    if options.four_with_two and size == 8:
        shapes.append((Kind.FOUR_PAIRS, 4, 1, 2))
    if size % 4 == 0 and size >= 8:
        shapes.append((Kind.PLANE_SINGLES, 3, size // 4, size // 4))
    if size % 5 == 0 and size >= 10:
        shapes.append((Kind.PLANE_PAIRS, 3, size // 5, size // 5))
    for kind, width, length, kickers in shapes:
        starts = _chain_starts(counts, width, length) if length > 1 else None
        if starts is None:
            starts = [rank for rank in range(RANKS) if counts[rank] >= width]
        pairs = kind in (Kind.TRIO_PAIR, Kind.PLANE_PAIRS, Kind.FOUR_PAIRS)
        for start in starts:
            combo = Combo(kind, start, length, size)
            rest = _minus(counts, combo.main_counts)
            if rest is None:
                continue
            if length == 1 and rest[start]:
                continue  # 3333 is a bomb, never a trio carrying its own fourth card
            singles = 0 if pairs else kickers
            if kickers_ok(rest, combo.main_counts, singles, kickers if pairs else 0, options):
                found.append(combo)
    return found


def readings(counts: Counts, options: RuleOptions) -> list[Combo]:
    """Every way the cards can be read as one combination (empty: no combination)."""
    size = sum(counts)
    if size == 0:
        return []
    found = _small_readings(counts, size)
    for kind, width, minimum in (
        (Kind.STRAIGHT, 1, 5),
        (Kind.PAIR_STRAIGHT, 2, 3),
        (Kind.PLANE, 3, 2),
    ):
        if size >= width * minimum:
            chain = _exact_chain(counts, width, size)
            if chain is not None and chain[1] >= minimum:
                found.append(Combo(kind, chain[0], chain[1], size))
    found.extend(_kicker_readings(counts, size, options))
    return found


def lead_reading(options: list[Combo]) -> Combo:
    """The reading of a lead that says no more than the cards: no kickers before kickers,
    then the longest main part, then the highest."""
    return min(options, key=lambda c: (c.kind.has_kickers, -c.chain, -c.main))


def follow_reading(options: list[Combo], table: Combo) -> Combo | None:
    """The strongest reading that beats the table, if any."""
    beating = [combo for combo in options if combo.beats(table)]
    if not beating:
        return None
    return max(beating, key=lambda c: (c.kind is table.kind, c.strength))
