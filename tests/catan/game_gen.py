"""A seeded generator of rule-abiding Catan log sheets, independent of the engine.

It plays a simple policy with its own bookkeeping (the deck is shuffled, cards are
played only in a later turn than bought, LR goes to the player with the most roads
once ≥ 5 and strictly more than the holder, LA by the knight rule) and writes the
log-sheet text. Tests use it to check the engine raises no false error on legal
games; it also wrote the skeleton of the demo records in ``records/catan/``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

BOARD_ROWS = (3, 4, 5, 4, 3)
TERRAINS = ["T"] * 4 + ["W"] * 4 + ["G"] * 4 + ["B"] * 3 + ["S"] * 3
NUMBERS = [2, 12] + [n for n in (3, 4, 5, 6, 8, 9, 10, 11) for _ in range(2)]
LETTERS = {
    "de": {"K": "R", "RB": "S", "M": "M", "Y": "E"},
    "en": {"K": "K", "RB": "R", "M": "M", "Y": "D"},
}


def make_board(rng: random.Random) -> list[str]:
    """19 hexes in board order; identifiers (n, s, …) where terrain + number repeat."""
    terrains = TERRAINS[:]
    numbers = NUMBERS[:]
    rng.shuffle(terrains)
    rng.shuffle(numbers)
    desert = rng.randrange(19)
    cells: list[str] = []
    for i in range(19):
        if i == desert:
            cells.append("D")
        else:
            cells.append(f"{terrains.pop()}{numbers.pop()}")
    seen: dict[str, int] = {}
    for cell in cells:
        seen[cell] = seen.get(cell, 0) + 1
    suffix: dict[str, int] = {}
    named = []
    for cell in cells:
        if seen[cell] > 1:
            suffix[cell] = suffix.get(cell, 0) + 1
            cell += "ns"[suffix[cell] - 1] if suffix[cell] <= 2 else "x"
        named.append(cell)
    return named


@dataclass
class _Player:
    key: str
    roads: int = 2
    settlements: int = 2
    cities: int = 0
    knights: int = 0
    hand: list[str] = field(default_factory=list)
    """Development cards bought in earlier turns and not played."""
    vp_cards: int = 0


@dataclass
class GeneratedGame:
    text: str
    winner: str
    turns: int


def generate(
    seed: int,
    players: tuple[str, ...] = ("B", "Y", "R", "W"),
    card_set: str = "de",
    board: bool = False,
    names: dict[str, str] | None = None,
    title: str = "generated game",
    max_rounds: int = 60,
) -> GeneratedGame:
    rng = random.Random(seed)
    hexes = (
        make_board(rng) if board else ["T8", "T5", "S5", "G8", "S4", "W11", "B6", "G9", "B10", "W3"]
    )
    deck = ["K"] * 14 + ["RB"] * 2 + ["M"] * 2 + ["Y"] * 2 + ["VP"] * 5
    rng.shuffle(deck)
    table = {k: _Player(k) for k in players}
    robber = "D"
    lr: str | None = None
    la: str | None = None
    letters = LETTERS[card_set]
    lines: list[str] = []
    winner = ""

    def points(p: _Player) -> int:
        return p.settlements + 2 * p.cities + 2 * (lr == p.key) + 2 * (la == p.key)

    def robbery(mover: str) -> str:
        nonlocal robber
        choices = [h for h in hexes if h != robber]
        target = rng.choice(choices)
        robber = target
        others = [k for k in players if k != mover]
        return target + (f"({rng.choice(others)})" if rng.random() < 0.85 else "")

    def road(p: _Player) -> str:
        nonlocal lr
        p.roads += 1
        best_other = max((table[k].roads for k in players if k != p.key), default=0)
        holder_roads = table[lr].roads if lr else 0
        if p.roads >= 5 and lr != p.key and p.roads > holder_roads and p.roads > best_other:
            lr = p.key
            return "R+"
        return "R"

    def play(p: _Player, card: str) -> str:
        nonlocal la
        p.hand.remove(card)
        if card == "K":
            p.knights += 1
            plus = ""
            holder = table[la].knights if la else 0
            if p.knights >= 3 and la != p.key and p.knights > holder:
                la = p.key
                plus = "+"
            return f"[{letters['K']}{plus}]-{robbery(p.key)}"
        if card == "RB":
            built = [road(p) for _ in range(2) if p.roads < 15]
            return f"[{letters['RB']}]" + ("" if not built else " " + " ".join(built))
        if card == "M":
            return f"[M {rng.choice('GBSWT')}]"
        return f"[{letters['Y']} {rng.choice('GBSWT')} {rng.choice('GBSWT')}]"

    for round_no in range(1, max_rounds + 1):
        for key in players:
            p = table[key]
            before: list[str] = []
            after: list[str] = []
            played = False
            playable = [c for c in p.hand if c != "VP"]
            if "K" in playable and rng.random() < 0.35:
                before.append(play(p, "K"))
                played = True
            a, b = rng.randint(1, 6), rng.randint(1, 6)
            dice = str(a + b) if a + b != 7 else f"7-{robbery(key)}"
            playable = [c for c in p.hand if c != "VP" and (c != "RB" or p.roads <= 13)]
            if not played and playable and rng.random() < 0.3:
                after.append(play(p, rng.choice(playable)))
            bought: list[str] = []
            # Early turns build little (few resources yet); later turns more.
            for _ in range(rng.choice((0, 0, 1) if round_no < 4 else (0, 1, 1, 2, 3))):
                choice = rng.random()
                if choice < 0.35 and p.roads < 15:
                    after.append(road(p))
                elif choice < 0.55 and p.settlements < 5 and p.roads >= 4 + p.settlements:
                    p.settlements += 1
                    after.append("S")
                elif choice < 0.75 and p.settlements >= 1 and p.cities < 4 and round_no > 4:
                    p.settlements -= 1
                    p.cities += 1
                    after.append("C")
                elif deck:
                    card = deck.pop()
                    after.append("D")
                    if card == "VP":
                        p.vp_cards += 1
                    else:
                        bought.append(card)
                if points(p) + p.vp_cards >= 10:
                    break
            p.hand.extend(bought)
            cell = (" ".join(before) + " | " if before else "") + dice + " |"
            if after:
                cell += " " + " ".join(after)
            lines.append(f"{round_no} {key}: {cell}")
            if points(p) + p.vp_cards >= 10:
                winner = key
                break
        if winner:
            break
    bonus = {k: table[k].vp_cards for k in players if table[k].vp_cards}
    totals = {k: points(table[k]) + table[k].vp_cards for k in players}
    if bonus:
        lines.append("追加点: " + ", ".join(f"{k} {v}" for k, v in bonus.items()))
    lines.append("合計: " + ", ".join(f"{k} {v}" for k, v in totals.items()))
    front = ["---", "game: catan", f"title: {title}", "players:"]
    for key in players:
        front.append(f"  {key}: {(names or {}).get(key, key)}")
    front.append(f"order: {' '.join(players)}")
    front.append(f"cards: {card_set}")
    if board:
        rows = []
        index = 0
        for length in BOARD_ROWS:
            rows.append(" ".join(hexes[index : index + length]))
            index += length
        front.append("board: " + " / ".join(rows))
        harbours = ["3", "3", "3", "3", *"GBSWT"]
        rng.shuffle(harbours)
        front.append("harbours: " + " ".join(harbours))
    front.append("---")
    return GeneratedGame("\n".join(front + lines) + "\n", winner, len(lines))
