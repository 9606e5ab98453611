"""Japanese for the engine's machine annotations and step labels.

The replay writes its annotations in English ("221 = 13 × 17 is not prime → penalty
3"). Their shapes form a small, closed catalogue, so this module keys the Japanese on
the English shape, gettext style, with the numbers and names carried over: the
replay stays one code path, and a test runs every annotation of the corpus and the
fixtures through :func:`annotation_ja` to make sure no shape is left untranslated. A
shape nobody has translated yet comes back in English rather than wrong.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

_Rule = tuple[re.Pattern[str], Callable[[re.Match[str]], str]]


def _rules() -> list[_Rule]:
    t = annotation_ja
    table: list[tuple[str, Callable[[re.Match[str]], str]]] = [
        # Whole annotations.
        (r"(?P<x>.+) → penalty (?P<n>\d+)", lambda m: f"{t(m['x'])} → ペナルティ {m['n']}枚"),
        (
            r"judge missed: (?P<x>.+) was accepted",
            lambda m: "判定漏れ: " + "、".join(t(p) for p in m["x"].split("; ")) + " が通った",
        ),
        (r"(?P<x>.+), yet penalised", lambda m: f"{t(m['x'])}なのにペナルティ"),
        (r"field flushed; (?P<p>.+) leads", lambda m: f"場が流れ、{m['p']} の親"),
        (r"(?P<p>.+) goes out", lambda m: f"{m['p']} があがり"),
        (r"time-out: counts as a pass", lambda m: "時間切れ (パス扱い)"),
        (r"57: Grothendieck cut, field flushed", lambda m: "57: グロタンカット、場が流れる"),
        (
            r"lone joker \(∞\): beats any single card and flushes the field",
            lambda m: "ジョーカー1枚出し (∞): どの1枚にも勝ち、場が流れる",
        ),
        (
            r"1729: Ramanujan revolution, order of strength reversed",
            lambda m: "1729: ラマヌジャン革命、強さが逆転",
        ),
        (
            r"1729: Ramanujan revolution, order back to normal",
            lambda m: "1729: ラマヌジャン革命、強さが元に戻る",
        ),
        (r"(?P<n>\d+) is prime", lambda m: f"{m['n']} は素数"),
        (
            r"(?P<f>.+) ✓ \(factor cards discarded\)",
            lambda m: f"{m['f']} ✓ (素因数のカードは捨て札)",
        ),
        # Reasons a play is not valid.
        (r"no rule broken", lambda m: "反則なし"),
        (r"(?P<x>.+), so it is not prime", lambda m: f"{t(m['x'])}ので素数ではない"),
        (
            r"(?P<n>\d+) is not prime \(primes start at 2\)",
            lambda m: f"{m['n']} は素数ではない (素数は 2 から)",
        ),
        (
            r"factor (?P<b>\d+) is not prime \((?P<e>.+)\)",
            lambda m: f"因数 {m['b']} は素数ではない ({t(m['e'])})",
        ),
        (r"(?P<x>[\d^ ×=]+) is not prime", lambda m: f"{m['x']} は素数ではない"),
        (r"(?P<n>\d+) is divisible by (?P<p>\d+)", lambda m: f"{m['n']} は {m['p']} で割り切れる"),
        (
            r"(?P<n>\d+) fails the Miller–Rabin test to base (?P<b>\d+)",
            lambda m: f"{m['n']} は底 {m['b']} のミラー–ラビン判定に通らない",
        ),
        (
            r"(?P<b>\d+)\^(?P<e>\d+) is far larger than (?P<n>\d+)",
            lambda m: f"{m['b']}^{m['e']} は {m['n']} よりはるかに大きい",
        ),
        (
            r"the factors multiply to more than (?P<n>\d+)",
            lambda m: f"因数の積が {m['n']} を超える",
        ),
        (r"the factors multiply to (?P<n>\d+)", lambda m: f"因数の積は {m['n']}"),
        (
            # Said so that "…のに、ペナルティがない" (not penalised) can follow it.
            r"(?P<k>\d+) cards? on a field of (?P<m>\d+)",
            lambda m: f"{m['k']}枚出しで場の {m['m']}枚と合わない",
        ),
        (r"(?P<a>\d+) does not beat (?P<b>\d+)", lambda m: f"{m['a']} は {m['b']} に勝てない"),
        (
            r"(?P<a>\d+) is not below (?P<b>\d+) \(revolution\)",
            lambda m: f"{m['a']} は {m['b']} より小さくない (革命中)",
        ),
        # "1455 = 10101011 × 79: factor 10101011 is not prime (…)"
        (r"(?P<n>[^:]+ = [^:]+): (?P<why>.+)", lambda m: f"{m['n']}: {t(m['why'])}"),
        # A bare factorisation ("221 = 13 × 17" in "judge missed: … was accepted").
        (r"[\d^ ×=]+", lambda m: m[0]),
    ]
    return [(re.compile(pattern), build) for pattern, build in table]


_RULES: list[_Rule] = []


@lru_cache(maxsize=8192)
def annotation_ja(text: str) -> str:
    """The Japanese of one machine annotation (the English text when no shape fits)."""
    if not _RULES:
        _RULES.extend(_rules())
    for pattern, build in _RULES:
        match = pattern.fullmatch(text)
        if match:
            return build(match)
    return text


KIND_WORDS_JA = {
    "deal": "配札",
    "lead": "親で出す",
    "follow": "出す",
    "composite": "合成数出し",
    "GC": "グロタンカット",
    "RR": "ラマヌジャン革命",
    "IN": "ジョーカー1枚出し",
    "penalty": "ペナルティ",
    "pass": "パス",
    "timeout": "時間切れ",
    "draw": "ドロー",
    "out": "あがり",
    "unreadable": "(読めない手)",
}
