"""``kifuwiki fmt`` writes Catan records back canonically and loses nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from tests.catan.game_gen import generate

from kifuwiki.archive import load_file, load_text
from kifuwiki.cli import cli
from kifuwiki.cli.fmt import format_records
from kifuwiki.games.catan.model import Closing, Omission, Turn, Unreadable

RECORDS = sorted((Path(__file__).resolve().parents[2] / "records" / "catan").glob("*.kifu"))


def meaning(text: str) -> list[Any]:
    """What a record says, without columns or spelling: equal before and after fmt."""
    result: list[Any] = []
    for rec in load_text(text, "x.kifu"):
        data = rec.data.record
        result.append((data.order, data.players, data.card_set, [n.text for n in data.setup_notes]))
        for item in data.items:
            notes = [n.text.strip() for n in item.notes]
            if isinstance(item, Turn):
                acts = [
                    (a.build, a.card, a.resources, a.robbery and a.robbery.text, a.takes)
                    for a in item.actions
                ]
                dice = item.dice and (item.dice.value, item.dice.robbery and item.dice.robbery.text)
                result.append(
                    (
                        "turn",
                        item.number,
                        item.player,
                        len(item.before),
                        acts,
                        dice,
                        item.marks,
                        notes,
                    )
                )
            elif isinstance(item, Closing):
                result.append(("closing", item.kind, item.label, item.values, notes))
            elif isinstance(item, Omission | Unreadable):
                result.append((type(item).__name__, item.text, notes))
    return result


def fmt(text: str) -> str:
    return format_records(load_text(text, "x.kifu"), None)


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.name)
def test_demo_records_are_canonical_and_valid(path: Path) -> None:
    records = load_file(path)
    assert all(r.errors == 0 for r in records)
    assert format_records(records, None) == path.read_text(encoding="utf-8")


def test_at_least_three_demo_records_one_with_a_board() -> None:
    records = [r for path in RECORDS for r in load_file(path)]
    assert len(records) >= 3
    assert any(r.data.record.board is not None for r in records)
    assert sum(1 for r in records if r.moves >= 30) >= 2


SPELLINGS = """---
game: catan
order: B Y R W
cards: de
---
* notes stay
1 B:6|RR
1 Y: 7-T8(R)|
1 R: 6
1 W:   [R]-G8(B)|8|R  R+ !
* after white
…
3 B: 5 | [MG] [e]
3 Y: 5 | [E(G S)] S
追加点: Y 1
合計: B 5点, Y 5点、R 7点 W 11点
"""


def test_spellings_normalise_and_keep_their_meaning() -> None:
    once = fmt(SPELLINGS)
    assert "1 B: 6 | R R" in once
    assert "1 R: 6 |" in once
    assert "1 W: [R]-G8(B) | 8 | R R+ !" in once
    assert "3 Y: 5 | [E G S] S" in once
    assert "合計: B 5, Y 5, R 7, W 11" in once
    assert meaning(once) == meaning(SPELLINGS)
    assert fmt(once) == once


def test_a_line_with_errors_is_kept_as_written() -> None:
    text = "---\ngame: catan\norder: B Y\n---\n1 B: 6 | R X\nwhat?\n1 Y: 5 |\n"
    once = fmt(text)
    assert "1 B: 6 | R X" in once
    assert "what?" in once
    assert fmt(once) == once


@pytest.mark.parametrize(
    "closing", ["合計: B 10, Y 99999999999999", "合計: B 10, Q 2", "追加点: B 1, zz"]
)
def test_a_closing_line_with_errors_is_kept_as_written(closing: str) -> None:
    # fmt wrote "合計: B 10" for "合計: B 10, Q 2": what it could not read was dropped.
    text = f"---\ngame: catan\norder: B Y\n---\n1 B: 6 |\n1 Y: 5 |\n{closing}\n"
    once = fmt(text)
    assert closing in once.splitlines()
    assert fmt(once) == once


@pytest.mark.parametrize("seed", range(12))
def test_generated_games_round_trip(seed: int) -> None:
    game = generate(seed, card_set="en" if seed % 2 else "de", board=seed % 3 == 0)
    assert fmt(game.text) == game.text
    assert meaning(fmt(game.text)) == meaning(game.text)


def test_fmt_check_on_the_demo_records() -> None:
    result = CliRunner().invoke(cli, ["fmt", "--check", *map(str, RECORDS)])
    assert result.exit_code == 0, result.output


def test_fmt_write_rewrites_in_place(tmp_path: Path) -> None:
    path = tmp_path / "game.kifu"
    path.write_text(SPELLINGS, encoding="utf-8")
    result = CliRunner().invoke(cli, ["fmt", "--write", str(path)])
    assert result.exit_code == 0
    assert path.read_text(encoding="utf-8") == fmt(SPELLINGS)
