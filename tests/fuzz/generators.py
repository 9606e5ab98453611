"""Input generators of the fuzz harness, keyed by name.

Every generator is ``(rng) -> bytes``: one record file's bytes from a seeded
``random.Random``, so an input is reproducible from its generator name and seed.

A new game plugs in its own grammar-aware generator by adding one entry to
:data:`GAME_GENERATORS` (game id → generator), usually a thin wrapper over the
generator its own tests already have (as Catan wraps ``tests/catan/game_gen.py``).
A game module may also offer ``fuzz_sample(rng) -> str``; :func:`generators` picks it
up for every registered game that has one, so a game packaged outside this repository
is fuzzed too. The generic generators (mutated real records, random bytes and text,
hostile front matter) apply to every game.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache
from pathlib import Path

from tests.catan.game_gen import generate as catan_game
from tests.koutetsu.helpers import FRONT as KOUTETSU_FRONT
from tests.koutetsu.helpers import SESSION as KOUTETSU_SESSION
from tests.prime_daifugo.test_fuzz import NOTATION as PD_NOTATION
from tests.prime_daifugo.test_fuzz import mutate
from tests.prime_daifugo.test_notation_fuzz import ALPHABET as PD_ALPHABET
from tests.prime_daifugo.test_notation_fuzz import CORPUS_LINES as PD_LINES

from kifuwiki.games import game_ids, get_game
from kifuwiki.games.ponjan.selfplay import session_text as ponjan_session

Generator = Callable[[random.Random], bytes]
ROOT = Path(__file__).resolve().parents[2]

#: Characters the notations give meaning to (both games), for mutations.
MEANINGFUL = PD_NOTATION + "|-+[]()SRCDKMEGBWT0123456789 \n:合計追加点中略ターン"


def _mutated(text: str, rng: random.Random, most: int = 6) -> str:
    for _ in range(rng.randint(1, most)):
        kind = rng.choice(
            ["delete", "insert", "replace", "duplicate-line", "drop-line", "swap-lines"]
        )
        text = mutate(
            text, (kind, rng.randrange(10_000), rng.randrange(10_000), rng.choice(MEANINGFUL))
        )
    return text


# -- Grammar-aware game generators ----------------------------------------------------


def prime_daifugo(rng: random.Random) -> bytes:
    """Real move lines with their players renamed, random notation-like lines, rules."""
    names = rng.sample(["A", "B", "C", "はち", "nishimura", "a", "b"], rng.randint(2, 4))
    lines: list[str] = []
    for _ in range(rng.randint(1, 14)):
        if rng.random() < 0.7:
            line = rng.choice(PD_LINES)
            _, _, move = line.partition(":")
            line = f"{rng.choice(names)}:{move}"
        else:
            line = "".join(rng.choice(PD_ALPHABET) for _ in range(rng.randint(1, 24)))
        lines.append(line)
    front = ["game: prime-daifugo"]
    if rng.random() < 0.3:
        front.append(
            "rules: {"
            + ", ".join(
                rng.sample(
                    [
                        f"hand_size: {rng.choice([0, 1, 5, 11, 54, -5, 10**6])}",
                        f"deck_size: {rng.choice([0, 11, 54, 200, -5])}",
                        f"penalty: {rng.choice(['normal', 'field-count', 'x'])}",
                        f"preset: {rng.choice(['standard', 'fandom', 'online', 'y'])}",
                        f"gc: {rng.choice(['true', 'false', '3'])}",
                    ],
                    rng.randint(1, 3),
                )
            )
            + "}"
        )
    if rng.random() < 0.2:
        front.append(f"notation: {rng.choice(['standard', 'fandom', 'x'])}")
    text = "---\n" + "\n".join(front) + "\n---\n" + "\n".join(lines) + "\n"
    return (_mutated(text, rng, 3) if rng.random() < 0.3 else text).encode("utf-8")


def catan(rng: random.Random) -> bytes:
    """A legal generated game (line or table layout), often mutated."""
    players = rng.choice([("B", "Y", "R"), ("B", "Y", "R", "W")])
    game = catan_game(
        rng.randrange(10**6),
        players=players,
        card_set=rng.choice(["de", "en"]),
        board=rng.random() < 0.3,
        max_rounds=rng.randint(2, 10),
    )
    text = game.text
    if rng.random() < 0.25:
        text = _as_table(text, players)
    if rng.random() < 0.6:
        text = _mutated(text, rng)
    return text.encode("utf-8")


def _as_table(text: str, players: tuple[str, ...]) -> str:
    """The same game in the seed's table layout (one row per round)."""
    head, _, body = text.rpartition("---\n")
    rows: dict[str, dict[str, str]] = {}
    tail: list[str] = []
    for line in body.splitlines():
        number, _, rest = line.partition(" ")
        player, _, cell = rest.partition(":")
        if number.isdigit() and player in players:
            rows.setdefault(number, {})[player] = "|".join(p.strip() for p in cell.split("|"))
        elif line.startswith(("追加点", "合計")):
            label, _, entries = line.partition(":")
            values = dict(entry.split() for entry in entries.split(",") if entry.strip())
            tail.append(" | ".join([label, *(values.get(p, "") for p in players)]))
    table = [" | ".join(["ターン", *(f"{p}({p})" for p in players)]), "---|" * (len(players) + 1)]
    table += [" | ".join([n, *(row.get(p, "") for p in players)]) for n, row in rows.items()]
    return head + "---\n" + "\n".join(table + tail) + "\n"


def ponjan(rng: random.Random) -> bytes:
    """A self-played session (the engine's own generator), often mutated."""
    text = ponjan_session(rng.randrange(10**6), hands=rng.randint(1, 2), players=rng.choice([3, 4]))
    return (_mutated(text, rng) if rng.random() < 0.6 else text).encode("utf-8")


def koutetsu(rng: random.Random) -> bytes:
    """The tests' sample session, mutated."""
    return _mutated(KOUTETSU_FRONT + KOUTETSU_SESSION, rng).encode("utf-8")


GAME_GENERATORS: dict[str, Generator] = {
    "prime-daifugo": prime_daifugo,
    "catan": catan,
    "ponjan": ponjan,
    "koutetsu-no-niji": koutetsu,
}


# -- Generic generators -----------------------------------------------------------------


@cache
def real_records() -> tuple[str, ...]:
    """The demo records and the test fixtures' records: real text to mutate."""
    paths = sorted((ROOT / "records").rglob("*.kifu")) + sorted(
        (ROOT / "tests" / "fixtures").rglob("*.kifu")
    )
    return tuple(p.read_text(encoding="utf-8") for p in paths[:200])


def mutated_real(rng: random.Random) -> bytes:
    return _mutated(rng.choice(real_records()), rng).encode("utf-8")


def with_variations(rng: random.Random) -> bytes:
    """A real record with a variation written in its comments: some of its own later
    lines, mutated, in a ```kifu block (sometimes nested, sometimes left unclosed)."""
    # Small records: every variation replays its record, and the harness allows 5 s.
    lines = rng.choice([text for text in real_records() if len(text) < 4000]).split("\n")
    at = rng.randrange(len(lines) + 1)
    body = lines[at : at + rng.randint(0, 8)]
    for depth in range(rng.randint(1, 5)):
        body = ["```kifu", *body, *(["```"] if rng.random() < 0.9 else [])]
        body = [f"* {line}" if rng.random() < 0.95 else line for line in body]
        if depth and rng.random() < 0.5:
            body = [*lines[at : at + 2], *body]
    text = "\n".join([*lines[:at], *body, *lines[at:]])
    return (_mutated(text, rng, 2) if rng.random() < 0.5 else text).encode("utf-8")


def random_bytes(rng: random.Random) -> bytes:
    data = bytes(rng.randrange(256) for _ in range(rng.randint(0, 400)))
    prefix = rng.choice([b"", b"---\ngame: catan\n---\n", b"---\ngame: prime-daifugo\n---\n"])
    return prefix + data


def random_text(rng: random.Random) -> bytes:
    alphabet = MEANINGFUL + "ａ漢字🀄\u200b\ufeff\r\t\x00é"
    text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 500)))
    encoding = rng.choice(["utf-8"] * 6 + ["utf-16", "cp932", "euc_jp"])
    return text.encode(encoding, errors="ignore")


def _hostile_value(rng: random.Random) -> str:
    depth = rng.choice([1, 20, 80, 2000])
    return rng.choice(
        [
            "9" * rng.choice([16, 4301, 5000]),
            "-" + "1" * 5000,
            "0x" + "f" * 5000,
            "1e99999",
            ".nan",
            "2024-13-45",
            "2024-02-30 25:61:61",
            "{a: " * depth + "1" + "}" * depth,
            "[" * depth + "]" * depth,
            "&a [*a, *a]",
            "!!binary aGVsbG8=",
            "!!python/object:os.system x",
            "'" + "x" * 20_000 + "'",
            "[" + ", ".join(["x"] * 6_000) + "]",
            "~",
            "{hand_size: 100000000, deck_size: -5}",
            "[CT224, '!!', 12]",
            "{B: [1, 2], Y: {x: y}}",
        ]
    )


def hostile_front_matter(rng: random.Random) -> bytes:
    keys = ["title", "date", "players", "order", "rules", "board", "start", "accept", "cards"]
    game = rng.choice(["catan", "prime-daifugo", "unknown", "[1, 2]"])
    entries = [f"{rng.choice([*keys, 'big', 'x'])}: {_hostile_value(rng)}" for _ in range(3)]
    if rng.random() < 0.2:  # an alias bomb
        entries = ["a: &a [x, x, x, x, x, x, x, x, x]"] + [
            f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join([f'*{chr(97 + i)}'] * 9)}]"
            for i in range(8)
        ]
    body = rng.choice(
        [
            "1 B: 6 | R\n1 Y: 8 |\n",
            "A:(23)\nB:(57)\nA:2\n",
            rng.choice(real_records()).split("---\n")[-1],
        ]
    )
    return ("---\ngame: " + game + "\n" + "\n".join(entries) + "\n---\n" + body).encode("utf-8")


GENERIC_GENERATORS: dict[str, Generator] = {
    "mutated-real": mutated_real,
    "with-variations": with_variations,
    "random-bytes": random_bytes,
    "random-text": random_text,
    "hostile-front-matter": hostile_front_matter,
}


def _hooked(game_id: str) -> Generator | None:
    sample = getattr(get_game(game_id), "fuzz_sample", None)
    if sample is None:
        return None
    return lambda rng: str(sample(rng)).encode("utf-8")


def _demo_mutations(game_id: str) -> Generator | None:
    """A stand-in for a game without its own generator: its demo records, mutated."""
    texts = [
        p.read_text(encoding="utf-8") for p in sorted((ROOT / "records" / game_id).glob("*.kifu"))
    ]
    if not texts:
        return None
    return lambda rng: _mutated(rng.choice(texts), rng).encode("utf-8")


def generators() -> dict[str, Generator]:
    """Every generator: games' own (registered here or through ``fuzz_sample``), else
    their demo records mutated, then the generic ones."""
    found: dict[str, Generator] = dict(GAME_GENERATORS)
    for game_id in game_ids():
        fallback = _hooked(game_id) or _demo_mutations(game_id)
        if fallback is not None:
            found.setdefault(game_id, fallback)
    return {**found, **GENERIC_GENERATORS}
