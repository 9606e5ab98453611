"""A replayed selaffesto record → :class:`RecordView`: plain data for the templates.

Each step's ``state`` holds the board (cards with owner and position), the cells placed
and the LCs removed in this step, the mover's NH before the move, both hands, mounts and
points. ``extra`` holds the distinct cards once per page (the board SVG draws each card
as a symbol and every position only refers to it), the points chart and the final score.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from kifuwiki.cardkit import unread
from kifuwiki.cardkit import view as cardkit
from kifuwiki.cardkit.game import data_of
from kifuwiki.core.diagnostics import counted
from kifuwiki.games.base import GameRecord, PlayerStat, RecordView, StepView
from kifuwiki.games.selaffesto import SelaffestoData
from kifuwiki.games.selaffesto.analysis import best_available
from kifuwiki.games.selaffesto.engine import KIND_EN, KIND_JA, PlacementResult, Replay, StepResult
from kifuwiki.games.selaffesto.geometry import assess, nh
from kifuwiki.games.selaffesto.model import (
    PLAYER_NAMES,
    SIZE,
    Card,
    Cell,
    SelaffestoRecord,
    card_text,
    cell_name,
    points_text,
)
from kifuwiki.games.selaffesto.reasons import explain_judgement
from kifuwiki.games.selaffesto.state import GameState
from kifuwiki.games.selaffesto.writer import move_text
from kifuwiki.games.viewkit import (
    Text,
    first_step_of_lines,
    header_row,
    player_lines,
    problem_steps,
    record_badges,
    step_view,
)

#: Chart geometry (SVG user units).
CHART_WIDTH, CHART_HEIGHT, CHART_PAD = 640, 220, 56


def _xy(cell: Cell) -> dict[str, int]:
    """SVG position: file a at the left, rank 13 at the top."""
    row, col = divmod(cell, SIZE)
    return {"x": col, "y": SIZE - 1 - row}


def _cards(state: GameState) -> list[dict[str, Any]]:
    return [
        {**_xy(cell), "cell": cell_name(cell), "id": card_text(o[0]), "owner": o[1]}
        for cell, o in enumerate(state.board)
        if o is not None
    ]


def _changed(step: StepResult, replay: Replay) -> list[dict[str, Any]]:
    """The cells whose card changed in this step (placed, lifted, removed), in board
    order: a compact position draws only these over the previous step's board, so a
    step's markup does not grow with the cards already standing (see state.html).
    ``cover``: a card stood there before and must be painted over; ``id``/``owner``:
    the card standing there now (absent when the cell was emptied)."""
    if step.index == 0:
        return []
    before = replay.steps[step.index - 1].state.board
    found = []
    for cell, now in enumerate(step.state.board):
        was = before[cell]
        if now == was:
            continue
        change: dict[str, Any] = {**_xy(cell), "cover": was is not None}
        if now is not None:
            change.update(id=card_text(now[0]), owner=now[1])
        found.append(change)
    return found


def _nh_rows(cells: list[dict[str, int]]) -> list[dict[str, int]]:
    """The NH cells as horizontal runs (x, y, w in cells): one SVG rectangle per run."""
    runs: list[dict[str, int]] = []
    for c in sorted(cells, key=lambda c: (c["y"], c["x"])):
        last = runs[-1] if runs else None
        if last is not None and last["y"] == c["y"] and last["x"] + last["w"] == c["x"]:
            last["w"] += 1
        else:
            runs.append({"x": c["x"], "y": c["y"], "w": 1})
    return runs


def _players(state: GameState, record: SelaffestoRecord) -> list[dict[str, Any]]:
    return [
        {
            "key": p,
            "name": record.name(p),
            "colour_ja": PLAYER_NAMES[p][0],
            "points": state.points[p],
            "points_text": points_text(state.points[p]),
            "hand": [card_text(c) for c in state.hands[p]],
            "unknown": state.unknown[p],
            "hand_count": state.hand_size(p),
            "mount": state.mounts[p],
            "final": p in state.finals,
            "to_move": p == state.to_move and not state.over,
        }
        for p in ("W", "B")
    ]


def _describe(p: PlacementResult, *, ja: bool) -> str:
    kind = (KIND_JA if ja else KIND_EN)[p.kind]
    text = f"{cell_name(p.cell)} {card_text(p.card)}"
    if p.lifted_from is not None:
        text = f"{cell_name(p.lifted_from)}→{text}"
    gain = f" +{points_text(p.gain)}" if p.gain else ""
    bonus = ""
    if p.bonus:
        bonus = (
            f" (ボーナス +{points_text(p.bonus)})" if ja else f" (bonus +{points_text(p.bonus)})"
        )
    return f"{text}: {kind}{gain}{bonus}"


def _label(step: StepResult, record: SelaffestoRecord) -> Text:
    return Text(_label_in(step, record, ja=True), _label_in(step, record, ja=False))


def _label_in(step: StepResult, record: SelaffestoRecord, *, ja: bool) -> str:
    move = step.move
    if move is None:
        return "開始局面" if ja else "Start position"
    if move.not_read:
        if step.seat is None:
            return "読めない行" if ja else "A line not read"
        return (
            f"{_who(step.seat, record, ja=ja)}、読めない行"
            if ja
            else (f"{_who(step.seat, record, ja=ja)}; a line not read")
        )
    who = _who(move.player, record, ja=ja)
    parts = [who]
    if move.taken is not None:
        parts.append(
            f"{len(move.taken)} 枚を取る" if ja else f"takes {counted(len(move.taken), 'card')}"
        )
    if step.drew:
        parts.append("ドロー" if ja else "draws")
    parts.extend(_describe(p, ja=ja) for p in step.placements)
    if step.passed:
        parts.append("パス" if ja else "passes")
    for player in step.finals:
        name = record.name(player)
        parts.append(
            f"{name} のファイナルアクション ×0.8" if ja else f"final action for {name}: ×0.8"
        )
    return ("、" if ja else "; ").join(parts)


def _who(player: str, record: SelaffestoRecord, *, ja: bool) -> str:
    return f"{record.name(player)} ({PLAYER_NAMES[player][0] if ja else player})"


def _mover(step: StepResult) -> str | None:
    """Whose action the step was: a line not read, the seat the engine gave it."""
    if step.move is None:
        return None
    return step.seat if step.move.not_read else step.move.player


def _notation(step: StepResult) -> str:
    """``W:g2 4-8-6-12 [put]``; a line with something not read, as written (nothing the
    user wrote is left off the page)."""
    move = step.move
    if move is None:
        return ""
    if move.not_read:
        return unread.written(move.text)
    if move.unread:  # its ``// comment`` is shown as a comment, as a line read in full
        body = move.text.partition("//")[0] if move.trailing_comment else move.text
        return f"{move.written_player}:{unread.written(body)}"
    return f"{move.written_player}:{move_text(move, comment=False)}"


def _analysis(step: StepResult, replay: Replay, reach: list[Cell]) -> list[Text]:
    """ "played +6, best available +15 at e4" (bonus included, re-plays not counted)."""
    at_play = replay.at_play(step.index)
    if at_play is None or step.move is None:
        return []
    top, count = best_available(at_play, replay.rules, step.move.player, reach)
    if top is None:
        return []
    first = step.placements[0]
    played = first.gain + first.bonus
    where = f"{cell_name(top.cell)} {card_text(top.card)}"
    if played >= top.gain:
        en = f"played +{points_text(played)}: the best available ({count} placements)"
        ja = f"+{points_text(played)}: 最善 ({count} 通りのプレース中)"
    else:
        en = f"played +{points_text(played)}, best available +{points_text(top.gain)} at {where}"
        ja = f"+{points_text(played)}、最善は {where} の +{points_text(top.gain)}"
    extra = sum(p.gain for p in step.placements[1:])
    if extra:
        en += f"; the LC re-play added +{points_text(extra)}"
        ja += f"。LC の再プレイで +{points_text(extra)}"
    return [Text(ja, en), *_why(first, at_play)]


def _annotations(step: StepResult, replay: Replay, reach: list[Cell]) -> list[Text]:
    """A line not read says so first (in the words of cardkit.unread), then the analysis."""
    found = _analysis(step, replay, reach)
    if step.move is not None and step.move.not_read:
        return [Text(unread.NOT_READ[1], unread.NOT_READ[0]), *found]
    return found


def _why(first: PlacementResult, at_play: GameState) -> list[Text]:
    """Why the action's placement was a jump or a fail put (the NSs that decided it)."""
    if first.kind not in ("jump", "fail"):
        return []
    found = assess(at_play.board, first.cell, first.card)
    en, ja = explain_judgement(at_play.board, first.cell, first.card, found, first.kind)
    if not en:
        return []
    kind_en, kind_ja = KIND_EN[first.kind], KIND_JA[first.kind]
    return [Text(f"{kind_ja}: {ja}", f"{kind_en}: {en}")]


def _flags(step: StepResult) -> set[str]:
    """The game's step flags (``GAME.step_flags``): jump puts, blow-offs, fail puts, end."""
    flags: set[str] = set()
    mover = step.move.player if step.move else None
    for p in step.placements:
        if p.kind in ("jump", "fail"):
            flags.add(p.kind)
        if p.lc is not None and p.lc_owner != mover:
            flags.add("blow")
    if step.finals:
        flags.add("final")
    return flags


def _removed(step: StepResult) -> list[dict[str, Any]]:
    return [{**_xy(p.lc), "cell": cell_name(p.lc)} for p in step.placements if p.lc is not None]


def _reach(step: StepResult, replay: Replay) -> list[Cell]:
    """The mover's NH before the move, in order (the draw does not change it): drawn on
    the page and searched by the analysis, so worked out once a step."""
    if step.index == 0 or step.move is None or not step.placements:
        return []
    return sorted(nh(replay.steps[step.index - 1].state.board, step.move.player))


def _chart(replay: Replay) -> dict[str, Any]:
    """Points after every step as polylines (server-rendered SVG, no script)."""
    steps = replay.steps
    top = max(max(s.state.points.values()) for s in steps) or 10
    span = max(len(steps) - 1, 1)
    width, height = CHART_WIDTH - 2 * CHART_PAD, CHART_HEIGHT - 2 * CHART_PAD

    def point(index: int, value: int) -> str:
        x = CHART_PAD + width * index / span
        y = CHART_PAD + height * (1 - value / top)
        return f"{x:.1f},{y:.1f}"

    lines = {p: " ".join(point(s.index, s.state.points[p]) for s in steps) for p in ("W", "B")}
    marks = [
        {"x": round(CHART_PAD + width * s.index / span, 1), "kind": kind}
        for s in steps
        for kind in sorted(_flags(s) & {"jump", "final"})
    ]
    return {
        "width": CHART_WIDTH,
        "height": CHART_HEIGHT,
        "pad": CHART_PAD,
        "lines": lines,
        "top": points_text(top),
        "steps": len(steps) - 1,
        "marks": marks,
        "bottom": CHART_HEIGHT - CHART_PAD,
        "right": CHART_WIDTH - CHART_PAD,
    }


def _stats(replay: Replay) -> dict[str, list[PlayerStat]]:
    record = replay.record
    counts: dict[str, Counter[str]] = {"W": Counter(), "B": Counter()}
    for step in replay.steps:
        if step.move is None:
            continue
        for p in step.placements:
            counts[step.move.player][p.kind] += 1
            if p.lc is not None and p.lc_owner != step.move.player:
                counts[step.move.player]["blow"] += 1
    final = replay.steps[-1].state
    return {
        record.name(p): [
            PlayerStat(
                "sf_points",
                "ポイント (最高)",
                "best points",
                final.points[p] // 10,
                "max",
                display=points_text(final.points[p]),
            ),
            PlayerStat("sf_puts", "プット", "puts", counts[p]["put"]),
            PlayerStat("sf_jumps", "ジャンププット", "jump puts", counts[p]["jump"]),
            PlayerStat("sf_fails", "フェールプット", "fail puts", counts[p]["fail"]),
            PlayerStat(
                "sf_blows", "相手のカードを飛ばした", "opponent cards blown off", counts[p]["blow"]
            ),
        ]
        for p in ("W", "B")
    }


def _symbols(replay: Replay) -> list[dict[str, Any]]:
    """Every card orientation that stands on the board at some step, once."""
    seen: dict[tuple[str, str], Card] = {}
    for step in replay.steps:
        for o in step.state.board:
            if o is not None:
                seen.setdefault((o[1], card_text(o[0])), o[0])
    return [
        {"owner": owner, "id": key, "n": c[0], "e": c[1], "s": c[2], "w": c[3]}
        for (owner, key), c in seen.items()
    ]


def build_view(game: GameRecord) -> RecordView:
    data = data_of(game, SelaffestoData, "selaffesto")
    return _view(game, data, _steps(game, data))


def build_light_view(game: GameRecord) -> RecordView:
    """The view without its steps (``GAME.light_view``)."""
    return _view(game, data_of(game, SelaffestoData, "selaffesto"), [])


def _steps(game: GameRecord, data: SelaffestoData) -> list[StepView]:
    record, replay = data.record, data.replay
    problems = problem_steps(
        game.diagnostics,
        first_step_of_lines((s.move.line, s.index) for s in replay.steps if s.move),
    )
    steps: list[StepView] = []
    for step in replay.steps:
        move = step.move
        comments, bookmarks = cardkit.notes(move.notes if move else record.setup_notes)
        if move is not None and move.trailing_comment:
            comments = (move.trailing_comment, *comments)
        reach = _reach(step, replay)
        nh_cells = [_xy(cell) for cell in reach]
        mover = _mover(step)
        state = {
            "mover": mover,
            "cards": _cards(step.state),
            "last": [{**_xy(p.cell), "cell": cell_name(p.cell)} for p in step.placements],
            "removed": _removed(step),
            "nh": nh_cells,
            "nh_runs": _nh_rows(nh_cells),
            "changed": _changed(step, replay),
            "players": _players(step.state, record),
            "over": step.state.over,
        }
        steps.append(
            step_view(
                step.index,
                player=record.name(mover) if mover else None,
                notation=_notation(step),
                line=move.line if move else game.source.first_line,
                kind="action" if move else "start",
                label=_label(step, record),
                annotations=_annotations(step, replay, reach),
                comments=comments,
                bookmarks=bookmarks,
                marks=move.marks if move else "",
                flags=_flags(step),
                problems=problems,
                state=state,
            )
        )
    return steps


def _view(game: GameRecord, data: SelaffestoData, steps: list[StepView]) -> RecordView:
    record, replay = data.record, data.replay
    final = replay.steps[-1].state
    ranking = [p for p in ("W", "B") if p == replay.winner] + [
        p for p in ("W", "B") if replay.winner and p != replay.winner
    ]
    players = player_lines(["W", "B"], [record.name("W"), record.name("B")], ranking, game.winner)
    flags_seen = set().union(*(_flags(s) for s in replay.steps))
    badges = record_badges(game, flags_seen & {"jump", "blow", "final"})
    rules = replay.rules
    header = [
        header_row(Text("ルール", "Rules"), rules.name),
        header_row(Text("先手", "First"), f"{record.name(record.first)} ({record.first})"),
        header_row(Text("スタート", "Start"), f"W {rules.start_w} · B {rules.start_b}"),
        header_row(
            Text("オプション", "Options"),
            f"bonus={rules.bonus} relc={rules.relc} full_hand={rules.full_hand} "
            f"final_round={rules.final_round} final_timing={rules.final_timing} "
            f"relc_nh={rules.relc_nh} "
            f"passing={rules.passing} ending={rules.ending} deck_size={rules.deck_size} "
            f"hand_limit={rules.hand_limit}",
        ),
    ]
    if replay.complete:
        result = " – ".join(f"{record.name(p)} {points_text(final.points[p])}" for p in "WB")
        header.append(header_row(Text("結果", "Result"), result))
    extra = {
        "symbols": _symbols(replay),
        "chart": _chart(replay),
        "complete": replay.complete,
        "final": _players(final, record),
        "winner": record.name(replay.winner) if replay.winner else None,
    }
    return RecordView(
        record=game,
        players=players,
        steps=steps,
        header=header,
        badges=badges,
        player_stats=_stats(replay),
        extra=extra,
    )
