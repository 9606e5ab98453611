"""The chip totals over a session as a line chart: plain numbers the SVG template prints."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

_PALETTE = ("#1e5bb8", "#c62828", "#2e7d32", "#c99a06", "#6a1b9a", "#00838f")

WIDTH, HEIGHT = 360, 200
LEFT, RIGHT, TOP, BOTTOM = 40, 10, 12, 28


def seat_colours(order: list[str]) -> dict[str, str]:
    return {seat: _PALETTE[i % len(_PALETTE)] for i, seat in enumerate(order)}


def _ticks(low: int, high: int) -> list[int]:
    """About five round values from ``low`` to ``high``."""
    span = max(high - low, 1)
    step = 1
    for candidate in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000):
        step = candidate
        if span / candidate <= 5:
            break
    first = (low // step) * step
    return list(range(first, high + step, step))


def chip_chart(
    history: list[dict[str, int]],
    order: list[str],
    colours: dict[str, str],
    name: Callable[[str], str],
) -> dict[str, Any]:
    """One polyline per seat: chips at the start and after each hand."""
    values = [totals[seat] for totals in history for seat in order] or [0]
    ticks = _ticks(min(values), max(values))
    low, high = ticks[0], max(ticks[-1], ticks[0] + 1)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    count = max(len(history) - 1, 1)

    def x(i: int) -> float:
        return round(LEFT + plot_w * i / count, 1)

    def y(v: int) -> float:
        return round(TOP + plot_h * (high - v) / (high - low), 1)

    series = []
    for seat in order:
        points = [(x(i), y(totals[seat])) for i, totals in enumerate(history)]
        series.append(
            {
                "seat": seat,
                "name": name(seat),
                "colour": colours[seat],
                "points": " ".join(f"{px},{py}" for px, py in points),
                "dots": [
                    {"x": px, "y": py, "value": totals[seat], "hand": i}
                    for i, ((px, py), totals) in enumerate(zip(points, history, strict=True))
                ],
                "final": history[-1][seat] if history else 0,
            }
        )
    return {
        "width": WIDTH,
        "height": HEIGHT,
        "left": LEFT,
        "right": WIDTH - RIGHT,
        "base": HEIGHT - BOTTOM,
        "ticks": [{"value": v, "y": y(v)} for v in ticks],
        "hands": [{"label": str(i) if i else "0", "x": x(i)} for i in range(len(history))],
        "series": series,
    }
