"""Judging a play: the number its cards make, and what the rules say about it.

:meth:`Judge.judge` is the general path (jokers, factorisations, tags, unknown cards);
:meth:`Judge.judge_plain` the fast path for the usual play of known cards and
:meth:`Judge.judge_declared_jokers` for known cards with jokers of declared values,
which need none of the general path's diagnostics. All build their verdict from the
same rule functions (:func:`field_problems`, :func:`prime_or_special`), and property
tests check that they agree on every input the fast paths accept.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import product
from typing import cast

from kifuwiki.core.diagnostics import DiagnosticBag, counted
from kifuwiki.games.prime_daifugo import codes
from kifuwiki.games.prime_daifugo.model import (
    JOKER,
    UNKNOWN,
    Action,
    CardRun,
    Dialect,
    Move,
    Special,
)
from kifuwiki.games.prime_daifugo.numbers import (
    check_factorisation,
    digits_of,
    is_prime,
    joker_value,
    number_of,
    why_not_prime,
)
from kifuwiki.games.prime_daifugo.rules import RuleSet
from kifuwiki.games.prime_daifugo.state import GROTHENDIECK, RAMANUJAN, State

_PLAY, _COMPOSITE = Action.PLAY, Action.COMPOSITE
_GC, _RR, _IN = Special.GC, Special.RR, Special.IN

#: Jokers by run (``id`` of each :class:`CardRun`): the values they stand for.
JokerMap = dict[int, tuple[int, ...]]
_NO_JOKERS: JokerMap = {}

_TAG_MEANING = {
    Special.GC: ("57 (two cards)", "57(2枚)"),
    Special.RR: ("1729 (four cards)", "1729(4枚)"),
    Special.IN: ("a lone joker", "ジョーカー1枚出し"),
}
#: The number and card count each special play is made of.
_SPECIAL_NUMBERS = {Special.GC: ("57", 2), Special.RR: ("1729", 4)}


@dataclass(slots=True)
class Verdict:
    """What the rules say about cards put on the field."""

    number: int | None
    joker_values: tuple[int, ...]
    """Every joker value, left to right as written (number and factors)."""
    factor_cards: str
    factorisation: str
    special: Special | None
    problems: list[tuple[str, str]]
    """Rule violations (code, reason): a correct judge penalises these."""
    checkable: bool
    note: str
    """What a reader is told when the play stands (``1213 is prime``)."""
    number_jokers: tuple[int, ...] = ()
    """The values of the jokers in the number itself (not in its factors), left to right:
    what the field's joker glyphs show (``X`` standing for 7 is drawn "=7")."""


#: A factor as its chain of runs (base, exponent, tower …) and the ranks of each.
Chain = tuple[list[CardRun], list[str]]


def field_problems(
    state: State, count: int, number: int | None, special: Special | None
) -> list[tuple[str, str]]:
    """Why ``count`` cards making ``number`` may not follow the field (empty: they may)."""
    field = state.field
    if field is None:
        return []
    if count != field.count:
        return [(codes.WRONG_COUNT, f"{counted(count, 'card')} on a field of {field.count}")]
    if special is _IN or number is None or field.number is None:
        return []
    if state.revolution:
        if number >= field.number:
            return [(codes.NOT_STRONGER, f"{number} is not below {field.number} (revolution)")]
    elif number <= field.number:
        return [(codes.NOT_STRONGER, f"{number} does not beat {field.number}")]
    return []


def prime_or_special(
    number: int, count: int, revolution: bool, rules: RuleSet
) -> tuple[Special | None, str, tuple[str, str] | None]:
    """A number played as a prime: (its special effect, the reader's note, its problem)."""
    return _prime_or_special(
        number, count, revolution, rules.grothendieck_cut, rules.ramanujan_revolution
    )


@lru_cache(maxsize=65_536)
def _prime_or_special(
    number: int, count: int, revolution: bool, gc: bool, rr: bool
) -> tuple[Special | None, str, tuple[str, str] | None]:
    # Memoised: the same plays come back throughout an archive (and the verdict is
    # immutable), which keeps the shared rule as cheap as the inline code it replaced.
    if number == GROTHENDIECK and count == 2 and gc:
        return _GC, "57: Grothendieck cut, field flushed", None
    if number == RAMANUJAN and count == 4 and rr:
        return (
            _RR,
            "1729: Ramanujan revolution, "
            + ("order back to normal" if revolution else "order of strength reversed"),
            None,
        )
    if is_prime(number):
        return None, f"{number} is prime", None
    return None, "", (codes.NOT_PRIME_ACCEPTED, why_not_prime(number))


def infer_special_jokers(ranks: str, tag: Special) -> tuple[Special, tuple[int, ...]] | None:
    """The joker values that make ``ranks`` the special play ``tag`` names.

    The seed's own forms write no joker value for a special play (``5X(GC)``,
    ``A72X(RR)``): the special fixes it. When the tag names the other special (the
    seed's ``A72X(GC)``), the card count decides which one was meant.
    """
    jokers = ranks.count(JOKER)
    if not jokers or jokers > 2:
        return None
    candidates = [tag] + [other for other in _SPECIAL_NUMBERS if other is not tag]
    for special in candidates:
        if special not in _SPECIAL_NUMBERS:
            continue
        digits, count = _SPECIAL_NUMBERS[special]
        if len(ranks) != count:
            continue
        for values in product(range(14), repeat=jokers):
            if digits_of(ranks, values) == digits:
                return special, values
    return None


class Judge:
    """The rules applied to one play; problems a judge should have penalised are returned,
    problems with the record's notation are reported to ``bag``."""

    __slots__ = ("bag", "dialect", "rules")

    def __init__(self, rules: RuleSet, bag: DiagnosticBag, dialect: Dialect) -> None:
        self.rules = rules
        self.bag = bag
        self.dialect = dialect

    def judge(self, move: Move, state: State, step: int, ranks: str) -> Verdict:
        if move.action is _PLAY and not move.factors and not move.tags and UNKNOWN not in ranks:
            fast: Verdict | None = None
            if JOKER not in ranks:
                if not move.joker_values:
                    fast = self.judge_plain(state, ranks)
            elif move.joker_values:
                fast = self.judge_declared_jokers(state, ranks, move.joker_values)
            if fast is not None:
                return fast
        return self.judge_general(move, state, step, ranks)

    def judge_plain(self, state: State, ranks: str) -> Verdict | None:
        """:meth:`judge` for most moves: a number of known cards, without jokers, factors
        or tags (which need none of its diagnostics); ``None`` for anything else."""
        if len(ranks) > self.rules.deck_size:
            return None
        number = number_of(ranks)
        if number is None:
            return None
        problems = field_problems(state, len(ranks), number, None) if state.field else []
        rules = self.rules
        special, note, problem = _prime_or_special(
            number, len(ranks), state.revolution, rules.grothendieck_cut, rules.ramanujan_revolution
        )
        if problem is not None:
            problems.append(problem)
        return Verdict(number, (), "", "", special, problems, True, note)

    def judge_declared_jokers(
        self, state: State, ranks: str, declared: tuple[str, ...]
    ) -> Verdict | None:
        """:meth:`judge` for a number of known cards and jokers with one valid value
        declared for each (``XKKTTJ|X=K``, a third of the real corpus's plays), which
        needs none of the general path's diagnostics; ``None`` for anything else."""
        rules = self.rules
        if len(ranks) > rules.deck_size or len(declared) != ranks.count(JOKER):
            return None
        values = tuple(map(joker_value, declared))
        low, high = rules.joker_min, rules.joker_max
        for value in values:
            if value is None or not low <= value <= high:
                return None
        jokers = cast(tuple[int, ...], values)
        if ranks[0] == JOKER and jokers[0] == 0 and len(ranks) > 1:
            return None  # a leading zero: the general path warns about it
        number = number_of(ranks, jokers)
        if number is None:
            return None
        problems = field_problems(state, len(ranks), number, None) if state.field else []
        special, note, problem = _prime_or_special(
            number, len(ranks), state.revolution, rules.grothendieck_cut, rules.ramanujan_revolution
        )
        if problem is not None:
            problems.append(problem)
        return Verdict(number, jokers, "", "", special, problems, True, note, jokers)

    def judge_general(self, move: Move, state: State, step: int, ranks: str) -> Verdict:
        run = move.number
        assert run is not None  # callers only judge moves with cards
        composite = move.action is _COMPOSITE
        chains = _chains(move) if move.factors else []
        factor_cards = "".join(["".join(chain_ranks) for _, chain_ranks in chains])
        declared_text = move.joker_values
        inferred: tuple[int, ...] = ()
        retagged = False
        if move.tags and not declared_text:
            inferred, retagged = self._inferred_jokers(move, step, ranks, composite)
        assigned: JokerMap | None = _NO_JOKERS
        if declared_text or inferred or JOKER in ranks or JOKER in factor_cards:
            runs = [(run, ranks)]
            for chain, chain_ranks in chains:
                runs.extend(zip(chain, chain_ranks, strict=True))
            assigned = self.assign_jokers(move, step, runs, inferred)
        checkable = assigned is not None and UNKNOWN not in ranks
        cards = len(ranks) + len(factor_cards)
        too_many = cards > self.rules.deck_size
        if too_many:
            self._more_than_the_deck(move, step, cards)
            checkable = False
        jokers = assigned.get(id(run), ()) if assigned is not None else ()
        verdict = Verdict(None, (), factor_cards, "", None, [], checkable, "", jokers)
        self._read_number(verdict, move, step, ranks, jokers, run.column)
        if state.field is not None:
            verdict.problems.extend(
                field_problems(state, len(ranks), verdict.number, verdict.special)
            )
        if composite:
            self._judge_composite(verdict, move, step, chains, assigned)
        elif verdict.number is not None:
            special, verdict.note, problem = prime_or_special(
                verdict.number, len(ranks), state.revolution, self.rules
            )
            verdict.special = special
            if problem is not None:
                verdict.problems.append(problem)
        if move.tags and not retagged:
            self._check_tags(verdict, move, step, ranks, composite)
        if not verdict.checkable and verdict.special is None and not too_many:
            quoted = codes.quote(ranks)
            self.bag.info(
                codes.UNCHECKABLE_PLAY,
                f"{quoted} contains unknown cards or jokers without value; it is not checked",
                move.line,
                move.column,
                step=step,
                ja=f"{quoted} には不明なカードか値のないジョーカーが含まれるため検査しない",
            )
        if inferred:
            verdict.joker_values = inferred
        elif declared_text:
            values = map(joker_value, declared_text)
            verdict.joker_values = tuple(value for value in values if value is not None)
        return verdict

    # -- the parts of a general judgement ----------------------------------------------

    def _inferred_jokers(
        self, move: Move, step: int, ranks: str, composite: bool
    ) -> tuple[tuple[int, ...], bool]:
        """Joker values a special play fixes (``5X(GC)``), when none is declared, and
        whether the tag written names the other special (``A72X(GC)``)."""
        if move.joker_values or composite or JOKER not in ranks or len(move.tags) != 1:
            return (), False
        tag = move.tags[0]
        if tag is _IN:
            return (), False
        found = infer_special_jokers(ranks, tag)
        if found is None:
            return (), False
        special, values = found
        if special is not tag:
            self.bag.warning(
                codes.TAG_OTHER_SPECIAL,
                f"({tag.value}) is written on {ranks}, which {len(ranks)} cards can only make "
                f"as {_SPECIAL_NUMBERS[special][0]}: read as ({special.value})",
                move.line,
                move.column,
                step=step,
                ja=f"{ranks} に ({tag.value}) と書かれているが、{len(ranks)} 枚では "
                f"{_SPECIAL_NUMBERS[special][0]} にしかならない: ({special.value}) と読む",
            )
        return values, special is not tag

    def assign_jokers(
        self,
        move: Move,
        step: int,
        runs: list[tuple[CardRun, str]],
        inferred: tuple[int, ...] = (),
    ) -> JokerMap | None:
        """Joker values assigned to the move's card runs, left to right as written.

        ``runs`` are (run, its ranks); keys of the result are ``id`` of each run. ``None``
        if a joker lacks a value.
        """
        runs = sorted(runs, key=_column)
        values = list(inferred) if inferred else self._declared_values(move, step)
        needed = sum(ranks.count(JOKER) for _, ranks in runs)
        lone_joker = (
            self.rules.infinity_joker
            and move.action is _PLAY
            and len(runs) == 1
            and runs[0][1] == JOKER
        )
        if lone_joker and not values:
            needed = 0
        if len(values) > needed:
            self.bag.warning(
                codes.JOKER_VALUE_EXTRA,
                f"{len(values)} joker values are declared for {needed} joker(s)",
                move.line,
                move.column,
                step=step,
                ja=f"ジョーカー {needed} 枚に対して値が {len(values)} 個書かれている",
            )
        assigned: JokerMap = {}
        position = 0
        for run, ranks in runs:
            jokers = ranks.count(JOKER)
            if lone_joker and not move.joker_values:
                jokers = 0
            assigned[id(run)] = tuple(values[position : position + jokers])
            position += jokers
        if position > len(values):
            example = ";X=K" if self.dialect is Dialect.FANDOM else "|X=K"
            self.bag.error(
                codes.JOKER_VALUE_MISSING,
                f"{needed} joker(s) played but {len(values)} value(s) declared "
                f"(write {example} for each joker, left to right)",
                move.line,
                move.column,
                step=step,
                ja=f"ジョーカーが {needed} 枚出されたが、値は {len(values)} 個しか書かれていない"
                f"(ジョーカーごとに左から {example} と書く)",
            )
            return None
        return assigned

    def _declared_values(self, move: Move, step: int) -> list[int]:
        rules = self.rules
        values: list[int] = []
        for text in move.joker_values:
            value = joker_value(text)
            if value is None:
                continue  # the parser reported it
            if not rules.joker_min <= value <= rules.joker_max:
                self.bag.error(
                    codes.JOKER_VALUE_RANGE,
                    f"joker value {text} is outside {rules.joker_min}–{rules.joker_max} "
                    f"(the '{rules.name}' rules)",
                    move.line,
                    move.column,
                    step=step,
                    ja=f"ジョーカーの値 {text} が {rules.joker_min}–{rules.joker_max} の範囲外"
                    f"(ルール '{rules.name}')",
                )
            values.append(value)
        return values

    def _more_than_the_deck(self, move: Move, step: int, cards: int) -> None:
        """A play of more cards than one deck holds is impossible (and its number too big
        to test for primality)."""
        deck = self.rules.deck_size
        self.bag.error(
            codes.TOO_MANY_OF_RANK,
            f"a play of {cards} cards, but the deck has only {deck}",
            move.line,
            move.column,
            step=step,
            ja=f"{cards} 枚のカードが出されたが、デッキは {deck} 枚しかない",
        )

    def _read_number(
        self,
        verdict: Verdict,
        move: Move,
        step: int,
        ranks: str,
        jokers: tuple[int, ...],
        column: int,
    ) -> None:
        """The number the cards make (or the lone joker's infinity)."""
        if (
            ranks == JOKER
            and not jokers
            and move.action is not _COMPOSITE
            and self.rules.infinity_joker
        ):
            verdict.special = _IN
            verdict.note = "lone joker (∞): beats any single card and flushes the field"
            return
        if not verdict.checkable:
            return
        number = number_of(ranks, jokers)
        verdict.number = number
        if number is None:
            verdict.checkable = False
        elif ranks[0] == JOKER and jokers and jokers[0] == 0 and len(ranks) > 1:
            quoted, made = codes.quote(ranks), codes.quote(number)
            self.bag.warning(
                codes.JOKER_LEADING_ZERO,
                f"the joker leads {quoted} as 0, so {len(ranks)} cards make {made}",
                move.line,
                column,
                step=step,
                ja=f"ジョーカーが {quoted} の先頭で 0 として使われ、"
                f"{len(ranks)} 枚で {made} になる",
            )

    def _judge_composite(
        self,
        verdict: Verdict,
        move: Move,
        step: int,
        chains: list[Chain],
        assigned: JokerMap | None,
    ) -> None:
        rules = self.rules
        number = verdict.number
        if not rules.composites:
            verdict.problems.append((codes.COMPOSITES_OFF, "composite plays are not allowed"))
        elif number == GROTHENDIECK and not rules.composite_57:
            verdict.problems.append(
                (
                    codes.COMPOSITES_OFF,
                    f"57 may only be played as a prime ('{rules.name}' rules)",
                )
            )
        factored = _factor_values(chains, assigned, number)
        if factored is None:
            verdict.checkable = False
        elif verdict.checkable and number is not None:
            pairs, shown, low_exponent = factored
            verdict.factorisation = " × ".join(shown)
            reason = check_factorisation(number, pairs)
            if reason is None and low_exponent:
                reason = "an exponent below 2 is not allowed"
            if reason is None and is_prime(number):
                reason = f"{number} is prime, not composite"
            if reason is None and not rules.exponents and any(e for _, e in pairs):
                reason = "exponents are not allowed"
            if reason is not None:
                verdict.problems.append(
                    (
                        codes.BAD_FACTORISATION_ACCEPTED,
                        f"{number} = {verdict.factorisation}: {reason}",
                    )
                )
            else:
                verdict.note = f"{number} = {verdict.factorisation} ✓ (factor cards discarded)"
        tags = set(move.tags)
        if number in (GROTHENDIECK, RAMANUJAN) and (_GC in tags or _RR in tags):
            self.bag.warning(
                codes.SPECIAL_AS_COMPOSITE,
                f"{number} played as a composite has no special effect",
                move.line,
                move.column,
                step=step,
                ja=f"合成数として出した {number} には特殊効果がない",
            )

    def _check_tags(
        self, verdict: Verdict, move: Move, step: int, ranks: str, composite: bool
    ) -> None:
        number = verdict.number
        for tag in move.tags:
            if tag is verdict.special or composite:
                continue
            english, japanese = _TAG_MEANING[tag]
            value = f" = {codes.quote(number)}" if number is not None else ""
            quoted = codes.quote(ranks)
            self.bag.error(
                codes.TAG_MISMATCH,
                f"[{tag.value}] is written, but {quoted}{value} is not {english}",
                move.line,
                move.column,
                step=step,
                ja=f"[{tag.value}] と書かれているが、{quoted}{value} は{japanese}ではない",
            )


def _chains(move: Move) -> list[Chain]:
    chains: list[Chain] = []
    for factor in move.factors:
        chain = [factor.base]
        if factor.exponent is not None:
            chain.append(factor.exponent)
        chain.extend(factor.tower)
        chains.append((chain, [link.ranks for link in chain]))
    return chains


def _factor_values(
    chains: list[Chain], assigned: JokerMap | None, number: int | None
) -> tuple[list[tuple[int, int | None]], list[str], bool] | None:
    """Each factor as (base, exponent): ``None`` if a factor has unknown cards."""
    pairs: list[tuple[int, int | None]] = []
    shown: list[str] = []
    low_exponent = False
    cap = number.bit_length() + 1 if number is not None else 1
    for chain, chain_ranks in chains:
        values = [
            number_of(link_ranks, assigned.get(id(link), ())) if assigned is not None else None
            for link, link_ranks in zip(chain, chain_ranks, strict=True)
        ]
        known = [value for value in values if value is not None]
        if len(known) != len(values):
            return None
        low_exponent = low_exponent or any(value < 2 for value in known[1:])
        pairs.append((known[0], power_chain(known[1:], cap) if len(known) > 1 else None))
        shown.append("^".join(str(value) for value in known))
    return pairs, shown, low_exponent


def _column(run: tuple[CardRun, str]) -> int:
    return run[0].column


def power_chain(exponents: Sequence[int], cap: int) -> int:
    """A tower of exponents read right to left (``2^2^3`` → 2^8), capped at ``cap + 1``.

    The cap keeps ``3^5^6^6^8^8`` from being computed: anything above ``cap`` (the bit
    length of the number it should make) is already too large to be right.
    """
    value = exponents[-1]
    for base in reversed(exponents[:-1]):
        if value > cap or (base > 1 and (base.bit_length() - 1) * value > cap):
            return cap + 1
        value = base**value
    return min(value, cap + 1)
