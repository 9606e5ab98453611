"""Rule sets (presets, front-matter options) and the number helpers behind the engine."""

from __future__ import annotations

import pytest
from sympy import nextprime

from kifuwiki.core.diagnostics import DiagnosticBag
from kifuwiki.games.prime_daifugo.numbers import (
    check_factorisation,
    digits_of,
    explain_composite,
    is_prime,
    joker_value,
    number_of,
    small_factor,
)
from kifuwiki.games.prime_daifugo.replay import power_chain
from kifuwiki.games.prime_daifugo.rules import (
    FANDOM,
    ONLINE,
    PRESETS,
    STANDARD,
    PenaltyMode,
    RuleSet,
    resolve_rules,
)


def resolve(spec: object) -> tuple[RuleSet, list[str]]:
    bag = DiagnosticBag()
    rules = resolve_rules(spec, bag, 3)
    assert all(d.line == 3 for d in bag.items)
    return rules, [d.code for d in bag.items]


def test_presets_differ_where_the_rule_sets_differ() -> None:
    assert set(PRESETS) == {"standard", "fandom", "online"}
    assert STANDARD.hand_size == 11 and not STANDARD.flush_on_pass
    assert FANDOM.hand_size is None  # the wiki deals "equally", any size
    assert ONLINE.flush_on_pass
    assert STANDARD.joker_min == 0 and STANDARD.joker_max == 13
    assert STANDARD.composites and STANDARD.exponents
    assert STANDARD.grothendieck_cut and STANDARD.ramanujan_revolution and STANDARD.infinity_joker


@pytest.mark.parametrize(
    ("mode", "expected"),
    [(PenaltyMode.NORMAL, 12), (PenaltyMode.FIELD_COUNT, 2), (PenaltyMode.ALWAYS_1, 1)],
)
def test_penalty_size_modes(mode: PenaltyMode, expected: int) -> None:
    # T9=AKJ3JQK*469 was penalised 12 = 2 field cards + 10 factor cards (tournament data).
    assert RuleSet(penalty_mode=mode).penalty_size(2, 10) == expected


def test_rules_by_name_and_default() -> None:
    assert resolve(None) == (STANDARD, [])
    assert resolve("online") == (ONLINE, [])
    assert resolve(" Fandom ") == (FANDOM, [])


def test_unknown_preset_warns_and_falls_back() -> None:
    assert resolve("tournament2099") == (STANDARD, ["PD100"])
    assert resolve(42) == (STANDARD, ["PD100"])


def test_mapping_overrides_a_preset() -> None:
    rules, found = resolve(
        {
            "preset": "online",
            "hand-size": 7,
            "penalty": "always-1",
            "joker_range": "1-13",
            "GC": False,
            "exponents": False,
        }
    )
    assert found == []
    assert rules.name == "online" and rules.flush_on_pass
    assert rules.hand_size == 7
    assert rules.penalty_mode is PenaltyMode.ALWAYS_1
    assert (rules.joker_min, rules.joker_max) == (1, 13)
    assert not rules.grothendieck_cut and not rules.exponents
    assert rules.describe().startswith("online (")
    assert "hand_size=7" in rules.describe()


def test_unknown_options_and_bad_values_warn_but_the_rest_applies() -> None:
    rules, found = resolve(
        {"hand_sise": 7, "composites": "maybe", "hand_size": 5, "joker_range": "13-1"}
    )
    assert found == ["PD101", "PD102", "PD102"]
    assert rules.hand_size == 5 and rules.composites
    _, found = resolve({"penalty_mode": "double"})
    assert found == ["PD102"]


def test_joker_values_and_card_numbers() -> None:
    assert joker_value("K") == 13 and joker_value("0") == 0 and joker_value("10") == 10
    assert joker_value("Z") is None
    assert number_of("QK") == 1213  # the largest two-card prime
    assert number_of("69A") == 691
    assert number_of("XKKTTJ", (13,)) == 131313101011
    assert number_of("XX33", (1, 0)) == 1033  # two jokers: values left to right
    assert number_of("X3", (0,)) == 3  # a leading-zero joker reads as written
    assert number_of("X3") is None  # no value declared
    assert digits_of("A?3") is None


def test_primality_is_exact_and_memoised() -> None:
    assert is_prime(1213) and is_prime(2) and is_prime(131213)
    assert not is_prime(1) and not is_prime(0) and not is_prime(57) and not is_prime(1729)
    big = 2**127 - 1
    assert is_prime(big) and is_prime(big)
    assert is_prime.cache_info().hits > 0


def test_explaining_a_composite() -> None:
    assert explain_composite(221) == "221 = 13 × 17"
    assert explain_composite(1001) == "1001 = 7 × 11 × 13"
    assert explain_composite(24) == "24 = 2^3 × 3"
    assert explain_composite(1) == "1 is not prime (primes start at 2)"
    assert explain_composite(7 * (10**30 + 57)) == f"{7 * (10**30 + 57)} is divisible by 7"


def test_explaining_a_big_composite_does_not_factor_it() -> None:
    # Two 40-digit primes: factoring the product would take far too long; a witness does not.
    p, q = nextprime(10**39), nextprime(10**39 + 10**20)
    assert small_factor(p * q) is None
    # No timing here: the witness search is a dozen modular exponentiations by construction.
    assert explain_composite(p * q) == f"{p * q} fails the Miller–Rabin test to base 2"


def test_factorisation_checks() -> None:
    assert check_factorisation(24, [(2, 3), (3, None)]) is None  # 2^3*3=24
    assert check_factorisation(1312, [(2, 5), (41, None)]) is None  # KQ=2^5*4A
    assert check_factorisation(15, [(3, None), (5, None)]) is None
    assert check_factorisation(16, [(4, None), (4, None)]) == "factor 4 is not prime (4 = 2^2)"
    assert check_factorisation(16, [(2, 1), (2, 3)]) is not None  # exponent 1 is not allowed
    assert check_factorisation(15, [(3, None), (7, None)]) == "the factors multiply to more than 15"
    assert check_factorisation(30, [(3, None), (5, None)]) == "the factors multiply to 15"
    assert "far larger" in (check_factorisation(30, [(2, 10**30)]) or "")
    assert check_factorisation(30, []) == "no factors were written"


def test_power_towers_are_read_right_to_left_and_capped() -> None:
    assert power_chain([2, 3], 100) == 8  # 2^2^3 = 2^(2^3) = 2^8 (tournament data)
    assert power_chain([5, 6, 6, 8, 8, 21], 40) == 41  # never computed
    assert power_chain([4], 100) == 4


def test_huge_powers_are_never_computed() -> None:
    # (2^521 - 1)^5000 would have 784,000 digits: rejected from bit lengths alone.
    mersenne = 2**521 - 1
    assert "far larger" in (check_factorisation(10**900, [(mersenne, 5000)]) or "")
    assert power_chain([10**300, 3000], 4000) == 4001


def test_rule_messages_name_each_option_as_the_record_wrote_it() -> None:
    """Review 12, F-CLI-2: ``penalty: bogus`` was reported as 'penalty_mode', a name the
    documentation never uses; every option is named as written (README's table)."""
    bag = DiagnosticBag()
    resolve_rules(
        {"preset": "standard", "penalty": "bogus", "gc": 3, "Hand-Size": 0, "Hand-Sise": 7},
        bag,
    )
    messages = [(d.code, d.message, d.message_ja) for d in bag.items]
    assert [code for code, _, _ in messages] == ["PD102", "PD102", "PD102", "PD101"]
    for (_, message, ja), name in zip(
        messages, ["penalty", "gc", "Hand-Size", "Hand-Sise"], strict=True
    ):
        assert f"'{name}'" in message and f"'{name}'" in ja
    assert not any("penalty_mode" in m or "grothendieck" in m for _, m, _ in messages)
