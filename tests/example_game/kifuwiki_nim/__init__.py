"""Nim for kifuwiki: the example of a game package that lives outside kifuwiki.

``GAME`` is what the ``kifuwiki.games`` entry point names (see ``pyproject.toml``); it
provides every attribute of :class:`kifuwiki.games.base.GameModule`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from kifuwiki.core.diagnostics import DiagnosticBag
from kifuwiki.core.recordfile import LineKind, RecordSource, front_matter_line
from kifuwiki.games.base import GameRecord, RecordView, StepFlag
from kifuwiki_nim.codes import CODES, CODES_JA, ERRORS
from kifuwiki_nim.glyphs import stones_filter
from kifuwiki_nim.notation import MOVE, parse, write
from kifuwiki_nim.rules import PRESETS, replay, resolve_rules


class NimGame:
    id = "nim"
    version = "0.1.0"
    names: Mapping[str, str] = {"ja": "ニム", "en": "Nim"}
    aliases: tuple[str, ...] = ("ニム", "nim-game")
    dialects: tuple[str, ...] = ("plain",)
    rule_presets: tuple[str, ...] = tuple(PRESETS)
    default_rules = "classic"
    code_prefixes: tuple[str, ...] = ("NM",)
    codes: Mapping[str, str] = CODES
    codes_ja: Mapping[str, str] = CODES_JA
    error_codes: frozenset[str] = ERRORS
    badges: Mapping[str, tuple[str, str]] = {
        "slip": ("勝ち逃し", "slipped a win"),
        "misere": ("ミゼール", "misère"),
    }
    step_flags: Mapping[str, StepFlag] = {
        "slip": StepFlag("勝ち逃し", "slip", "次の勝ち逃し", "Next slip", "x", "bad"),
    }
    package_dir = Path(__file__).resolve().parent
    template_filters: Mapping[str, Callable[..., Any]] = {"nm_stones": stones_filter}

    def detect(self, source: RecordSource) -> bool:
        """Untagged records are Nim when every text line is a ``PLAYER: N`` move."""
        texts = [line.text for line in source.lines if line.kind is LineKind.TEXT]
        return bool(texts) and all(MOVE.match(text) for text in texts)

    def load(self, source: RecordSource, rules: Mapping[str, Any] | None = None) -> GameRecord:
        bag = DiagnosticBag()
        record = parse(source, bag)
        spec = source.meta.get("rules", rules)
        # Diagnostics about a front matter key point at its line (1 for a site default).
        rule_set = resolve_rules(spec, bag, front_matter_line(source, "rules"))
        result = replay(record, rule_set, bag)
        mapping = source.meta.get("players")
        names = mapping if isinstance(mapping, dict) else {}
        shown = [str(names.get(key, key)) for key in result.players]
        winner = str(names.get(result.winner, result.winner)) if result.winner else None
        return GameRecord(
            game=self.id,
            source=source,
            title=source.title,
            players=shown,
            first_player=shown[0] if shown else None,
            winner=winner,
            ranking=[winner, *(n for n in shown if n != winner)] if winner else [],
            moves=len(record.moves),
            diagnostics=bag.sorted(),
            rules=rule_set.name,
            data={"record": record, "replay": result},
        )

    def view(self, record: GameRecord) -> RecordView:
        from kifuwiki_nim.view import build_view

        return build_view(record)

    def format(self, record: GameRecord, dialect: str | None = None) -> str:
        return write(record.data["record"])


GAME = NimGame()

__all__ = ["GAME", "NimGame"]
