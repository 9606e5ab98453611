"""Every legal play from a hand: for the self-play generator and the analysis.

Plays are generated per kind, so each generated play has the reading it was built as;
:func:`all_plays` returns each (reading, cards) pair once.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations_with_replacement

from kifuwiki.games.doudizhu.combos import MIN_CHAIN, Combo, Kind, kickers_ok
from kifuwiki.games.doudizhu.ranks import ACE, BIG_JOKER, RANKS, SMALL_JOKER, Counts, add
from kifuwiki.games.doudizhu.rules import RuleOptions

Play = tuple[Combo, Counts]

_SIMPLE = ((Kind.SINGLE, 1), (Kind.PAIR, 2), (Kind.TRIO, 3), (Kind.BOMB, 4))
_CHAINS = ((Kind.STRAIGHT, 1), (Kind.PAIR_STRAIGHT, 2), (Kind.PLANE, 3))


def _simple(hand: Counts) -> Iterator[Play]:
    for kind, width in _SIMPLE:
        for rank in range(RANKS if width == 1 else SMALL_JOKER):
            if hand[rank] >= width:
                combo = Combo(kind, rank, 1, width)
                yield combo, combo.main_counts
    if hand[SMALL_JOKER] and hand[BIG_JOKER]:
        rocket = Combo(Kind.ROCKET, BIG_JOKER, 1, 2)
        yield rocket, rocket.main_counts


def _chains(hand: Counts) -> Iterator[Play]:
    for kind, width in _CHAINS:
        for start in range(ACE + 1):
            length = 0
            while start + length <= ACE and hand[start + length] >= width:
                length += 1
                if length >= MIN_CHAIN[kind]:
                    combo = Combo(kind, start, length, length * width)
                    yield combo, combo.main_counts


def _kicker_sets(rest: Counts, main: Counts, count: int, width: int) -> Iterator[Counts]:
    """Every multiset of ``count`` kickers of ``width`` cards each taken from ``rest``."""
    ranks = [r for r in range(RANKS) if rest[r] >= width and not (width == 2 and r >= SMALL_JOKER)]
    for chosen in combinations_with_replacement(ranks, count):
        kicker = [0] * RANKS
        for rank in chosen:
            kicker[rank] += width
        if all(kicker[r] <= rest[r] for r in ranks):
            yield tuple(kicker)


def _with_kickers(hand: Counts, options: RuleOptions, only: Kind | None = None) -> Iterator[Play]:
    shapes: list[tuple[Kind, int, int, int]] = [  # kind, width, kicker width, kickers per rank
        (Kind.TRIO_SINGLE, 3, 1, 1),
        (Kind.TRIO_PAIR, 3, 2, 1),
    ]
    if options.four_with_two:
        shapes += [(Kind.FOUR_SINGLES, 4, 1, 2), (Kind.FOUR_PAIRS, 4, 2, 2)]
    bases: list[tuple[Kind, Combo]] = []
    for kind, width, kicker_width, per_rank in shapes:
        for rank in range(RANKS):
            if hand[rank] >= width:
                bases.append((kind, Combo(kind, rank, 1, width + kicker_width * per_rank)))
    for kind, kicker_width in ((Kind.PLANE_SINGLES, 1), (Kind.PLANE_PAIRS, 2)):
        for start in range(ACE):
            length = 0
            while start + length <= ACE and hand[start + length] >= 3:
                length += 1
                if length >= 2 and length * (3 + kicker_width) <= 20:
                    bases.append((kind, Combo(kind, start, length, length * (3 + kicker_width))))
    for kind, combo in bases:
        if only is not None and kind is not only:
            continue
        main = combo.main_counts
        rest = tuple(h - m for h, m in zip(hand, main, strict=True))
        pairs = kind in (Kind.TRIO_PAIR, Kind.FOUR_PAIRS, Kind.PLANE_PAIRS)
        count = (combo.size - sum(main)) // (2 if pairs else 1)
        for kicker in _kicker_sets(rest, main, count, 2 if pairs else 1):
            if combo.chain == 1 and kicker[combo.main]:
                continue
            if kickers_ok(kicker, main, 0 if pairs else count, count if pairs else 0, options):
                yield combo, add(main, kicker)


def all_plays(hand: Counts, options: RuleOptions) -> list[Play]:
    """Every play the hand can lead, each (reading, cards) once: the generators build
    different kinds, and each builds a play once."""
    return [*_simple(hand), *_chains(hand), *_with_kickers(hand, options)]


def plays_beating(hand: Counts, table: Combo | None, options: RuleOptions) -> list[Play]:
    """The plays that may follow ``table`` (every play when leading)."""
    if table is None:
        return all_plays(hand, options)
    if table.kind in _WIDTH:
        return _above(hand, table)
    # Only the table's kind, bombs and the rocket can beat it: generate just those.
    if table.kind.has_kickers:
        candidates = [*_simple(hand), *_with_kickers(hand, options, table.kind)]
    elif table.kind in (Kind.STRAIGHT, Kind.PAIR_STRAIGHT, Kind.PLANE):
        candidates = [*_simple(hand), *_chains(hand)]
    else:
        candidates = list(_simple(hand))
    return [play for play in candidates if play[0].beats(table)]


_WIDTH = {Kind.SINGLE: 1, Kind.PAIR: 2, Kind.TRIO: 3, Kind.BOMB: 4}


def _above(hand: Counts, table: Combo) -> list[Play]:
    """What beats a single, pair, trio or bomb: the same, higher; bombs; the rocket."""
    width = _WIDTH[table.kind]
    plays: list[Play] = []
    top = RANKS if width == 1 else SMALL_JOKER
    for rank in range(table.main + 1, top):
        if hand[rank] >= width:
            combo = Combo(table.kind, rank, 1, width)
            plays.append((combo, combo.main_counts))
    if table.kind is not Kind.BOMB:
        for rank in range(SMALL_JOKER):
            if hand[rank] == 4:
                bomb = Combo(Kind.BOMB, rank, 1, 4)
                plays.append((bomb, bomb.main_counts))
    if hand[SMALL_JOKER] and hand[BIG_JOKER]:
        rocket = Combo(Kind.ROCKET, BIG_JOKER, 1, 2)
        plays.append((rocket, rocket.main_counts))
    return plays


def distinct_card_sets(plays: list[Play]) -> int:
    """How many different sets of cards the plays use (what a player chooses between)."""
    return len({cards for _, cards in plays})
