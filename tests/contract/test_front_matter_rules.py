"""Every installed game reports a ``rules:`` it cannot honour, at the ``rules:`` line.

A record that asks for rules a game does not have must not be checked silently by other
rules: the player would trust a verdict given under rules they did not ask for. Catan
and 鋼鉄の虹 ignored ``rules:`` altogether before; three games pointed at line 1.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from kifuwiki.archive import load_file, load_text
from kifuwiki.games import game_ids, get_game

GAMES = game_ids()
RECORDS = Path(__file__).resolve().parents[2] / "records"

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


# One severity in every game (round fourteen; review13 R13-9): rules a game cannot use
# are a warning. The record is still checked, under the rules the message names, so an
# archive's CI is not broken by a preset its kifuwiki does not know yet; `--strict`
# fails on it. Four games made it an error, three a warning.


def _severities_at_rules_line(game_id: str, rules: str) -> set[str]:
    record = load_text(RECORD.format(game=game_id, rules=rules), "x.kifu")[0]
    prefixes = get_game(game_id).code_prefixes
    return {
        d.severity.value for d in record.diagnostics if d.line == 4 and d.code.startswith(prefixes)
    }


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("rules", ["no-such-preset-xyz", "{no_such_option_xyz: 3}"])
def test_rules_a_game_cannot_use_are_a_warning(game_id: str, rules: str) -> None:
    assert _severities_at_rules_line(game_id, rules) == {"warning"}, (game_id, rules)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_warning_names_what_was_written(game_id: str) -> None:
    record = load_text(RECORD.format(game=game_id, rules="no-such-preset-xyz"), "x.kifu")[0]
    assert any("no-such-preset-xyz" in d.message for d in record.diagnostics if d.line == 4)


def _without_rules(text: str) -> str:
    """``text`` with its front matter's ``rules:`` key (and a block under it) dropped."""
    lines = text.split("\n")
    end = lines.index("---", 1)
    kept, skipping = [], False
    for i, line in enumerate(lines):
        if 0 < i < end and line.startswith("rules:"):
            skipping = True
            continue
        if skipping and 0 < i < end and line.startswith((" ", "\t")):
            continue
        skipping = False
        kept.append(line)
    return "\n".join(kept)


def _demo_record(game_id: str) -> Path | None:
    for path in sorted(RECORDS.glob("*/*.kifu")):
        records = load_file(path)
        if records and records[0].game == game_id:
            return path
    return None


@pytest.mark.parametrize("game_id", [g for g in GAMES if _demo_record(g) is not None])
def test_an_unknown_preset_is_checked_as_the_default_rules(game_id: str) -> None:
    # The whole record is still replayed and checked, exactly as with no `rules:` at all.
    path = _demo_record(game_id)
    assert path is not None
    plain = _without_rules(path.read_text(encoding="utf-8"))
    asked = plain.replace("---\n", "---\nrules: no-such-preset-xyz\n", 1)
    default, unknown = load_text(plain, path.name), load_text(asked, path.name)
    assert [r.moves for r in unknown] == [r.moves for r in default]
    assert [r.winner for r in unknown] == [r.winner for r in default]

    def checks(records: list[Any]) -> list[tuple[str, str]]:
        return [
            (d.code, d.message)
            for r in records
            for d in r.diagnostics
            if "no-such-preset-xyz" not in d.message
        ]

    # Lines moved by one: compare what was found, not where.
    assert checks(unknown) == checks(default)
