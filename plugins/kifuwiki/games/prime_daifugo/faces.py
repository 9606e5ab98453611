"""Card faces for the view: suits a record names, and the values jokers stand for.

The replay counts cards by rank (suits play no part in the rules), so the suits a
record writes (``9h7s``, Fandom ``;D=Qh``) are followed here, for display only: which
suits each hand is known to hold, and the faces of what a step put down or drew. A
record without suits (nearly all of them) costs one scan of its moves.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from kifuwiki.games.prime_daifugo.glyphs import face_text, ranks_with_jokers
from kifuwiki.games.prime_daifugo.model import Card, Move, ParsedGame
from kifuwiki.games.prime_daifugo.state import HandState, Step


def has_suits(game: ParsedGame) -> bool:
    """Whether any card of the record names its suit."""
    for hand in game.initial_hands.values():
        if hand.cards and any(card.suit for card in hand.cards):
            return True
    return any(any(card.suit for card in _cards_of(move)) for move in game.moves)


def _cards_of(move: Move) -> Iterable[Card]:
    if move.number is not None:
        yield from move.number.cards
    for factor in move.factors:
        yield from factor.cards
    if move.draw:
        yield from move.draw
    if move.penalty is not None and move.penalty.cards:
        yield from move.penalty.cards


def played_faces(step: Step) -> tuple[str, str]:
    """Faces of the number a step played and of its factor cards (joker values shown)."""
    move = step.move
    if move is None or move.number is None:
        return ranks_with_jokers(step.played, step.played_jokers), step.factor_cards
    number = face_text(move.number.cards, step.played_jokers)
    # The factors' jokers follow the number's in Step.joker_values only when the number
    # is written first; their values are shown in the factorisation text instead.
    factors = face_text([card for factor in move.factors for card in factor.cards])
    return number, factors


@dataclass(slots=True)
class SuitBook:
    """The suits each seat's hand is known to hold, as the record goes on."""

    suits: list[dict[str, list[str]]] = field(default_factory=list)

    @classmethod
    def dealt(cls, game: ParsedGame, seats: Sequence[str]) -> SuitBook:
        book = cls([{} for _ in seats])
        for seat, key in enumerate(seats):
            hand = game.initial_hands.get(key)
            book.add(seat, hand.cards if hand is not None and hand.cards else ())
        return book

    def add(self, seat: int, cards: Iterable[Card]) -> None:
        mine = self.suits[seat]
        for card in cards:
            if card.suit:
                mine.setdefault(card.rank, []).append(card.suit)

    def remove(self, seat: int, cards: Iterable[Card]) -> None:
        mine = self.suits[seat]
        for card in cards:
            known = mine.get(card.rank)
            if known and card.suit in known:
                known.remove(card.suit)

    def follow(self, step: Step) -> None:
        """Apply a step's draws and plays to the mover's known suits."""
        move, seat = step.move, step.seat
        if move is None or seat is None:
            return
        if move.draw:
            self.add(seat, move.draw)
        if step.played and "penalty" not in step.kinds and move.number is not None:
            self.remove(seat, move.number.cards)
            self.remove(seat, (card for factor in move.factors for card in factor.cards))
        if move.penalty is not None and move.penalty.cards:
            self.add(seat, move.penalty.cards)

    def hand_faces(self, seat: int, hand: HandState) -> str:
        """The hand's known cards in rank order, with the suits known for them."""
        mine = self.suits[seat]
        if not mine:
            return hand.cards
        used: dict[str, int] = {}
        cards: list[Card] = []
        for rank in hand.cards:
            known = mine.get(rank, [])
            index = used.get(rank, 0)
            used[rank] = index + 1
            cards.append(Card(rank, known[index] if index < len(known) else None))
        return face_text(cards)


@dataclass(slots=True)
class Faces:
    """The faces one step's position shows (``""``: the ranks alone say it all)."""

    hands: list[str] | None = None
    """By seat, when the record names suits."""
    played: str = ""
    factors: str = ""
    field: str = ""
    drawn: str = ""
    penalty: str = ""


class FaceTracker:
    """Walks a replay's steps in order and gives each step's :class:`Faces`."""

    __slots__ = ("book", "field")

    def __init__(self, game: ParsedGame, seats: Sequence[str]) -> None:
        self.book = SuitBook.dealt(game, seats) if has_suits(game) else None
        self.field = ""

    def step(self, step: Step) -> Faces:
        book, move, state = self.book, step.move, step.state
        faces = Faces()
        if step.played:
            faces.played, faces.factors = played_faces(step)
        field = state.field
        if field is None:
            self.field = ""
        elif step.played and "penalty" not in step.kinds and field.owner == step.seat:
            self.field = faces.played
        faces.field = self.field
        if book is None:
            return faces
        book.follow(step)
        faces.hands = [book.hand_faces(seat, hand) for seat, hand in enumerate(state.hands)]
        if move is not None and move.draw and any(card.suit for card in move.draw):
            faces.drawn = face_text(move.draw)
        penalty = move.penalty if move is not None else None
        if penalty is not None and penalty.cards and any(card.suit for card in penalty.cards):
            faces.penalty = face_text(penalty.cards)
        return faces
