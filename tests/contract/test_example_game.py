"""The proof: a game package outside kifuwiki (tests/example_game, installed by
./scripts/setup through its own pyproject.toml) gets every command and every page with
no edit to kifuwiki."""

from __future__ import annotations

import json
import shutil
from importlib.metadata import entry_points
from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from click.testing import CliRunner

import kifuwiki
from kifuwiki.archive import load_file, load_text
from kifuwiki.cli import cli
from kifuwiki.games import ENTRY_POINT_GROUP, get_game

EXAMPLE = Path(__file__).resolve().parents[1] / "example_game"
RECORDS = EXAMPLE / "site" / "records" / "nim"


def _installed() -> bool:
    return any(entry.name == "nim" for entry in entry_points(group=ENTRY_POINT_GROUP))


# Not a skip: without the package the proof would silently prove nothing.
if not _installed():  # pragma: no cover - a set-up problem, said plainly
    raise RuntimeError(
        "tests/example_game is not installed: run ./scripts/setup --with-example-game"
    )


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.output


def test_it_is_installed_from_its_own_package_not_from_kifuwiki() -> None:
    game = get_game("nim")
    assert not game.package_dir.is_relative_to(Path(kifuwiki.__file__).parent)
    assert game.package_dir.is_relative_to(EXAMPLE)
    (entry,) = [e for e in entry_points(group=ENTRY_POINT_GROUP) if e.name == "nim"]
    assert entry.value == "kifuwiki_nim:GAME"


def test_games_command_lists_it() -> None:
    code, text = run("games")
    assert code == 0 and "nim 0.1.0: ニム / Nim" in text and "classic (default), misere" in text
    code, out = run("games", "--format", "json")
    (nim,) = [g for g in json.loads(out)["games"] if g["id"] == "nim"]
    assert nim["notations"] == ["plain"] and nim["code_prefixes"] == ["NM"]


def test_codes_command_lists_its_codes_in_both_languages() -> None:
    assert "NM101  a move takes more stones than are left" in run("codes", "NM")[1]
    assert "NM101  残りより多くの石を取っている" in run("codes", "NM", "--lang", "ja")[1]


def test_validate_reports_its_rules_and_notation_errors() -> None:
    code, text = run("validate", str(RECORDS / "first.kifu"), str(RECORDS / "misere.kifu"))
    assert code == 0, text
    code, out = run("validate", str(RECORDS / "broken.kifu"), "--format", "json")
    assert code == 1
    report = json.loads(out)
    (game,) = report["games"]
    assert game["game"] == "nim"  # front matter says ニム: the game's own alias
    codes = [(d["code"], d["line"]) for d in game["diagnostics"]]
    assert codes == [("NM100", 7), ("NM103", 8), ("NM001", 9), ("NM100", 10)]


def test_fmt_writes_it_back_and_checks_the_notation_name() -> None:
    assert run("fmt", "--check", str(RECORDS / "first.kifu"))[0] == 0
    code, text = run("fmt", "--to", "plain", str(RECORDS / "misere.kifu"))
    assert code == 0 and text == (RECORDS / "misere.kifu").read_text(encoding="utf-8")
    code, text = run("fmt", "--to", "standard", str(RECORDS / "misere.kifu"))
    assert code == 2 and "nim records are written in plain" in text


def test_its_rule_engine_runs_real_rules() -> None:
    (first,) = load_file(RECORDS / "first.kifu")
    assert first.winner == "Bob" and first.rules == "classic"
    view = get_game("nim").view(first)
    assert [s.index for s in view.steps if "slip" in s.flags] == [3]
    assert "slip" in view.badges
    (misere,) = load_file(RECORDS / "misere.kifu")
    assert misere.winner == "Alice"  # Carol took the last stone: in misère she loses
    (bigger,) = load_text("---\ngame: nim\nrules: {max_take: 4}\npile: 5\n---\nA: 5\n", "n.kifu")
    assert bigger.rules == "classic (max_take=4)"
    assert [d.code for d in bigger.diagnostics] == ["NM100"]


@pytest.mark.slow
def test_a_site_with_its_records_gets_every_page(tmp_path: Path) -> None:
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    root = tmp_path / "site-src"
    shutil.copytree(EXAMPLE / "site", root, ignore=shutil.ignore_patterns(".cache"))
    config = load_config(config_file=str(root / "mkdocs.yml"), site_dir=str(tmp_path / "out"))
    config.plugins.on_startup(command="build", dirty=False)
    try:
        build(config)
    finally:
        config.plugins.on_shutdown()
    site = tmp_path / "out"

    def page(url: str) -> BeautifulSoup:
        return BeautifulSoup((site / url / "index.html").read_text(encoding="utf-8"), "lxml")

    record = page("records/nim/first")
    viewer = record.select_one("section.kw-viewer")
    assert viewer is not None and viewer["data-kw-game"] == "nim"
    assert len(viewer.select("ol.kw-moves > li")) == 5
    assert record.select_one('[data-kw-jump="slip"][data-kw-key="x"]') is not None
    assert record.select_one("span.kw-flag-slip.kw-tone-bad") is not None
    assert record.select_one(".kw-board .nm-pile") is not None  # the game's own filter
    assets = {t.get("href") or t.get("src") for t in record.select("[data-kw-asset]")}
    assert assets == {"../../../assets/kifuwiki/nim/nim.css", "../../../assets/kifuwiki/nim/nim.js"}
    assert (site / "assets/kifuwiki/nim/nim.js").is_file()
    # The fence: a first `game: nim` line.
    home = page("")
    assert home.select_one("section.kw-viewer")["data-kw-game"] == "nim"
    assert home.select_one(".kw-error-box") is None
    # Index, player, event pages and the report.
    rows = page("records/nim").select("table.kw-index tbody tr")
    assert len(rows) == 3
    stats = page("records/players/alice").select(".kw-player-game-stats tr")
    assert {tr["data-stat"] for tr in stats} == {"nm_stones", "nm_slips"}
    assert len(page("records/events/example-cup").select("table.kw-index tbody tr")) == 2
    report = page("records/report")
    codes = [li["data-code"] for li in report.select("li.kw-diagnostic")]
    assert sorted(codes) == ["NM001", "NM100", "NM100", "NM103"]
    assert "more than the rules allow" not in report.get_text()  # messages, not descriptions
    assert "a move takes 1 to 3" in report.get_text()
