"""Japanese diagnostics: every PD code has both languages, and every diagnostic the
test records and the fixtures produce carries its Japanese message."""

from __future__ import annotations

import re
from pathlib import Path

from kifuwiki.archive import load_file, load_text
from kifuwiki.games.prime_daifugo import GAME, codes, notation_codes

ROOT = Path(__file__).resolve().parents[2]
PD_CODE = re.compile(r"PD\d{3}\Z")
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def test_every_code_has_english_and_japanese() -> None:
    for module in (codes, notation_codes):
        assert set(module.CODES) == set(module.CODES_JA), module.__name__
        for code, text in module.CODES_JA.items():
            assert PD_CODE.match(code) and JAPANESE.search(text), code
    assert set(GAME.codes) == set(GAME.codes_ja)


#: Invented records that between them raise most PD codes (one cause each).
RECORDS = [
    "---\nrules: bogus\n---\na:(2)\nb:(5)\na:2\n",
    "---\nrules: {hand_size: 0, nonsense: 1, joker_min: 9, joker_max: 2}\n---\na:2\n",
    "a:(2345)\nb:(5)\nb:5\na:3\na:2\n",
    "a:(2)\nb:(5)\na:2#\nb:5\n",
    "a:(2)\nb:(5)\na:1@\nb:QK\n",
    "a:(23)\nb:(57)\na:4\nb:%\n",
    "a:(XXX)\nb:(5)\na:XX\nb:%\na:X|X=K|X=K|X=5\n",
    "a:(X3A)\nb:(5)\na:X3|X=0\n",
    "a:(2A)\nb:(5)\na:A2[GC]\n",
    "a:(4)\nb:(5)\na:4=2^2,P(5)\n",
    "a:(9)\nb:(5)\na:9=3*3\n",
    "a:(2)\nb:(5)\na:D(3)D(4)2\n",
    "a:(2)\nb:(5)\na:%,P(3)\n",
    "a:(5)\nb:(7)\na:5\nb:3\n",
    "a:(57)\nb:(KK)\na:57=3*J9[GC]\n",
    "a:(23)\nb:(57)\na:2#\n",
    "a:(2)\nb:(5)\na:2 r\n",
    "[R] a:2\nb:3\n",
    "---\nnotation: fandom\n---\nA:Foo\nB:Bar\nA:2\nB:Pass\nB:D\nA:3\n",
    "---\nnotation: wiki\n---\n先手:x\na:(2)\nb:(5)\na:2\nこれは何\nc:2\nx:KQ=\n",
    "一試合目\nA:Foo\nA:Baz\n二試合目\n(五試合目)と同じ\nA:3\n",
    "a:(2)\na:(3)\nb:(5!)\na:D(Z)2\na:2,P(Z)\na:2|X=\na:1213\na:2 3\n",
    "a:(2)\nb:(5)\na:2,P(100000)\na:%\nb:5,P(?)\n",
    "a:(?)\nb:(5)\na:3\n",
]


def test_every_diagnostic_of_the_test_records_speaks_japanese() -> None:
    seen: set[str] = set()
    files = sorted((ROOT / "records" / "prime-daifugo").glob("*.kifu"))
    files += sorted((ROOT / "tests" / "fixtures" / "prime-daifugo").rglob("*.kifu"))
    records = [r for path in files for r in load_file(path)]
    records += [r for text in RECORDS for r in load_text(text, "records/prime-daifugo/t.kifu")]
    for record in records:
        for diagnostic in record.diagnostics:
            if not diagnostic.code.startswith("PD"):
                continue
            seen.add(diagnostic.code)
            assert JAPANESE.search(diagnostic.message_ja), diagnostic.format_text()
    # The records reach most of the codes (so the check above is not empty).
    assert len(seen) >= 35, sorted(set(GAME.codes) - seen)
