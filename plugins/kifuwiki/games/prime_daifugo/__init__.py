"""素数大富豪 (Prime Daifugo): notation → replay under a rule set → view → canonical text.

``GAME`` is the :class:`~kifuwiki.games.base.GameModule` the registry loads. This module
stays light (the registry imports it to learn the game's names): the notation, the
engine, the writer and the card filter are imported when a record is first loaded,
written or shown.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any, cast

import kifuwiki
from kifuwiki.core.diagnostics import DiagnosticBag
from kifuwiki.core.recordfile import RecordSource, front_matter_line, split_record_file
from kifuwiki.games.base import GameRecord, StepFlag
from kifuwiki.games.prime_daifugo import codes as engine_codes
from kifuwiki.games.prime_daifugo import notation_codes
from kifuwiki.games.prime_daifugo.rules import PRESETS

if TYPE_CHECKING:
    from pathlib import Path

    from kifuwiki.core.diagnostics import Diagnostic
    from kifuwiki.games.base import RecordView
    from kifuwiki.games.prime_daifugo.model import Dialect, ParsedGame
    from kifuwiki.games.prime_daifugo.replay import Replay
    from kifuwiki.games.prime_daifugo.rules import RuleSet

GAME_ID = "prime-daifugo"


@dataclass(slots=True)
class LoadedGame:
    """What :attr:`GameRecord.data` holds for a Prime Daifugo record."""

    parsed: ParsedGame
    replay: Replay
    hindsight: bool = False
    """Whether the record page carries the "what could have been played" annotations."""


#: The option naming the hindsight annotations (:mod:`.hindsight`), in front matter
#: (``hindsight: true``) or in the site's rules for the game
#: (``rules: {prime-daifugo: {preset: standard, hindsight: true}}``). Off unless asked
#: for: the search makes a record page's CPU 2.4-2.7× on the real corpus
#: (``benchmarks/pd_hindsight.py``), more than issue 16's build goals leave room for.
HINDSIGHT_OPTION = "hindsight"


def _hindsight_wanted(meta: Mapping[str, Any], site_rules: Mapping[str, Any] | None) -> bool:
    """The record's own ``hindsight:`` first, then the site's, else off."""
    for source in (meta, site_rules or {}):
        value = source.get(HINDSIGHT_OPTION)
        if isinstance(value, bool):
            return value
    return False


def _players_meta(meta: Mapping[str, Any]) -> dict[str, str] | None:
    players = meta.get("players")
    if isinstance(players, Mapping):
        return {str(key): str(value) for key, value in players.items()}
    return None


def _resolve_same_players(source: RecordSource, game: ParsedGame) -> list[Diagnostic]:
    """Fandom "(一試合目)と同じ": copy the players of an earlier game of the same file."""
    from kifuwiki.games.prime_daifugo import notation

    earlier_sources = split_record_file(source.file_text, source.path)[: source.index - 1]
    meta = _players_meta(source.meta)
    games = [notation.parse_game(earlier, meta)[0] for earlier in earlier_sources]
    # Resolving is idempotent; the earlier games' own problems are reported when they
    # are loaded, so keep only what is new for this game.
    before = notation.resolve_same_players(games)
    return notation.resolve_same_players([*games, game])[len(before) :]


@dataclass(frozen=True, slots=True)
class _Engine:
    """The notation and the engine, imported on the first load (this module stays light)."""

    parse_game: Callable[
        [RecordSource, Mapping[str, str] | None], tuple[ParsedGame, list[Diagnostic]]
    ]
    replay: Callable[[ParsedGame, RuleSet], Replay]
    resolve_rules: Callable[[object, DiagnosticBag, int], RuleSet]
    fandom: Dialect


@cache  # once: an import statement in load() costs microseconds on every record
def _engine() -> _Engine:
    from kifuwiki.games.prime_daifugo.model import Dialect
    from kifuwiki.games.prime_daifugo.notation import parse_game
    from kifuwiki.games.prime_daifugo.replay import replay
    from kifuwiki.games.prime_daifugo.rules import resolve_rules

    return _Engine(parse_game, replay, resolve_rules, Dialect.FANDOM)


def _japanese_codes() -> dict[str, str]:
    """The code tables' Japanese descriptions (``CODES_JA``), where they exist yet."""
    tables = (getattr(notation_codes, "CODES_JA", {}), getattr(engine_codes, "CODES_JA", {}))
    return {code: text for table in tables for code, text in table.items()}


@cache
def _package_dir() -> Path:
    """This package's folder, resolved once when first asked (a page's templates and
    assets): ``validate`` never asks, and so imports no :mod:`pathlib`."""
    from pathlib import Path

    return Path(__file__).resolve().parent


class PrimeDaifugo:
    id = GAME_ID
    version = kifuwiki.__version__
    names: Mapping[str, str] = {"ja": "素数大富豪", "en": "Prime Daifugo"}
    aliases: tuple[str, ...] = ("素数大富豪", "prime_daifugo", "primedaifugo", "primeqk")
    dialects: tuple[str, ...] = ("standard", "fandom")
    rule_presets: tuple[str, ...] = tuple(PRESETS)
    default_rules = "standard"
    rule_preset_names: Mapping[str, Mapping[str, str]] = {
        "standard": {"ja": "標準ルール", "en": "Standard"},
        "fandom": {"ja": "Fandom 版", "en": "Fandom wiki rules"},
        "online": {"ja": "オンライン対戦", "en": "Online play"},
    }
    code_prefixes: tuple[str, ...] = ("PD",)
    codes: Mapping[str, str] = {**notation_codes.CODES, **engine_codes.CODES}
    codes_ja: Mapping[str, str] = _japanese_codes()
    error_codes: frozenset[str] = notation_codes.ERRORS | engine_codes.ERRORS
    step_flags: Mapping[str, StepFlag] = {
        "penalty": StepFlag("ペナルティ", "penalty", "次のペナルティ", "Next penalty", "p", "bad"),
        "special": StepFlag(
            "特殊", "special", "次の特殊な出し方", "Next special play", "s", "special"
        ),
        "revolution": StepFlag("革命", "revolution", "次の革命", "Next revolution", "r", "special"),
    }
    #: Seat view: a hand is the ``<div>`` in a player's box (the boxes are the panel's
    #: first ``<div>``'s children; the panel is a step's ``<details>``' ``<div>``, on the
    #: board the ``.kw-state``'s: no class at every step, templates/state.html); its
    #: player's name is the ``<strong>`` beside it, its card count the first ``<b>``
    #: ("11 cards"), so the positions need no data-kw-seat / data-kw-count at every
    #: step (games/base.py).
    seat_hands = ":is(details,.kw-state)>div>div:first-child>div>div|strong|b"
    #: Guess mode: a move's leading draw (``D(Q)``, ``D``; not Fandom's draw line
    #: ``D;D=7``, where the draw is the move) and the judge's penalty (``,P(A2TQ56)``,
    #: ``,P12``) are cards no position shows before the move: ``D(Q)987463`` is
    #: guessed as ``987463`` (games/base.py; tests/prime_daifugo/test_guess_ignore.py).
    guess_ignore = r"^D(?:\([^)]*\))?(?=[^;=(])|,P(?:\([^)]*\)|\d+)"
    #: A ```kifu block that names no game is a Prime Daifugo record, and a site
    #: ``rules:`` option that names no game (``rules: standard``) is its rule set:
    #: kifuwiki began as a Prime Daifugo archive, and the Fandom notation predates the
    #: ``game`` key (games/base.py, "Records that name no game").
    claims_untagged = True
    badges: Mapping[str, tuple[str, str]] = {
        "GC": ("グロタンカット", "Grothendieck cut"),
        "RR": ("ラマヌジャン革命", "Ramanujan revolution"),
        "IN": ("ジョーカー1枚出し (インフィニティ)", "lone joker (Infinity)"),
        "penalty": ("ペナルティ", "penalty"),
        "composite": ("合成数出し", "composite"),
        "timeout": ("時間切れ", "time-out"),
        "out-of-cards": ("上がり", "went out"),
        "adjudicated": ("判定", "adjudicated"),
    }

    @property
    def package_dir(self) -> Path:
        return _package_dir()

    @property
    def importers(self) -> tuple[Any, ...]:
        """``kifuwiki import fandom`` (wiki pages) and ``kifuwiki import primeqk`` (the
        primeqk 数譜 database), imported when ``kifuwiki import`` runs."""
        from kifuwiki.games.prime_daifugo.import_fandom import IMPORTER as FANDOM
        from kifuwiki.games.prime_daifugo.import_primeqk import IMPORTER as PRIMEQK

        return (FANDOM, PRIMEQK)

    @property
    def template_filters(self) -> Mapping[str, Callable[..., Any]]:
        from kifuwiki.games.prime_daifugo.compact_state import step_anchor
        from kifuwiki.games.prime_daifugo.glyphs import cards_filter  # imports Jinja

        return {"pd_cards": cards_filter, "pd_step": step_anchor}

    @property
    def compact_state(self) -> Callable[..., str]:
        """The per-step position of ``templates/state.html`` in plain Python
        (``render/partials.py``)."""
        from kifuwiki.games.prime_daifugo.compact_state import render_compact_state

        return render_compact_state

    @property
    def board_state(self) -> Callable[..., str]:
        """The viewer's board (``templates/state.html`` with ``compact`` false) in plain
        Python (``render/partials.py``)."""
        from kifuwiki.games.prime_daifugo.compact_state import render_board_state

        return render_board_state

    def detect(self, source: RecordSource) -> bool:
        from kifuwiki.games.prime_daifugo import notation

        return notation.detect(source)

    def load(self, source: RecordSource, rules: Mapping[str, Any] | None = None) -> GameRecord:
        engine = _engine()
        parsed, diagnostics = engine.parse_game(source, _players_meta(source.meta))
        if parsed.same_players_as is not None:
            diagnostics.extend(_resolve_same_players(source, parsed))
        bag = DiagnosticBag()
        spec: object = source.meta.get("rules")
        if spec is None and rules:
            # The site's default for this game: {"preset": …, …} (the hindsight switch
            # is not a rule); a mapping holding only the switch names no rules at all.
            spec = {key: value for key, value in rules.items() if key != HINDSIGHT_OPTION} or None
        if spec is None and parsed.dialect is engine.fandom:
            spec = "fandom"  # a record in the wiki's notation follows the wiki's rules
        rule_set = engine.resolve_rules(
            spec, bag, front_matter_line(source, "rules") if spec else 1
        )
        result = engine.replay(parsed, rule_set)
        names = [parsed.players.get(key) or key for key in result.seats]
        ranking = [names[seat] for seat in result.ranking]
        return GameRecord(
            game=GAME_ID,
            source=source,
            title=source.title,
            players=names,
            first_player=names[result.first_seat] if result.first_seat is not None else None,
            winner=names[result.final.out[0]] if result.final.out else None,
            ranking=ranking,
            moves=len(parsed.moves),
            diagnostics=sorted(
                [*diagnostics, *bag.items, *result.diagnostics],
                key=lambda d: (d.line, d.column, d.severity.rank),
            ),
            rules=rule_set.name,
            data=LoadedGame(parsed, result, _hindsight_wanted(source.meta, rules)),
        )

    def view(self, record: GameRecord) -> RecordView:
        from kifuwiki.games.prime_daifugo.view import build_view

        return build_view(record)

    def light_view(self, record: GameRecord) -> RecordView:
        from kifuwiki.games.prime_daifugo.view import build_light_view

        return build_light_view(record)

    def format(self, record: GameRecord, dialect: str | None = None) -> str:
        from kifuwiki.games.prime_daifugo.writer import write_game

        loaded = cast(LoadedGame, record.data)
        return write_game(loaded.parsed, dialect)


GAME = PrimeDaifugo()

__all__ = ["GAME", "LoadedGame", "PrimeDaifugo"]
