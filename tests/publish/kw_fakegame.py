"""A tiny game for the publishing tests: ``NAME: WORD`` per move.

It fulfils the GameModule contract with as little rule logic as possible, so the
publishing tests do not depend on (or break with) a real game engine:

* a line without ``:`` is an error FK001 (column 1); the word ``bad`` is an error
  FK002 on its step; a final ``win`` makes its player the winner;
* the word ``gc`` gives the record the ``GC`` badge and the step the ``special`` flag;
* stats per player: ``words`` (sum) and ``longest`` (max, shown as the word itself).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from kifuwiki.core.diagnostics import DiagnosticBag
from kifuwiki.core.recordfile import LineKind, RecordSource
from kifuwiki.games.base import (
    GameRecord,
    PlayerLine,
    PlayerStat,
    RecordView,
    StepFlag,
    StepView,
)

CODES = {"FK001": "a move line needs 'NAME: WORD'", "FK002": "the word 'bad' is not allowed"}
CODES_JA = {"FK001": "手の行は「名前: 単語」の形にする", "FK002": "単語 bad は使えない"}


class FakeGame:
    id = "fake"
    version = "0.0.1"
    names: Mapping[str, str] = {"ja": "テストゲーム", "en": "Test game"}
    aliases: tuple[str, ...] = ()
    dialects: tuple[str, ...] = ("plain",)
    rule_presets: tuple[str, ...] = ("plain",)
    default_rules = "plain"
    code_prefixes: tuple[str, ...] = ("FK",)
    codes: Mapping[str, str] = CODES
    codes_ja: Mapping[str, str] = CODES_JA
    error_codes: frozenset[str] = frozenset(CODES)
    badges: Mapping[str, tuple[str, str]] = {"special": ("特別", "special")}
    step_flags: Mapping[str, StepFlag] = {
        "special": StepFlag("特殊", "special", "次の特殊", "Next special", "s", "special")
    }
    package_dir = Path(__file__).resolve().parent / "kw_fakegame_files"
    template_filters: Mapping[str, Callable[..., Any]] = {}

    def detect(self, source: RecordSource) -> bool:
        return False

    def load(self, source: RecordSource, rules: Mapping[str, Any] | None = None) -> GameRecord:
        bag = DiagnosticBag()
        moves: list[tuple[str, str, int]] = []
        for line in source.lines:
            if line.kind is not LineKind.TEXT:
                continue
            name, colon, word = line.text.partition(":")
            if not colon:
                bag.error("FK001", "a move line needs 'NAME: WORD'", line.number, 1)
                continue
            moves.append((name.strip(), word.strip(), line.number))
            if word.strip() == "bad":
                column = line.text.index("bad") + 1
                bag.error(
                    "FK002", "the word 'bad' is not allowed", line.number, column, step=len(moves)
                )
        mapping = source.meta.get("players") if isinstance(source.meta.get("players"), dict) else {}
        keys = list(dict.fromkeys(name for name, _, _ in moves))
        names = [str(mapping.get(k, k)) for k in keys]
        winner = None
        if moves and moves[-1][1] == "win":
            winner = str(mapping.get(moves[-1][0], moves[-1][0]))
        preset = (rules or {}).get("preset", "plain")
        return GameRecord(
            game="fake",
            source=source,
            title=source.title,
            players=names,
            first_player=names[0] if names else None,
            winner=winner,
            ranking=[winner] if winner else [],
            moves=len(moves),
            diagnostics=bag.sorted(),
            rules=str(source.meta.get("rules") or preset),
            data={"moves": moves, "keys": keys, "mapping": mapping},
        )

    def view(self, record: GameRecord) -> RecordView:
        data = record.data
        mapping = data["mapping"]
        steps = [
            StepView(
                0,
                "m0",
                None,
                "",
                record.source.first_line,
                "start",
                "start",
                state={"last": "", "count": 0},
            )
        ]
        comments: dict[int, list[str]] = {}
        bookmarks: dict[int, list[str]] = {}
        step = 0
        for line in record.source.lines:
            if line.kind is LineKind.TEXT and ":" in line.text:
                step += 1
            elif line.kind is LineKind.COMMENT:
                comments.setdefault(step, []).append(line.comment)
            elif line.kind is LineKind.BOOKMARK:
                bookmarks.setdefault(step, []).append(line.bookmark)
        stats: dict[str, list[PlayerStat]] = {}
        errors = {d.step for d in record.diagnostics if d.step is not None}
        for index, (key, word, number) in enumerate(data["moves"], start=1):
            name = str(mapping.get(key, key))
            flags = set()
            if index in comments:
                flags.add("comment")
            if word == "gc":
                flags.add("special")
            if index in errors:
                flags.add("error")
            steps.append(
                StepView(
                    index,
                    f"m{index}",
                    name,
                    f"{key}: {word}",
                    number,
                    "move",
                    f"{name}: {word}",
                    comments=tuple(comments.get(index, ())),
                    bookmarks=tuple(bookmarks.get(index, ())),
                    annotations=(f"{len(word)} letters",),
                    flags=frozenset(flags),
                    state={"last": word, "count": index},
                )
            )
        for key in data["keys"]:
            name = str(mapping.get(key, key))
            words = [w for k, w, _ in data["moves"] if k == key]
            longest = max(words, key=len) if words else ""
            stats[name] = [
                PlayerStat("words", "語数", "words", len(words)),
                PlayerStat("longest", "最長", "longest word", len(longest), "max", longest),
            ]
        players = [
            PlayerLine(
                key,
                str(mapping.get(key, key)),
                1 if record.winner == str(mapping.get(key, key)) else None,
                record.winner == str(mapping.get(key, key)),
            )
            for key in data["keys"]
        ]
        badges = {"GC"} if any(w == "gc" for _, w, _ in data["moves"]) else set()
        return RecordView(
            record=record,
            players=players,
            steps=steps,
            header=[("Fake rules", record.rules)],
            badges=frozenset(badges),
            player_stats=stats,
        )

    def format(self, record: GameRecord, dialect: str | None = None) -> str:
        return "\n".join(f"{k}: {w}" for k, w, _ in record.data["moves"])


GAME = FakeGame()
