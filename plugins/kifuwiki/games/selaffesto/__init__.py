"""Selaffesto (セラッフェスト): notation → rules engine → view → writer, exposed as ``GAME``.

A two-player game of square cards with four numbered triangles on a 13x13 board, where
touching sections must divide one another. See ``site_src/selaffesto.md`` for the notation.
"""

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
from kifuwiki.games.selaffesto.codes import CODES, CODES_JA, ERRORS
from kifuwiki.games.selaffesto.rules import PRESETS, Rules, resolve_rules

if TYPE_CHECKING:
    from kifuwiki.games.selaffesto.engine import Replay
    from kifuwiki.games.selaffesto.model import SelaffestoRecord

GAME_ID = "selaffesto"
#: A placement: a cell a1-m13 and four SNs joined by '-'.
_HINT = re.compile(r"^\s*\S+\s*[:：].*\b[a-m](?:1[0-3]|[1-9])\s+[0-9]{1,2}(?:-[0-9]{1,2}){3}\b")


@dataclass(slots=True)
class SelaffestoData:
    """What ``GameRecord.data`` holds for a selaffesto record."""

    record: SelaffestoRecord
    replay: Replay
    rules: Rules


class SelaffestoGame(ViewAndWriter):
    data_type = SelaffestoData
    id = GAME_ID
    version = kifuwiki.__version__
    names: Mapping[str, str] = {"ja": "セラッフェスト", "en": "selaffesto"}
    aliases: tuple[str, ...] = ("セラッフェスト", "selafesto")
    dialects: tuple[str, ...] = ("standard",)
    rule_presets: tuple[str, ...] = tuple(PRESETS)
    default_rules = "original"
    rule_preset_names: Mapping[str, Mapping[str, str]] = {
        "original": {"ja": "原典ルール", "en": "Original rules"},
        "strict": {"ja": "厳格ルール", "en": "Strict rules"},
    }
    code_prefixes: tuple[str, ...] = ("SF",)
    #: Guess the move: the hand dealt (``(…)``), the card drawn (``+9-18-3-6``), the
    #: scores after the move (``{W:7 B:0}``) and the kind of play the program wrote
    #: (``[put]``) are not the player's choice; a step that is only a deal is not asked
    #: (games/base.py; review13 R13-3).
    guess_ignore = r"\([^)]*\)|\+[0-9-]+|\{[^}]*\}|\[[a-z]+\]"
    codes: Mapping[str, str] = CODES
    codes_ja: Mapping[str, str] = CODES_JA
    error_codes: frozenset[str] = ERRORS
    #: The header's own "first player" row.
    shown_meta_keys = frozenset({"first"})
    step_flags: Mapping[str, StepFlag] = {
        "jump": StepFlag(
            "ジャンププット", "jump put", "次のジャンププット", "Next jump put", "j", "special"
        ),
        "blow": StepFlag(
            "吹き飛ばし",
            "blow-off",
            "次の吹き飛ばし",
            "Next blow-off",
            "b",
            "accent",
        ),
        "fail": StepFlag(
            "フェールプット", "fail put", "次のフェールプット", "Next fail put", "f", "muted"
        ),
        "final": StepFlag("ファイナルアクション", "final action", style="good"),
    }
    package_dir = Path(__file__).resolve().parent
    template_filters: Mapping[str, Callable[..., Any]] = {}
    badges: Mapping[str, tuple[str, str]] = {
        "jump": ("ジャンププット", "jump put"),
        "blow": ("相手のカードを飛ばす", "opponent card blown off"),
        "final": ("終局", "finished"),
    }

    def detect(self, source: RecordSource) -> bool:
        """Most move lines hold a placement ``cell N-E-S-W``."""
        texts = text_lines(source)
        if not texts:
            return False
        hits = sum(1 for text in texts if _HINT.match(text))
        return hits * 2 > len(texts)

    def load(self, source: RecordSource, rules: Mapping[str, Any] | None = None) -> GameRecord:
        from kifuwiki.games.selaffesto.engine import replay
        from kifuwiki.games.selaffesto.notation import parse

        parsed = parse(source)
        bag = parsed.bag
        spec: object = source.meta.get("rules")
        if spec is None and rules:
            spec = dict(rules)  # the site's default for this game: {"preset": name, …}
        rule_set = resolve_rules(spec, bag, front_matter_line(source, "rules"))
        if "first" not in source.meta:
            parsed.record.first = rule_set.first
        result = replay(parsed.record, rule_set, bag)
        record = parsed.record
        points = result.steps[-1].state.points
        ranking = sorted(("W", "B"), key=lambda p: -points[p]) if result.complete else []
        return GameRecord(
            game=self.id,
            source=source,
            title=source.title,
            players=[record.name("W"), record.name("B")],
            first_player=record.name(record.first),
            winner=record.name(result.winner) if result.winner else None,
            ranking=[record.name(p) for p in ranking],
            moves=len(record.moves),
            diagnostics=bag.sorted(),
            rules=rule_set.name,
            data=SelaffestoData(record, result, rule_set),
        )


GAME = SelaffestoGame()

__all__ = ["GAME", "SelaffestoData", "SelaffestoGame"]
