"""A replayed log sheet → :class:`RecordView`: plain data for the templates.

One step per player turn (step 0 is the setup). Each step's ``state`` holds the
turn grid around the current turn (the whole grid is in ``extra``, once per page,
so a long game does not repeat it in every step), every player's counts, the
robber and the LR / LA holders. ``extra`` holds the board and the charts.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from kifuwiki.cardkit import unread
from kifuwiki.core.recordfile import LineKind, SourceLine
from kifuwiki.games.base import GameRecord, PlayerLine, PlayerStat, RecordView, StepView
from kifuwiki.games.catan import CatanData
from kifuwiki.games.catan.board import (
    BOARD_HEIGHT,
    BOARD_WIDTH,
    HEX_SIZE,
    harbour_positions,
    hex_center,
    hex_points,
)
from kifuwiki.games.catan.charts import dice_chart, holder_chart, player_colours, vp_chart
from kifuwiki.games.catan.mapview import StepMaps
from kifuwiki.games.catan.model import (
    CARD_LETTERS,
    RESOURCE_NAMES,
    CatanRecord,
    Item,
    Omission,
    Turn,
    Unreadable,
)
from kifuwiki.games.catan.replay import CARD_NAMES, Replay, StepResult
from kifuwiki.games.catan.writer import actions_text, dice_text
from kifuwiki.games.viewkit import (
    Text,
    first_step_of_lines,
    header_row,
    player_lines,
    problem_steps,
    record_badges,
    step_view,
)

#: How many rounds of the grid each step shows (the current one and the two before).
GRID_WINDOW = 3
TERRAIN_FILL = {
    "G": "#f3d36b",
    "B": "#c96a3d",
    "S": "#9ea3a8",
    "W": "#a5d46a",
    "T": "#3f8f3f",
    "D": "#e6d8a8",
}


def _cell_text(turn: Turn, card_set: str) -> dict[str, Any]:
    """A turn's grid cell without its step flags: written once per turn, shown by many steps."""
    clean = turn.clean
    return {
        "player": turn.player,
        "before": actions_text(turn.before, card_set) if clean else "",
        "dice": dice_text(turn.dice) if clean else "",
        "after": actions_text(turn.after, card_set) if clean else "",
        "text": turn.text,
        "clean": clean,
    }


def _items(record: CatanRecord, replay: Replay) -> list[tuple[Item, int, Turn | None]]:
    """The record's items, each with the step it belongs to and the turn it is: a line
    not read that took a turn is that turn as the replay made it (the line as written
    for its text); anything else belongs to the step before it."""
    taken = {s.turn.line: s.turn for s in replay.steps if s.not_read and s.turn is not None}
    found: list[tuple[Item, int, Turn | None]] = []
    step = 0
    for item in record.items:
        turn = item if isinstance(item, Turn) else None
        if isinstance(item, Unreadable):
            turn = taken.get(item.line)
        if turn is not None:
            step += 1
        found.append((item, step, turn))
    return found


def _span(item: Item, turn: Turn, order: list[str]) -> int:
    """The seats a grid cell covers: a table's row not read took the rest of its round,
    so the row as written spans those seats' cells (in one seat's cell it read as that
    player's turn)."""
    if isinstance(item, Unreadable) and item.row and turn.player in order:
        return len(order) - order.index(turn.player)
    return 1


def _rows(
    items: list[tuple[Item, int, Turn | None]], card_set: str, order: list[str]
) -> list[dict[str, Any]]:
    """The grid: one row per turn number, an ``omitted`` row where turns are left out.
    A turn not read shows the line as written in its seat's cell (a row not read, across
    the seats it took).

    Each cell is ``(step, text)``; its text is written here once, not by every step."""
    rows: list[dict[str, Any]] = []
    for item, step, turn in items:
        if isinstance(item, Omission):
            rows.append({"turn": None, "omitted": True, "text": item.text, "cells": {}})
        elif turn is not None:
            if not rows or rows[-1]["omitted"] or rows[-1]["turn"] != turn.number:
                rows.append({"turn": turn.number, "omitted": False, "text": "", "cells": {}})
            if turn.player not in rows[-1]["cells"]:
                text = {**_cell_text(turn, card_set), "span": _span(item, turn, order)}
                rows[-1]["cells"][turn.player] = (step, text)
    return rows


def _grid(
    rows: list[dict[str, Any]], record: CatanRecord, upto: int | None, window: int | None
) -> list[dict[str, Any]]:
    """Rows up to step ``upto`` (all when ``None``), the last ``window`` turn rows of them."""
    end = len(rows)
    if upto is not None:
        end = next(
            (
                i
                for i, row in enumerate(rows)
                if not row["omitted"] and min(step for step, _ in row["cells"].values()) > upto
            ),
            end,
        )
    first = 0
    if window is not None:
        turn_rows = [i for i in range(end) if not rows[i]["omitted"]]
        if len(turn_rows) > window:
            first = turn_rows[-window]
            # Keep an omission row just before the window: it explains the gap.
            if first > 0 and rows[first - 1]["omitted"]:
                first -= 1
    return [_shown_row(row, record.order, upto) for row in rows[first:end]]


def _shown_row(row: dict[str, Any], order: list[str], upto: int | None) -> dict[str, Any]:
    """One grid row as a step shows it: cells after step ``upto`` left empty."""
    if row["omitted"]:
        return {"turn": None, "omitted": True, "text": row["text"], "cells": [], "current": False}
    cells = []
    covered = 0  # seats a row not read spans (``_span``)
    for key in order:
        if covered:
            covered -= 1
            continue
        found = row["cells"].get(key)
        if found is None or (upto is not None and found[0] > upto):
            cells.append({"player": key, "empty": True, "current": False})
        else:
            step, text = found
            cells.append({**text, "step": step, "current": step == upto})
            covered = text["span"] - 1
    current = any(cell["current"] for cell in cells)
    return {"turn": row["turn"], "omitted": False, "text": "", "cells": cells, "current": current}


def _unread_seats(step: StepResult, record: CatanRecord) -> list[str]:
    """The seats whose turns a step not read took: a table's row not read, the rest of
    its round from ``turn.player`` on (as its label says); a line not read, its seat."""
    turn = step.turn
    if not step.not_read or turn is None or turn.player not in record.order:
        return []
    if step.row:
        return record.order[record.order.index(turn.player) :]
    return [turn.player]


def _why_unsure(omitted: bool, unread: bool) -> str | None:
    """Why counts are lower bounds and the robber unknown: ``omitted`` (turns left out),
    ``unread`` (a turn not read, CT235), ``both``, or ``None`` (every count exact). The
    page said "turns left out" for a turn not read too, where none were."""
    if omitted and unread:
        return "both"
    return "omitted" if omitted else "unread" if unread else None


def _unsure_by_step(replay: Replay) -> list[str | None]:
    """:func:`_why_unsure` after each step: what made the counts lower bounds so far."""
    found: list[str | None] = []
    omitted = unread = False
    for step in replay.steps:
        omitted = omitted or step.omitted_before
        unread = unread or step.not_read
        found.append(_why_unsure(omitted, unread) if not step.snapshot.exact else None)
    return found


def _mover(step: StepResult, unread_seats: list[str]) -> str | None:
    """The seat whose turn a step is. A row not read took several seats' turns and which
    of them were played is not known: it is none of them (its first seat was marked, as
    if the row were that player's turn); the seats it took say so in words instead."""
    return step.turn.player if step.turn and len(unread_seats) < 2 else None


def _counts(
    step: StepResult, record: CatanRecord, colours: dict[str, str], unread_seats: list[str]
) -> list[dict[str, Any]]:
    snap = step.snapshot
    at_least = "" if snap.exact else "≥"
    current = _mover(step, unread_seats)
    players = []
    for key in record.order:
        t = snap.tallies[key]
        players.append(
            {
                "key": key,
                "name": record.name(key),
                "colour": colours[key],
                "current": key == current,
                "not_read": key in unread_seats,
                "vp": snap.vp[key],
                "vp_text": f"{at_least}{snap.vp[key]}",
                "roads": t.roads,
                "roads_text": f"{at_least}{t.roads}",
                "settlements": t.settlements if snap.exact else None,
                "settlements_text": str(t.settlements) if snap.exact else "?",
                "cities": t.cities_built,
                "cities_text": f"{at_least}{t.cities_built}",
                "knights": t.knights,
                "knights_text": f"{at_least}{t.knights}",
                "bought": t.bought,
                "bought_text": f"{at_least}{t.bought}",
                "played": t.played,
                "played_text": f"{at_least}{t.played}",
                "lr": snap.lr_holder == key,
                "la": snap.la_holder == key,
            }
        )
    return players


def _notes(lines: list[SourceLine]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    comments = tuple(line.comment for line in lines if line.comment)
    bookmarks = tuple(line.bookmark for line in lines if line.kind is LineKind.BOOKMARK)
    return comments, bookmarks


def _step_notes(
    record: CatanRecord, items: list[tuple[Item, int, Turn | None]]
) -> dict[int, list[SourceLine]]:
    """Comments by step: a comment after an omission belongs to the next turn."""
    notes: dict[int, list[SourceLine]] = defaultdict(list)
    notes[0].extend(record.setup_notes)
    step = 0
    pending: list[SourceLine] = []
    for item, step, turn in items:
        if turn is not None:
            notes[step].extend(pending)
            pending = []
            notes[step].extend(item.notes)
        elif isinstance(item, Omission):
            pending.extend(item.notes)
        else:
            notes[step].extend(item.notes)
    notes[step].extend(pending)
    return notes


def _stray_lines(items: list[tuple[Item, int, Turn | None]]) -> dict[int, list[tuple[str, str]]]:
    """Lines not read that took no turn (a stray note, a second closing line), as
    (Japanese, English) notes of the step they follow: nothing written is left off."""
    found: dict[int, list[tuple[str, str]]] = defaultdict(list)
    for item, step, turn in items:
        if isinstance(item, Unreadable) and turn is None:
            text = unread.written(item.text)
            found[step].append(
                (
                    f"読めない行 (エラーを参照): 「{text}」",
                    f"a line not read (see its error): '{text}'",
                )
            )
    return found


def _label(step: StepResult, record: CatanRecord, *, ja: bool = False) -> str:
    """``Turn 12, 白; rolls 4; plays knight …`` in English, or its Japanese."""
    if step.turn is None:
        if ja:
            return "初期配置: 各プレイヤーが開拓地2つと街道2本を置く"
        return "Setup: every player places 2 settlements and 2 roads"
    turn = step.turn
    name = record.name(turn.player)
    if step.row and record.order and turn.player != record.order[-1]:
        # A row not read took the rest of its round: the seats it covers, not the first.
        name += ("〜" if ja else "–") + record.name(record.order[-1])
    parts = [f"ターン{turn.number} {name}" if ja else f"Turn {turn.number}, {name}"]
    if turn.dice is not None:
        parts.append(f"ダイス {turn.dice.value}" if ja else f"rolls {turn.dice.value}")
    parts.extend(pair[0 if ja else 1] for pair in step.annotations)
    return ("、" if ja else "; ").join(parts)


def _board(record: CatanRecord, replay: Replay) -> dict[str, Any] | None:
    board = record.board
    if board is None:
        return None
    robber = replay.steps[-1].snapshot.robber
    visits: dict[str, int] = defaultdict(int)
    for step in replay.steps:
        if step.turn is None:
            continue
        for robbery in _robberies(step.turn):
            found = board.find(robbery)
            if len(found) == 1:
                visits[found[0].ref.text] += 1
    hexes = []
    for board_hex in board.hexes:
        x, y = hex_center(board_hex.row, board_hex.col)
        ref = board_hex.ref
        ja, en = RESOURCE_NAMES[ref.terrain]
        hexes.append(
            {
                "id": ref.text,
                "terrain": ref.terrain,
                "terrain_ja": ja,
                "terrain_en": en,
                "number": ref.number,
                "ident": ref.ident,
                "x": x,
                "y": y,
                "points": hex_points(x, y, HEX_SIZE - 1),
                "fill": TERRAIN_FILL[ref.terrain],
                "red": ref.number in (6, 8),
                "pips": 6 - abs(7 - ref.number) if ref.number else 0,
                "robber": ref.text == robber,
                "visits": visits.get(ref.text, 0),
            }
        )
    harbours = [
        {"x": x, "y": y, "label": label, "generic": label == "3"}
        for (x, y), label in zip(
            harbour_positions(len(board.harbours)), board.harbours, strict=True
        )
    ]
    return {
        "width": BOARD_WIDTH,
        "height": BOARD_HEIGHT,
        "hexes": hexes,
        "harbours": harbours,
        "robber": robber,
    }


def _robberies(turn: Turn) -> list[Any]:
    refs = [a.robbery.hex for a in turn.actions if a.robbery is not None]
    if turn.dice is not None and turn.dice.robbery is not None:
        refs.append(turn.dice.robbery.hex)
    return refs


def _final_table(replay: Replay) -> list[dict[str, Any]]:
    record = replay.record
    final = replay.steps[-1].snapshot
    rows = []
    for key in record.order:
        t = final.tallies[key]
        rows.append(
            {
                "key": key,
                "name": record.name(key),
                "settlements": t.settlements if final.exact else None,
                "cities": t.cities_built,
                "lr": final.lr_holder == key,
                "la": final.la_holder == key,
                "bonus": replay.bonus.get(key, 0),
                "total": replay.totals.get(key) if replay.totals else None,
                "shown": final.vp[key],
                "winner": replay.winner == key,
            }
        )
    return rows


def _player_stats(replay: Replay) -> dict[str, list[PlayerStat]]:
    record = replay.record
    final = replay.steps[-1].snapshot
    stats: dict[str, list[PlayerStat]] = {}
    for key in record.order:
        t = final.tallies[key]
        points = (
            replay.totals[key]
            if replay.totals and key in replay.totals
            else final.vp[key] + replay.bonus.get(key, 0)
        )
        stats[record.name(key)] = [
            PlayerStat("catan_points", "得点 (最高)", "best score", points, "max"),
            PlayerStat("catan_knights", "騎士カード使用", "knights played", t.knights),
            PlayerStat("catan_lr", "最長交易路獲得", "Longest Road taken", t.lr_taken),
            PlayerStat("catan_la", "最大騎士力獲得", "Largest Army taken", t.la_taken),
            PlayerStat("catan_roads", "街道建設", "roads built", t.roads_built),
            PlayerStat("catan_settlements", "開拓地建設", "settlements built", t.settlements_built),
            PlayerStat("catan_cities", "都市建設", "cities built", t.cities_built),
            PlayerStat("catan_cards", "発展カード購入", "development cards bought", t.bought),
        ]
    return stats


def _step_state(
    step: StepResult,
    record: CatanRecord,
    rows: list[dict[str, Any]],
    seats: list[dict[str, str]],
    colours: dict[str, str],
    maps: StepMaps,
    stray: list[tuple[str, str]],
    unsure: str | None,
    unread_seats: list[str],
) -> dict[str, Any]:
    """What ``state.html`` shows after one turn (``unsure``: :func:`_why_unsure`;
    ``unread_seats``: :func:`_unread_seats`, worked out once a step by the caller)."""
    turn = step.turn
    snapshot = step.snapshot
    return {
        "map": maps.step(snapshot.layout, snapshot.robber),
        "turn": turn.number if turn else None,
        "player": _mover(step, unread_seats),
        "not_read": unread_seats,
        "exact": snapshot.exact,
        "unsure": unsure,
        "dice": dice_text(turn.dice) if turn else None,
        "rolled": step.rolled,
        "robber": snapshot.robber,
        "lr": snapshot.lr_holder,
        "la": snapshot.la_holder,
        "lr_name": record.name(snapshot.lr_holder) if snapshot.lr_holder else None,
        "la_name": record.name(snapshot.la_holder) if snapshot.la_holder else None,
        "took": sorted(step.took),
        "seats": seats,
        "grid": _grid(rows, record, step.index, GRID_WINDOW) if turn else [],
        "players": _counts(step, record, colours, unread_seats),
        "annotations_ja": [ja for ja, _ in _annotations(step, stray)],
        "omitted_before": step.omitted_before,
    }


def _annotations(step: StepResult, stray: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """(Japanese, English) machine annotations of a step, an omission note first, the
    lines not read after it last."""
    notes = list(step.annotations)
    if step.omitted_before:
        notes.insert(0, ("この前のターンは省略", "turns omitted before this one"))
    return notes + stray


def _notation(step: StepResult) -> str:
    """``12 W: 4 | R``; a line not read, as written."""
    turn = step.turn
    if turn is None:
        return ""
    if step.not_read:
        return unread.written(turn.text)
    return f"{turn.number} {turn.player}: {turn.text}"


def build_view(game: GameRecord) -> RecordView:
    data = game.data
    if not isinstance(data, CatanData):
        raise TypeError("not a Catan record")
    record, replay = data.record, data.replay
    colours = player_colours(record.order)
    items = _items(record, replay)
    rows = _rows(items, record.card_set, record.order)
    notes = _step_notes(record, items)
    strays = _stray_lines(items)
    lines = first_step_of_lines((step.turn.line, step.index) for step in replay.steps if step.turn)
    problems = problem_steps(game.diagnostics, lines)
    seats = [{"key": k, "name": record.name(k), "colour": colours[k]} for k in record.order]
    maps = StepMaps(record, colours)
    unsure = _unsure_by_step(replay)
    steps: list[StepView] = []
    for step in replay.steps:
        turn = step.turn
        comments, bookmarks = _notes(notes.get(step.index, []))
        stray = strays.get(step.index, [])
        # A row not read is no one seat's move: the move list named its first seat and
        # the guess mode asked that player for the row as written.
        unread_seats = _unread_seats(step, record)
        mover = _mover(step, unread_seats)
        steps.append(
            step_view(
                step.index,
                player=record.name(mover) if mover else None,
                notation=_notation(step),
                line=turn.line if turn else game.source.first_line,
                kind="turn" if turn else "setup",
                label=Text(_label(step, record, ja=True), _label(step, record)),
                annotations=[Text(ja, en) for ja, en in _annotations(step, stray)],
                comments=comments,
                bookmarks=bookmarks,
                marks=turn.marks if turn else "",
                flags={"special"} if step.took else (),
                problems=problems,
                state=_step_state(
                    step,
                    record,
                    rows,
                    seats,
                    colours,
                    maps,
                    stray,
                    unsure[step.index],
                    unread_seats,
                ),
            )
        )

    players, badges = _players_and_badges(game, record, replay)
    final = replay.steps[-1].snapshot
    # The page shows the rule set and the winner itself; these rows add what it cannot.
    header = [
        header_row(
            Text("カードの記号", "Card letters"),
            # The page's language only (review13 R13-7 found the others' "ja / en").
            Text(
                *(
                    ", ".join(
                        f"[{CARD_LETTERS[record.card_set][card]}] {names[half]}"
                        for card, names in CARD_NAMES.items()
                    )
                    for half in (0, 1)
                )
            ),
        ),
        header_row(
            Text("席順", "Seats"), " → ".join(f"{record.name(k)} ({k})" for k in record.order)
        ),
    ]
    extra = {
        "seats": seats,
        "grid": _grid(rows, record, None, None),
        "board": _board(record, replay),
        "dice": dice_chart(replay.dice),
        "vp": vp_chart(replay, colours),
        "holders": holder_chart(replay, colours),
        "final": _final_table(replay),
        "complete": replay.complete,
        "unsure": None
        if replay.complete
        else _why_unsure(record.has_omissions, any(s.not_read for s in replay.steps)),
        "has_totals": replay.totals is not None,
        "lr": final.lr_holder,
        "la": final.la_holder,
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
    """The view without its steps, header and charts (``GAME.light_view``)."""
    data = game.data
    if not isinstance(data, CatanData):
        raise TypeError("not a Catan record")
    players, badges = _players_and_badges(game, data.record, data.replay)
    return RecordView(
        record=game,
        players=players,
        steps=[],
        badges=badges,
        player_stats=_player_stats(data.replay),
    )


def _players_and_badges(
    game: GameRecord, record: CatanRecord, replay: Replay
) -> tuple[list[PlayerLine], frozenset[str]]:
    names = [record.name(key) for key in record.order]
    winner = record.name(replay.winner) if replay.winner else None
    players = player_lines(record.order, names, replay.ranking, winner)
    badges = set()
    if any(s.took & {"LR"} for s in replay.steps):
        badges.add("LR")
    if any(s.took & {"LA"} for s in replay.steps):
        badges.add("LA")
    if record.has_omissions:
        badges.add("omitted")
    if record.board is not None:
        badges.add("board")
    return players, record_badges(game, badges)
