"""The fast paths of ``is_prime`` and of factoring agree with sympy, the general path.

Primality is decided by a gcd with the primes up to 53, below 3.2 × 10⁹ by the
strong-pseudoprime test to the bases 2, 3, 5, 7, below 3.3 × 10²⁴ to 13 bases, and
composites below 10¹² are factored by trial division and Pollard's rho, all without
importing sympy (its import is most of a short validate run's start-up); this proves
each path equal to sympy where it is used, at its edges, and on the strong pseudoprimes
that fool fewer bases.
"""

from __future__ import annotations

import math
import subprocess
import sys

from hypothesis import given, settings
from hypothesis import strategies as st
from sympy import factorint, isprime, nextprime

from kifuwiki.games.prime_daifugo.numbers import (
    _SMALL_PRIMES,
    FOUR_BASES_EXACT_BELOW,
    FULL_FACTOR_BELOW,
    MILLER_RABIN_EXACT_BELOW,
    TRIAL_DIVISION_BOUND,
    _factor_small,
    _pollard_rho,
    is_prime,
    small_factor,
)

EDGE = TRIAL_DIVISION_BOUND * TRIAL_DIVISION_BOUND


def test_every_number_below_twenty_thousand() -> None:
    assert [n for n in range(20_000) if is_prime(n)] == [n for n in range(20_000) if isprime(n)]


def test_around_the_edge_of_the_fast_path() -> None:
    for n in range(EDGE - 2_000, EDGE + 2_000):
        assert is_prime(n) == isprime(n), n
    # Squares of the largest primes under the bound are the hardest composites for it.
    assert not is_prime(9973 * 9973) and not is_prime(9967 * 9973)


def test_the_sieve_gives_the_primes_below_the_trial_division_bound() -> None:
    assert tuple(n for n in range(TRIAL_DIVISION_BOUND) if isprime(n)) == _SMALL_PRIMES


def test_around_the_edge_of_the_four_bases_test() -> None:
    # 3,215,031,751 fools the bases 2, 3, 5, 7: the four-base test must stop before it.
    for n in range(FOUR_BASES_EXACT_BELOW - 2_000, FOUR_BASES_EXACT_BELOW + 2_000):
        assert is_prime(n) == isprime(n), n
    for n in range(59 * 59 - 300, 59 * 59 + 300):  # where the gcd alone decides
        assert is_prime(n) == isprime(n), n


@settings(max_examples=1_000, deadline=None)
@given(st.integers(min_value=10**4, max_value=FOUR_BASES_EXACT_BELOW))
def test_any_number_the_four_bases_decide(n: int) -> None:
    assert is_prime(n) == isprime(n)


@settings(max_examples=2_000, deadline=None)
@given(st.integers(min_value=-10, max_value=10**14))
def test_any_number(n: int) -> None:
    assert is_prime(n) == isprime(n)


#: Strong pseudoprimes to every prime base up to 2 … 37 in turn (OEIS A014233), and
#: the bound itself: the first that fools all 13 bases up to 41.
PSEUDOPRIMES = (
    2047, 1373653, 25326001, 3215031751, 2152302898747, 3474749660383, 341550071728321,
    3825123056546413051, 318665857834031151167461, MILLER_RABIN_EXACT_BELOW,
)  # fmt: skip


def test_the_strong_pseudoprimes_and_the_edge_of_the_exact_test() -> None:
    for n in PSEUDOPRIMES:
        assert not is_prime(n), n
    for n in range(MILLER_RABIN_EXACT_BELOW - 300, MILLER_RABIN_EXACT_BELOW + 300):
        assert is_prime(n) == isprime(n), n


@settings(max_examples=1_000, deadline=None)
@given(st.integers(min_value=10**8, max_value=MILLER_RABIN_EXACT_BELOW))
def test_any_number_the_miller_rabin_path_decides(n: int) -> None:
    assert is_prime(n) == isprime(n)


@settings(max_examples=600, deadline=None)
@given(st.integers(min_value=MILLER_RABIN_EXACT_BELOW, max_value=10**60))
def test_any_number_the_baillie_psw_path_decides(n: int) -> None:
    assert is_prime(n) == isprime(n)


@settings(max_examples=300, deadline=None)
@given(st.integers(min_value=10**24, max_value=10**50), st.integers(2, 10**30))
def test_big_primes_and_their_products(start: int, other: int) -> None:
    prime = nextprime(start)
    assert is_prime(prime)
    assert not is_prime(prime * nextprime(other)) and not is_prime(prime * prime)


def _sympy_factors(n: int) -> list[int]:
    return [prime for prime, count in sorted(factorint(n).items()) for _ in range(count)]


@settings(max_examples=800, deadline=None)
@given(st.integers(min_value=2, max_value=FULL_FACTOR_BELOW - 1))
def test_factoring_below_the_full_factor_bound(n: int) -> None:
    assert _factor_small(n) == _sympy_factors(n)


def test_factoring_the_hardest_cases_rho_meets() -> None:
    # Two primes above the trial-division bound, a square of one, and the largest below 10¹².
    for n in (10007 * 10009, 10007**2, 999_979 * 999_983, 99_991 * 9_999_991, 10**12 - 1):
        assert _factor_small(n) == _sympy_factors(n), n


def _trial_division_factors(n: int) -> list[int]:
    """``_factor_small`` as it was: every prime below 10⁴ tried one by one."""
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


@settings(max_examples=500, deadline=None)
@given(
    st.lists(st.sampled_from(_SMALL_PRIMES), max_size=4),
    st.integers(1, 10**6),
)
def test_factoring_skips_the_big_trial_primes_only_when_none_divides(
    small: list[int], rest: int
) -> None:
    """The primes from 100 to 10⁴ are tried only when their product shares a factor
    with the number: the same factors as trying each (and as sympy)."""
    n = math.prod(small) * rest
    if 2 <= n < FULL_FACTOR_BELOW:
        assert _factor_small(n) == _trial_division_factors(n) == _sympy_factors(n)


def test_validating_numbers_imports_neither_sympy_nor_gmpy2_nor_importlib_metadata() -> None:
    """sympy's import is ~0.4 s, gmpy2's ~30 ms (it asks importlib.metadata for its own
    version): a short validate run must need neither, whatever size its numbers."""
    code = (
        "import sys\n"
        "from kifuwiki.games.prime_daifugo.numbers import explain_composite, is_prime\n"
        "assert [is_prime(n) for n in (2, 57, 1213, 1729, 99_999_989, 1_000_000_007)] == "
        "[True, False, True, False, True, True]\n"
        "assert is_prime(1213121312131213121313) is False\n"
        "assert is_prime(2**89 - 1) and not is_prime(2**89 + 1)\n"
        "assert is_prime(1000000000000000000000000000057)\n"
        "assert not is_prime(1213121312131213121313121312131213)\n"
        "assert explain_composite(999_962_000_357) == '999962000357 = 999979 × 999983'\n"
        "print(sorted({'sympy', 'gmpy2', 'importlib.metadata'} & set(sys.modules)))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    assert result.stdout.strip() == "[]"


def trial_division(n: int) -> int | None:
    """``small_factor`` as it was: every prime below the bound in turn."""
    for p in _SMALL_PRIMES:
        if p * p > n:
            return None
        if n % p == 0:
            return p
    return None


@settings(max_examples=600, deadline=None)
@given(
    st.one_of(
        st.integers(min_value=0, max_value=10**30),
        st.builds(
            lambda p, q: p * q,
            st.sampled_from(_SMALL_PRIMES[20:]),
            st.integers(min_value=10**6, max_value=10**25),
        ),
        st.integers(min_value=EDGE - 1_000, max_value=EDGE + 1_000),
    )
)
def test_the_smallest_factor_is_the_one_trial_division_finds(n: int) -> None:
    assert small_factor(n) == trial_division(n)
