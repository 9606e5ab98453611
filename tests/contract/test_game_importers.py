"""A game outside kifuwiki ships importers the way the built-in games do: through
``GameModule.importers``, with options of its own, and ``kifuwiki import <name>`` is
there while the game is (registered at run time here, as a plug-in is installed)."""

from __future__ import annotations

import dataclasses
import json
import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner

from kifuwiki.cli import cli
from kifuwiki.core.diagnostics import Severity
from kifuwiki.games import all_games, game_ids, get_game, registered_game
from kifuwiki.importers.issues import ImportIssue
from kifuwiki.importers.output import ImportedRecord
from kifuwiki.importers.run import CommandImporter, ImportRun, importer_command, run_options

OUTSIDE = "outside-game"


@dataclasses.dataclass
class Read:
    records: list[ImportedRecord] = dataclasses.field(default_factory=list)
    issues: list[ImportIssue] = dataclasses.field(default_factory=list)


def read_log(path: Path, prefix: str) -> Read:
    """``{"moves": ["a", "b"]}`` → one record, ``<prefix>:<move>`` per line."""
    result = Read()
    try:
        moves = json.loads(path.read_text(encoding="utf-8"))["moves"]
    except (ValueError, KeyError) as exc:
        result.issues.append(
            ImportIssue(Severity.ERROR, "IM004", f"unreadable: {exc!r}", path.name)
        )
        return result
    record = ImportedRecord(OUTSIDE, path.stem, {"game": OUTSIDE, "title": path.stem}, path.name)
    record.dated = False
    for move in moves:
        record.add(f"{prefix}:{move}")
    result.records.append(record)
    return result


class LogImporter:
    """A file importer written without kifuwiki's FileImporter: any object will do."""

    name = "outside-log"
    help = "Import the outside game's JSON logs (files or folders)."
    unit = "log"
    options = (click.Option(["--prefix"], default="P", show_default=True, help="Who moves."),)

    def read(self, path: Path, prefix: str) -> Read:
        return read_log(path, prefix)


def page_command() -> click.Command:
    @click.command("outside-page", help="Import one text page of moves.")
    @click.argument("page", type=click.Path(exists=True, dir_okay=False, path_type=Path))
    @click.option("--title", required=True, help="The record's title.")
    @run_options
    def command(page: Path, title: str, records_dir: Path, force: bool, dry_run: bool) -> None:
        run = ImportRun(records_dir, force, dry_run)
        record = ImportedRecord(OUTSIDE, "page", {"game": OUTSIDE, "title": title}, page.name)
        record.dated = False
        record.body.extend(page.read_text(encoding="utf-8").splitlines())
        run.page_done([record], [])
        run.exit()

    return command


@dataclasses.dataclass
class OutsideGame:
    """Another game's engine, under the outside game's id, with importers of its own."""

    inner: object
    id: str = OUTSIDE
    importers: tuple[Any, ...] = (
        LogImporter(),
        CommandImporter("outside-page", "Import one text page of moves.", page_command),
    )

    def __getattr__(self, name: str) -> object:
        return getattr(self.inner, name)


@pytest.fixture
def outside() -> Iterator[None]:
    with registered_game(OutsideGame(get_game("catan"))):  # type: ignore[arg-type]
        yield


def run(*args: str) -> Any:
    return CliRunner().invoke(cli, ["import", *args])


def test_the_importers_are_there_only_while_the_game_is(tmp_path: Path) -> None:
    assert run("outside-log", str(tmp_path)).exit_code == 2
    with registered_game(OutsideGame(get_game("catan"))):  # type: ignore[arg-type]
        listing = run("--help").output
        assert "outside-log" in listing and "outside-page" in listing
        # The built-in games' importers are still there.
        assert all(name in listing for name in ("fandom", "primeqk", "catan-sheet"))
    gone = run("outside-log", str(tmp_path))
    assert gone.exit_code == 2 and "No such command 'outside-log'" in gone.output


@pytest.mark.usefixtures("outside")
def test_a_file_importer_with_an_option_of_its_own(tmp_path: Path) -> None:
    logs = tmp_path / "logs"
    logs.mkdir()
    (logs / "one.json").write_text('{"moves": ["x", "y"]}', encoding="utf-8")
    (logs / "two.json").write_text('{"moves": ["z"]}', encoding="utf-8")
    helped = run("outside-log", "--help")
    assert helped.exit_code == 0
    assert "Import the outside game's JSON logs" in helped.output
    assert "--prefix TEXT" in helped.output and "[default: P]" in helped.output
    assert "--records DIRECTORY" in helped.output and "--dry-run" in helped.output

    records = tmp_path / "records"
    result = run("outside-log", str(logs), "--prefix", "Q", "--records", str(records))
    assert result.exit_code == 0, result.output
    assert (records / OUTSIDE / "one.kifu").read_text(encoding="utf-8") == (
        f"---\ngame: {OUTSIDE}\ntitle: one\n---\nQ:x\nQ:y\n"
    )
    assert (records / OUTSIDE / "two.kifu").read_text(encoding="utf-8").endswith("---\nQ:z\n")
    assert "2 log(s), 2 game(s) (2 new, 0 updated, 0 unchanged, 0 kept)" in result.output

    (logs / "bad.json").write_text("{", encoding="utf-8")
    again = run("outside-log", str(logs), "--records", str(records))
    assert again.exit_code == 1  # an error: exit status 1, the other files go on
    assert "bad.json: error IM004 unreadable" in again.output
    assert "3 log(s), 2 game(s) (0 new, 0 updated, 0 unchanged, 2 kept)" in again.output


@pytest.mark.usefixtures("outside")
def test_an_importer_with_its_own_command(tmp_path: Path) -> None:
    page = tmp_path / "page.txt"
    page.write_text("A:1\nB:2\n", encoding="utf-8")
    records = tmp_path / "records"
    result = run("outside-page", str(page), "--title", "T", "--records", str(records))
    assert result.exit_code == 0, result.output
    assert (records / OUTSIDE / "page.kifu").read_text(encoding="utf-8") == (
        f"---\ngame: {OUTSIDE}\ntitle: T\n---\nA:1\nB:2\n"
    )
    missing = run("outside-page", str(page), "--records", str(records))
    assert missing.exit_code == 2 and "Missing option '--title'" in missing.output


@pytest.mark.usefixtures("outside")
def test_a_name_two_games_offer_is_neithers(tmp_path: Path) -> None:
    rival = OutsideGame(get_game("catan"), id="rival-game", importers=(LogImporter(),))
    with registered_game(rival):  # type: ignore[arg-type]
        result = run("outside-log", str(tmp_path))
        assert result.exit_code == 2
        assert (
            "games 'outside-game', 'rival-game' all offer 'kifuwiki import outside-log', so "
            "none of them gets it" in result.output
        )
        listing = run("--help").output
        assert "outside-log" not in listing and "outside-page" in listing


def test_a_game_whose_importers_fail_is_left_out(caplog: pytest.LogCaptureFixture) -> None:
    @dataclasses.dataclass
    class Broken:
        inner: object
        id: str = "broken-game"

        @property
        def importers(self) -> tuple[Any, ...]:
            raise ImportError("no module named 'outside_deps'")

        def __getattr__(self, name: str) -> object:
            return getattr(self.inner, name)

    broken = Broken(get_game("catan"))
    with registered_game(broken), caplog.at_level(logging.WARNING):  # type: ignore[arg-type]
        listing = run("--help")
    assert listing.exit_code == 0 and "fandom" in listing.output
    warnings = [record.getMessage() for record in caplog.records]
    assert any("the importers of game 'broken-game' cannot be made" in w for w in warnings)


@pytest.mark.parametrize("game_id", game_ids())
def test_every_installed_games_importers_make_their_commands(game_id: str) -> None:
    for importer in getattr(get_game(game_id), "importers", ()):
        command = importer_command(importer)
        assert command.name == importer.name and importer.help
        assert {"records_dir", "force", "dry_run"} <= {p.name for p in command.params}
        assert CliRunner().invoke(cli, ["import", importer.name, "--help"]).exit_code == 0


def test_no_two_installed_games_offer_one_importer_name() -> None:
    names = [i.name for game in all_games() for i in getattr(game, "importers", ())]
    assert len(names) == len(set(names))
    assert {"fandom", "primeqk", "catan-sheet"} <= set(names)
