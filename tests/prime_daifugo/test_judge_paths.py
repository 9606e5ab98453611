"""The fast path of the judge (``judge_plain``) and the general one agree on every input.

``judge_plain`` exists for speed: most plays are known cards without jokers, factors or
tags. It must say exactly what the general path says about them, under every rule set,
on every field, in and out of revolution.
"""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from kifuwiki.core.diagnostics import DiagnosticBag
from kifuwiki.games.prime_daifugo.judge import Judge
from kifuwiki.games.prime_daifugo.model import RANKS, Action, CardRun, Dialect, Move
from kifuwiki.games.prime_daifugo.notation_moves import cards_of
from kifuwiki.games.prime_daifugo.numbers import number_of
from kifuwiki.games.prime_daifugo.rules import PRESETS, RuleSet
from kifuwiki.games.prime_daifugo.state import FieldState, HandState, State

cards = st.text(alphabet=RANKS, min_size=1, max_size=8)
# Numbers people play (57, 1729, small primes) turn up far more often than by chance.
special_cards = st.sampled_from(["57", "A729", "2", "3", "QK", "A", "4", "99", "KQK", "TJ"])
played = st.one_of(cards, special_cards)


@st.composite
def rule_sets(draw: st.DrawFn) -> RuleSet:
    base = draw(st.sampled_from(sorted(PRESETS)))
    return replace(
        PRESETS[base],
        grothendieck_cut=draw(st.booleans()),
        ramanujan_revolution=draw(st.booleans()),
        deck_size=draw(st.sampled_from([54, 8, 3])),
    )


@st.composite
def states(draw: st.DrawFn) -> State:
    field_cards = draw(st.one_of(st.none(), played))
    field = None
    if field_cards is not None:
        number = None if draw(st.booleans()) and len(field_cards) > 3 else number_of(field_cards)
        field = FieldState(field_cards, number, 0)
    hands = (HandState(), HandState())
    return State(hands, field, field_cards or "", 10, "", draw(st.booleans()), 1, ())


@settings(max_examples=300, deadline=None)
@given(rules=rule_sets(), state=states(), ranks=played)
def test_the_fast_path_and_the_general_path_agree(rules: RuleSet, state: State, ranks: str) -> None:
    fast_bag, general_bag = DiagnosticBag(), DiagnosticBag()
    fast = Judge(rules, fast_bag, Dialect.STANDARD).judge_plain(state, ranks)
    move = Move(3, 3, "A", ranks, Action.PLAY, number=CardRun(cards_of(ranks), 3))
    general = Judge(rules, general_bag, Dialect.STANDARD).judge_general(move, state, 1, ranks)
    if fast is None:
        # The fast path declines only what it cannot judge without a diagnostic.
        assert len(ranks) > rules.deck_size
        assert [d.code for d in general_bag.items] == ["PD121"]
        return
    assert fast == general
    assert fast_bag.items == general_bag.items == []


def test_the_dispatch_takes_the_fast_path_for_a_plain_play() -> None:
    state = State((HandState(), HandState()), None, "", 10, "", False, 1, ())
    move = Move(3, 3, "A", "QK", Action.PLAY, number=CardRun(cards_of("QK"), 3))
    judge = Judge(PRESETS["standard"], DiagnosticBag(), Dialect.STANDARD)
    verdict = judge.judge(move, state, 1, "QK")
    assert (verdict.number, verdict.note, verdict.problems) == (1213, "1213 is prime", [])


joker_cards = st.text(alphabet=RANKS + "X", min_size=1, max_size=6).filter(lambda r: "X" in r)
joker_texts = st.sampled_from(["0", "A", "5", "T", "K", "10", "13", "14", "99", "?", "Q"])


@st.composite
def joker_rule_sets(draw: st.DrawFn) -> RuleSet:
    rules = draw(rule_sets())
    low = draw(st.integers(0, 13))
    return replace(rules, joker_min=low, joker_max=draw(st.integers(low, 13)))


@settings(max_examples=400, deadline=None)
@given(
    rules=joker_rule_sets(),
    state=states(),
    ranks=joker_cards,
    declared=st.lists(joker_texts, min_size=1, max_size=3),
)
def test_the_declared_jokers_path_and_the_general_path_agree(
    rules: RuleSet, state: State, ranks: str, declared: list[str]
) -> None:
    fast_bag, general_bag = DiagnosticBag(), DiagnosticBag()
    fast = Judge(rules, fast_bag, Dialect.STANDARD).judge_declared_jokers(
        state, ranks, tuple(declared)
    )
    move = Move(
        3,
        3,
        "A",
        ranks,
        Action.PLAY,
        number=CardRun(cards_of(ranks), 3),
        joker_values=tuple(declared),
    )
    general = Judge(rules, general_bag, Dialect.STANDARD).judge_general(move, state, 1, ranks)
    assert fast_bag.items == []
    if fast is None:
        return  # declined: the general path judges it (and reports what it finds)
    assert fast == general
    assert general_bag.items == []


def test_the_dispatch_takes_the_declared_jokers_path() -> None:
    state = State((HandState(), HandState()), None, "", 10, "", False, 1, ())
    move = Move(
        3, 3, "A", "QX|X=K", Action.PLAY, number=CardRun(cards_of("QX"), 3), joker_values=("K",)
    )
    judge = Judge(PRESETS["standard"], DiagnosticBag(), Dialect.STANDARD)
    assert judge.judge_declared_jokers(state, "QX", ("K",)) is not None
    verdict = judge.judge(move, state, 1, "QX")
    assert (verdict.number, verdict.joker_values, verdict.number_jokers) == (1213, (13,), (13,))
    assert (verdict.note, verdict.problems) == ("1213 is prime", [])
    # A value outside the rules' range, or one value short, goes to the general path.
    assert judge.judge_declared_jokers(state, "XX", ("K",)) is None
    assert judge.judge_declared_jokers(state, "QX", ("14",)) is None
    assert judge.judge_declared_jokers(state, "X3", ("0",)) is None
