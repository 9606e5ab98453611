"""鋼鉄の虹 パンツァーメルヒェンRPG session records (リプレイ): mostly prose, partly checked.

Exposed as ``GAME``: notation (structured ``@`` lines in Markdown prose) → checks → view →
writer, like the other games.
"""

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
from kifuwiki.games.koutetsu.codes import CODES, CODES_JA, ERRORS

if TYPE_CHECKING:
    from kifuwiki.games.koutetsu.engine import Session
    from kifuwiki.games.koutetsu.model import SessionRecord

RULES = "koutetsu-2d6"
_HINT = re.compile(r"^\s*[@＠](?:roll|判定|作戦|戦闘|目的|結果)\b")


@dataclass(slots=True)
class KoutetsuData:
    """What ``GameRecord.data`` holds for a session record."""

    record: SessionRecord
    session: Session


class KoutetsuGame(ViewAndWriter):
    data_type = KoutetsuData
    id = "koutetsu-no-niji"
    version = kifuwiki.__version__
    names: Mapping[str, str] = {"ja": "鋼鉄の虹", "en": "Koutetsu no Niji (Panzer Märchen RPG)"}
    aliases: tuple[str, ...] = ("鋼鉄の虹", "パンツァーメルヒェン", "koutetsu", "panzer-marchen")
    dialects: tuple[str, ...] = ("replay",)
    rule_presets: tuple[str, ...] = (RULES,)
    default_rules = RULES
    rule_preset_names: Mapping[str, Mapping[str, str]] = {
        RULES: {"ja": "2d6 ルール", "en": "2d6 rules"}
    }
    code_prefixes: tuple[str, ...] = ("KR",)
    #: Guess the move: a roll's dice are chance and every other line is the game
    #: master's, so a session offers nothing to guess and the viewer no guess mode
    #: (games/base.py; review13 R13-3).
    guess_ignore = r"^@roll\b.*$"
    codes: Mapping[str, str] = CODES
    codes_ja: Mapping[str, str] = CODES_JA
    error_codes: frozenset[str] = ERRORS
    #: The scenario is a header row and the characters a table of their own (a field of
    #: a character nothing reads gets KR202).
    shown_meta_keys = frozenset({"scenario", "シナリオ", "characters", "キャラクター"})
    step_flags: Mapping[str, StepFlag] = {
        "roll": StepFlag("判定", "roll", "次の判定", "Next roll", "d", "accent", False),
        "failure": StepFlag("失敗", "failed roll", "次の失敗", "Next failed roll", "f", "bad"),
        "combat": StepFlag("戦闘", "combat", "次の戦闘", "Next combat", "b", "special"),
        "result": StepFlag("結果", "result", "作戦結果へ", "Mission result", "e", "good"),
    }
    package_dir = Path(__file__).resolve().parent
    template_filters: Mapping[str, Callable[..., Any]] = {}
    badges: Mapping[str, tuple[str, str]] = {
        "success": ("作戦成功", "mission accomplished"),
        "partial": ("部分成功", "partial success"),
        "failure": ("作戦失敗", "mission failed"),
        "combat": ("戦闘あり", "with combat"),
    }

    def detect(self, source: RecordSource) -> bool:
        """A session record has characters in its front matter and ``@roll`` style lines."""
        if not isinstance(source.meta.get("characters"), dict):
            return False
        return any(_HINT.match(line.text) for line in source.lines if line.kind is LineKind.TEXT)

    def load(self, source: RecordSource, rules: Mapping[str, Any] | None = None) -> GameRecord:
        from kifuwiki.games.koutetsu.engine import check
        from kifuwiki.games.koutetsu.notation import parse

        parsed = parse(source)
        # One rule set, no options: any other ``rules:`` is reported (KR009).
        spec = source.meta.get("rules", rules)
        fixed_rules(spec, RULES, "KR009", parsed.bag, front_matter_line(source, "rules"))
        session = check(parsed.record, parsed.bag, source.first_line)
        record = parsed.record
        names = list(record.characters)
        return GameRecord(
            game=self.id,
            source=source,
            title=source.title,
            players=names,
            first_player=None,
            # A mission is played together: there is no winner or ranking among the
            # characters (the mission's result is a badge).
            winner=None,
            ranking=[],
            moves=len(session.steps) - 1,
            diagnostics=parsed.bag.sorted(),
            rules=RULES,
            data=KoutetsuData(record, session),
        )


GAME = KoutetsuGame()

__all__ = ["GAME", "KoutetsuData", "KoutetsuGame"]
