"""Numbers made of cards: exact values, primality, and explaining a composite cheaply.

Cards are read as decimal numbers written side by side (Q,K → ``1213``); a joker stands
for the value its player declared (0–13). Numbers are exact Python integers of any size.
Primality is memoised, because the same numbers come back again and again in
an archive (57, 1729, 1213 …): a factor up to 53 by one gcd, below 3.3 × 10²⁴ by the
strong-pseudoprime test to the fewest prime bases proven exact below the number
(Jaeschke, 1993; Jiang and Deng, 2014; Sorenson and Webster, 2015: 4 bases below
3.2 × 10⁹ … 13 below 3.3 × 10²⁴), above by the Baillie–PSW test (no composite is known
to pass it), which is what :func:`sympy.isprime` runs there: exact below 3.3 × 10²⁴, as
sure as sympy above; the tests check the answers against sympy's, and the Lucas half
of Baillie–PSW against gmpy2's. All in Python: gmpy2's import (it asks
``importlib.metadata`` for its own version, ~30 ms) cost a short ``kifuwiki validate``
more than the tests themselves take on the whole real corpus (~20 ms); it is used only
for numbers past any a hand of cards makes (:data:`GMPY2_ABOVE_BITS`).
A composite below 10¹² is factored by trial division and Pollard's rho. Nothing here
imports sympy: its import costs ~0.4 s, most of a short ``kifuwiki validate``'s start-up
(and of each worker's); the real corpus has numbers of 25 digits and more in most runs.

A composite is explained *without factoring it*: a small factor found by bounded trial
division, a full factorisation only when the number is small, else a Fermat/Miller–Rabin
witness. Nothing here can take long, however big the number a player wrote.
"""

from __future__ import annotations

import math
from functools import lru_cache

from kifuwiki.games.prime_daifugo.model import RANK_VALUES

#: Decimal text of each rank (``T`` → ``10``).
RANK_DIGITS: dict[str, str] = {rank: str(value) for rank, value in RANK_VALUES.items()}

#: Trial division stops here: enough to name a factor of most composites people play.
TRIAL_DIVISION_BOUND = 10_000
#: Numbers below this are small enough to factor completely for the annotation.
FULL_FACTOR_BELOW = 10**12


def _primes_below(bound: int) -> tuple[int, ...]:
    """The primes below ``bound``, by the sieve of Eratosthenes (trial division of each
    candidate took ~15 ms, at every start-up of ``kifuwiki validate``)."""
    sieve = bytearray([1]) * bound
    sieve[:2] = b"\x00\x00"
    for p in range(2, math.isqrt(bound - 1) + 1):
        if sieve[p]:
            sieve[p * p :: p] = bytes(len(range(p * p, bound, p)))
    return tuple(i for i, flag in enumerate(sieve) if flag)


_SMALL_PRIMES: tuple[int, ...] = _primes_below(TRIAL_DIVISION_BOUND)


def joker_value(text: str) -> int | None:
    """A declared joker value: ``K`` → 13, ``0`` → 0, ``10`` → 10; ``None`` if unreadable."""
    text = text.strip().upper()
    if text in RANK_VALUES:
        return RANK_VALUES[text]
    if text.isdigit() and text.isascii():
        return int(text)
    return None


def digits_of(ranks: str, jokers: tuple[int, ...] = ()) -> str | None:
    """Decimal text of cards side by side; jokers take ``jokers`` left to right.

    ``None`` when a card is unknown (``?``) or a joker has no value.
    """
    if not ranks.strip(_DIGIT_RANKS):
        # Every card a rank (no joker, no ``?``): one translate, no loop (a number's
        # first reading; the same text as _digits_of_cards, tests).
        return ranks.translate(_RANK_DIGITS_TABLE)
    return _digits_of_cards(ranks, jokers)


#: The ranks that are digits, and their digits for ``str.translate``.
_DIGIT_RANKS = "".join(RANK_DIGITS)
_RANK_DIGITS_TABLE = str.maketrans(RANK_DIGITS)


def _digits_of_cards(ranks: str, jokers: tuple[int, ...] = ()) -> str | None:
    """:func:`digits_of` card by card (its general reading: jokers, ``?``)."""
    parts: list[str] = []
    joker_index = 0
    for rank in ranks:
        digit = RANK_DIGITS.get(rank)
        if digit is None:
            if rank != "X" or joker_index >= len(jokers):
                return None
            digit = str(jokers[joker_index])
            joker_index += 1
        parts.append(digit)
    return "".join(parts)


@lru_cache(maxsize=65_536)
def number_of(ranks: str, jokers: tuple[int, ...] = ()) -> int | None:
    """The exact number cards make: ``QK`` → 1213, ``X3`` with X=0 → 3."""
    text = digits_of(ranks, jokers)
    return int(text) if text else None


#: The strong-pseudoprime test to these bases is exact below :data:`MILLER_RABIN_EXACT_BELOW`
#: (ψ₁₃, Sorenson and Webster, "Strong pseudoprimes to twelve prime bases", 2015).
MILLER_RABIN_BASES: tuple[int, ...] = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
MILLER_RABIN_EXACT_BELOW = 3_317_044_064_679_887_385_961_981
#: The strong-pseudoprime test to the bases 2, 3, 5 and 7 is exact below this
#: (3,215,031,751 is the first strong pseudoprime to all four; Jaeschke, 1993).
FOUR_BASES_EXACT_BELOW = 3_215_031_751
#: Below each bound, the strong-pseudoprime test to these bases is exact (the bound is
#: the first strong pseudoprime to all of them, OEIS A014233; the last is ψ₁₃).
_EXACT_BASES: tuple[tuple[int, tuple[int, ...]], ...] = (
    (FOUR_BASES_EXACT_BELOW, (2, 3, 5, 7)),
    (2_152_302_898_747, (2, 3, 5, 7, 11)),
    (3_474_749_660_383, (2, 3, 5, 7, 11, 13)),
    (341_550_071_728_321, (2, 3, 5, 7, 11, 13, 17)),
    (3_825_123_056_546_413_051, (2, 3, 5, 7, 11, 13, 17, 19, 23)),
    (318_665_857_834_031_151_167_461, MILLER_RABIN_BASES[:-1]),
    (MILLER_RABIN_EXACT_BELOW, MILLER_RABIN_BASES),
)
#: Past this many bits (no hand of 54 cards makes such a number) Baillie–PSW runs in
#: gmpy2's C, so that no number a player writes can take long in Python.
GMPY2_ABOVE_BITS = 1_024
#: The product of the primes up to 53.
_PRIMORIAL_53 = math.prod(p for p in _SMALL_PRIMES if p <= 53)
_PRIMES_TO_53 = frozenset(p for p in _SMALL_PRIMES if p <= 53)
#: No number below this (59²) without a prime factor up to 53 is composite.
_NO_FACTOR_TO_53_IS_PRIME_BELOW = 59 * 59


@lru_cache(maxsize=65_536)
def is_prime(n: int) -> bool:
    if n < 2:
        return False
    if n <= 53:
        return n in _PRIMES_TO_53
    if math.gcd(n, _PRIMORIAL_53) != 1:
        return False  # a factor up to 53 (one big-integer operation, no loop)
    if n < _NO_FACTOR_TO_53_IS_PRIME_BELOW:
        return True
    if n < MILLER_RABIN_EXACT_BELOW:
        # A few modular powers (trial division of a prime near 10⁸ took up to 1,229
        # divisions); as few bases as are proven enough below n.
        for bound, bases in _EXACT_BASES:
            if n < bound:
                return _strong_witness(n, bases) is None
    if n.bit_length() > GMPY2_ABOVE_BITS:
        import gmpy2

        return bool(gmpy2.is_bpsw_prp(n))
    # Baillie–PSW, as gmpy2.is_bpsw_prp (what sympy's isprime runs there): the strong
    # test to base 2, then the Lucas test with Selfridge's parameters.
    return _strong_witness(n, (2,)) is None and _lucas_selfridge_probable_prime(n)


def _jacobi(a: int, n: int) -> int:
    """The Jacobi symbol (a/n) for odd ``n > 0``."""
    a %= n
    result = 1
    while a:
        while a % 2 == 0:
            a //= 2
            if n % 8 in (3, 5):
                result = -result
        a, n = n, a
        if a % 4 == 3 and n % 4 == 3:
            result = -result
        a %= n
    return result if n == 1 else 0


def _lucas_selfridge_probable_prime(n: int) -> bool:
    """gmpy2's ``is_selfridge_prp`` for odd ``n > 2``: the first D of 5, -7, 9, -11 …
    with (D/n) = -1, P = 1, Q = (1 - D)/4, and U(n + 1) ≡ 0 (mod n)."""
    if math.isqrt(n) ** 2 == n:
        return False  # (D/n) is never -1 for a square (a composite)
    d = 5
    while True:
        symbol = _jacobi(d, n)
        if symbol == -1:
            break
        if symbol == 0 and abs(d) != n:
            return False  # d shares a factor with n
        d = -d - 2 if d > 0 else -d + 2
    p, q = 1, (1 - d) // 4
    # U(k) and V(k) by doubling along the bits of n + 1 (U(2k) = U·V, V(2k) = V² - 2Qᵏ;
    # then U(k+1) = (P·U + V)/2, V(k+1) = (D·U + P·V)/2, halved mod odd n).
    u, v, qk = 1, p, q % n
    for bit in bin(n + 1)[3:]:
        u = u * v % n
        v = (v * v - 2 * qk) % n
        qk = qk * qk % n
        if bit == "1":
            u, v = (p * u + v) % n, (d * u + p * v) % n
            u = (u + n if u & 1 else u) >> 1
            v = (v + n if v & 1 else v) >> 1
            qk = qk * q % n
    return u == 0


#: The primes below 100 are tried one by one (most composites have one); the rest at
#: once, by one gcd with their product.
_FIRST_TRIED = sum(1 for p in _SMALL_PRIMES if p < 100)
_PRIMORIAL_REST = math.prod(_SMALL_PRIMES[_FIRST_TRIED:])


def small_factor(n: int) -> int | None:
    """The smallest prime factor of ``n`` below the trial-division bound, if any (none
    for a prime: a factor must be at most √n)."""
    if n < TRIAL_DIVISION_BOUND * TRIAL_DIVISION_BOUND:
        for p in _SMALL_PRIMES:
            if p * p > n:
                return None
            if n % p == 0:
                return p
        return None
    # Above 10⁸ every prime below the bound is at most √n. A big number without a small
    # factor (what explains most composites played) took all 1,229 divisions.
    for p in _SMALL_PRIMES[:_FIRST_TRIED]:
        if n % p == 0:
            return p
    common = math.gcd(n, _PRIMORIAL_REST)
    if common == 1:
        return None
    return next(p for p in _SMALL_PRIMES[_FIRST_TRIED:] if common % p == 0)


def _factor_small(n: int) -> list[int]:
    """All prime factors (with repeats, ascending) of ``2 ≤ n < FULL_FACTOR_BELOW``.

    Trial division by the primes under 10⁴ leaves a cofactor with no factor below 10⁴;
    below 10¹² that is 1, a prime, or a product of two primes, which Pollard's rho
    splits in about √10⁶ steps (plain trial division up to √n takes up to a second).
    """
    factors: list[int] = []
    for p in _SMALL_PRIMES[:_FIRST_TRIED]:
        if p * p > n:
            break
        while n % p == 0:
            factors.append(p)
            n //= p
    # The primes from 100 to 10⁴ one by one only when one of them divides n (one gcd
    # says; a 12-digit product of two big primes took all ~1,200 divisions).
    if math.gcd(n, _PRIMORIAL_REST) != 1:
        for p in _SMALL_PRIMES[_FIRST_TRIED:]:
            if p * p > n:
                break
            while n % p == 0:
                factors.append(p)
                n //= p
    if n > 1:
        if is_prime(n):
            factors.append(n)
        else:
            p = _pollard_rho(n)
            factors.extend(sorted((p, n // p)))
    return sorted(factors)


def _pollard_rho(n: int) -> int:
    """A factor ``1 < p < n`` of an odd composite ``n`` (Floyd's cycle, fixed seeds)."""
    for c in range(1, n):
        x = y = 2
        d = 1
        while d == 1:
            x = (x * x + c) % n
            y = (y * y + c) % n
            y = (y * y + c) % n
            d = math.gcd(abs(x - y), n)
        if d != n:
            return d
    raise ValueError(f"{n} has no factor")  # pragma: no cover - n is composite


def format_factors(factors: list[int]) -> str:
    """``[2, 2, 2, 3]`` → ``2^3 × 3``."""
    parts: list[str] = []
    for p in sorted(set(factors)):
        count = factors.count(p)
        parts.append(f"{p}^{count}" if count > 1 else str(p))
    return " × ".join(parts)


def _miller_rabin_witness(n: int) -> int | None:
    """A base that proves odd ``n`` composite (strong-pseudoprime test), if a small one does."""
    return _strong_witness(n, MILLER_RABIN_BASES[:-1])


def _strong_witness(n: int, bases: tuple[int, ...]) -> int | None:
    """The first of ``bases`` to which odd ``n > 2`` is not a strong probable prime."""
    d, s = n - 1, 0
    while d % 2 == 0:
        d //= 2
        s += 1
    for a in bases:
        if a % n == 0:
            continue
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return a
    return None


@lru_cache(maxsize=4_096)
def explain_composite(n: int) -> str:
    """Why ``n`` is not prime, in a few words, in bounded time.

    ``221`` → ``221 = 13 × 17``; a big number with a small factor → ``… is divisible by 7``;
    otherwise a Miller–Rabin witness.
    """
    if n < 2:
        return f"{n} is not prime (primes start at 2)"
    if n < FULL_FACTOR_BELOW:
        return f"{n} = {format_factors(_factor_small(n))}"
    p = small_factor(n)
    if p is not None:
        return f"{n} is divisible by {p}"
    witness = _miller_rabin_witness(n)
    if witness is not None:
        return f"{n} fails the Miller–Rabin test to base {witness}"
    return f"{n} is not prime"  # pragma: no cover - no known composite passes all 12 bases


def why_not_prime(n: int) -> str:
    """A reader's sentence for a composite (or 0, 1): ``221 = 13 × 17 is not prime``."""
    text = explain_composite(n)
    if n < 2:
        return text
    if " = " in text:
        return f"{text} is not prime"
    return f"{text}, so it is not prime"


def check_factorisation(n: int, factors: list[tuple[int, int | None]]) -> str | None:
    """``None`` if ``factors`` ((base, exponent or None) pairs) is a prime factorisation of ``n``.

    Otherwise a short reason for a reader. An exponent is never expanded past the size
    of ``n``: ``2^(KKKK…)`` cannot equal ``n`` and is rejected without computing it.
    """
    if not factors:
        return "no factors were written"
    limit = max(n, 2).bit_length()
    product = 1
    for base, exponent in factors:
        if not is_prime(base):
            return f"factor {base} is not prime ({explain_composite(base)})"
        if exponent is None:
            exponent = 1
        elif exponent < 2:
            return f"exponent {exponent} is not allowed (it must be 2 or more)"
        if exponent > limit or (base.bit_length() - 1) * exponent > limit:
            return f"{base}^{exponent} is far larger than {n}"
        product *= base**exponent
        if product > n:
            break
    if product != n:
        return f"the factors multiply to {product if product <= n else 'more than ' + str(n)}"
    return None
