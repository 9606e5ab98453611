"""What could have been played: from a fully known hand, against the field of the moment.

Two questions, asked for a play by a player whose whole hand is known at that point:

* could the player have **gone out** (the whole hand as one legal play: a prime, a
  special — a lone joker, 57, 1729 — or, where the rules allow, a composite whose
  factorisation uses every other card)?
* what is the **largest prime** the player could have put on this field (its card
  count and value)?

Numbers are searched **digit by digit, largest first**: cards are 1 or 2 digits (A=1,
T=10 … K=13, a joker any value its rules allow), so one digit string can be spelled by
several choices of cards. The search follows the *set* of ways the digits so far can be
spelled (which cards are left, whether a 2-digit card is half written), so it meets each
candidate number once and in decreasing order: the first prime it meets is the largest.
Every search has a budget of steps; when it runs out the answer is "not searched", never
a guess. Results are memoised by (hand as counts per rank, field, rules).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from itertools import islice

from kifuwiki.games.prime_daifugo.model import RANKS, UNKNOWN
from kifuwiki.games.prime_daifugo.numbers import FULL_FACTOR_BELOW, _factor_small, is_prime
from kifuwiki.games.prime_daifugo.rules import RuleSet
from kifuwiki.games.prime_daifugo.state import (
    GROTHENDIECK,
    JOKER_INDEX,
    RAMANUJAN,
    RANK_INDEX,
    Step,
)
from kifuwiki.games.viewkit import Text

#: Hands above this many cards (penalties pile them up) are not searched at all.
HAND_LIMIT = 16
#: Steps one search may take (a step: one digit tried for one set of spellings).
SEARCH_BUDGET = 2_000
#: Orderings of the number's cards a composite search may try (each is a number to
#: factor): above this, going out with a composite is "not searched".
COMPOSITE_BUDGET = 400
#: Ways of writing one factorisation (p·p vs p^2 …) tried per composite.
WRITINGS_LIMIT = 64

#: Digit text of each card rank, by index in ``CARD_ORDER`` (the joker last).
_DIGITS = tuple(str(value) for value in range(1, len(RANKS) + 1))
#: Cards that can be read as a single digit / as the first digit of a 2-digit number.
_FIRST_DOUBLE = next(index for index, text in enumerate(_DIGITS) if len(text) == 2)
#: The last digit of a prime above 10 (and of every prime but 2 and 5).
_PRIME_ENDS = "9731"

Counts = tuple[int, ...]
#: One way of spelling the digits so far: cards left, the pending second digit of a
#: 2-digit card (``""`` if none), cards used.
Spelling = tuple[Counts, str, int]
#: Numbers found, each with the ways of spelling it (what cards each way leaves).
Found = Iterator[tuple[int, frozenset[Spelling]]]


@dataclass(frozen=True, slots=True)
class Field:
    """What a play must beat: its card count, its number, the revolution."""

    count: int | None
    """``None`` when the player leads (any count)."""
    number: int | None
    revolution: bool = False

    def allows(self, count: int, number: int) -> bool:
        if self.count is None:
            return True
        if count != self.count:
            return False
        if self.number is None:
            return True
        return number < self.number if self.revolution else number > self.number


@dataclass(frozen=True, slots=True)
class Hindsight:
    out: bool | None
    """Could have gone out; ``None``: the search ran out of budget before knowing."""
    out_play: str
    """How (``1039``, ``57 (GC)``, ``1312 = 2 × 2^4 × 41``), when ``out``."""
    best: tuple[int, int] | None
    """The largest playable prime as (cards, value); ``None`` if none (or not searched)."""
    best_searched: bool
    """False when the search for :attr:`best` ran out of budget."""


class _Budget:
    __slots__ = ("left",)

    def __init__(self, steps: int) -> None:
        self.left = steps

    def spend(self) -> bool:
        self.left -= 1
        return self.left >= 0


class _OutOfBudget(Exception):
    pass


@lru_cache(maxsize=64)
def _joker_digits(low: int, high: int) -> tuple[tuple[str, str], ...]:
    """What a joker can start: (first digit, pending second digit or "")."""
    return tuple((str(value)[0], str(value)[1:]) for value in range(low, high + 1))


def _starts(counts: Counts, jokers: tuple[tuple[str, str], ...]) -> Iterator[tuple[str, str, int]]:
    """Cards that can start here: (first digit, pending digit, card index)."""
    for index, count in enumerate(counts):
        if count:
            if index == JOKER_INDEX:
                for first, pending in jokers:
                    yield first, pending, index
            else:
                text = _DIGITS[index]
                yield text[0], text[1:], index


def _fits(counts: Counts, digits: int, cards: int | None, jokers: bool) -> bool:
    """Can ``cards`` more cards (any number if ``None``) fill exactly ``digits`` digits?"""
    if digits == 0:
        return cards in (None, 0)
    singles = sum(counts[:_FIRST_DOUBLE])
    doubles = sum(counts[_FIRST_DOUBLE:JOKER_INDEX])
    wild = counts[JOKER_INDEX] if jokers else 0
    options = range((digits + 1) // 2, digits + 1) if cards is None else (cards,)
    for n in options:
        two, one = digits - n, 2 * n - digits
        if two < 0 or one < 0:
            continue
        if max(0, one - singles) + max(0, two - doubles) <= wild:
            return True
    return False


def _spell_steps(
    spellings: frozenset[Spelling], digit: str, leading: bool, jokers: tuple[tuple[str, str], ...]
) -> frozenset[Spelling]:
    """The spellings after writing one more ``digit``."""
    return frozenset(_next_digits(spellings, leading, jokers).get(digit, ()))


def _next_digits(
    spellings: frozenset[Spelling], leading: bool, jokers: tuple[tuple[str, str], ...]
) -> dict[str, set[Spelling]]:
    """The spellings after one more digit, by that digit (one pass over the cards: the
    search asks for every digit in turn)."""
    after: dict[str, set[Spelling]] = {}
    for counts, pending, used in spellings:
        if pending:
            after.setdefault(pending, set()).add((counts, "", used))
            continue
        for first, second, index in _starts(counts, jokers):
            if leading and first == "0":
                continue
            left = list(counts)
            left[index] -= 1
            after.setdefault(first, set()).add((tuple(left), second, used + 1))
    return after


def numbers_of(
    counts: Counts,
    length: int,
    cards: int | None,
    rules: RuleSet,
    budget: _Budget,
    below: str | None = None,
    primes_only: bool = False,
) -> Iterator[tuple[int, frozenset[Spelling]]]:
    """Every number of ``length`` digits the cards spell (with ``cards`` cards, or any
    number), largest first, with the ways left over; none above ``below`` (same length).
    ``primes_only``: skip numbers that cannot be prime by their last digit.
    Raises :class:`_OutOfBudget` when the budget runs out."""
    jokers = _joker_digits(max(rules.joker_min, 0), rules.joker_max)
    wild = counts[JOKER_INDEX] > 0

    def walk(
        prefix: str, spellings: frozenset[Spelling], tight: bool
    ) -> Iterator[tuple[int, frozenset[Spelling]]]:
        position = len(prefix)
        if position == length:
            done = frozenset(s for s in spellings if not s[1] and (cards is None or s[2] == cards))
            if done:
                yield int(prefix), done
            return
        limit = below[position] if tight and below is not None else "9"
        # The last digit of a prime of two digits or more is 1, 3, 7 or 9.
        digits = _PRIME_ENDS if primes_only and position == length - 1 > 0 else "9876543210"
        by_digit = _next_digits(spellings, position == 0, jokers)
        rest = length - position - 1
        for digit in digits:
            if digit > limit or digit not in by_digit:
                continue
            after = frozenset(
                s
                for s in by_digit[digit]
                if _fits(s[0], rest - len(s[1]), None if cards is None else cards - s[2], wild)
            )
            if after:
                if not budget.spend():
                    raise _OutOfBudget
                yield from walk(prefix + digit, after, tight and digit == limit)

    if _fits(counts, length, cards, wild):
        yield from walk("", frozenset({(counts, "", 0)}), below is not None)


def _lengths(counts: Counts, cards: int | None) -> range:
    """Digit lengths possible, longest first."""
    total = sum(counts)
    most = 2 * total if cards is None else 2 * cards
    least = 1 if cards is None else cards
    return range(min(most, 2 * total), least - 1, -1)


def largest_prime(
    counts: Counts, field: Field, rules: RuleSet, budget: _Budget, cards: int | None = None
) -> tuple[int, int] | None:
    """The largest prime the cards can make that the field allows: (cards, value)."""
    cards = field.count if cards is None else cards
    total = sum(counts)
    if cards is not None:
        return _largest_of_size(counts, field, rules, budget, cards)
    # A lead: any number of cards, the longest numbers first. At one length each card
    # count is searched on its own: using every card may be ruled out at once (by the
    # digit sum), where one search over all counts would try every ordering first.
    for length in range(2 * total, 0, -1):
        sizes = range((length + 1) // 2, min(length, total) + 1)
        found = [
            best
            for size in sizes
            if (best := _largest_of_size(counts, field, rules, budget, size, length))
        ]
        if found:
            return max(found, key=lambda best: best[1])
    return None


def _largest_of_size(
    counts: Counts,
    field: Field,
    rules: RuleSet,
    budget: _Budget,
    cards: int,
    only_length: int | None = None,
) -> tuple[int, int] | None:
    """:func:`largest_prime` of exactly ``cards`` cards (and ``only_length`` digits)."""
    if cards > sum(counts) or _no_prime_possible(counts, cards):
        return None
    upper = field.number if field.revolution and field.count is not None else None
    lower = field.number if not field.revolution and field.count is not None else None
    lengths = _lengths(counts, cards) if only_length is None else (only_length,)
    for length in lengths:
        if upper is not None and length > len(str(upper)):
            continue
        if lower is not None and length < len(str(lower)):
            return None
        below = str(upper) if upper is not None and length == len(str(upper)) else None
        found = numbers_of(counts, length, cards, rules, budget, below, primes_only=True)
        for number, _spellings in found:
            if lower is not None and number <= lower:
                return None
            if upper is not None and number >= upper:
                continue
            if is_prime(number):
                return cards, number
    return None


def _special_out(counts: Counts, field: Field, rules: RuleSet) -> str:
    """A special play that empties the hand: a lone joker, 57 (GC), 1729 (RR)."""
    total = sum(counts)
    if total == 1 and counts[JOKER_INDEX] and rules.infinity_joker and field.count in (None, 1):
        return "X (∞)"
    specials = (
        (GROTHENDIECK, 2, rules.grothendieck_cut, "GC"),
        (RAMANUJAN, 4, rules.ramanujan_revolution, "RR"),
    )
    for number, size, allowed, tag in specials:
        if allowed and total == size and field.allows(size, number):
            text = str(number)
            if _spells(counts, [text], rules):
                return f"{text} ({tag})"
    return ""


def _spells(counts: Counts, texts: list[str], rules: RuleSet) -> bool:
    """Can the cards spell every text in ``texts`` (each a whole number), using them all?"""
    jokers = _joker_digits(rules.joker_min, rules.joker_max)
    spellings: frozenset[Spelling] = frozenset({(counts, "", 0)})
    for text in texts:
        for position, digit in enumerate(text):
            spellings = _spell_steps(spellings, digit, position == 0, jokers)
        spellings = frozenset(s for s in spellings if not s[1])
        if not spellings:
            return False
    return any(not any(s[0]) for s in spellings)


def _writings(factors: dict[int, int], exponents: bool) -> Iterator[list[tuple[int, int]]]:
    """Ways to write a factorisation: each prime's power split into parts (p, p^2 …)."""
    items = sorted(factors.items())

    def parts(total: int, largest: int) -> Iterator[list[int]]:
        if total == 0:
            yield []
            return
        for part in range(min(total, largest), 0, -1):
            if part >= 2 and not exponents:
                continue
            for rest in parts(total - part, part):
                yield [part, *rest]

    def walk(index: int) -> Iterator[list[tuple[int, int]]]:
        if index == len(items):
            yield []
            return
        prime, power = items[index]
        for split in parts(power, power):
            for rest in walk(index + 1):
                yield [(prime, part) for part in split] + rest

    yield from walk(0)


def _factor_texts(writing: list[tuple[int, int]]) -> list[str]:
    texts: list[str] = []
    for prime, power in writing:
        texts.append(str(prime))
        if power > 1:
            texts.append(str(power))
    return texts


def _show(writing: list[tuple[int, int]]) -> str:
    return " × ".join(f"{p}^{e}" if e > 1 else str(p) for p, e in writing)


def _numbers_by_size(
    counts: Counts, cards: int, rules: RuleSet, budget: _Budget
) -> Iterator[tuple[int, frozenset[Spelling]]]:
    """Every number ``cards`` cards spell, largest first."""
    for length in _lengths(counts, cards):
        yield from numbers_of(counts, length, cards, rules, budget)


def _no_prime_possible(counts: Counts, cards: int | None) -> bool:
    """All the cards, no joker: a digit sum divisible by 3, or no card a prime can end
    with, rules every arrangement out (one or two 1-card primes aside)."""
    total = sum(counts)
    if cards != total or counts[JOKER_INDEX] or total < 2:
        return False
    digit_sum = sum(sum(map(int, _DIGITS[i])) * n for i, n in enumerate(counts[:JOKER_INDEX]))
    ends = any(counts[i] for i, text in enumerate(_DIGITS) if text[-1] in "1379")
    return digit_sum % 3 == 0 or not ends


def _orderings(total: int, cards: int) -> int:
    """How many ordered choices of ``cards`` of ``total`` cards there are (at most)."""
    count = 1
    for taken in range(cards):
        count *= total - taken
    return count


def _composite_sizes(counts: Counts, field: Field) -> list[int] | None:
    """Card counts a composite's number could have when it empties the hand, or ``None``
    when there are too many orderings to search.

    Every factor card at least doubles the product (a factor of c cards is ≥ 2^c, an
    exponent of c cards multiplies its base's power by ≥ 2^c), so a number of ``k``
    cards (at most ``2k`` digits) can only use ``n - k`` factor cards if 2^(n-k) < 100^k.
    """
    total = sum(counts)
    sizes = [field.count] if field.count is not None else list(range(1, total))
    sizes = [k for k in sizes if k is not None and 0 < k < total and 2 ** (total - k) < 100**k]
    if sum(_orderings(total, k) for k in sizes) > COMPOSITE_BUDGET:
        return None
    return sizes


def _composite_out(counts: Counts, field: Field, rules: RuleSet, budget: _Budget) -> str:
    """A composite whose factorisation uses every card the number does not."""
    if not rules.composites:
        return ""
    sizes = _composite_sizes(counts, field)
    if sizes is None:
        raise _OutOfBudget
    total, skipped = sum(counts), False
    for cards in sizes:
        smallest = 2 ** (total - cards)
        for number, spellings in _numbers_by_size(counts, cards, rules, budget):
            if not field.allows(cards, number):
                if field.number is not None and not field.revolution and number < field.number:
                    break  # largest first: every later number is below the field too
                continue
            if number < smallest:
                break  # largest first: the factor cards cannot multiply to so little
            if number >= FULL_FACTOR_BELOW:
                skipped = True  # too big to factor here: not searched, not "no"
                continue
            if is_prime(number) or (number == GROTHENDIECK and not rules.composite_57):
                continue
            found = _factor_cards_spell(number, spellings, rules)
            if found:
                return f"{number} = {found}"
    if skipped:
        raise _OutOfBudget
    return ""


def _factor_cards_spell(number: int, spellings: frozenset[Spelling], rules: RuleSet) -> str:
    """A way of writing ``number``'s factorisation with exactly the cards left, if any."""
    factors: dict[int, int] = {}
    for prime in _factor_small(number):
        factors[prime] = factors.get(prime, 0) + 1
    for writing in islice(_writings(factors, rules.exponents), WRITINGS_LIMIT):
        texts = _factor_texts(writing)
        if any(_spells(rest, texts, rules) for rest, _, _ in spellings):
            return _show(writing)
    return ""


@lru_cache(maxsize=8_192)
def hindsight(counts: Counts, field: Field, rules: RuleSet) -> Hindsight:
    """Both answers for a known hand (counts per rank, ``CARD_ORDER``) on ``field``."""
    total = sum(counts)
    if total > HAND_LIMIT:
        return Hindsight(None, "", None, False)
    try:
        best = largest_prime(counts, field, rules, _Budget(SEARCH_BUDGET))
        searched = True
    except _OutOfBudget:
        best, searched = None, False
    how = _special_out(counts, field, rules)
    out: bool | None = bool(how)
    if not how and best is not None and best[0] == total:
        out, how = True, str(best[1])  # the largest prime already uses every card
    elif not how and (field.count is None or field.count == total):
        try:
            found = largest_prime(counts, field, rules, _Budget(SEARCH_BUDGET), total)
        except _OutOfBudget:
            out = None
        else:
            if found is not None:
                out, how = True, str(found[1])
    if not how and out is not None:
        try:
            composite = _composite_out(counts, field, rules, _Budget(SEARCH_BUDGET))
        except _OutOfBudget:
            out = None
        else:
            if composite:
                out, how = True, composite
    return Hindsight(out, how, best, searched)


def known_hand(previous: Step, step: Step) -> Counts | None:
    """The mover's whole hand when acting (after a draw), if the record shows all of it."""
    seat = step.seat
    if seat is None or not step.played or UNKNOWN in step.drawn:
        return None
    hand = previous.state.hands[seat]
    if hand.unknown:
        return None
    counts = list(hand.counts)
    for rank in step.drawn:
        counts[RANK_INDEX[rank]] += 1
    # A blog record that leaves draws out: the hand did not hold what was played, so
    # the hand we know is not the hand the player had.
    held = list(counts)
    for rank in step.played + step.factor_cards:
        index = RANK_INDEX.get(rank)
        if index is None or held[index] == 0:
            return None
        held[index] -= 1
    return tuple(counts)


def field_before(previous: Step) -> Field | None:
    """The field the play met (``None``: it holds unknown cards, nothing to compare)."""
    state = previous.state
    field = state.field
    if field is None:
        return Field(None, None, state.revolution)
    if field.number is None:
        return None
    return Field(field.count, field.number, state.revolution)


def describe(answer: Hindsight) -> Text:
    """One line for the move list, in both languages."""
    best = answer.best
    if answer.out and best is not None and answer.out_play == str(best[1]):
        # Going out with the largest prime itself: say it once.
        return Text(
            f"振り返り: 出せた最大の素数 {best[1]}({best[0]}枚)であがれた",
            f"hindsight: could have gone out with the largest playable prime, "
            f"{best[1]} ({best[0]} cards)",
        )
    if answer.out is None:
        out_en, out_ja = "going out not searched (search limit)", "あがりは未探索(探索の上限)"
    elif answer.out:
        out_en, out_ja = (
            f"could have gone out with {answer.out_play}",
            (f"{answer.out_play} であがれた"),
        )
    else:
        out_en, out_ja = "could not have gone out", "あがれなかった"
    if not answer.best_searched:
        best_en, best_ja = "largest prime not searched (search limit)", "最大の素数は未探索"
    elif answer.best is None:
        best_en, best_ja = "no prime was playable", "出せる素数はなかった"
    else:
        cards, value = answer.best
        best_en = f"largest playable prime {value} ({cards} card{'s' if cards > 1 else ''})"
        best_ja = f"出せた最大の素数は {value}({cards}枚)"
    return Text(f"振り返り: {out_ja}。{best_ja}", f"hindsight: {out_en}; {best_en}")


#: What a move whose search found nothing says, once for its player (see
#: :class:`HindsightNotes`).
NOT_SEARCHED = Text(
    "振り返り: 未探索(探索の上限)。この人の手は、探索できるまで繰り返し書きません",
    "hindsight: not searched (search limit); not said again for this player's moves "
    "until one is searched",
)


class HindsightNotes:
    """The hindsight annotation of each play by a player whose hand is known.

    A hand swollen by penalties (above :data:`HAND_LIMIT`) is not searched, and it stays
    that big for many moves: each said "not searched" twice, move after move (review14).
    A move that searched nothing now says so once for its player, until a move of theirs
    is searched again."""

    __slots__ = ("_rules", "_told")

    def __init__(self, rules: RuleSet) -> None:
        self._rules = rules
        self._told: set[int] = set()

    def __call__(self, previous: Step, step: Step) -> list[Text]:
        counts = known_hand(previous, step)
        if counts is None or step.seat is None:
            return []
        field = field_before(previous)
        if field is None:
            return []
        answer = hindsight(counts, field, self._rules)
        if answer.out is None and not answer.best_searched:
            if step.seat in self._told:
                return []
            self._told.add(step.seat)
            return [NOT_SEARCHED]
        self._told.discard(step.seat)
        return [describe(answer)]
