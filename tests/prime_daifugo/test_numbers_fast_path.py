"""The trial-division fast path of ``is_prime`` agrees with sympy, the general path.

Below 10⁸ primality is decided without importing sympy (its import is most of a short
validate run's start-up); this proves the two paths equal where the fast one is used,
and at its edge.
"""

from __future__ import annotations

import subprocess
import sys

from hypothesis import given, settings
from hypothesis import strategies as st
from sympy import isprime

from kifuwiki.games.prime_daifugo.numbers import TRIAL_DIVISION_BOUND, is_prime

EDGE = TRIAL_DIVISION_BOUND * TRIAL_DIVISION_BOUND


def test_every_number_below_twenty_thousand() -> None:
    assert [n for n in range(20_000) if is_prime(n)] == [n for n in range(20_000) if isprime(n)]


def test_around_the_edge_of_the_fast_path() -> None:
    for n in range(EDGE - 2_000, EDGE + 2_000):
        assert is_prime(n) == isprime(n), n
    # Squares of the largest primes under the bound are the hardest composites for it.
    assert not is_prime(9973 * 9973) and not is_prime(9967 * 9973)


@settings(max_examples=2_000, deadline=None)
@given(st.integers(min_value=-10, max_value=10**14))
def test_any_number(n: int) -> None:
    assert is_prime(n) == isprime(n)


def test_validating_small_numbers_does_not_import_sympy() -> None:
    code = (
        "import sys\n"
        "from kifuwiki.games.prime_daifugo.numbers import is_prime\n"
        "assert [is_prime(n) for n in (2, 57, 1213, 1729, 99_999_989)] == "
        "[True, False, True, False, True]\n"
        "print('sympy' in sys.modules)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    assert result.stdout.strip() == "False"
