"""ポンジャン (Pon Jan) session records: notation → rules → view → writer, exposed as ``GAME``."""

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
from kifuwiki.games.ponjan.codes import CODES, CODES_JA, ERRORS
from kifuwiki.games.ponjan.rules import PRESETS, resolve_rules

if TYPE_CHECKING:
    from kifuwiki.games.ponjan.engine import Replay
    from kifuwiki.games.ponjan.model import PonjanRecord

_ACTION_HINT = re.compile(r"^\s*\S+\s+(?:引|捨|打|リーチ|ロン|ツモ|配牌)(?:\s|$)")


@dataclass(slots=True)
class PonjanData:
    """What ``GameRecord.data`` holds for a ポンジャン record."""

    record: PonjanRecord
    replay: Replay


class PonjanGame(ViewAndWriter):
    data_type = PonjanData
    id = "ponjan"
    version = kifuwiki.__version__
    names: Mapping[str, str] = {"ja": "ポンジャン", "en": "Pon Jan"}
    aliases: tuple[str, ...] = ("ポンジャン", "pon-jan")
    dialects: tuple[str, ...] = ("standard",)
    rule_presets: tuple[str, ...] = tuple(PRESETS)
    default_rules = "seed"
    rule_preset_names: Mapping[str, Mapping[str, str]] = {
        "seed": {"ja": "原典ルール", "en": "Original rules"},
        "house": {"ja": "ハウスルール", "en": "House rules"},
    }
    code_prefixes: tuple[str, ...] = ("PJ",)
    #: Guess the move: a draw (``A 引 2``) is chance, so a step that is only a draw is
    #: not asked; a win's shown hand and its yaku (``[333 555 77W] +三色``) follow from
    #: the position; the seat may be left out (``捨 5``) (games/base.py; review13 R13-3).
    guess_ignore = r"^\S+\s+(?:引|[Dd]raw)\s+\S+\s*$|\s+\[.*$|^\S+\s+(?=\S)"
    codes: Mapping[str, str] = CODES
    codes_ja: Mapping[str, str] = CODES_JA
    error_codes: frozenset[str] = ERRORS
    #: The seat order and the tile set are header rows, the starting chips the first
    #: position; a field of ``tiles`` nothing reads gets PJ203.
    shown_meta_keys = frozenset({"order", "tiles", "chips"})
    step_flags: Mapping[str, StepFlag] = {
        "riichi": StepFlag("リーチ", "riichi", "次のリーチ", "Next riichi", "r", "warning"),
        "win": StepFlag("アガリ", "win", "次のアガリ", "Next win", "w", "good"),
    }
    package_dir = Path(__file__).resolve().parent
    template_filters: Mapping[str, Callable[..., Any]] = {}
    badges: Mapping[str, tuple[str, str]] = {
        "riichi": ("リーチ", "riichi"),
        "tsumo": ("ツモ", "tsumo"),
        "ron": ("ロン", "ron"),
        "exhausted": ("流局", "exhausted wall"),
    }

    def detect(self, source: RecordSource) -> bool:
        """A session has hand headings (第1局 親 A) and action lines (A 捨 3)."""
        from kifuwiki.games.ponjan.notation import HEADING

        texts = text_lines(source)
        headings = sum(1 for text in texts if HEADING.match(text))
        actions = sum(1 for text in texts if _ACTION_HINT.match(text))
        return headings > 0 and (headings + actions) * 2 > len(texts)

    def load(self, source: RecordSource, rules: Mapping[str, Any] | None = None) -> GameRecord:
        from kifuwiki.games.ponjan.engine import replay
        from kifuwiki.games.ponjan.notation import parse

        parsed = parse(source)
        bag = parsed.bag
        spec: object = source.meta.get("rules", rules)
        rule_set = resolve_rules(spec, bag, front_matter_line(source, "rules"))
        result = replay(parsed.record, rule_set, bag, snapshots=False)
        record = parsed.record
        ranking = sorted(record.order, key=lambda s: -result.chips[s])
        leader = ranking[0] if result.hands and any(h.winner for h in result.hands) else None
        return GameRecord(
            game=self.id,
            source=source,
            title=source.title,
            players=[record.name(seat) for seat in record.order],
            first_player=record.name(record.hands[0].dealer)
            if record.hands and record.hands[0].dealer
            else None,
            winner=record.name(leader) if leader else None,
            ranking=[record.name(seat) for seat in ranking],
            moves=len(result.steps) - 1,
            diagnostics=bag.sorted(),
            rules=rule_set.describe(),
            data=PonjanData(record, result),
        )


GAME = PonjanGame()

__all__ = ["GAME", "PonjanData", "PonjanGame"]
