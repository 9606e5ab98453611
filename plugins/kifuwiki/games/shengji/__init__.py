"""升級 (Shengji, Tractor, 拖拉机): notation → rules → view → writer, exposed as ``GAME``."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import kifuwiki
from kifuwiki.cardkit.game import ViewAndWriter, text_lines
from kifuwiki.core.recordfile import RecordSource, front_matter_line
from kifuwiki.games.base import GameRecord, StepFlag
from kifuwiki.games.shengji.codes import CODES, CODES_JA, ERRORS
from kifuwiki.games.shengji.rules import PRESETS, RuleSet, resolve

if TYPE_CHECKING:
    from kifuwiki.games.shengji.engine import Replay
    from kifuwiki.games.shengji.model import SJRecord

_PLAY_HINT = re.compile(r"^\s*[NESW]\s*[:：]\s*(?:[SHDC♠♥♦♣](?:10|[2-9TJQKA])|BJ|RJ)+\s*$")


@dataclass(slots=True)
class SJData:
    """What ``GameRecord.data`` holds for a 升級 record."""

    record: SJRecord
    replay: Replay
    rules: RuleSet


class ShengjiGame(ViewAndWriter):
    data_type = SJData
    id = "shengji"
    version = kifuwiki.__version__
    names: Mapping[str, str] = {"ja": "升級", "en": "Shengji (Tractor)"}
    aliases: tuple[str, ...] = ("升級", "升级", "tractor", "拖拉机", "拖拉機")
    dialects: tuple[str, ...] = ("standard",)
    rule_presets: tuple[str, ...] = tuple(PRESETS)
    default_rules = "standard"
    rule_preset_names: Mapping[str, Mapping[str, str]] = {
        "standard": {"ja": "標準", "en": "Standard"},
        "seed": {"ja": "原典ルール", "en": "Original rules"},
    }
    code_prefixes: tuple[str, ...] = ("SJ",)
    codes: Mapping[str, str] = CODES
    codes_ja: Mapping[str, str] = CODES_JA
    error_codes: frozenset[str] = ERRORS
    step_flags: Mapping[str, StepFlag] = {
        "ruff": StepFlag("切り札で取る", "ruff", "次の切り札取り", "Next ruff", "r", "special"),
        "throw": StepFlag("甩牌", "throw", "次の甩牌", "Next throw", "t", "accent"),
        "last-trick": StepFlag(
            "最後のトリック", "last trick", "最後のトリック", "Last trick", "l", "good"
        ),
    }
    package_dir = Path(__file__).resolve().parent
    template_filters: Mapping[str, Callable[..., Any]] = {}
    badges: Mapping[str, tuple[str, str]] = {
        "takeover": ("攻守交代", "attackers take over"),
        "kitty": ("扣底", "kitty to the attackers"),
        "throw": ("甩牌", "throw"),
    }

    def detect(self, source: RecordSource) -> bool:
        """A levels line and plays by the seats N E S W."""
        texts = text_lines(source)
        has_levels = any(t.lstrip().lower().startswith("levels:") for t in texts)
        plays = sum(1 for t in texts if _PLAY_HINT.match(t))
        return has_levels and plays * 2 > len(texts)

    def load(self, source: RecordSource, rules: Mapping[str, Any] | None = None) -> GameRecord:
        from kifuwiki.games.shengji.engine import replay
        from kifuwiki.games.shengji.model import SEATS
        from kifuwiki.games.shengji.notation import parse

        parsed = parse(source)
        bag = parsed.bag
        # The record's own ``rules:`` wins over the site's default for the game.
        spec: object = source.meta.get("rules", rules)
        ruleset = resolve(spec, bag, front_matter_line(source, "rules"))
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


GAME = ShengjiGame()

__all__ = ["GAME", "SJData", "ShengjiGame"]
