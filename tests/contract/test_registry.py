"""The registry: entry points, run-time registration, aliases, per-game site rules."""

from __future__ import annotations

import dataclasses

import pytest

from kifuwiki.archive import load_text, rules_for
from kifuwiki.games import (
    get_game,
    installed_games_text,
    normalise_game_id,
    register_game,
    registered_game,
)

#: The game that claims what names no game (``claims_untagged``): ``rules: name`` is its.
DEFAULT_GAME = "prime-daifugo"


def test_a_game_registered_at_run_time_is_there_only_inside_the_block() -> None:
    catan = get_game("catan")

    @dataclasses.dataclass
    class Renamed:
        inner: object
        id: str = "renamed-catan"
        aliases: tuple[str, ...] = ("改名カタン",)

        def __getattr__(self, name: str) -> object:
            return getattr(self.inner, name)

    game = Renamed(catan)
    assert normalise_game_id("改名カタン") is None
    with registered_game(game):
        assert normalise_game_id("改名カタン") == "renamed-catan"
        assert "renamed-catan" in installed_games_text()
    assert normalise_game_id("改名カタン") is None
    assert "renamed-catan" not in installed_games_text()


def test_aliases_live_in_the_games() -> None:
    assert normalise_game_id("素数大富豪") == DEFAULT_GAME
    assert normalise_game_id(" PrimeQK ") == DEFAULT_GAME
    assert normalise_game_id("prime_daifugo") == DEFAULT_GAME
    assert normalise_game_id("カタン") == "catan"
    assert normalise_game_id("chess") is None


def test_unknown_game_gets_one_diagnostic_naming_the_installed_games() -> None:
    (record,) = load_text("---\ngame: chess\n---\n1. e4\n", "x.kifu")
    (diagnostic,) = record.diagnostics
    assert diagnostic.code == "RF010"
    for game_id in ("catan", DEFAULT_GAME):
        assert game_id in diagnostic.message and game_id in diagnostic.message_ja
    assert diagnostic.text("ja").startswith("ゲーム 'chess'")


def test_site_rules_per_game_and_the_bare_name_for_the_default_game() -> None:
    per_game = {DEFAULT_GAME: "online", "カタン": "base"}
    assert rules_for(per_game, DEFAULT_GAME) == {"preset": "online"}
    assert rules_for(per_game, "catan") == {"preset": "base"}
    assert rules_for({DEFAULT_GAME: {"preset": "fandom", "gc": False}}, DEFAULT_GAME) == {
        "preset": "fandom",
        "gc": False,
    }
    assert rules_for("online", DEFAULT_GAME) == {"preset": "online"}
    assert rules_for("online", "catan") is None
    assert rules_for({"preset": "online", "hand_size": 7}, DEFAULT_GAME) == {
        "preset": "online",
        "hand_size": 7,
    }
    assert rules_for({"preset": "online"}, "catan") is None
    assert rules_for(None, DEFAULT_GAME) is None


def test_site_rules_reach_each_game_and_front_matter_wins() -> None:
    body = "a:(7)\nb:(K)\na:7#\n"
    (record,) = load_text(body, "p.kifu", {DEFAULT_GAME: "online", "catan": "base"})
    assert record.rules == "online"
    (record,) = load_text("---\nrules: fandom\n---\n" + body, "p.kifu", {DEFAULT_GAME: "online"})
    assert record.rules == "fandom"


def test_a_game_that_lacks_part_of_the_contract_is_refused_by_name() -> None:
    class HalfAGame:
        id = "half"

    with pytest.raises(TypeError) as refused:
        register_game(HalfAGame())  # type: ignore[arg-type]
    assert "lacks version, names, aliases" in str(refused.value)
    assert "template_filters, detect, load, view, format" in str(refused.value)
    assert normalise_game_id("half") is None


def test_a_typo_of_a_game_is_named_in_the_warning() -> None:
    from kifuwiki.sitebuild.site import site_rules_warnings

    (message,) = site_rules_warnings({"shengi": "standard"})
    assert "'shengi' is no installed game" in message and "did you mean 'shengji'?" in message
    assert site_rules_warnings({DEFAULT_GAME: "online"}) == []
    assert site_rules_warnings("online") == []


def test_unknown_rule_games_are_the_keys_that_name_no_game() -> None:
    from kifuwiki.archive import unknown_rule_games

    assert unknown_rule_games({DEFAULT_GAME: "online", "カタン": "base", "chess": "x"}) == ["chess"]
    # The older form names no game at all: it is the default game's rule spec (every
    # Prime Daifugo option, short ones like `in` included, is no game's typo) …
    assert unknown_rule_games({"preset": "online", "hand_size": 7, "in": False}) == []
    # … unless a key is spelt almost like a game: the commonest typo of all.
    assert unknown_rule_games({"catn": "base"}) == ["catn"]
    assert unknown_rule_games("online") == [] and unknown_rule_games(None) == []
