"""Every installed game, built in or plug-in, fulfils the contract of games/base.py."""

from __future__ import annotations

import re
from importlib.metadata import entry_points

import pytest

from kifuwiki.games import ENTRY_POINT_GROUP, all_games, game_ids, get_game, normalise_game_id
from kifuwiki.games.base import CORE_FLAGS, GameModule, StepFlag
from kifuwiki.render.environment import make_environment

GAMES = game_ids()


def test_built_in_games_register_through_the_entry_point_group() -> None:
    installed = {entry.name: entry.value for entry in entry_points(group=ENTRY_POINT_GROUP)}
    assert installed["prime-daifugo"] == "kifuwiki.games.prime_daifugo:GAME"
    assert installed["catan"] == "kifuwiki.games.catan:GAME"
    assert set(installed) <= set(GAMES)


@pytest.mark.parametrize("game_id", GAMES)
def test_identity_names_and_aliases(game_id: str) -> None:
    game: GameModule = get_game(game_id)
    assert game.id == game_id and re.fullmatch(r"[a-z][a-z0-9-]*", game_id)
    assert game.version and set(game.names) >= {"ja", "en"}
    for alias in (*game.aliases, game.names["ja"], game.names["en"], game_id.upper()):
        assert normalise_game_id(alias) == game_id, alias


@pytest.mark.parametrize("game_id", GAMES)
def test_dialects_rules_and_codes(game_id: str) -> None:
    game = get_game(game_id)
    assert game.dialects, "a game writes at least one notation"
    assert game.default_rules in game.rule_presets
    assert game.code_prefixes and all(re.fullmatch(r"[A-Z]{2}", p) for p in game.code_prefixes)
    assert game.codes and all(code.startswith(game.code_prefixes) for code in game.codes)
    assert set(game.codes_ja) <= set(game.codes)


def test_no_two_games_share_a_prefix_alias_or_badge() -> None:
    prefixes = [p for game in all_games() for p in game.code_prefixes]
    assert len(prefixes) == len(set(prefixes))
    aliases = [a.lower() for game in all_games() for a in (game.id, *game.aliases)]
    assert len(aliases) == len(set(aliases))


@pytest.mark.parametrize("game_id", GAMES)
def test_presentation_lives_in_the_package(game_id: str) -> None:
    game = get_game(game_id)
    assert (game.package_dir / "templates" / "state.html").is_file()
    env = make_environment()
    assert env.get_template(f"{game_id}/state.html") is not None
    for name in game.template_filters:
        prefix = name.split("_", 1)[0].upper()
        assert prefix in game.code_prefixes, f"filter {name} is not named after a code prefix"
        assert name in env.filters
    for path in (game.package_dir / "assets").glob("*"):
        if path.name.endswith(".js.min"):  # a script's prebuilt minified copy, beside it
            assert path.with_suffix("").is_file(), path
            continue
        assert path.suffix in (".css", ".js"), path


@pytest.mark.parametrize("game_id", GAMES)
def test_step_flags_are_well_formed(game_id: str) -> None:
    game = get_game(game_id)
    for flag_id, flag in game.step_flags.items():
        assert isinstance(flag, StepFlag)
        assert re.fullmatch(r"[a-z][a-z0-9-]*", flag_id)
        assert flag.badge_ja and flag.badge_en
        assert not flag.key or re.fullmatch(r"[a-z]", flag.key)
        assert flag.key not in {"c"} or flag_id == "comment", "c is the core's comment key"
        assert flag_id not in CORE_FLAGS or flag_id == "comment"
    keys = [flag.key for flag in game.step_flags.values() if flag.key]
    assert len(keys) == len(set(keys))
