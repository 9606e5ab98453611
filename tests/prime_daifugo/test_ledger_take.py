"""Cards leaving a hand: the card-by-card path for short plays agrees with the counts.

``CardLedger.take`` takes plays of up to four cards out of the hand one by one and
longer ones by subtracting per-rank counts; both must give what a multiset of cards
gives, and send the same plays (a card the hand lacks, an unknown card) to the
general path with its diagnostics.
"""

from __future__ import annotations

from collections import Counter
from operator import sub

from hypothesis import given, settings
from hypothesis import strategies as st

from kifuwiki.core.diagnostics import DiagnosticBag
from kifuwiki.games.prime_daifugo.ledger import CardLedger
from kifuwiki.games.prime_daifugo.model import Action, Move
from kifuwiki.games.prime_daifugo.state import CARD_ORDER, HandState, hand_of

CARDS = CARD_ORDER + "?"


@settings(max_examples=400, deadline=None)
@given(
    held=st.text(alphabet=CARDS, max_size=12),
    played=st.text(alphabet=CARDS, min_size=1, max_size=7),
    unknown=st.integers(0, 2),
)
def test_taking_cards_is_taking_a_multiset(held: str, played: str, unknown: int) -> None:
    start = hand_of(held)
    hand = HandState(start.counts, start.unknown + unknown)
    bag = DiagnosticBag()
    ledger = CardLedger(bag, ["a", "b"], [False, False])
    move = Move(5, 3, "a", played, Action.PLAY)
    after = ledger.take(hand, played, 0, move, 2, "plays")
    have, want = Counter(hand.cards), Counter(played)
    if "?" not in played and not want - have:
        # Every card is in the hand: exactly those cards leave it, and nothing is said.
        assert Counter(after.cards) == have - want
        assert after.unknown == hand.unknown
        assert bag.items == []
    # Whatever the play, the same as subtracting the counts of all ranks at once, with
    # the general path for anything else (the way every play was taken before).
    reference_bag = DiagnosticBag()
    reference = CardLedger(reference_bag, ["a", "b"], [False, False])
    need = hand_of(played)
    counts = tuple(map(sub, hand.counts, need.counts))
    if not need.unknown and min(counts) >= 0:
        expected = HandState(counts, hand.unknown)
    else:
        expected = reference._take_unusual(hand, played, 0, move, 2, "plays")
    assert after == expected
    assert bag.items == reference_bag.items
    assert ledger.seen == reference.seen
