"""Chart data for the record page: plain numbers the SVG template only prints.

Dice results against the 2d6 expectation (with Pearson's χ² and its p-value),
victory points over the turns, and who held Longest Road / Largest Army when.
"""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

from kifuwiki.games.catan.replay import Replay

#: Ways to roll each total with two dice (out of 36).
WAYS = {n: 6 - abs(7 - n) for n in range(2, 13)}
_KNOWN_COLOURS = {
    "B": "#1e5bb8",
    "Y": "#c99a06",
    "R": "#c62828",
    "W": "#7a7a7a",
    "O": "#e65100",
    "G": "#2e7d32",
}
_PALETTE = ("#1e5bb8", "#c99a06", "#c62828", "#7a7a7a", "#2e7d32", "#6a1b9a")


def player_colours(order: list[str]) -> dict[str, str]:
    """Catan colours for the usual letters (B Y R W O G), a palette otherwise."""
    colours: dict[str, str] = {}
    for seat, key in enumerate(order):
        colour = _KNOWN_COLOURS.get(key)
        if colour is None or colour in colours.values():
            colour = _PALETTE[seat % len(_PALETTE)]
        colours[key] = colour
    return colours


def chi_square(counts: dict[int, int]) -> tuple[float, float] | None:
    """Pearson's χ² of the dice totals against 2d6, and its p-value (10 degrees of freedom).

    ``None`` with fewer than 1 roll. For an even number of degrees of freedom the χ²
    survival function has a closed form: exp(-x/2) · Σ_{i<k/2} (x/2)^i / i!.
    """
    rolls = sum(counts.values())
    if rolls == 0:
        return None
    chi2 = sum(
        (counts.get(n, 0) - rolls * ways / 36) ** 2 / (rolls * ways / 36)
        for n, ways in WAYS.items()
    )
    return chi2, survival_df10(chi2)


def survival_df10(chi2: float) -> float:
    """P(X ≥ chi2) for χ² with 10 degrees of freedom (2d6 totals: 11 outcomes − 1)."""
    half = chi2 / 2
    p = math.exp(-half) * sum(half**i / math.factorial(i) for i in range(5))
    return min(1.0, p)


def dice_chart(dice: list[int]) -> dict[str, Any]:
    counts = Counter(dice)
    rolls = len(dice)
    expected = {n: rolls * ways / 36 for n, ways in WAYS.items()}
    top = max([*counts.values(), *expected.values(), 1])
    width, height, base, bar = 372, 190, 160, 24
    scale = 130 / top
    bars = []
    for i, n in enumerate(range(2, 13)):
        x = 20 + i * 32
        count = counts.get(n, 0)
        bars.append(
            {
                "n": n,
                "count": count,
                "expected": round(expected[n], 1),
                "x": x,
                "y": round(base - count * scale, 1),
                "h": round(count * scale, 1),
                "ey": round(base - expected[n] * scale, 1),
                "cx": x + bar / 2,
            }
        )
    result = chi_square(dict(counts))
    return {
        "width": width,
        "height": height,
        "base": base,
        "bar": bar,
        "rolls": rolls,
        "bars": bars,
        "expected_points": " ".join(f"{b['cx']},{b['ey']}" for b in bars),
        "chi2": f"{result[0]:.2f}" if result else None,
        "p": f"{result[1]:.3f}" if result else None,
    }


def vp_chart(replay: Replay, colours: dict[str, str]) -> dict[str, Any]:
    """Visible points after every step (buildings, LR, LA; VP cards show only at the end)."""
    order = replay.record.order
    steps = replay.steps
    top = max([10, *(max(s.snapshot.vp.values(), default=0) for s in steps)])
    width, height, left, base = 460, 215, 30, 170
    span = max(1, len(steps) - 1)
    x_of = [round(left + i * (width - left - 50) / span, 1) for i in range(len(steps))]
    y_scale = 150 / top
    series = []
    finals = _final_points(replay)
    for key in order:
        points = " ".join(
            f"{x_of[i]},{round(base - s.snapshot.vp[key] * y_scale, 1)}"
            for i, s in enumerate(steps)
        )
        series.append(
            {
                "key": key,
                "name": replay.record.name(key),
                "colour": colours[key],
                "points": points,
                "final": steps[-1].snapshot.vp[key],
                "total": finals[key],
                "end_y": round(base - steps[-1].snapshot.vp[key] * y_scale, 1),
            }
        )
    ticks = [{"value": v, "y": round(base - v * y_scale, 1)} for v in range(0, top + 1, 2)]
    gaps = [x_of[s.index] for s in steps if s.omitted_before]
    return {
        "width": width,
        "height": height,
        "left": left,
        "base": base,
        "series": series,
        "ticks": ticks,
        "gaps": gaps,
        "goal_y": round(base - 10 * y_scale, 1),
        "turns": _turn_ticks(replay, x_of),
        "end_x": x_of[-1],
        "exact": replay.complete,
    }


def holder_chart(replay: Replay, colours: dict[str, str]) -> dict[str, Any]:
    """Bars of who held Longest Road and Largest Army from which step to which."""
    steps = replay.steps
    width, left = 420, 110
    span = max(1, len(steps))
    unit = (width - left - 10) / span
    rows = []
    for card, attr in (("LR", "lr_holder"), ("LA", "la_holder")):
        segments: list[dict[str, Any]] = []
        current: str | None = None
        start = 0
        for step in [*steps, None]:
            holder = getattr(step.snapshot, attr) if step is not None else None
            index = step.index if step is not None else len(steps)
            if step is not None and holder == current:
                continue
            if current is not None:
                segments.append(
                    {
                        "key": current,
                        "name": replay.record.name(current),
                        "colour": colours.get(current, "#555"),
                        "x": round(left + start * unit, 1),
                        "w": round(max(1.0, (index - start) * unit), 1),
                        "from": start,
                        "to": index - 1,
                        "turn": _turn_of(replay, start),
                    }
                )
            current, start = holder, index
        rows.append({"card": card, "segments": segments})
    return {"width": width, "left": left, "rows": rows, "height": 70}


def _turn_of(replay: Replay, step: int) -> int | None:
    turn = replay.steps[step].turn if step < len(replay.steps) else None
    return turn.number if turn is not None else None


def _turn_ticks(replay: Replay, x_of: list[float]) -> list[dict[str, Any]]:
    """The turn axis: where each round starts, labelled at most about ten times."""
    starts: list[tuple[int, int]] = []
    for step in replay.steps:
        if step.turn is not None and (not starts or starts[-1][0] != step.turn.number):
            starts.append((step.turn.number, step.index))
    every = max(1, math.ceil(len(starts) / 10))
    return [
        {"turn": number, "x": x_of[index], "step": index, "label": i % every == 0}
        for i, (number, index) in enumerate(starts)
    ]


def _final_points(replay: Replay) -> dict[str, int]:
    """Each player's final points: the 合計 line when written, else what the log shows
    plus the bonus line."""
    final = replay.steps[-1].snapshot
    points = {k: final.vp[k] + replay.bonus.get(k, 0) for k in replay.record.order}
    if replay.totals:
        points.update({k: v for k, v in replay.totals.items() if k in points})
    return points
