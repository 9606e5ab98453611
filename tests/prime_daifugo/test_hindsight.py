"""What could have been played: hand-checked positions, the bounds, and the annotations.

Each expected answer below was worked out by hand (the comments show the arithmetic).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from kifuwiki.archive import load_text
from kifuwiki.games.prime_daifugo import GAME, LoadedGame
from kifuwiki.games.prime_daifugo import hindsight as hs
from kifuwiki.games.prime_daifugo.hindsight import Field, Hindsight, describe, hindsight
from kifuwiki.games.prime_daifugo.rules import FANDOM, STANDARD, RuleSet
from kifuwiki.games.prime_daifugo.state import hand_of

LEAD = Field(None, None)


def ask(ranks: str, field: Field = LEAD, rules: RuleSet = STANDARD) -> Hindsight:
    return hindsight(hand_of(ranks).counts, field, rules)


@pytest.fixture(autouse=True)
def _fresh_memo() -> None:
    hindsight.cache_clear()


def test_two_cards_that_make_a_prime_go_out() -> None:
    # Q K = 1213 (prime), K Q = 1312 (even): 1213 is the largest and uses both cards.
    assert ask("QK") == Hindsight(True, "1213", (2, 1213), True)


def test_no_arrangement_is_prime() -> None:
    # J 3 3: 1133 = 11 × 103, 3113 = 11 × 283, 3311 = 7 × 11 × 43. No composite either:
    # 33 = 3 × 11 would need the cards 3 and J besides, 113 and 311 are prime.
    # Two cards: 311 (3 J) beats 113 (J 3) and 33.
    assert ask("J33") == Hindsight(False, "", (2, 311), True)


def test_even_cards_make_only_the_prime_two() -> None:
    assert ask("2468") == Hindsight(False, "", (1, 2), True)


def test_a_composite_with_every_other_card_as_factors_goes_out() -> None:
    # On a 2-card field of 1000: K Q = 1312 = 2^5 × 41 uses 2, 5, 4, A as factor cards.
    # The largest 2-card prime above 1000 is Q K = 1213.
    answer = ask("KQ254A", Field(2, 1000))
    assert answer == Hindsight(True, "1312 = 2^5 × 41", (2, 1213), True)


def test_without_exponents_that_composite_is_not_a_way_out() -> None:
    # 2^5 needs an exponent; 2·2·2·2·2 would need five 2s. No other 2-card number
    # above 1000 factors into exactly 2, 5, 4, A (checked by the search, 1213 is prime).
    rules = RuleSet(name="no-exponents", exponents=False)
    assert ask("KQ254A", Field(2, 1000), rules).out is False


def test_the_field_must_be_beaten() -> None:
    # 1213 and 1312 against 1300: 1312 is even, 1213 does not beat it.
    assert ask("KQ", Field(2, 1300)) == Hindsight(False, "", None, True)


def test_under_revolution_lower_numbers_beat_the_field() -> None:
    # A 7 2 9 under 2000 in revolution: 1972, 1927 = 41 × 47, 1792, 1729 = 7 × 13 × 19,
    # then 1297, prime. Going out: 1729 is the Ramanujan revolution itself.
    answer = ask("A729", Field(4, 2000, revolution=True))
    assert answer == Hindsight(True, "1729 (RR)", (4, 1297), True)
    assert ask("7", Field(1, 8, revolution=True)) == Hindsight(True, "7", (1, 7), True)


def test_special_plays_that_empty_the_hand() -> None:
    assert ask("57").out_play == "57 (GC)"
    assert ask("X").out_play == "X (∞)"
    assert ask("X", Field(2, 11)).out is False  # a lone joker only meets one card
    assert ask("57", rules=RuleSet(grothendieck_cut=False)).out is False  # 57 = 3 × 19, 75 odd


def test_a_joker_takes_the_value_that_makes_the_largest_prime() -> None:
    # T 3 X: X = 13 gives 31013 (3 T K), which is prime.
    assert ask("T3X") == Hindsight(True, "31013", (3, 31013), True)


def test_a_hand_above_the_limit_is_not_searched() -> None:
    big = "AA4444567788TTJQKX"  # 18 cards, after penalties
    assert len(big) > hs.HAND_LIMIT
    assert ask(big) == Hindsight(None, "", None, False)


def test_too_many_orderings_for_a_composite_is_not_searched() -> None:
    # 11 cards on a 4-card field: 11 × 10 × 9 × 8 orderings of the number's cards.
    answer = ask("A234568TJQK", Field(4, 1000))
    assert answer.out is None and answer.best_searched


def test_a_search_out_of_budget_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hs, "SEARCH_BUDGET", 3)
    answer = ask("84857KQKJJ8")
    assert answer.best_searched is False and answer.best is None and answer.out is None


def test_the_annotation_in_both_languages() -> None:
    text = describe(Hindsight(True, "1312 = 2^5 × 41", (2, 1213), True))
    assert text.en == (
        "hindsight: could have gone out with 1312 = 2^5 × 41; largest playable prime 1213 (2 cards)"
    )
    assert text.ja == "振り返り: 1312 = 2^5 × 41 であがれた。出せた最大の素数は 1213(2枚)"
    same = describe(Hindsight(True, "1213", (2, 1213), True))
    assert same.en == (
        "hindsight: could have gone out with the largest playable prime, 1213 (2 cards)"
    )
    assert same.ja == "振り返り: 出せた最大の素数 1213(2枚)であがれた"
    unknown = describe(Hindsight(None, "", None, False))
    assert "not searched" in unknown.en and "未探索" in unknown.ja
    assert describe(Hindsight(False, "", None, True)).en.endswith("no prime was playable")
    assert describe(Hindsight(False, "", (1, 7), True)).en.endswith("prime 7 (1 card)")


RECORD = "a:(KQ254A37TJX)\nb:(23457TJQKA9)\na:QK\nb:%\na:57[GC]\n"


def test_plays_with_a_known_hand_are_annotated() -> None:
    (record,) = load_text("---\nhindsight: true\n---\n" + RECORD, "records/prime-daifugo/h.kifu")
    view = GAME.view(record)
    notes = [[n for n in step.annotations if n.startswith("hindsight:")] for step in view.steps]
    assert notes[0] == [] and notes[2] == []  # the deal, a pass
    assert notes[1] and notes[3]
    ja = [n for n in view.steps[1].annotations_ja if n.startswith("振り返り")]
    assert len(ja) == 1


def annotated(record: object) -> bool:
    view = GAME.view(record)  # type: ignore[arg-type]
    return any(n.startswith("hindsight:") for s in view.steps for n in s.annotations)


def test_off_by_default_on_for_a_record_or_a_site_and_never_for_unknown_hands() -> None:
    (default,) = load_text(RECORD, "records/prime-daifugo/d.kifu")
    assert isinstance(default.data, LoadedGame) and default.data.hindsight is False
    assert not annotated(default)
    (site_on,) = load_text(RECORD, "records/prime-daifugo/s.kifu", rules={"hindsight": True})
    assert not site_on.diagnostics  # not a rule: no "unknown rule option" (PD101)
    assert annotated(site_on)
    # The record's own word wins over the site's.
    off = "---\nhindsight: false\n---\n" + RECORD
    (record_off,) = load_text(off, "records/prime-daifugo/o.kifu", rules={"hindsight": True})
    assert not annotated(record_off)
    unknown = "---\nhindsight: true\n---\na:(不明)\nb:(不明)\na:7\n"
    (unknown_hands,) = load_text(unknown, "records/prime-daifugo/u.kifu")
    assert not annotated(unknown_hands)


def test_the_switch_alone_names_no_rules() -> None:
    """A site that only turns the annotations on keeps each record's own default rules
    (a record in the wiki's notation follows the wiki's rules)."""
    demo = Path(__file__).resolve().parents[2] / "records/prime-daifugo/seed-fandom-examples.kifu"
    written = demo.read_text(encoding="utf-8")
    assert "rules: fandom\n" in written  # else the record names its rules: nothing tested
    fandom = written.replace("rules: fandom\n", "")
    for rules in (None, {"hindsight": True}):
        loaded = load_text(fandom, "records/prime-daifugo/f.kifu", rules=rules)
        assert {record.rules for record in loaded} == {"fandom"}


def test_fandom_rules_forbid_57_as_a_composite() -> None:
    # 5 7 3 A 9 on a 2-card field of 50. Two-card numbers above 50, largest first:
    # 97, 79, 73, 59, 53 are prime; 95 = 5 × 19, 93 = 3 × 31, 91 = 7 × 13, 75 = 3 × 5^2
    # and 51 = 3 × 17 cannot be written with the three cards left; 57 = 3 × 19 can
    # (3, A 9). The Fandom rules allow 57 only as a prime.
    assert ask("573A9", Field(2, 50)).out_play == "57 = 3 × 19"
    assert ask("573A9", Field(2, 50), FANDOM).out is False


def test_a_hand_too_big_to_search_says_so_once_until_it_is_searched_again() -> None:
    """review14: a hand swollen by penalties said "not searched (search limit)" twice on
    every move while it stayed above the limit; now once for its player, and the line
    comes back when a move of theirs is searched."""
    big = "AA4444567788TTJQKX"  # 18 cards: moves at 18 and 17 cards are not searched
    body = f"a:({big})\nb:(2389)\na:5\nb:%\na:7\nb:%\na:K\n"
    (record,) = load_text("---\nhindsight: true\n---\n" + body, "records/prime-daifugo/b.kifu")
    view = GAME.view(record)
    notes = {
        step.index: [n for n in step.annotations if n.startswith("hindsight:")]
        for step in view.steps
    }
    assert notes[1] == [hs.NOT_SEARCHED.en]  # 18 cards
    assert notes[3] == []  # 17 cards: said already
    assert len(notes[5]) == 1 and "not searched" not in notes[5][0]  # 16 cards: searched
    ja = [n for n in view.steps[1].annotations_ja if n.startswith("振り返り")]
    assert ja == [hs.NOT_SEARCHED.ja]
