"""A replayed session → :class:`RecordView`: plain data for the templates.

One step per hand heading, action, payment and totals line, and per line among them that
could not be read (cardkit.unread: shown as written; step 0: the session before the
first hand). Each step's ``state`` holds every seat's tiles, drawn tile, discards (in
order, the riichi discard marked), chips, and the wall count; ``extra`` holds the chip
totals over the session as a chart and one row per hand.
"""

from __future__ import annotations

from typing import Any

from kifuwiki.cardkit import unread
from kifuwiki.cardkit import view as cardkit
from kifuwiki.cardkit.game import data_of
from kifuwiki.core.diagnostics import DiagnosticBag
from kifuwiki.core.recordfile import SourceLine
from kifuwiki.games.base import GameRecord, PlayerLine, PlayerStat, RecordView, StepView
from kifuwiki.games.ponjan import PonjanData
from kifuwiki.games.ponjan.charts import chip_chart, seat_colours
from kifuwiki.games.ponjan.engine import Replay, StepResult
from kifuwiki.games.ponjan.engine import replay as full_replay
from kifuwiki.games.ponjan.model import Action, ChipLine, Hand, PonjanRecord, Unread, Verb
from kifuwiki.games.ponjan.payments import describe
from kifuwiki.games.ponjan.writer import action_text, chips_text
from kifuwiki.games.viewkit import Text, first_step_of_lines, problem_steps, record_badges

VERB_LABELS: dict[Verb, tuple[str, str]] = {
    Verb.DRAW: ("ツモ", "draws"),
    Verb.DISCARD: ("打牌", "discards"),
    Verb.RIICHI: ("リーチ", "declares riichi, discarding"),
    Verb.RON: ("ロン", "wins by ron"),
    Verb.TSUMO: ("ツモアガリ", "wins by tsumo"),
}
#: What a line not read says under its notation (English, Japanese): tiles, not cards.
NOT_READ = (
    "not read (see its error): no tile is drawn or discarded",
    "読めない行です (エラーを参照): 牌は動いていません",
)
RESULT_LABELS = {
    "ron": ("ロン", "ron"),
    "tsumo": ("ツモ", "tsumo"),
    "exhausted": ("流局", "exhausted"),
}


def _item_notes(
    item: Hand | Action | ChipLine | Unread | None, record: PonjanRecord
) -> list[SourceLine]:
    if item is None:
        return record.preamble
    return item.notes


def _notation(item: Hand | Action | ChipLine | Unread | None, record: PonjanRecord) -> str:
    if item is None:
        return ""
    if isinstance(item, Unread):
        return unread.written(item.text)
    if isinstance(item, Hand):
        return item.text
    if isinstance(item, Action):
        return action_text(item, record.tiles)
    return chips_text(item, record.order)


def _label(step: StepResult, record: PonjanRecord, *, ja: bool) -> str:
    item = step.item
    hand = f"第{step.position.hand}局" if ja else f"Hand {step.position.hand}"
    if item is None:
        chips = next(iter(step.position.seats.values())).chips if step.position.seats else 0
        return f"対局開始: 各自 {chips} チップ" if ja else f"Session start: {chips} chips each"
    if isinstance(item, Hand):
        dealer = record.name(item.dealer) if item.dealer else "?"
        return f"{hand}: 親 {dealer}、配牌" if ja else f"{hand}: {dealer} deals"
    if isinstance(item, ChipLine):
        if item.totals:
            return f"{hand}: チップ合計の確認" if ja else f"{hand}: chip totals"
        paid = describe(step.payments, record.order) or ("移動なし" if ja else "no chips move")
        return f"{hand}: 精算 {paid}" if ja else f"{hand}: payments {paid}"
    if isinstance(item, Unread):
        return f"{hand}: {unread.written(item.text)}"
    if item.verb is Verb.EXHAUSTED or item.seat is None:
        return f"{hand}: 流局" if ja else f"{hand}: exhaustive draw"
    who = record.name(item.seat)
    verb = VERB_LABELS[item.verb][0 if ja else 1]
    tile = "" if item.verb in (Verb.RON, Verb.TSUMO) else f" {item.tile or '?'}"
    return f"{hand}: {who} {verb}{tile}"


def _seats(step: StepResult, record: PonjanRecord, colours: dict[str, str]) -> list[dict[str, Any]]:
    snap = step.position
    actor = step.item.seat if isinstance(step.item, Action) else None
    rows = []
    for key in record.order:
        seat = snap.seats[key]
        rows.append(
            {
                "key": key,
                "name": record.name(key),
                "colour": colours[key],
                "tiles": list(seat.tiles),
                "hidden": seat.hidden,
                "drawn": seat.drawn,
                "discards": [{"tile": t, "riichi": r} for t, r in seat.discards],
                "riichi": seat.riichi,
                "chips": seat.chips,
                "dealer": snap.dealer == key,
                "current": actor == key,
                "to_move": snap.to_move == key,
                "winner": snap.winner == key,
                "paid": step.payments.get(key),
            }
        )
    return rows


def _flags(step: StepResult, flagged: dict[int, set[str]], comments: bool) -> frozenset[str]:
    flags = set(flagged.get(step.index, set()))
    if comments:
        flags.add("comment")
    item = step.item
    if isinstance(item, Action):
        if item.verb is Verb.RIICHI:
            flags.add("riichi")
        if item.verb in (Verb.RON, Verb.TSUMO):
            flags.add("win")
    return frozenset(flags)


def _hand_rows(replay: Replay) -> list[dict[str, Any]]:
    record = replay.record
    rows = []
    for result, after in zip(replay.hands, replay.history[1:], strict=False):
        ja, en = RESULT_LABELS.get(result.ended or "", ("未了", "unfinished"))
        rows.append(
            {
                "number": result.number,
                "dealer": record.name(result.dealer) if result.dealer else "?",
                "result_ja": ja,
                "result_en": en,
                "winner": record.name(result.winner) if result.winner else "",
                "value": result.value,
                "payments": describe(result.payments, record.order),
                "chips": [after[seat] for seat in record.order],
            }
        )
    return rows


def _player_stats(replay: Replay) -> dict[str, list[PlayerStat]]:
    record = replay.record
    start = replay.history[0]
    stats: dict[str, list[PlayerStat]] = {}
    for key in record.order:
        wins = [h for h in replay.hands if h.winner == key]
        riichi = sum(
            1
            for s in replay.steps
            if isinstance(s.item, Action) and s.item.verb is Verb.RIICHI and s.item.seat == key
        )
        dealt_in = sum(
            1 for h in replay.hands if h.ended == "ron" and h.winner != key and h.payments[key] < 0
        )
        net = replay.chips[key] - start[key]
        stats[record.name(key)] = [
            PlayerStat("ponjan_wins", "アガリ", "wins", len(wins)),
            PlayerStat(
                "ponjan_tsumo", "ツモアガリ", "tsumo wins", sum(h.ended == "tsumo" for h in wins)
            ),
            PlayerStat("ponjan_ron", "ロンアガリ", "ron wins", sum(h.ended == "ron" for h in wins)),
            PlayerStat("ponjan_riichi", "リーチ", "riichi", riichi),
            PlayerStat("ponjan_dealt_in", "放銃", "dealt in", dealt_in),
            PlayerStat("ponjan_best", "最高収支", "best session", net, "max", f"{net:+d}"),
        ]
    return stats


def _tile_set_text(record: PonjanRecord) -> Text:
    """The tile set, in each language ("wild" / "ワイルド"; review13 R13-7)."""
    kinds = record.tiles.kinds
    copies = {record.tiles.copies[k] for k in kinds}
    kinds_text = (
        f"{' '.join(kinds)} × {copies.pop()}"
        if len(copies) == 1
        else " ".join(f"{k}×{record.tiles.copies[k]}" for k in kinds)
    )
    wild = " ".join(f"{w}×{record.tiles.copies[w]}" for w in sorted(record.tiles.wild))
    ja, en = (
        f"{kinds_text}" + (f"; {word} {wild}" if wild else "") + f" ({record.tiles.size})"
        for word in ("ワイルド", "wild")
    )
    return Text(ja, en)


def build_view(game: GameRecord) -> RecordView:
    data = data_of(game, PonjanData, "ポンジャン")
    record = data.record
    replay = full_replay(record, data.replay.rules, DiagnosticBag())
    colours = seat_colours(record.order)
    starts = [(s.item.line, s.index) for s in replay.steps if s.item is not None]
    flagged = problem_steps(game.diagnostics, first_step_of_lines(starts))
    wild = sorted(record.tiles.wild)
    steps: list[StepView] = []
    for step in replay.steps:
        item = step.item
        comments, bookmarks = cardkit.notes(_item_notes(item, record))
        seat = item.seat if isinstance(item, Action) else None
        # (English, Japanese), a line not read saying so first; the engine's are (ja, en).
        notes = unread.notes(
            tuple((en, ja) for ja, en in step.annotations), isinstance(item, Unread), NOT_READ
        )
        state = {
            "hand": step.position.hand,
            "dealer": step.position.dealer,
            "wall": step.position.wall,
            "ended": step.position.ended,
            "winner": step.position.winner,
            "to_move": step.position.to_move,
            "wild": wild,
            "seats": _seats(step, record, colours),
            "annotations_ja": [ja for _, ja in notes],
        }
        steps.append(
            StepView(
                index=step.index,
                anchor=f"m{step.index}",
                player=record.name(seat) if seat else None,
                notation=_notation(item, record),
                line=item.line if item is not None else game.source.first_line,
                kind=item.verb.value if isinstance(item, Action) else type(item).__name__.lower(),
                label=_label(step, record, ja=False),
                label_ja=_label(step, record, ja=True),
                marks=item.marks if isinstance(item, Action) else "",
                comments=comments,
                bookmarks=bookmarks,
                annotations=tuple(en for en, _ in notes),
                annotations_ja=tuple(ja for _, ja in notes),
                flags=_flags(step, flagged, bool(comments)),
                state=state,
            )
        )
    players, badges = _players_and_badges(game, replay)
    header: list[tuple[str, str | Text]] = [
        ("牌 / Tiles", _tile_set_text(record)),
        ("席順 / Seats", " → ".join(f"{record.name(k)} ({k})" for k in record.order)),
        ("ルール / Rules", replay.rules.describe()),
        (
            "点数表 / Scores",
            ", ".join(f"{name} {points}" for name, points in replay.rules.scores.items()),
        ),
        ("持ち点 / Chips", " ".join(f"{record.name(k)} {replay.chips[k]}" for k in record.order)),
    ]
    extra = {
        "seats": [{"key": k, "name": record.name(k), "colour": colours[k]} for k in record.order],
        "hands": _hand_rows(replay),
        "chart": chip_chart(replay.history, record.order, colours, record.name),
    }
    return RecordView(
        record=game,
        players=players,
        steps=steps,
        header=header,
        badges=badges,
        player_stats=_player_stats(replay),
        extra=extra,
    )


def build_light_view(game: GameRecord) -> RecordView:
    """The view without its steps, header and charts (``GAME.light_view``): from the
    replay made while loading, no second replay keeping every position."""
    replay = data_of(game, PonjanData, "ポンジャン").replay
    players, badges = _players_and_badges(game, replay)
    return RecordView(
        record=game,
        players=players,
        steps=[],
        badges=badges,
        player_stats=_player_stats(replay),
    )


def _players_and_badges(
    game: GameRecord, replay: Replay
) -> tuple[list[PlayerLine], frozenset[str]]:
    record = replay.record
    ranking = sorted(record.order, key=lambda k: -replay.chips[k])
    players = [
        PlayerLine(k, record.name(k), ranking.index(k) + 1, game.winner == record.name(k))
        for k in record.order
    ]
    badges: set[str] = set()
    for result in replay.hands:
        if result.ended in ("ron", "tsumo", "exhausted"):
            badges.add(result.ended)
    # A step is flagged "riichi" by its action (_flags): the same test without the steps.
    if any(isinstance(s.item, Action) and s.item.verb is Verb.RIICHI for s in replay.steps):
        badges.add("riichi")
    return players, record_badges(game, badges)
