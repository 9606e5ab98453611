"""Small helpers shared by the Dou Dizhu tests."""

from __future__ import annotations

from kifuwiki.cards import parse_cards
from kifuwiki.core.recordfile import split_record_file
from kifuwiki.games.base import GameRecord
from kifuwiki.games.doudizhu import GAME, DdzData
from kifuwiki.games.doudizhu.combos import Combo, readings
from kifuwiki.games.doudizhu.notation import JOKER_ALIASES
from kifuwiki.games.doudizhu.ranks import Counts, cards_counts
from kifuwiki.games.doudizhu.rules import PRESETS, RuleOptions

FRONT = "players:\n  A: Alice\n  B: Bob\n  C: Carol\n"
#: A deal used by many tests: every card once (17/17/17 + 3).
HANDS = (
    "A:(3 4 5 5 6 7 8 9 10 J Q Q K K K BJ RJ)\n"
    "B:(3 3 4 4 5 6 7 8 8 9 10 10 J J Q K A)\n"
    "C:(3 4 5 6 6 7 8 9 9 10 J Q A A 2 2 2)\n"
    "kitty:(7 A 2)\n"
)


def record(body: str, front: str = FRONT) -> GameRecord:
    text = "---\ngame: doudizhu\n" + front + "---\n" + body.strip("\n") + "\n"
    return GAME.load(split_record_file(text, "test.kifu")[0])


def data(rec: GameRecord) -> DdzData:
    assert isinstance(rec.data, DdzData)
    return rec.data


def codes(rec: GameRecord) -> list[str]:
    return [d.code for d in rec.diagnostics]


def errors(rec: GameRecord) -> list[str]:
    return [d.code for d in rec.diagnostics if d.severity.value == "error"]


def find(rec: GameRecord, code: str) -> tuple[int, int]:
    """(line, column) of the first diagnostic with ``code``."""
    for d in rec.diagnostics:
        if d.code == code:
            return d.line, d.column
    raise AssertionError(f"no {code} in {codes(rec)}")


def counts(text: str) -> Counts:
    return cards_counts(parse_cards(text, JOKER_ALIASES))


def read(text: str, options: RuleOptions = PRESETS["classic"]) -> list[Combo]:
    return readings(counts(text), options)
