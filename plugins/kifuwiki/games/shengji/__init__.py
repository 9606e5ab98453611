"""升級 (Shengji, Tractor, 拖拉机): notation → rules → view → writer, exposed as ``GAME``."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from kifuwiki.core.recordfile import LineKind, RecordSource
from kifuwiki.games.base import GameRecord, RecordView
from kifuwiki.games.shengji.codes import CODES, CODES_JA
from kifuwiki.games.shengji.engine import Replay, replay
from kifuwiki.games.shengji.model import SEATS, SJRecord
from kifuwiki.games.shengji.notation import parse
from kifuwiki.games.shengji.rules import RuleSet, resolve

_PLAY_HINT = re.compile(r"^\s*[NESW]\s*[:：]\s*(?:[SHDC♠♥♦♣](?:10|[2-9TJQKA])|BJ|RJ)+\s*$")


@dataclass(slots=True)
class SJData:
    """What ``GameRecord.data`` holds for a 升級 record."""

    record: SJRecord
    replay: Replay
    rules: RuleSet


class ShengjiGame:
    id = "shengji"
    names: Mapping[str, str] = {"ja": "升級", "en": "Shengji (Tractor)"}
    aliases: tuple[str, ...] = ("升級", "升级", "tractor", "拖拉机", "拖拉機")
    dialects: tuple[str, ...] = ("standard",)
    codes: Mapping[str, str] = CODES
    codes_ja: Mapping[str, str] = CODES_JA
    badges: Mapping[str, tuple[str, str]] = {
        "takeover": ("攻守交代", "attackers take over"),
        "kitty": ("扣底", "kitty to the attackers"),
        "throw": ("甩牌", "throw"),
    }

    def detect(self, source: RecordSource) -> bool:
        """A levels line and plays by the seats N E S W."""
        texts = [line.text for line in source.lines if line.kind is LineKind.TEXT]
        has_levels = any(t.lstrip().lower().startswith("levels:") for t in texts)
        plays = sum(1 for t in texts if _PLAY_HINT.match(t))
        return has_levels and plays * 2 > len(texts)

    def load(self, source: RecordSource, rules: Mapping[str, Any] | None = None) -> GameRecord:
        parsed = parse(source)
        bag = parsed.bag
        spec: object = rules if rules is not None else source.meta.get("rules")
        ruleset = resolve(spec, bag, 1)
        result = replay(parsed.record, ruleset, bag)
        record = parsed.record
        winners = [s for s in SEATS if result.winners and s in result.winners]
        losers = [s for s in SEATS if s not in winners] if winners else []
        return GameRecord(
            game=self.id,
            source=source,
            title=source.title,
            players=[record.name(s) for s in SEATS],
            first_player=record.name(result.declarer),
            winner=" & ".join(record.name(s) for s in winners) or None,
            ranking=[record.name(s) for s in winners + losers],
            moves=len(record.events),
            diagnostics=bag.sorted(),
            rules=ruleset.describe(),
            data=SJData(record, result, ruleset),
        )

    def view(self, record: GameRecord) -> RecordView:
        from kifuwiki.games.shengji.view import build_view

        return build_view(record)

    def format(self, record: GameRecord, dialect: str | None = None) -> str:
        from kifuwiki.games.shengji.writer import write

        data = record.data
        if not isinstance(data, SJData):
            raise TypeError("not a 升級 record")
        return write(data.record)


GAME = ShengjiGame()

__all__ = ["GAME", "SJData", "ShengjiGame"]
