"""撿紅點 (Jianhongdian, "pick red points"): notation → rules → view → writer, as ``GAME``."""

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
from kifuwiki.games.jianhongdian.codes import CODES, CODES_JA, ERRORS
from kifuwiki.games.jianhongdian.rules import PRESETS, RuleSet, resolve

if TYPE_CHECKING:
    from kifuwiki.games.jianhongdian.engine import Replay
    from kifuwiki.games.jianhongdian.model import JHRecord

_TURN_HINT = re.compile(r"^\s*[^\s:：()]+\s*[:：]\s*\S+.*\^")


@dataclass(slots=True)
class JHData:
    """What ``GameRecord.data`` holds for a 撿紅點 record."""

    record: JHRecord
    replay: Replay
    rules: RuleSet


class JianhongdianGame(ViewAndWriter):
    data_type = JHData
    id = "jianhongdian"
    version = kifuwiki.__version__
    names: Mapping[str, str] = {"ja": "撿紅點", "en": "Jianhongdian"}
    aliases: tuple[str, ...] = ("撿紅點", "捡红点", "撿紅点", "jian-hong-dian")
    dialects: tuple[str, ...] = ("standard",)
    rule_presets: tuple[str, ...] = tuple(PRESETS)
    default_rules = "standard"
    rule_preset_names: Mapping[str, Mapping[str, str]] = {
        "standard": {"ja": "標準", "en": "Standard"},
        "red-only": {"ja": "赤札のみ得点", "en": "Red cards only"},
        "seed": {"ja": "原典ルール", "en": "Original rules"},
    }
    code_prefixes: tuple[str, ...] = ("JH",)
    #: Guess the move: the card turned from the stock after the play (``^H6``, and what
    #: it takes) is chance, not the player's choice (games/base.py; review13 R13-3).
    guess_ignore = r"\s*\^\S+"
    codes: Mapping[str, str] = CODES
    codes_ja: Mapping[str, str] = CODES_JA
    error_codes: frozenset[str] = ERRORS
    step_flags: Mapping[str, StepFlag] = {
        "special": StepFlag(
            "大きな取り",
            "big capture",
            "次の大きな取り (20点以上)",
            "Next big capture (20+ points)",
            "b",
            "special",
        ),
    }
    package_dir = Path(__file__).resolve().parent
    template_filters: Mapping[str, Callable[..., Any]] = {}
    badges: Mapping[str, tuple[str, str]] = {
        "target": ("目標達成", "target made"),
        "redeal": ("配り直し条件", "redeal condition"),
    }

    def detect(self, source: RecordSource) -> bool:
        """A table line and turns with a flipped card (``A: H5 ^C9``)."""
        texts = text_lines(source)
        has_table = any(t.lstrip().lower().startswith(("table:", "場札")) for t in texts)
        turns = sum(1 for t in texts if _TURN_HINT.match(t))
        return has_table and turns * 2 > len(texts) // 2

    def load(self, source: RecordSource, rules: Mapping[str, Any] | None = None) -> GameRecord:
        from kifuwiki.games.jianhongdian.engine import replay
        from kifuwiki.games.jianhongdian.notation import parse

        parsed = parse(source)
        bag = parsed.bag
        # The record's own ``rules:`` wins over the site's default for the game.
        spec: object = source.meta.get("rules", rules)
        ruleset = resolve(spec, bag, front_matter_line(source, "rules"))
        result = replay(parsed.record, ruleset, bag)
        record = parsed.record
        return GameRecord(
            game=self.id,
            source=source,
            title=source.title,
            players=[record.name(s) for s in result.seats],
            first_player=record.name(result.seats[0]) if result.seats else None,
            winner=record.name(result.winner) if result.winner else None,
            ranking=[record.name(s) for s in result.ranking],
            moves=len(record.turns),
            diagnostics=bag.sorted(),
            rules=ruleset.describe(),
            data=JHData(record, result, ruleset),
        )


GAME = JianhongdianGame()

__all__ = ["GAME", "JHData", "JianhongdianGame"]
