"""Importers: rlcard-showdown replays, RLCard traces and DouZero games → records, through the
engine. Fixtures were written for these tests (tests/doudizhu/fixtures, from a self-play game)."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from kifuwiki.cli.import_cmd import _game_importer
from kifuwiki.core.diagnostics import Severity
from kifuwiki.core.recordfile import split_record_file
from kifuwiki.games.doudizhu import GAME
from kifuwiki.games.doudizhu.importers import IMPORTERS, read_showdown, read_trace
from kifuwiki.importers.output import REVIEW_MARK

FIXTURES = Path(__file__).parent / "fixtures"


def load(record):  # an ImportedRecord through the game, as `kifuwiki validate` would
    return GAME.load(split_record_file(record.render(dt.date(2026, 11, 23)), "x.kifu")[0])


def codes(issues) -> list[str]:
    return [issue.code for issue in issues]


def test_showdown_replay_imports_clean() -> None:
    result = read_showdown(FIXTURES / "showdown-game.json")
    assert result.issues == []
    (record,) = result.records
    assert record.meta["landlord"] == "C"
    assert record.meta["players"] == {"A": "East", "B": "South", "C": "West"}
    assert record.meta["source"] == "showdown-game.json"
    game = load(record)
    assert game.diagnostics == []
    assert game.winner is not None and game.moves == 37  # plays and passes: no bids in the log
    assert record.body[2].startswith("C:(") and len(record.body[2].split()) == 20


def test_showdown_card_in_two_hands_is_reported() -> None:
    result = read_showdown(FIXTURES / "showdown-card-twice.json")
    errors = [i for i in result.issues if i.severity is Severity.ERROR]
    assert errors and all(i.code == "IM060" for i in errors)
    assert any("DZ107" in i.message for i in errors)
    first = next(i for i in errors if "DZ107" in i.message)
    assert first.record == "doudizhu/showdown-card-twice.kifu" and first.line is not None


def test_showdown_unreadable_parts_are_kept_for_review() -> None:
    result = read_showdown(FIXTURES / "showdown-unreadable.json")
    (record,) = result.records
    assert codes(record.issues()) == ["IM012", "IM012"]  # reported when the record is written
    kept = [line for line in record.body if REVIEW_MARK in line]
    assert len(kept) == 2 and any("ZZ" in line for line in kept)
    # The lost move breaks the turn order: the engine says so.
    assert "IM060" in codes(result.issues)


def test_rlcard_trace_imports_clean_and_matches_the_replay() -> None:
    result = read_trace(FIXTURES / "rlcard-trace.json")
    assert result.issues == []
    (record,) = result.records
    assert any(line.startswith("kitty:(") for line in record.body)
    game = load(record)
    assert game.diagnostics == []
    showdown = load(read_showdown(FIXTURES / "showdown-game.json").records[0])
    assert game.data.replay.outcome == showdown.data.replay.outcome


def test_rlcard_trace_out_of_turn_is_reported() -> None:
    result = read_trace(FIXTURES / "rlcard-trace-broken.json")
    assert any(i.code == "IM060" and "DZ100" in i.message for i in result.issues)


def test_douzero_game_imports_clean() -> None:
    result = read_trace(FIXTURES / "douzero-game.json")
    assert result.issues == []
    (record,) = result.records
    assert record.meta["rules"] == "douzero" and record.meta["landlord"] == "A"
    game = load(record)
    assert game.diagnostics == []
    assert game.data.replay.outcome.landlord == "A"


def test_douzero_broken_game() -> None:
    result = read_trace(FIXTURES / "douzero-broken.json")
    assert codes(result.records[0].issues()) == ["IM012"]  # card number 99, kept for review
    assert any(i.code == "IM060" and "DZ107" in i.message for i in result.issues)


def test_not_json_and_wrong_shapes() -> None:
    assert codes(read_showdown(FIXTURES / "not-json.json").issues) == ["IM004"]
    assert codes(read_showdown(FIXTURES / "rlcard-trace.json").issues) == ["IM010"]
    assert codes(read_trace(FIXTURES / "showdown-game.json").issues) == ["IM010"]


def test_cli_writes_atomically_and_never_overwrites_without_force(tmp_path: Path) -> None:
    command = _game_importer(IMPORTERS[0])
    runner = CliRunner()
    source = FIXTURES / "showdown-game.json"
    records = tmp_path / "records"
    first = runner.invoke(command, [str(source), "--records", str(records)])
    assert first.exit_code == 0, first.output
    written = records / "doudizhu" / "showdown-game.kifu"
    text = written.read_text(encoding="utf-8")
    assert "game: doudizhu" in text and "source: showdown-game.json" in text
    again = runner.invoke(command, [str(source), "--records", str(records)])
    assert again.exit_code == 0 and written.read_text(encoding="utf-8") == text
    written.write_text(text + "* my note\n", encoding="utf-8")
    kept = runner.invoke(command, [str(source), "--records", str(records)])
    assert kept.exit_code == 1 and "IM050" in kept.output
    assert written.read_text(encoding="utf-8").endswith("* my note\n")
    forced = runner.invoke(command, [str(source), "--records", str(records), "--force"])
    assert forced.exit_code == 0 and written.read_text(encoding="utf-8") == text


def test_cli_reports_a_broken_log_and_fails(tmp_path: Path) -> None:
    command = _game_importer(IMPORTERS[1])
    result = CliRunner().invoke(
        command, [str(FIXTURES / "douzero-broken.json"), "--records", str(tmp_path)]
    )
    assert result.exit_code == 1
    assert "IM060" in result.output and "DZ107" in result.output


def test_fixtures_are_what_they_say() -> None:
    showdown = json.loads((FIXTURES / "showdown-card-twice.json").read_text(encoding="utf-8"))
    b_cards = set(showdown["initHands"][1].split())
    assert b_cards & set(showdown["initHands"][2].split())


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 40) | st.text("SHDCT2345JQKABRP ass", max_size=12),
    lambda children: (
        st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=6), children, max_size=4)
    ),
    max_leaves=20,
)
_KEYS = st.sampled_from(
    [
        "initHands",
        "playerInfo",
        "moveHistory",
        "initial_hands",
        "seen_cards",
        "landlord",
        "trace",
        "landlord_up",
        "landlord_down",
        "three_landlord_cards",
        "card_play_action_seq",
        "playerIdx",
        "move",
    ]
)


@settings(max_examples=120, deadline=None)
@given(st.dictionaries(_KEYS, _JSON, max_size=6))
def test_importers_never_raise_on_odd_json(
    tmp_path_factory: pytest.TempPathFactory, data: dict
) -> None:
    path = tmp_path_factory.mktemp("odd") / "odd.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    for read in (read_showdown, read_trace):
        result = read(path)
        for record in result.records:
            record.render(dt.date(2026, 1, 1))
            record.issues()
