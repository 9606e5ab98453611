"""Every installed game reports a ``rules:`` it cannot honour, at the ``rules:`` line.

A record that asks for rules a game does not have must not be checked silently by other
rules: the player would trust a verdict given under rules they did not ask for. Catan
and 鋼鉄の虹 ignored ``rules:`` altogether before; three games pointed at line 1.
"""

from __future__ import annotations

import pytest

from kifuwiki.archive import load_text
from kifuwiki.games import game_ids, get_game

GAMES = game_ids()

# The key sits on line 4, after two other keys, so "line 1" and "the first body line"
# are both wrong answers.
RECORD = "---\ngame: {game}\ntitle: rules check\nrules: {rules}\n---\n"


def _at_rules_line(game_id: str, rules: str) -> list[str]:
    record = load_text(RECORD.format(game=game_id, rules=rules), "x.kifu")[0]
    assert record.game == game_id
    prefixes = get_game(game_id).code_prefixes
    return [d.code for d in record.diagnostics if d.line == 4 and d.code.startswith(prefixes)]


@pytest.mark.parametrize("game_id", GAMES)
def test_an_unknown_rule_option_is_reported_at_the_rules_line(game_id: str) -> None:
    assert _at_rules_line(game_id, "{no_such_option_xyz: 3}"), game_id


@pytest.mark.parametrize("game_id", GAMES)
def test_an_unknown_preset_is_reported_at_the_rules_line(game_id: str) -> None:
    assert _at_rules_line(game_id, "no-such-preset-xyz"), game_id


@pytest.mark.parametrize("game_id", GAMES)
def test_every_declared_preset_is_accepted_silently(game_id: str) -> None:
    for preset in get_game(game_id).rule_presets:
        assert _at_rules_line(game_id, preset) == [], (game_id, preset)
