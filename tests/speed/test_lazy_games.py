"""Validate loads only the games an archive uses, and their engines only when a record
needs them; a record of an unknown game still hears of every installed game.

Each check runs ``kifuwiki validate`` in a fresh interpreter (this test process has
long since imported every game) and looks at what it imported.
"""

from __future__ import annotations

import json
import subprocess
import sys
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

from kifuwiki.games import ENTRY_POINT_GROUP

PRIME_DAIFUGO = "prime-daifugo"
FRONT_MATTER = "---\ngame: {game}\ntitle: t\n---\n"
RECORD = FRONT_MATTER + "a:(7)\nb:(K)\na:7#\n"
#: Modules of a game that only loading, detecting or writing a record needs.
ENGINE_PARTS = ("notation", "replay", "engine", "writer", "view", "glyphs")

#: Runs validate on argv[1] in this interpreter, then prints the modules it imported.
VALIDATE = """
import json, sys
from kifuwiki.cli import cli
try:
    cli.main(["validate", "-j", "1", "--format", "json", sys.argv[1]], standalone_mode=False)
except SystemExit:
    pass
print()
print(json.dumps(sorted(sys.modules)))
"""


def _entry_modules() -> dict[str, str]:
    """Installed game id → its entry point's module (nothing is loaded to learn it)."""
    return {entry.name: entry.module for entry in entry_points(group=ENTRY_POINT_GROUP)}


def _validate(
    tmp_path: Path, game: str, text: str = RECORD, folder: str = "."
) -> tuple[dict[str, Any], set[str]]:
    record = tmp_path / folder / "game.kifu"
    record.parent.mkdir(parents=True, exist_ok=True)
    record.write_text(text.format(game=game), encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-c", VALIDATE, str(record)],
        cwd=tmp_path,  # not a site's folder: its mkdocs.yml would name games of its own
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    report, modules = result.stdout.rsplit("\n\n", 1)
    return json.loads(report), set(json.loads(modules))


def _engine_modules(package: str, modules: set[str]) -> set[str]:
    return {f"{package}.{part}" for part in ENGINE_PARTS} & modules


def test_a_prime_daifugo_archive_imports_prime_daifugo_alone(tmp_path: Path) -> None:
    report, modules = _validate(tmp_path, PRIME_DAIFUGO)
    (game,) = report["games"]
    assert game["game"] == PRIME_DAIFUGO and game["moves"] == 1 and game["errors"] == 0
    games = _entry_modules()
    assert len(games) >= 3  # the built-in games and the example one
    imported = sorted(game_id for game_id, module in games.items() if module in modules)
    assert imported == [PRIME_DAIFUGO]
    assert _engine_modules(games[PRIME_DAIFUGO], modules) == {
        f"{games[PRIME_DAIFUGO]}.notation",
        f"{games[PRIME_DAIFUGO]}.replay",
    }
    # Nothing a validate run does not need: templates, pages, big number theory.
    assert not {"jinja2", "markdown", "mkdocs", "sympy"} & modules
    # ... nor a process pool: -j 1 starts none (the imports were ~10 ms of start-up).
    assert not {"multiprocessing", "concurrent.futures", "ctypes"} & modules
    # ... nor importlib.metadata (~15 ms with email, zipfile, csv): the registry lists
    # sys.path itself (tests/contract/test_entry_point_scan.py proves the answer equal).
    assert not {"importlib.metadata", "email", "zipfile", "csv"} & modules
    # ... nor logging (~3 ms with traceback and string): imported when something is logged.
    assert "logging" not in modules
    # ... nor the acceptance and variation checkers: the record has neither.
    assert not {"kifuwiki.core.acknowledge", "kifuwiki.core.variations"} & modules
    # ... nor hashlib (~2.5 ms: only --shard and the site build hash) or signal (a
    # pool's; threading too, but click, which this run goes through, imports it).
    assert not {"hashlib", "signal"} & modules


def test_an_alias_loads_every_game_but_only_one_engine(tmp_path: Path) -> None:
    report, modules = _validate(tmp_path, "素数大富豪")
    (game,) = report["games"]
    assert game["game"] == PRIME_DAIFUGO and game["errors"] == 0
    games = _entry_modules()
    assert all(module in modules for module in games.values())  # aliases live in the games
    for game_id, module in games.items():
        # An outside game may import its engine with its package (the example one does).
        if game_id != PRIME_DAIFUGO and module.startswith("kifuwiki.games."):
            assert _engine_modules(module, modules) == set(), game_id


#: The record without its ``game:`` line: its folder or its lines must say the game.
UNNAMED = RECORD.replace("game: {game}\n", "")


def test_a_record_without_game_is_detected(tmp_path: Path) -> None:
    report, modules = _validate(tmp_path, PRIME_DAIFUGO, UNNAMED, folder="unsorted")
    (game,) = report["games"]
    assert game["game"] == PRIME_DAIFUGO and game["moves"] == 1 and game["errors"] == 0
    # Detection asks every game, so every game is loaded.
    assert set(_entry_modules().values()) <= modules


def test_a_record_in_its_games_folder_loads_that_game_alone(tmp_path: Path) -> None:
    report, modules = _validate(tmp_path, PRIME_DAIFUGO, UNNAMED, folder=PRIME_DAIFUGO)
    (game,) = report["games"]
    assert game["game"] == PRIME_DAIFUGO and game["moves"] == 1 and game["errors"] == 0
    games = _entry_modules()
    assert sorted(game_id for game_id, module in games.items() if module in modules) == [
        PRIME_DAIFUGO
    ]


def test_an_unknown_game_still_lists_every_installed_game(tmp_path: Path) -> None:
    report, _modules = _validate(tmp_path, "chess")
    (game,) = report["games"]
    (diagnostic,) = game["diagnostics"]
    assert diagnostic["code"] == "RF010"
    for game_id in _entry_modules():
        assert f"{game_id} (" in diagnostic["message"]
        assert f"{game_id} (" in diagnostic["message_ja"]


def test_every_built_in_game_package_imports_without_its_engine() -> None:
    builtin = {
        game_id: module
        for game_id, module in _entry_modules().items()
        if module.startswith("kifuwiki.games.")
    }
    code = (
        "import importlib, json, sys\n"
        f"for module in {sorted(builtin.values())!r}:\n"
        "    game = importlib.import_module(module).GAME\n"
        "    assert game.codes and game.codes_ja and game.rule_presets and game.names\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True
    )
    modules = set(json.loads(result.stdout))
    for game_id, module in builtin.items():
        assert _engine_modules(module, modules) == set(), game_id
    assert "jinja2" not in modules


def test_the_registry_checks_a_game_without_reading_its_properties() -> None:
    from kifuwiki.games.base import contract_gaps
    from kifuwiki.games.prime_daifugo import GAME

    class Costly(type(GAME)):
        @property
        def template_filters(self) -> dict[str, object]:
            raise AssertionError("read while checking the contract")

    assert contract_gaps(Costly()) == []
    assert "pd_cards" in GAME.template_filters  # read on demand, where pages need it


def test_workers_forked_from_validate_report_what_one_process_reports(tmp_path: Path) -> None:
    # A fresh validate process has one thread, so its workers are forked from it (Linux).
    records = tmp_path / "records"
    records.mkdir()
    bodies = ["a:(7)\nb:(K)\na:7#\n", "a:(7K)\nb:(2Q)\na:Z!\n", "a:(57)\nb:(2Q)\na:57[GC]#\n"]
    for i in range(30):
        text = FRONT_MATTER.format(game=PRIME_DAIFUGO) + bodies[i % 3]
        (records / f"g{i:02d}.kifu").write_text(text, encoding="utf-8")
    command = [sys.executable, "-m", "kifuwiki", "validate", "--format", "json", str(records)]
    reports = [
        subprocess.run(
            [*command, "-j", jobs], capture_output=True, text=True, timeout=120, check=False
        ).stdout
        for jobs in ("1", "2")
    ]
    one, two = (json.loads(report) for report in reports)
    assert one == two and one["files"] == 30 and one["errors"] >= 10


def test_only_a_single_threaded_caller_is_forked() -> None:
    import threading

    from kifuwiki.sitebuild import pool

    if not sys.platform.startswith("linux"):
        assert pool.process_context(fork_caller=True).get_start_method() != "fork"
        return
    waiting = threading.Event()
    other = threading.Thread(target=waiting.wait)
    other.start()
    try:
        assert pool.process_context(fork_caller=True).get_start_method() == "forkserver"
    finally:
        waiting.set()
        other.join()
    code = (
        "from kifuwiki.sitebuild import pool\n"
        "print(pool.process_context(fork_caller=True).get_start_method(), "
        "pool.process_context().get_start_method())\n"
    )
    methods = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    ).stdout.split()
    assert methods == ["fork", "forkserver"]
