"""Chip payments of a win, per the seed: ron → the discarder pays alone; tsumo → the others
split the points (the dealer paying ``dealer_pay_factor`` shares); a dealer's win is worth
``dealer_win_factor`` times a child's. Chips are whole: each payment is rounded by itself."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from kifuwiki.games.ponjan.rules import PonjanRules


@dataclass(frozen=True, slots=True)
class Win:
    winner: str
    dealer: str
    seats: tuple[str, ...]
    tsumo: bool
    discarder: str | None
    hands: tuple[str, ...]
    """Score-table entries the win counts (``base``, ``riichi`` …)."""


def win_value(win: Win, rules: PonjanRules) -> Fraction:
    value = Fraction(rules.value(list(win.hands)))
    return value * rules.dealer_win_factor if win.winner == win.dealer else value


def expected_payments(win: Win, rules: PonjanRules) -> dict[str, int]:
    """Seat → chips (+ received, − paid) for every seat of the session."""
    value = win_value(win, rules)
    paid: dict[str, int] = {}
    if not win.tsumo and win.discarder is not None:
        paid[win.discarder] = rules.rounding.apply(value)
    else:
        payers = [seat for seat in win.seats if seat != win.winner]
        weights = {seat: rules.dealer_pay_factor if seat == win.dealer else 1 for seat in payers}
        total = sum(weights.values())
        for seat in payers:
            paid[seat] = rules.rounding.apply(value * weights[seat] / total) if total else 0
    result = {seat: -paid.get(seat, 0) for seat in win.seats}
    result[win.winner] = sum(paid.values())
    return result


def describe(payments: dict[str, int], order: list[str]) -> str:
    """``A+36 B-12 C-12 D-12`` in seat order (the notation's own form)."""
    return " ".join(f"{seat}{payments[seat]:+d}" for seat in order if seat in payments)
