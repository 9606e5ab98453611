"""闘地主 / Dou Dizhu records: notation → rules engine → view → writer, exposed as ``GAME``."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import kifuwiki
from kifuwiki.cardkit.game import ViewAndWriter, text_lines
from kifuwiki.core.recordfile import RecordSource
from kifuwiki.games.base import GameRecord, StepFlag
from kifuwiki.games.doudizhu.codes import CODES, CODES_JA, ERRORS
from kifuwiki.games.doudizhu.rules import PRESETS, describe

if TYPE_CHECKING:
    from kifuwiki.games.doudizhu.engine import Replay
    from kifuwiki.games.doudizhu.model import DdzRecord

_HINT = re.compile(r"^\s*(?:kitty|底牌|底札)\s*[:：]|^\s*\S+\s*[:：]\s*bid\s*[0-3\-]\s*$", re.I)


@dataclass(slots=True)
class DdzData:
    """What ``GameRecord.data`` holds for a Dou Dizhu record."""

    record: DdzRecord
    replay: Replay


class DouDizhuGame(ViewAndWriter):
    data_type = DdzData
    id = "doudizhu"
    version = kifuwiki.__version__
    names: Mapping[str, str] = {"ja": "闘地主", "en": "Dou Dizhu"}
    aliases: tuple[str, ...] = ("闘地主", "斗地主", "dou-dizhu", "dou_dizhu")
    dialects: tuple[str, ...] = ("kifu",)
    rule_presets: tuple[str, ...] = tuple(PRESETS)
    default_rules = "classic"
    rule_preset_names: Mapping[str, Mapping[str, str]] = {
        "classic": {"ja": "標準 (中国ルール)", "en": "Classic (Chinese rules)"},
        "seed-ja": {"ja": "日本語版の説明", "en": "Japanese description"},
        "douzero": {"ja": "DouZero 準拠", "en": "DouZero engine"},
    }
    code_prefixes: tuple[str, ...] = ("DZ",)
    codes: Mapping[str, str] = CODES
    codes_ja: Mapping[str, str] = CODES_JA
    error_codes: frozenset[str] = ERRORS
    #: The deal (``hands``, ``kitty``) is the first position. ``landlord`` and ``bid``
    #: stay in "More information": a record with bid lines does not read them.
    shown_meta_keys = frozenset({"hands", "kitty"})
    step_flags: Mapping[str, StepFlag] = {
        "bomb": StepFlag("爆弾", "bomb", "次の爆弾", "Next bomb", "b", "special"),
        "rocket": StepFlag("ロケット", "rocket", "次のロケット", "Next rocket", "r", "special"),
        "landlord": StepFlag("地主決定", "landlord", style="accent"),
        "spring": StepFlag("春天", "spring", style="good"),
    }
    package_dir = Path(__file__).resolve().parent
    template_filters: Mapping[str, Callable[..., Any]] = {}
    badges: Mapping[str, tuple[str, str]] = {
        "spring": ("春天", "spring"),
        "bomb": ("爆弾あり", "bombs played"),
        "rocket": ("ロケットあり", "rocket played"),
        "landlord": ("地主の勝ち", "landlord won"),
        "peasants": ("農民の勝ち", "peasants won"),
        "redeal": ("配り直し", "redeal"),
    }

    @property
    def importers(self) -> tuple[Any, ...]:
        """``kifuwiki import doudizhu-showdown`` and ``doudizhu-trace``."""
        from kifuwiki.games.doudizhu.importers import IMPORTERS

        return IMPORTERS

    def detect(self, source: RecordSource) -> bool:
        """A kitty line, or bid lines, say Dou Dizhu; nothing else writes them. So does a
        ``landlord:`` in front matter (an imported game's bidding is not written)."""
        if "landlord" in source.meta:
            return True
        return any(_HINT.match(text) for text in text_lines(source))

    def load(self, source: RecordSource, rules: Mapping[str, Any] | None = None) -> GameRecord:
        from kifuwiki.games.doudizhu.engine import replay
        from kifuwiki.games.doudizhu.notation import parse

        parsed = parse(source, default_rules=rules)
        record = parsed.record
        result = replay(record, parsed.bag)
        outcome = result.outcome
        winner = record.name(outcome.winner) if outcome.winner else None
        ranking: list[str] = []
        if outcome.winner is not None and outcome.landlord is not None:
            winners = (
                [outcome.landlord]
                if outcome.landlord_won
                else [outcome.winner]
                + [s for s in record.seats if s not in (outcome.winner, outcome.landlord)]
            )
            ranking = [record.name(s) for s in winners]
        moves = sum(1 for step in result.steps if step.action is not None)
        return GameRecord(
            game=self.id,
            source=source,
            title=source.title,
            players=[record.name(seat) for seat in record.seats],
            first_player=record.name(outcome.landlord) if outcome.landlord else None,
            winner=winner,
            ranking=ranking,
            moves=moves,
            diagnostics=parsed.bag.sorted(),
            rules=f"doudizhu-{describe(record.options)}",
            data=DdzData(record, result),
        )


GAME = DouDizhuGame()

__all__ = ["GAME", "DdzData", "DouDizhuGame"]
