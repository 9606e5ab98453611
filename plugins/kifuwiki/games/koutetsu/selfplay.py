"""Seeded generator of complete, consistent session records (for tests and fuzzing).

Characters roll real 2d6 against their 判定値 (sometimes with a modifier), the operation
clock moves on by whole hours, combats count their turns, and the mission ends with a
result; prose paragraphs sit between the structured lines.
"""

from __future__ import annotations

import random

CHECKS = ("射撃", "格闘", "回避", "索敵", "操縦")
NAMES = ("ハンス", "リーゼ", "カール", "エマ")


def _roll(rng: random.Random, name: str, checks: dict[str, int]) -> str:
    check = rng.choice(sorted(checks))
    modifier = rng.choice((0, 0, 0, -1, -2, 1))
    value = checks[check] + modifier
    a, b = rng.randint(1, 6), rng.randint(1, 6)
    result = "成功" if a + b <= value else "失敗"
    mod = f"{modifier:+d}" if modifier else ""
    return f"@roll {name} {check}{mod} 2d6={a}+{b}={a + b} ≤ {value} {result}"


def session_text(seed: int, *, characters: int = 2, phases: int = 4) -> str:
    rng = random.Random(seed)
    names = NAMES[:characters]
    sheets = {name: {check: rng.randint(5, 10) for check in CHECKS} for name in names}
    lines = ["---", "game: koutetsu-no-niji", f"title: generated {seed}", "scenario: 演習"]
    lines.append("characters:")
    for name, checks in sheets.items():
        table = ", ".join(f"{check}: {value}" for check, value in checks.items())
        lines += [f"  {name}:", f"    jaeger: 機体{seed % 7}", f"    checks: {{{table}}}"]
    lines += ["---", "ブリーフィング。", "", "@目的 演習目標を確保する", ""]
    hour = rng.randint(4, 9)
    for _ in range(phases):
        lines += [f"@作戦 {hour:02d}:00", "", "移動する。"]
        scout = rng.choice(names)
        lines += [_roll(rng, scout, sheets[scout])]
        if rng.random() < 0.5:
            lines += ["@戦闘 開始"]
            for turn in range(1, rng.randint(1, 4) + 1):
                lines += [f"@ターン {turn}"]
                for name in names:
                    lines += [_roll(rng, name, sheets[name]), "撃ち合う。"]
            lines += ["@戦闘 終了", ""]
        hour += rng.randint(1, 2)
    outcome = rng.choice(("成功", "失敗", "部分成功"))
    lines += [f"@結果 {outcome} 演習終了", "", "おしまい。"]
    return "\n".join(lines) + "\n"
