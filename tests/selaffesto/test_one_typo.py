"""One typo in a selaffesto record gives one error, not a cascade (the slips of a sweep
over the worked example, one at a time: a card misspelt, left out or run into its cell)."""

from __future__ import annotations

from tests.cardgames import errors_and_warnings
from tests.selaffesto.helpers import with_example_line

from kifuwiki.games.selaffesto import GAME

G2 = "W:g2 4-8-6-12 [put] {W:3} // (6|6) -> 3*1 = 3"


def test_a_card_misspelt_after_its_cell_is_one_error() -> None:
    """``g2 4-8-6-l2 [put]`` gave SF009 (a cell without its card), SF006 for the word
    and SF009 for ``[put]``: one error now, at the word, naming the cell."""
    typo = G2.replace("4-8-6-12", "4-8-6-l2")
    record, view = with_example_line(G2, typo)
    assert errors_and_warnings(record) == ["SF009"]
    (problem,) = [d for d in record.diagnostics if d.code == "SF009"]
    assert (problem.line, problem.column) == (17, 6)
    assert "'4-8-6-l2' stands where the card of g2 goes" in problem.message
    assert "'4-8-6-l2' は g2 のカードの位置にあります" in (problem.message_ja or "")
    assert "\n" + typo + "\n" in GAME.format(record)  # fmt keeps it as written
    final = {p["key"]: p["points_text"] for p in view.steps[-1].state["players"]}
    assert final == {"W": "30", "B": "26.7"}


def test_a_card_left_out_or_run_into_its_cell_is_one_error() -> None:
    """``g2 [put]`` and ``g24-8-6-12 [put]`` also told ``[put]`` it judged nothing."""
    for typo, code in (
        (G2.replace(" 4-8-6-12", ""), "SF009"),
        (G2.replace("g2 4-8", "g24-8"), "SF006"),
    ):
        record, _ = with_example_line(G2, typo)
        assert errors_and_warnings(record) == [code], typo


G1 = "W:g1 6-12-4-2 // first action"


def test_a_first_action_not_read_takes_the_turn() -> None:
    """``W:g1 6-12-4-l2`` (or ``g16-12-4-2``) left W to move: B's next line was out of
    turn (SF101), W's next placement was told to start on g1 (SF105) and every later
    points check was wrong (SF108): 8 errors. One now, and the points said once (SF203)."""
    for typo, code in (
        (G1.replace("6-12-4-2", "6-12-4-l2"), "SF009"),
        (G1.replace("g1 6", "g16"), "SF006"),
        (G1.replace(" 6-12-4-2", ""), "SF009"),
    ):
        record, view = with_example_line(G1, typo)
        assert errors_and_warnings(record) == [code], typo
        if code == "SF009":  # its example names the cell written, not a fixed g2
            (problem,) = [d for d in record.diagnostics if d.code == "SF009"]
            assert problem.message.endswith("like 'g1 6-12-4-2'"), problem.message
            assert (problem.message_ja or "").endswith("(例 'g1 6-12-4-2')")
        assert [d.line for d in record.diagnostics if d.code == "SF203"] == [14]
        steps = [s for s in view.steps if s.notation.startswith("B:g13")]
        assert steps[0].player == "Black"  # B's first action, in turn
        final = {p["key"]: p["points_text"] for p in view.steps[-1].state["players"]}
        assert final == {"W": "30", "B": "26.7"}


def test_a_first_hand_not_read_still_takes_no_turn() -> None:
    """A first hand alone with a card not read names no cell: W's first action still
    goes on on the next line (no SF101 there)."""
    hand = "W:(6-12-4-2 4-8-6-12 3-6-9-18 7-24-9-14 2-2-3-16 25-20-22-24 11-22-11-22)"
    record, _ = with_example_line(hand, hand.replace("4-8-6-12", "4-8-6-l2"))
    assert "SF101" not in errors_and_warnings(record)


def test_a_first_action_with_the_other_seat_letter_is_one_error() -> None:
    """``B:(W's hand) g1 …`` (and ``W:(B's hand) g13 …``): the cards are in no hand yet,
    so the start cell tells whose it is; read as written it gave 365 errors in a
    self-play record (SF101, SF105, then nearly every later line)."""
    w_line = "W:(6-12-4-2 4-8-6-12 3-6-9-18 7-24-9-14 2-2-3-16 25-20-22-24 11-22-11-22)"
    for line, typo in (
        (G1, f"B:{w_line[2:]} g1 6-12-4-2"),
        (G1, f"W:{w_line[2:]} g1 6-12-4-2 X"),
    ):
        record, _ = with_example_line(f"{w_line}\n{line}", typo.removesuffix(" X"))
        if typo.endswith(" X"):
            assert errors_and_warnings(record) == [], typo  # the line as meant: no error
        else:
            assert errors_and_warnings(record) == ["SF101"], typo
