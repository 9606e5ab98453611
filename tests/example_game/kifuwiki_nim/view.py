"""A replayed Nim record → the viewer's data. Only the positions are Nim's business:
labels, flags, badges and player lines come from kifuwiki's view kit."""

from __future__ import annotations

from typing import Any

from kifuwiki.games.base import GameRecord, PlayerStat, RecordView
from kifuwiki.games.viewkit import (
    Text,
    first_step_of_lines,
    header_row,
    player_lines,
    problem_steps,
    record_badges,
    step_view,
)
from kifuwiki_nim.notation import NimRecord
from kifuwiki_nim.rules import Replay, Step


def _label(step: Step, name: str, replay: Replay) -> Text:
    if step.move is None:
        return Text(f"開始: 石{step.pile}個", f"Start: {step.pile} stones")
    return Text(
        f"{name} が{step.taken}個取る (残り{step.pile}個)",
        f"{name} takes {step.taken} ({step.pile} left)",
    )


def _annotations(step: Step, replay: Replay, next_name: str) -> list[Text]:
    if step.move is None or not step.taken:
        return []
    if step.pile == 0:
        misere = replay.rules.misere
        return [
            Text(
                "最後の石を取った: " + ("負け" if misere else "勝ち"),
                "took the last stone: " + ("loses" if misere else "wins"),
            )
        ]
    if replay.rules.lost_for_mover(step.pile):
        note = Text(
            f"残り{step.pile}個は {next_name} の負け局面", f"{step.pile} left: {next_name} is lost"
        )
    else:
        note = Text(
            f"残り{step.pile}個は {next_name} の勝ち局面", f"{step.pile} left: {next_name} can win"
        )
    notes = [note]
    if step.slip:
        notes.append(Text("勝ちを逃した", "a slip: the win is gone"))
    return notes


def _state(step: Step, replay: Replay, start: int, next_name: str) -> dict[str, Any]:
    return {
        "pile": step.pile,
        "start": start,
        "taken": step.taken,
        "to_move": next_name if step.pile else "",
        "lost_for_mover": replay.rules.lost_for_mover(step.pile),
    }


def build_view(record: GameRecord) -> RecordView:
    nim: NimRecord = record.data["record"]
    replay: Replay = record.data["replay"]
    names = dict(zip(replay.players, record.players, strict=True))
    lines = first_step_of_lines((s.move.line, s.index) for s in replay.steps if s.move)
    problems = problem_steps(record.diagnostics, lines)
    steps = []
    for step in replay.steps:
        move = step.move
        name = names.get(move.player, move.player) if move else ""
        following = (
            replay.steps[step.index + 1].move if step.index + 1 < len(replay.steps) else None
        )
        next_name = names.get(following.player, following.player) if following else ""
        steps.append(
            step_view(
                step.index,
                player=name or None,
                notation=f"{move.player}: {move.take}" if move else "",
                line=move.line if move else record.source.first_line,
                kind="take" if move else "start",
                label=_label(step, name, replay),
                annotations=_annotations(step, replay, next_name),
                comments=(move or nim.opening).comments,
                bookmarks=(move or nim.opening).bookmarks,
                marks=move.marks if move else "",
                flags={"slip"} if step.slip else (),
                problems=problems,
                state=_state(step, replay, nim.pile, next_name),
            )
        )
    badges = {"slip"} if any(s.slip for s in replay.steps) else set()
    if replay.rules.misere:
        badges.add("misere")
    stats = {
        names[key]: [
            PlayerStat("nm_stones", "取った石", "stones taken",
                       sum(s.taken for s in replay.steps if s.move and s.move.player == key)),
            PlayerStat("nm_slips", "勝ち逃し", "slips",
                       sum(1 for s in replay.steps if s.slip and s.move and s.move.player == key)),
        ]
        for key in replay.players
    }  # fmt: skip
    ranking = [k for k in replay.players if names[k] == record.winner]
    ranking += [k for k in replay.players if k not in ranking] if ranking else []
    return RecordView(
        record=record,
        players=player_lines(replay.players, record.players, ranking, record.winner),
        steps=steps,
        header=[header_row(Text("石の数", "Stones"), str(nim.pile))],
        badges=record_badges(record, badges),
        player_stats=stats,
    )
