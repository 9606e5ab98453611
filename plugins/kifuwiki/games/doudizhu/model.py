"""The parsed record: seats, dealt hands, the bottom cards and one item per action line."""

from __future__ import annotations

from dataclasses import dataclass, field

from kifuwiki.cards import Card
from kifuwiki.core.recordfile import SourceLine
from kifuwiki.games.doudizhu.rules import RuleOptions


@dataclass(slots=True)
class Line:
    """What every record line keeps: where it is, what it said, what follows it."""

    line: int
    text: str
    marks: str = ""
    notes: list[SourceLine] = field(default_factory=list)
    """Comments and bookmarks written after the line."""


@dataclass(slots=True)
class Hand(Line):
    """``A:(3 4 5 …)``: a seat's dealt cards; a ``?`` stands for the rest, not known."""

    seat: str = ""
    cards: list[Card] = field(default_factory=list)
    columns: list[int] = field(default_factory=list)
    unknown: int = 0
    front: bool = False
    """Written in the front matter (``hands:``), not in the body."""


@dataclass(slots=True)
class Kitty(Line):
    """``kitty:(7 A 2)``: the three bottom cards (底牌), which go to the landlord."""

    cards: list[Card] = field(default_factory=list)
    columns: list[int] = field(default_factory=list)
    unknown: int = 0
    front: bool = False
    """Written in the front matter (``kitty:``), not in the body: no step of its own."""


@dataclass(slots=True)
class Bid(Line):
    """``A:bid2``, or ``A:bid-`` for no bid (value 0)."""

    seat: str = ""
    value: int = 0
    column: int = 1


@dataclass(slots=True)
class Play(Line):
    """``A:3 3 3 + 4``: cards played; ``+`` optionally splits the main part from kickers."""

    seat: str = ""
    cards: list[Card] = field(default_factory=list)
    columns: list[int] = field(default_factory=list)
    column: int = 1
    """Column of the first card."""
    split: int | None = None
    """How many cards come before ``+``, when the line has one."""
    out: bool = False
    """Written with ``#`` (goes out)."""
    claims: tuple[str, ...] = ()
    """Checked annotations: ``bomb``, ``rocket``, ``spring``."""


@dataclass(slots=True)
class Pass(Line):
    """``A:%`` (also ``-``, ``pass``, ``不要``)."""

    seat: str = ""
    column: int = 1


@dataclass(slots=True)
class Score(Line):
    """``score: A +12, B -6, C -6``: written totals, checked against the rules."""

    values: dict[str, int] = field(default_factory=dict)


@dataclass(slots=True)
class Unreadable(Line):
    """A line the parser could not read; kept so the writer never drops it."""

    seat: str = ""
    """The seat whose play it was, when the line names one and is a play (not a hand or
    a bid): the replay gives that seat its turn, so one typo does not put every later
    line out of turn (review13 R13-2)."""
    step: bool = False
    """A line among the turns (a play, a pass or a bid not read, a line naming no seat
    or a seat that is none, once the deal is read): a step of its own, shown as
    written; naming no seat, whose turn it took the lines after it say (cardkit.unread)."""
    bid: bool = False
    """A bid not read (``B:bid5``, ``B bid-``): in the bidding it takes the bidding
    turn of the seat whose turn it was, its value not known."""
    seat_first: bool = False
    """A line without its colon that opens with a seat of the record (``B 1``, ``B2``):
    in the bidding, before any play, it is taken as that turn's bid (see
    ``_Engine.unread``)."""
    written_seat: str = ""
    """The seat written on the line when it is one of the record's (``B:bid5``, ``B 1``,
    ``Bbid2``): a bid not read is that seat's, in turn or not, as a read bid is; without
    it the bid order says whose it was."""
    spelling: str = ""
    """A line without its colon shaped as a bid, a seat of the record then one value
    (``B 1``, ``B1``, ``Bbid2``, ``A 0``, ``A -``): the bid as the notation writes it
    (``B:bid1``, ``A:bid-``). Its error suggests it once the rules stage takes the line as
    a bid: ``B 3`` after the plays is a play."""
    play_spelling: str = ""
    """A line whose colon is left out or written ``;`` that then reads as a play or a
    pass (``C 3 3`` → ``C:3 3``, ``A pass`` → ``A:pass``): suggested when the rules stage
    takes the line as a play, not a bid."""


Action = Kitty | Bid | Play | Pass
Item = Hand | Kitty | Bid | Play | Pass | Score | Unreadable


@dataclass(slots=True)
class DdzRecord:
    seats: list[str]
    """Seat keys in turn order."""
    names: dict[str, str]
    options: RuleOptions
    items: list[Item] = field(default_factory=list)
    setup_notes: list[SourceLine] = field(default_factory=list)
    landlord: str | None = None
    """Front matter ``landlord``, for records without bids."""
    base_bid: int = 1
    """Front matter ``bid``, for records without bids."""

    def name(self, seat: str) -> str:
        return self.names.get(seat, seat)

    @property
    def hands(self) -> dict[str, Hand]:
        found: dict[str, Hand] = {}
        for item in self.items:
            if isinstance(item, Hand):
                found.setdefault(item.seat, item)
        return found

    @property
    def turns(self) -> list[Action | Unreadable]:
        """:attr:`actions` and the lines among them that could not be read, in order."""
        return [
            item
            for item in self.items
            if isinstance(item, Bid | Play | Pass)
            or (isinstance(item, Kitty) and not item.front)
            or (isinstance(item, Unreadable) and item.step)
        ]

    @property
    def actions(self) -> list[Action]:
        """The lines that are steps of the game, in order."""
        return [
            item
            for item in self.items
            if isinstance(item, Bid | Play | Pass) or (isinstance(item, Kitty) and not item.front)
        ]
