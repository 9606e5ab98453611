"""Chart data: the timeline of operation and combat phases, and success rates against
the rates the 判定値 predict. Plain numbers the SVG templates print."""

from __future__ import annotations

from typing import Any

from kifuwiki.games.koutetsu.engine import Phase, clock

WIDTH = 360
LEFT, RIGHT = 22, 22  # room for the first and last hour labels
OPEN_PHASE = 60
"""Minutes drawn for the last operation phase, which has no end in the record."""
RATE_LEFT, BAR = 100, 200
"""The success-rate chart: where the bars start and how long 100 % is."""
COMBAT_MIN_WIDTH = 8.0
"""Combat lasts minutes in a session of hours: drawn at least this wide to stay visible."""


def timeline(phases: list[Phase]) -> dict[str, Any]:
    operations = [p for p in phases if p.kind == "operation" and p.start is not None]
    rows = []
    for phase in phases:
        length = phase.minutes
        if phase.kind == "operation":
            duration_ja = f"{length // 60}時間" if length else "—"
            duration_en = f"{length // 60} h" if length else "—"
        else:
            duration_ja, duration_en = (
                f"{length}分 ({length}ターン)",
                f"{length} min ({length} turns)",
            )
        rows.append(
            {
                "kind": phase.kind,
                "start": clock(phase.start),
                "duration_ja": duration_ja,
                "duration_en": duration_en,
                "rolls": phase.rolls,
                "successes": phase.successes,
                "step": phase.step,
            }
        )
    if not operations:
        return {"rows": rows, "bars": [], "width": WIDTH, "ticks": []}
    first = min(p.start or 0 for p in operations)
    last = max((p.start or 0) + (p.minutes or OPEN_PHASE) for p in operations)
    span = max(last - first, 1)
    scale = (WIDTH - LEFT - RIGHT) / span
    bars = []
    for phase in phases:
        if phase.start is None:
            continue
        x = LEFT + (phase.start - first) * scale
        if phase.kind == "operation":
            width = max((phase.minutes or OPEN_PHASE) * scale - 1, 2)
            bars.append(
                {
                    "kind": "operation",
                    "x": round(x, 1),
                    "w": round(width, 1),
                    "y": 8,
                    "h": 18,
                    "label": clock(phase.start),
                    "step": phase.step,
                }
            )
        else:
            width = max(phase.minutes * scale, COMBAT_MIN_WIDTH)
            bars.append(
                {
                    "kind": "combat",
                    "x": round(x, 1),
                    "w": round(width, 1),
                    "y": 4,
                    "h": 26,
                    "label": f"{clock(phase.start)} +{phase.minutes}",
                    "step": phase.step,
                }
            )
    ticks = [
        {"x": round(LEFT + (t - first) * scale, 1), "label": clock(t)}
        for t in range(first - first % 60 + (60 if first % 60 else 0), last + 1, 60)
    ]
    return {"rows": rows, "bars": bars, "width": WIDTH, "ticks": ticks}


def rate_chart(characters: list[dict[str, Any]]) -> dict[str, Any]:
    """Per character: the success rate (bar) against the expected rate (marker), in %."""
    rows = []
    for i, character in enumerate(characters):
        y = 10 + i * 34
        rate, expected = character["rate"], character["expected_rate"]
        rows.append(
            {
                "key": character["key"],
                "y": y,
                "w": round(BAR * rate / 100, 1) if rate is not None else 0,
                "mark": round(RATE_LEFT + BAR * expected / 100, 1)
                if expected is not None
                else None,
                "rate": rate,
                "expected": expected,
                "rolls": character["rolls"],
            }
        )
    return {
        "rows": rows,
        "width": WIDTH,
        "height": 20 + 34 * len(characters),
        "left": RATE_LEFT,
        "bar": BAR,
    }
