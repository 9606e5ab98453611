"""Build places (``S@T6/W12/G8``, ``R@G8/S5``): notation, placement rules, round trip, view."""

from __future__ import annotations

import re
from math import dist

import pytest
from tests.catan.helpers import errors, find, problems, record

from kifuwiki.games.catan import GAME, CatanData
from kifuwiki.games.catan.board import HEX_SIZE, hex_center
from kifuwiki.games.catan.codes import CODES, CODES_JA
from kifuwiki.games.catan.writer import write

BOARD = (
    "board: B11 B4n T6 / W12 G8 W10 W8 / B4s S5 W6 T9 G3 / S3 T5 D S10 / T11 G9 G2\n"
    "start:\n"
    "  B: B11/B4n/G8 R@B11/B4n T9/G3/S10 R@G3/S10\n"
    "  Y: W12/G8/S5 R@G8/W12 T5/T11/G9 R@T11/T5\n"
    "  R: B4n/T6/W10 R@T6/W10 S5/S3/T5 R@S3/S5\n"
    "  W: W10/W8/T9 R@T9/W10 G8/W10/W6 R@G8/W6\n"
)
FRONT = "players:\n  B: 青\n  Y: 黄\n  R: 赤\n  W: 白\norder: B Y R W\n" + BOARD


def game(body: str, front: str = FRONT):  # type: ignore[no-untyped-def]
    return record(body, front)


def layout(rec, step: int = -1):  # type: ignore[no-untyped-def]
    data = rec.data
    assert isinstance(data, CatanData)
    return data.replay.steps[step].snapshot.layout


def test_new_codes_have_both_languages() -> None:
    for code in ("CT125", "CT230", "CT231", "CT232", "CT233", "CT234"):
        assert CODES[code] and CODES_JA[code]


def test_start_roads_and_located_builds_are_placed() -> None:
    rec = game("1 B: 8 |\n1 Y: 4 | R@S5/W12 R@B4s/W12\n1 R: 6 | C@S3/S5/T5\n")
    assert problems(rec) == []
    start = layout(rec, 0)
    assert len(start.roads) == 8 and len(start.settlements) == 8
    final = layout(rec)
    assert sum(1 for who, *_ in final.roads if who == "Y") == 4
    assert [who for who, _ in final.cities] == ["R"]
    assert sum(1 for who, _ in final.settlements if who == "R") == 1


def test_records_without_places_still_read_and_draw_nothing_new() -> None:
    rec = game("1 B: 8 | R\n1 Y: 4 | S\n")
    assert errors(rec) == []
    assert layout(rec) == layout(rec, 0)


def test_round_trip_keeps_places_in_canonical_form() -> None:
    rec = game("1 B: 8 |\n1 Y: 4 | R@S5/W12  R@B4s/W12+\n")
    data = rec.data
    assert isinstance(data, CatanData)
    text = write(data.record)
    assert "1 Y: 4 | R@S5/W12 R+@B4s/W12" in text
    again = game(text)
    again_data = again.data
    assert isinstance(again_data, CatanData)
    assert write(again_data.record) == text


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ("1 B: 8 | D@G8/S5\n", "CT125"),  # a card bought has no place
        ("1 B: 8 | S@G8/S5!\n", "CT125"),  # not hex names
        ("1 B: 8 | S@Q9/G8/S5\n", "CT230"),  # not on the board
        ("1 B: 8 | S@B11/T6\n", "CT230"),  # those hexes do not meet
        ("1 B: 8 | R@B11/G2\n", "CT230"),  # those hexes share no side
        ("1 B: 8 | S@B11/G8/W12\n", "CT231"),  # next to B's own settlement
        ("1 B: 8 | S@W12/G8/S5\n", "CT231"),  # on Y's settlement
        ("1 B: 8 | R@G2/G9\n", "CT232"),  # far from B's roads and buildings
        ("1 B: 8 | C@W12/G8/S5\n", "CT233"),  # a city on Y's settlement
        ("1 B: 8 | R@G8/W12\n", "CT234"),  # Y's start road is there
    ],
)
def test_placement_rules(body: str, code: str) -> None:
    rec = game(body)
    assert code in errors(rec)
    line, column = find(rec, code)
    assert line > 1 and column > 6
    text = next(d for d in rec.diagnostics if d.code == code).text("ja")
    assert text and text != next(d for d in rec.diagnostics if d.code == code).message


def test_connection_is_checked_only_while_every_piece_has_a_place() -> None:
    # B's road without a place could be the missing link: no CT232 after it.
    rec = game("1 B: 8 | R R@G2/G9\n")
    assert "CT232" not in errors(rec)


def test_a_settlement_must_touch_own_road() -> None:
    rec = game("1 B: 8 |\n1 Y: 4 | S@S3/T11\n")
    assert "CT232" in errors(rec)
    ok = game("1 B: 8 |\n1 Y: 4 | R@S3/T11~S3/T11/T5 S@S3/T11\n")
    assert problems(ok) == []


def test_a_city_on_an_unplaced_settlement_is_drawn() -> None:
    rec = game("1 B: 8 | S C@G2/S10\n")
    assert "CT233" not in errors(rec)
    assert [who for who, _ in layout(rec).cities] == ["B"]


def test_a_place_needs_a_board() -> None:
    rec = record("1 B: 8 | R@G8/S5 S@G8/S5/W6\n")
    assert errors(rec).count("CT230") == 1


def test_start_road_away_from_its_settlement() -> None:
    front = FRONT.replace("R@B11/B4n", "R@G2/G9")
    rec = game("1 B: 8 |\n", front)
    assert "CT232" in errors(rec)


def test_every_step_carries_its_board() -> None:
    rec = game("1 B: 8 |\n1 Y: 7-W6(B) | R@S5/W12\n")
    view = GAME.view(rec)
    maps = [step.state["map"] for step in view.steps]
    assert [m["robber"] for m in maps] == ["D", "D", "W6"]
    yellow = [next(p for p in m["players"] if p["key"] == "Y") for m in maps]
    assert [p["counts"] for p in yellow] == [(2, 2, 0), (2, 2, 0), (3, 2, 0)]
    assert yellow[2]["roads"].count("M") == 3


def _hex_centres(rec) -> dict[str, tuple[float, float]]:  # type: ignore[no-untyped-def]
    return {h.ref.text: hex_center(h.row, h.col) for h in rec.data.record.board.hexes}


def test_pieces_are_drawn_where_the_record_puts_them() -> None:
    """Counts alone would pass with every piece in the wrong spot: measure where each is."""
    rec = game("1 B: 8 |\n1 Y: 4 | R@S5/W12 R@B4s/W12 S@B4s/W12\n1 R: 6 | C@S3/S5/T5\n")
    assert problems(rec) == []
    centres = _hex_centres(rec)
    final = GAME.view(rec).steps[-1].state["map"]
    drawn = {p["key"]: p for p in final["players"]}

    def corners(path: str, half: float) -> list[tuple[float, float]]:
        starts = re.findall(r"M([\d.]+) ([\d.]+)h", path)
        return [(float(x) + half, float(y) + half) for x, y in starts]

    def around(point: tuple[float, float]) -> set[str]:
        # A corner is one hex side away from the centre of every land hex around it.
        return {h for h, c in centres.items() if abs(dist(point, c) - HEX_SIZE) < 0.2}

    yellow = [around(c) for c in corners(drawn["Y"]["settlements"], 4.5)]
    assert {"B4s", "W12"} in yellow and {"W12", "G8", "S5"} in yellow
    assert [around(c) for c in corners(drawn["R"]["cities"], 7)] == [{"S3", "S5", "T5"}]
    # Each road is drawn between its two hexes: its middle is equally far from both.
    ends = re.findall(r"M([\d.]+) ([\d.]+)L([\d.]+) ([\d.]+)", drawn["Y"]["roads"])
    middles = [((float(a) + float(c)) / 2, (float(b) + float(d)) / 2) for a, b, c, d in ends]
    for pair in ("S5/W12", "B4s/W12"):
        one, two = pair.split("/")
        assert any(
            abs(dist(m, centres[one]) - dist(m, centres[two])) < 0.2
            and dist(m, centres[one]) < HEX_SIZE
            for m in middles
        ), pair
    assert final["robber"] == "D"
    desert = centres["D"]
    assert (float(final["robber_x"]), float(final["robber_y"])) == pytest.approx(
        (desert[0] + 14, desert[1] + 11), abs=0.06
    )
