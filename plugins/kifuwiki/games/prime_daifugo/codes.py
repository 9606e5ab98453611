"""Diagnostic codes of the Prime Daifugo rules engine (``PD1xx``).

The codes are stable: tools and CI read them. The notation parser's codes (``PD0xx``)
live in :mod:`.notation_codes`. A penalised bad play is a game *event* (an annotation
on the step), never one of these: an error means the record and the rules cannot both
be right.
"""

from __future__ import annotations

UNKNOWN_RULE_SET = "PD100"
UNKNOWN_RULE_OPTION = "PD101"
BAD_RULE_VALUE = "PD102"

OUT_OF_TURN = "PD110"
AFTER_GAME_END = "PD111"
UNREADABLE_SKIPPED = "PD112"
DRAW_AFTER_ACTION = "PD113"

CARD_NOT_IN_HAND = "PD120"
TOO_MANY_OF_RANK = "PD121"
HAND_SIZE = "PD123"
INCOMPLETE_HAND = "PD124"
UNKNOWN_CARDS = "PD125"
EMPTY_DECK_DRAW = "PD126"
TOO_MANY_DRAWS = "PD127"
DECK_BOTTOM_MISMATCH = "PD128"
MISSING_DRAWS = "PD129"

WRONG_COUNT = "PD130"
NOT_STRONGER = "PD131"
NOT_PRIME_ACCEPTED = "PD132"
BAD_FACTORISATION_ACCEPTED = "PD133"
COMPOSITES_OFF = "PD134"
VALID_PLAY_PENALISED = "PD137"
UNCHECKABLE_PLAY = "PD138"

PENALTY_SIZE = "PD140"
PENALTY_WITHOUT_PLAY = "PD141"

JOKER_VALUE_MISSING = "PD150"
JOKER_VALUE_RANGE = "PD151"
JOKER_VALUE_EXTRA = "PD152"
JOKER_LEADING_ZERO = "PD153"
TAG_MISMATCH = "PD154"
SPECIAL_AS_COMPOSITE = "PD155"
TAG_OTHER_SPECIAL = "PD156"

OUT_WITH_CARDS = "PD160"
EMPTY_WITHOUT_OUT = "PD161"
ADJUDICATED_END = "PD162"

FLUSH_MARK = "PD170"
REVOLUTION_MARK = "PD171"

CODES: dict[str, str] = {
    UNKNOWN_RULE_SET: "warning: front matter `rules:` names no known rule set; `standard` is used",
    UNKNOWN_RULE_OPTION: "warning: front matter `rules:` has an option the engine does not know",
    BAD_RULE_VALUE: "warning: a rule option has a value of the wrong kind; it is ignored",
    OUT_OF_TURN: "error: a move is made by a player whose turn it is not",
    AFTER_GAME_END: "error: a move comes after every player but one has gone out",
    UNREADABLE_SKIPPED: (
        "warning: a move the parser could not read is treated as a pass; later checks of "
        "that player's hand may be off"
    ),
    DRAW_AFTER_ACTION: (
        "error: a draw comes after the same player passed or played in that turn; a draw "
        "comes before acting (seed 003)"
    ),
    CARD_NOT_IN_HAND: "error: a move uses a card the player does not hold",
    TOO_MANY_OF_RANK: "error: more than four cards of a rank, or two jokers, are visible at once",
    HAND_SIZE: "warning: an initial hand does not have the rule set's size, or hands differ",
    INCOMPLETE_HAND: (
        "warning: a hand is unknown (不明 or not given); checks that need it are skipped "
        "(reported once per game)"
    ),
    UNKNOWN_CARDS: (
        "info: some cards are written as `?`; checks that need them are skipped "
        "(reported once per game)"
    ),
    EMPTY_DECK_DRAW: "error: a card is drawn from an empty deck",
    TOO_MANY_DRAWS: "warning: more draws in one turn than the rule set allows",
    DECK_BOTTOM_MISMATCH: (
        "warning: a drawn card is not the one the known bottom of the deck (flushed cards, "
        "in order) says comes next"
    ),
    MISSING_DRAWS: (
        "warning: the record writes no draws at all; cards a player did not hold are taken "
        "as unrecorded draws from the deck (reported once per game)"
    ),
    WRONG_COUNT: (
        "error: a follow with a different number of cards than the field was not penalised"
    ),
    NOT_STRONGER: "error: a follow that does not beat the field was not penalised",
    NOT_PRIME_ACCEPTED: "error: a number that is not prime was accepted without a penalty",
    BAD_FACTORISATION_ACCEPTED: "error: a wrong factorisation was accepted without a penalty",
    COMPOSITES_OFF: (
        "error: a composite play was accepted although the rule set forbids it (no "
        "composites at all, or 57 as a composite under the Fandom rules)"
    ),
    VALID_PLAY_PENALISED: "error: a play that the rules allow was penalised",
    UNCHECKABLE_PLAY: (
        "info: a play contains unknown cards (`?`) or a joker without value and cannot be checked"
    ),
    PENALTY_SIZE: "error: the penalty's size does not fit the play and the cards left in the deck",
    PENALTY_WITHOUT_PLAY: "error: a penalty is written on a move that put no cards on the field",
    JOKER_VALUE_MISSING: "error: a joker in a play of several cards has no declared value",
    JOKER_VALUE_RANGE: "error: a joker value is outside the rule set's range (0–13 by default)",
    JOKER_VALUE_EXTRA: "warning: more joker values are declared than jokers were played",
    JOKER_LEADING_ZERO: (
        "warning: a joker stands for a leading 0; no source allows or forbids it, so it is "
        "accepted and read as written"
    ),
    TAG_MISMATCH: (
        "error: a [GC], [RR] or [IN] tag is written on a play that is not 57, 1729 or a lone joker"
    ),
    SPECIAL_AS_COMPOSITE: "warning: 57 or 1729 played as a composite has no special effect",
    TAG_OTHER_SPECIAL: (
        "warning: a (GC) or (RR) tag names the other special play than its cards can make "
        "(the seed's `A72X(GC)`); read as the one the card count allows"
    ),
    OUT_WITH_CARDS: ("error: `#` (going out) is written mid-game but the player still holds cards"),
    EMPTY_WITHOUT_OUT: "error: the player's hand is empty but the move has no `#`",
    ADJUDICATED_END: (
        "warning: the record ends with `#` but the player still holds cards: read as an "
        "adjudicated end (time limit) with that player declared the winner"
    ),
    FLUSH_MARK: (
        "warning: a flush mark `r` is written on a move after which the field did not flush"
    ),
    REVOLUTION_MARK: (
        "warning: a move is marked as played under revolution, but no revolution is on"
    ),
}
