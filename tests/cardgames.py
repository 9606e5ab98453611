"""Test scaffolding shared by the card games' tests: load a body, find a diagnostic,
round-trip through ``fmt``, damage a generated record.

Each game keeps its own alphabets, token lists and example counts (what is worth
fuzzing differs); what every game checks the same way lives here.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from kifuwiki.core.recordfile import split_record_file
from kifuwiki.games.base import GameModule, GameRecord, RecordView


def front(game: str, *lines: str) -> str:
    """Front matter naming ``game``, plus ``lines`` (``rules: …``)."""
    return "---\n" + f"game: {game}\n" + "".join(f"{line}\n" for line in lines) + "---\n"


def load(game: GameModule, head: str, body: str) -> GameRecord:
    """One record: ``head`` (front matter) and ``body`` (stripped of blank edges)."""
    return game.load(split_record_file(head + body.strip("\n") + "\n", "test.kifu")[0])


def codes(rec: GameRecord) -> list[str]:
    return [d.code for d in rec.diagnostics]


def find(rec: GameRecord, code: str, front_lines: int = 0) -> tuple[int, int]:
    """(line, column) of the first diagnostic with ``code``; lines count from the body
    when ``front_lines`` (the front matter's) is given, else from the file's top."""
    for d in rec.diagnostics:
        if d.code == code:
            return d.line - front_lines, d.column
    raise AssertionError(f"no {code} in {codes(rec)}")


def moves_plus_deal(rec: GameRecord) -> int:
    """Steps a view has: one per move and step 0 (the deal or the start)."""
    return rec.moves + 1


def replay_steps(rec: GameRecord) -> int:
    """Steps the game's replay reached (it stops at a move it cannot apply): for games
    whose ``data.replay`` keeps its steps."""
    return len(rec.data.replay.steps)


def roundtrip(
    game: GameModule,
    text: str,
    head: str,
    steps: Callable[[GameRecord], int] = moves_plus_deal,
) -> list[GameRecord]:
    """Load every game in ``text`` (never raising), view it (``steps(record)`` steps),
    and check that ``fmt`` is idempotent: formatting the formatted body changes nothing."""
    records = []
    for source in split_record_file(text, "fuzz.kifu"):
        record = game.load(source)
        view = game.view(record)
        assert len(view.steps) == steps(record)
        once = game.format(record)
        again = game.format(game.load(split_record_file(head + once)[0]))
        assert again == once
        records.append(record)
    return records


def damaged(text: str, line: int, junk: str) -> str:
    """``text`` with one line (``line`` modulo the count) cut short and ``junk`` appended."""
    lines = text.splitlines()
    index = line % len(lines)
    cut = len(junk) % (len(lines[index]) + 1)
    lines[index] = lines[index][:cut] + junk
    return "\n".join(lines)


def with_line_replaced(
    game: GameModule, path: Path, old: str, new: str
) -> tuple[GameRecord, RecordView]:
    """The record at ``path`` with its line ``old`` written as ``new``, loaded and
    viewed (the unread-line tests of 撿紅點, 升級, 闘地主 and ポンジャン)."""
    text = path.read_text(encoding="utf-8")
    assert f"\n{old}\n" in text
    (source,) = split_record_file(text.replace(f"\n{old}\n", f"\n{new}\n", 1), "x.kifu")
    record = game.load(source)
    return record, game.view(record)


def errors_and_warnings(record: GameRecord) -> list[str]:
    """The codes of ``record``'s diagnostics that are not information."""
    return [d.code for d in record.diagnostics if d.severity.value != "info"]
