"""Baillie–PSW in Python answers as gmpy2's does, so validate need not import gmpy2.

``is_prime`` above 3.3 × 10²⁴ runs the strong test to base 2 and the Lucas test with
Selfridge's parameters in Python (gmpy2's import was ~30 ms of a short validate run:
it asks ``importlib.metadata`` for its own version). The Lucas half is compared with
``gmpy2.is_selfridge_prp`` on every odd number below 30,000 (the Lucas pseudoprimes
323, 377, 1159 … among them), on big primes, their products and random big numbers;
the whole test with ``gmpy2.is_bpsw_prp``. (``test_numbers_fast_path.py`` compares
``is_prime`` with sympy in every range.)
"""

from __future__ import annotations

import math
import random
from itertools import pairwise

import pytest
from sympy import nextprime

from kifuwiki.games.prime_daifugo.numbers import (
    MILLER_RABIN_EXACT_BELOW,
    _jacobi,
    _lucas_selfridge_probable_prime,
    is_prime,
)

gmpy2 = pytest.importorskip("gmpy2")

#: Lucas pseudoprimes with Selfridge's parameters (OEIS A217120): composites it passes.
LUCAS_PSEUDOPRIMES = (323, 377, 1159, 1829, 3827, 5459, 5777, 9071, 9179, 10877, 11419)


def test_the_lucas_test_on_every_odd_number_below_thirty_thousand() -> None:
    for n in range(5, 30_000, 2):
        expected = bool(gmpy2.is_selfridge_prp(n)) if math.isqrt(n) ** 2 != n else False
        assert _lucas_selfridge_probable_prime(n) == expected, n
    assert all(_lucas_selfridge_probable_prime(n) for n in LUCAS_PSEUDOPRIMES)


def test_the_jacobi_symbol() -> None:
    for n in range(1, 400, 2):
        for a in range(-50, 50):
            assert _jacobi(a, n) == gmpy2.jacobi(a, n), (a, n)


def test_big_numbers_as_gmpy2_answers() -> None:
    rng = random.Random(16)
    numbers = [rng.randrange(MILLER_RABIN_EXACT_BELOW, 10**110) | 1 for _ in range(400)]
    primes = [int(nextprime(rng.randrange(10**24, 10**60))) for _ in range(60)]
    numbers += primes + [p * q for p, q in pairwise(primes)]
    numbers += [p * p for p in primes[:10]] + [MILLER_RABIN_EXACT_BELOW + k for k in range(400)]
    for n in numbers:
        if n % 2 and math.isqrt(n) ** 2 != n:
            assert _lucas_selfridge_probable_prime(n) == bool(gmpy2.is_selfridge_prp(n)), n
        assert is_prime(n) == bool(gmpy2.is_bpsw_prp(n)), n
    assert all(is_prime(p) for p in primes)
    # Past any number cards make, gmpy2's C runs the same test.
    assert is_prime(2**1279 - 1) and not is_prime(2**1279 + 1)
