"""Numbers made of cards: exact values, primality, and explaining a composite cheaply.

Cards are read as decimal numbers written side by side (Q,K → ``1213``); a joker stands
for the value its player declared (0–13). Numbers are exact Python integers of any size.
Primality is memoised, because the same numbers come back again and again in
an archive (57, 1729, 1213 …): below 10⁸ by trial division with the primes under 10⁴,
below 3.3 × 10²⁴ by the strong-pseudoprime test to the 13 prime bases up to 41 (proven
exact below that bound: Sorenson and Webster, 2015), above by the Baillie–PSW test (a
strong test to base 2 and a strong Lucas test with Selfridge's parameters: no composite
is known to pass it), which is what :func:`sympy.isprime` does above 2⁶⁴: exact below
3.3 × 10²⁴, as sure as sympy above; the tests check the answers against sympy's. A
composite below 10¹² is factored by trial division and Pollard's rho. Nothing here
imports sympy: its import cost ~0.4 s, most of a short ``kifuwiki validate``'s start-up
(and of each worker's).

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

_SMALL_PRIMES: tuple[int, ...] = tuple(
    p for p in range(2, TRIAL_DIVISION_BOUND) if all(p % q for q in range(2, int(p**0.5) + 1))
)


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
#: The product of the primes up to 53.
_PRIMORIAL_53 = math.prod(p for p in _SMALL_PRIMES if p <= 53)


@lru_cache(maxsize=65_536)
def is_prime(n: int) -> bool:
    if n < 2:
        return False
    if n < TRIAL_DIVISION_BOUND * TRIAL_DIVISION_BOUND:
        # Every composite below 10⁸ has a prime factor below 10⁴.
        return small_factor(n) is None
    if math.gcd(n, _PRIMORIAL_53) != 1:
        return False  # a factor up to 53 (one big-integer operation, no loop)
    if n < MILLER_RABIN_EXACT_BELOW:
        return _strong_witness(n, MILLER_RABIN_BASES) is None
    return _strong_witness(n, (2,)) is None and _strong_lucas_probable_prime(n)


def _jacobi(a: int, n: int) -> int:
    """The Jacobi symbol (a/n) of an odd ``n > 0``."""
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


def _strong_lucas_probable_prime(n: int) -> bool:
    """The strong Lucas test of odd ``n`` with no small factor, Selfridge's parameters:
    D the first of 5, −7, 9, −11 … with (D/n) = −1, P = 1, Q = (1 − D) / 4."""
    if math.isqrt(n) ** 2 == n:
        return False  # no D exists for a square
    d_param = 5
    while (symbol := _jacobi(d_param, n)) != -1:
        if symbol == 0:
            return False  # D shares a factor with n (n > 10²⁴ > |D|, so a proper one)
        d_param = -d_param - 2 if d_param > 0 else -d_param + 2
    q_param = (1 - d_param) // 4
    odd, twos = n + 1, 0
    while odd % 2 == 0:
        odd //= 2
        twos += 1
    u, v, q_power = _lucas_uv(odd, d_param, q_param, n)
    if u == 0 or v == 0:
        return True
    for _ in range(twos - 1):
        v = (v * v - 2 * q_power) % n
        q_power = q_power * q_power % n
        if v == 0:
            return True
    return False


def _lucas_uv(k: int, d_param: int, q_param: int, n: int) -> tuple[int, int, int]:
    """U_k, V_k (mod n) of the Lucas sequences with P = 1, and Q^k (mod n)."""

    def half(x: int) -> int:
        return (x if x % 2 == 0 else x + n) // 2 % n

    u, v, q_power = 1, 1, q_param % n
    for bit in bin(k)[3:]:
        u, v = u * v % n, (v * v - 2 * q_power) % n
        q_power = q_power * q_power % n
        if bit == "1":
            u, v = half(u + v), half(d_param * u + v)
            q_power = q_power * q_param % n
    return u, v, q_power


def small_factor(n: int) -> int | None:
    """The smallest prime factor of ``n`` below the trial-division bound, if any."""
    for p in _SMALL_PRIMES:
        if p * p > n:
            return None
        if n % p == 0:
            return p
    return None


def _factor_small(n: int) -> list[int]:
    """All prime factors (with repeats, ascending) of ``2 ≤ n < FULL_FACTOR_BELOW``.

    Trial division by the primes under 10⁴ leaves a cofactor with no factor below 10⁴;
    below 10¹² that is 1, a prime, or a product of two primes, which Pollard's rho
    splits in about √10⁶ steps (plain trial division up to √n takes up to a second).
    """
    factors: list[int] = []
    for p in _SMALL_PRIMES:
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
