"""Catan (カタン) log sheets: notation → rules → view → writer, exposed as ``GAME``."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import kifuwiki
from kifuwiki.cardkit.game import ViewAndWriter
from kifuwiki.cardkit.options import fixed_rules
from kifuwiki.core.recordfile import LineKind, RecordSource, front_matter_line
from kifuwiki.games.base import GameRecord, StepFlag
from kifuwiki.games.catan import codes as catan_codes
from kifuwiki.games.catan.codes import CODES, ERRORS

if TYPE_CHECKING:
    from kifuwiki.games.catan.model import CatanRecord
    from kifuwiki.games.catan.replay import Replay

RULES = "catan-base"
_CELL_HINT = re.compile(r"^\s*[0-9]+\s+\S+\s*[:：]\s*(?:[0-9]{1,2}(?:-\S+)?\s*(?:\||$)|\[)")


@dataclass(slots=True)
class CatanData:
    """What ``GameRecord.data`` holds for a Catan record."""

    record: CatanRecord
    replay: Replay


class CatanGame(ViewAndWriter):
    data_type = CatanData
    id = "catan"
    version = kifuwiki.__version__
    names: Mapping[str, str] = {"ja": "カタン", "en": "Catan"}
    aliases: tuple[str, ...] = ("カタン",)
    dialects: tuple[str, ...] = ("sheet",)
    rule_presets: tuple[str, ...] = ("base",)
    default_rules = "base"
    rule_preset_names: Mapping[str, Mapping[str, str]] = {
        "base": {"ja": "基本ルール", "en": "Base game"}
    }
    code_prefixes: tuple[str, ...] = ("CT",)
    codes: Mapping[str, str] = CODES
    codes_ja: Mapping[str, str] = getattr(catan_codes, "CODES_JA", {})
    error_codes: frozenset[str] = ERRORS
    #: The turn order heads the turn table, the board, harbours and starting pieces are
    #: drawn, and ``cards`` only says which letters the moves use.
    shown_meta_keys = frozenset({"order", "cards", "board", "harbours", "start"})
    step_flags: Mapping[str, StepFlag] = {
        "special": StepFlag(
            "称号",
            "title card",
            "次の最長交易路・最大騎士力",
            "Next Longest Road / Largest Army",
            "s",
            "special",
        ),
    }
    package_dir = Path(__file__).resolve().parent
    template_filters: Mapping[str, Callable[..., Any]] = {}
    badges: Mapping[str, tuple[str, str]] = {
        "LR": ("最長交易路", "Longest Road"),
        "LA": ("最大騎士力", "Largest Army"),
        "omitted": ("省略あり", "turns omitted"),
        "board": ("盤面つき", "with board"),
    }

    @property
    def importers(self) -> tuple[Any, ...]:
        """``kifuwiki import catan-sheet`` (log-sheet pages), imported when it runs."""
        from kifuwiki.games.catan.import_sheet import IMPORTER

        return (IMPORTER,)

    def detect(self, source: RecordSource) -> bool:
        """A record is a log sheet when most of its lines are ``turn player: dice | …``."""
        from kifuwiki.games.catan.notation import TURN

        texts = [line.text for line in source.lines if line.kind is LineKind.TEXT]
        if not texts:
            return False
        hits = sum(1 for text in texts if TURN.match(text) and _CELL_HINT.match(text))
        return hits * 2 > len(texts)

    def load(self, source: RecordSource, rules: Mapping[str, Any] | None = None) -> GameRecord:
        from kifuwiki.games.catan.notation import parse
        from kifuwiki.games.catan.replay import replay

        parsed = parse(source)
        bag = parsed.bag
        # Catan checks the base game only: any other ``rules:`` is reported (CT126).
        spec = source.meta.get("rules", rules)
        fixed_rules(spec, "base", "CT126", bag, front_matter_line(source, "rules"))
        result = replay(parsed.record, bag)
        record = parsed.record
        names = [record.name(key) for key in record.order]
        return GameRecord(
            game=self.id,
            source=source,
            title=source.title,
            players=names,
            first_player=record.name(record.order[0]) if record.order else None,
            winner=record.name(result.winner) if result.winner else None,
            ranking=[record.name(key) for key in result.ranking],
            moves=len(result.steps) - 1,  # a line not read that took a turn is one
            diagnostics=bag.sorted(),
            rules=RULES,
            data=CatanData(record, result),
        )


GAME = CatanGame()

__all__ = ["GAME", "CatanData", "CatanGame"]
