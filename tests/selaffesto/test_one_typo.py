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
