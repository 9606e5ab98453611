"""The kit's rule options: presets, overrides, value checks, descriptions."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from fractions import Fraction

from kifuwiki.cardkit import options
from kifuwiki.core.diagnostics import DiagnosticBag


class Pace(enum.Enum):
    SLOW = "slow"
    FAST = "fast"


@dataclass(frozen=True, slots=True)
class Rules:
    name: str = "plain"
    decks: int = 1
    jokers: bool = True
    pace: Pace = Pace.SLOW


PRESETS = {"plain": Rules(), "quick": Rules(name="quick", pace=Pace.FAST)}


def _value(key: str, value: object) -> object | None:
    if key == "pace":
        return options.enum_value(Pace, value)
    if key == "jokers":
        return value if isinstance(value, bool) else None
    if key == "decks":
        return value if options.whole_number(value, 1, 3) else None
    return None


def _resolve(spec: object) -> tuple[Rules, DiagnosticBag]:
    bag = DiagnosticBag()
    return options.resolve(spec, PRESETS, "plain", _value, "XX001", bag, 4), bag


def test_nothing_is_the_default_preset() -> None:
    rules, bag = _resolve(None)
    assert rules is PRESETS["plain"]
    assert not bag.items


def test_a_preset_name_folds_case() -> None:
    rules, bag = _resolve(" Quick ")
    assert rules.pace is Pace.FAST
    assert not bag.items


def test_an_unknown_preset_is_reported_and_the_default_used() -> None:
    rules, bag = _resolve("turbo")
    assert rules is PRESETS["plain"]
    (diagnostic,) = bag.items
    assert diagnostic.code == "XX001"
    assert diagnostic.line == 4
    assert "turbo" in diagnostic.message and "plain, quick" in diagnostic.message
    assert diagnostic.message_ja


def test_overrides_change_options_of_the_named_preset() -> None:
    rules, bag = _resolve({"preset": "quick", "Decks": 2, "jokers": False})
    assert rules == Rules(name="quick", decks=2, jokers=False, pace=Pace.FAST)
    assert not bag.items


def test_bad_values_and_unknown_options_are_reported_and_ignored() -> None:
    rules, bag = _resolve({"decks": 9, "jokers": "yes", "colour": "red", "pace": "fast"})
    assert rules == Rules(pace=Pace.FAST)
    assert sorted(str(d.message).split("'")[1] for d in bag.items) == ["colour", "decks", "jokers"]
    # Which is wrong, and the options there are (review13 R13-15).
    messages = {str(d.message).split("'")[1]: d.message for d in bag.items}
    assert messages["colour"] == "no rule option 'colour' (options: decks, jokers, pace); ignored"
    assert messages["decks"] == "rule option 'decks' cannot be 9; the option is ignored"


def test_whole_number_refuses_booleans_and_out_of_range() -> None:
    assert options.whole_number(0)
    assert options.whole_number(3, 1, 3)
    assert not options.whole_number(4, 1, 3)
    assert not options.whole_number(-1)
    assert not options.whole_number(True)
    assert not options.whole_number("2")


def test_option_key_folds_case_and_dashes() -> None:
    assert options.option_key(" Throw-Penalty ") == "throw_penalty"


def test_fields_typed_reads_string_annotations() -> None:
    assert options.fields_typed(Rules, "bool") == {"jokers"}
    assert options.fields_typed(Rules, "int", "bool") == {"decks", "jokers"}


def test_describe_names_the_preset_and_what_differs() -> None:
    assert options.describe(Rules(), PRESETS, PRESETS["plain"]) == "plain"
    custom = Rules(name="quick", decks=2, pace=Pace.SLOW)
    assert options.describe(custom, PRESETS, PRESETS["plain"]) == "quick (decks=2, pace=slow)"


def test_show_writes_enums_fractions_and_tables_for_people() -> None:
    assert options.show(Pace.FAST) == "fast"
    assert options.show(Fraction(3, 2)) == "1.5"
    assert options.show({"base": 12, "riichi": 6}) == "base 12, riichi 6"
    assert options.show(False) == "False"
