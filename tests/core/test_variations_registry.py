"""Every built-in game branches through the generic path: a variation that repeats the
main line's own continuation replays to the main line's states (games/base.py,
"Variations"). Uses each game's demo records (``records/<game>/``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, NamedTuple

import pytest

from kifuwiki.archive import load_file, load_text
from kifuwiki.cli.fmt import format_records
from kifuwiki.core.diagnostics import Severity
from kifuwiki.games import all_games, get_game
from kifuwiki.games.base import GameRecord, StepView

ROOT = Path(__file__).resolve().parents[2]
#: The built-in games' demo records, and the example game's (an installed plug-in).
FOLDERS = (ROOT / "records", ROOT / "tests" / "example_game" / "site" / "records")


def _demo_record(game_id: str, aliases: tuple[str, ...]) -> Path | None:
    for root in FOLDERS:
        for folder in (game_id, *aliases):
            where = root / folder
            found = sorted(where.glob("*.kifu"), key=lambda p: p.stat().st_size)
            # The smallest record without errors (a broken continuation is rightly
            # reported again; small keeps the test fast).
            for path in found:
                if not load_file(path)[0].errors:
                    return path
    return None


class Demo(NamedTuple):
    """A game's smallest clean demo record: the game, the file, the record, its steps and
    its lines."""

    game: Any
    path: Path
    record: GameRecord
    steps: list[StepView]
    lines: list[str]


def _demo(game_id: str) -> Demo:
    """A game without a demo record fails: it would escape this check unseen if it
    skipped."""
    game = get_game(game_id)
    path = _demo_record(game_id, tuple(game.aliases))
    assert path is not None, f"no demo record for {game_id} under records/"
    record = load_file(path)[0]
    lines = path.read_text(encoding="utf-8").split("\n")
    return Demo(game, path, record, game.view(record).steps, lines)


@pytest.mark.parametrize("game_id", sorted(game.id for game in all_games()))
def test_the_main_lines_own_continuation_as_a_variation_replays_the_same(game_id: str) -> None:
    game, path, main, steps, lines = _demo(game_id)
    assert len(steps) >= 4, f"{path.name} is too short to branch"
    last = main.source.lines[-1].number
    for k in (1, len(steps) // 2, len(steps) - 2):
        cut = steps[k + 1].line  # the continuation starts on step k+1's line
        rest = [line for line in lines[cut - 1 : last] if line.strip()]
        block = ["* ```kifu", *(f"* {line}" for line in rest), "* ```"]
        text = "\n".join([*lines[: cut - 1], *block, *lines[cut - 1 :]])
        record = load_text(text, path.name)[0]
        # Nothing to complain about (an accepted warning of the continuation comes back as
        # information: the same text, now inside the comment).
        problems = [d for d in record.diagnostics if "variation" in d.message]
        assert [d for d in problems if d.severity is not Severity.INFO] == []
        (variation,) = record.variations
        assert variation.record is not None
        branch = variation.branch  # steps sharing a line branch after the last of them
        assert steps[branch].line < cut <= steps[branch + 1].line
        side = game.view(variation.record).steps
        assert len(side) == len(steps)
        for mine, theirs in zip(side[branch:], steps[branch:], strict=True):
            assert mine.state == theirs.state, f"{path.name}: step {mine.index} after {k}"
            assert mine.notation == theirs.notation


@pytest.mark.parametrize("game_id", sorted(game.id for game in all_games()))
def test_fmt_keeps_a_variation_in_every_game(game_id: str) -> None:
    _, path, _, steps, lines = _demo(game_id)
    cut = steps[len(steps) // 2 + 1].line
    move = next(line for line in lines[cut - 1 :] if line.strip())
    block = ["* ```kifu", f"* {move}", "* * a comment inside", "* ```"]
    text = "\n".join([*lines[: cut - 1], *block, *lines[cut - 1 :]])
    formatted = format_records(load_text(text, path.name), None).split("\n")
    start = formatted.index(block[0])
    assert formatted[start : start + len(block)] == block
    again = load_text("\n".join(formatted), path.name)[0]
    assert [v.branch for v in again.variations] == [v.branch for v in load_text(text)[0].variations]
