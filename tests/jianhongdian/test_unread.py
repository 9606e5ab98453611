"""A 撿紅點 line among the turns that could not be read is a step of its own (cardkit.unread):
shown as written, flagged and linked by its one error, with the cards as they were; the
turns after it replay as before."""

from __future__ import annotations

from functools import partial
from pathlib import Path

from tests.cardgames import errors_and_warnings, with_line_replaced

from kifuwiki.games.jianhongdian import GAME
from kifuwiki.render.environment import make_environment
from kifuwiki.render.record import diagnostics_of, render_viewer

RECORD = Path(__file__).resolve().parents[2] / "records" / "jianhongdian" / "annotated-2p.kifu"


_with = partial(with_line_replaced, GAME, RECORD)


def test_a_line_without_its_colon_is_a_step_with_its_error() -> None:
    """``B C5 ^HA`` (the colon left out) was dropped from the move list, its JH001 linked
    to A's turn before it, and every later turn was out of order (27 errors)."""
    record, view = _with("B: C5 ^HA", "B C5 <b>&amp; ^HA")
    assert errors_and_warnings(record) == ["JH001"]
    (step,) = [s for s in view.steps if s.notation == "B C5 <b>&amp; ^HA"]
    before, after = view.steps[step.index - 1], view.steps[step.index + 1]
    assert before.notation == "A: C2 ^S3" and after.notation == "A: SQ ^D7xS3"
    assert "error" in step.flags and "error" not in after.flags
    assert step.player == "陳"  # B's turn: A's next turn says so
    (problem,) = [d for d in diagnostics_of(view) if d.code == "JH001"]
    assert problem.step == step.index
    assert step.state["table"] == before.state["table"]  # nothing it says is applied
    seats = [(s["hand"], s["pile"], s["score"]) for s in step.state["seats"]]
    assert seats == [(s["hand"], s["pile"], s["score"]) for s in before.state["seats"]]
    assert len(view.steps) == record.moves + 1
    html = render_viewer(view, make_environment(), "en")
    assert "B C5 &lt;b&gt;&amp;amp; ^HA" in html and "<b>&amp; ^HA" not in html


def test_a_line_among_the_turns_that_took_none_takes_no_turn() -> None:
    """A stray line (a note without its ``*``) whose next turn is by the seat whose turn
    it was: a step that takes no turn, so that turn is not out of order."""
    record, view = _with("A: SQ ^D7xS3", "A: SQ ^D7xS3\nnice one")
    assert errors_and_warnings(record) == ["JH001"]
    (step,) = [s for s in view.steps if s.notation == "nice one"]
    assert step.player is None and "error" in step.flags
    assert view.steps[step.index + 1].notation == "B: HQxSQ ^C9xHA"
    assert (
        view.steps[-1].state == GAME.view(_with("A: SQ ^D7xS3", "A: SQ ^D7xS3")[0]).steps[-1].state
    )


def test_a_turn_not_read_makes_one_error_not_three() -> None:
    """A turn not read left its captures on the table and its played card off it: the
    turns after it were told a card was not on the table (JH103), a flip had to take a
    card already gone (JH106), and the result did not add up (JH111)."""
    assert errors_and_warnings(_with("A: SQ ^D7xS3", "A: SQ ^D7xZ3")[0]) == ["JH002"]
    assert errors_and_warnings(_with("B: C5 ^HA", "B: C5 ^HA x")[0]) == ["JH001"]
    assert errors_and_warnings(_with("A: SQ ^D7xS3", "A SQ ^D7xS3")[0]) == ["JH001"]


def test_a_played_card_mistyped_makes_one_error() -> None:
    """``A: C6 ^S7`` written ``A: C5 ^S7``: the ♣5 not in A's hand (JH102) was laid on
    the table, and the ♣6 A really played was later "not on the table" (JH103)."""
    record, view = _with("A: C6 ^S7", "A: C5 ^S7")
    assert errors_and_warnings(record) == ["JH102"]
    well = GAME.view(_with("A: C6 ^S7", "A: C6 ^S7")[0])
    assert view.steps[-1].state["seats"][0]["score"] == well.steps[-1].state["seats"][0]["score"]


def test_a_flipped_card_mistyped_makes_one_error() -> None:
    """``^D9`` written ``^D8``: the stock's top is ♦9 (JH108); the ♦8 laid on the table
    instead could be taken by the next flips (JH106), and ♦9 taken later was "not on the
    table" (JH103)."""
    record, _ = _with("B: D3xS7 ^D9", "B: D3xS7 ^D8")
    assert errors_and_warnings(record) == ["JH108"]
    record, _ = _with("A: S9xCA ^H6 !", "A: S9xCA ^H7 !")
    assert errors_and_warnings(record) == ["JH108"]


def test_a_turn_under_the_wrong_seat_letter_makes_one_error() -> None:
    """``B: D4xH6 ^D10`` written ``A: …``: out of order (JH101), and the ♦4 was then
    taken from A's hand (JH102) and its points given to A, so the result did not add up
    (JH111). The card is in B's hand and it is B's turn: the letter is the slip."""
    record, view = _with("B: D4xH6 ^D10", "A: D4xH6 ^D10")
    assert errors_and_warnings(record) == ["JH101"]
    well = GAME.view(_with("B: D4xH6 ^D10", "B: D4xH6 ^D10")[0])
    assert view.steps[-1].state == well.steps[-1].state
    (current,) = [s["key"] for s in view.steps[2].state["seats"] if s["current"]]
    assert current == "B"  # B's turn, as the card says


def test_a_card_of_the_deal_mistyped_makes_one_error() -> None:
    """A hand's ♣2 written ♣3 (a card of the stock), or the stock's ♥6 written ♥7 (a card
    of A's hand): the card written twice (JH107), and then the real card was "not in A's
    hand" (JH102) or "not the stock's top" (JH108) when it came."""
    hand = "A: (C2 SQ SA H7 H2 CQ H4 S9 DK C6 D8 C7)"
    record, view = _with(hand, hand.replace("C2", "C3"))
    assert errors_and_warnings(record) == ["JH107"]
    well = GAME.view(_with(hand, hand)[0])
    assert view.steps[-1].state == well.steps[-1].state
    stock = "stock: (H6 D10 S2 DJ C4 H3 C8 DA D2 S6 S3 HA D7 C9 DQ HJ S7 D9 S5 S4 C3 HK S10 H8)"
    record, view = _with(stock, stock.replace("H6", "H7"))
    assert errors_and_warnings(record) == ["JH107"]
    assert view.steps[-1].state == well.steps[-1].state


def test_a_turn_written_twice_makes_one_error() -> None:
    """``B: D4xH6 ^D10`` written again on the next line: every later turn was out of
    order (JH101), its cards not in the hands (JH102), the stock out of step (JH108),
    and so on to the result (JH111). The copy is out of order and takes no turn."""
    record, view = _with("B: D4xH6 ^D10", "B: D4xH6 ^D10\nB: D4xH6 ^D10")
    assert errors_and_warnings(record) == ["JH101"]
    (problem,) = record.diagnostics
    assert "repeats" in problem.message
    (copy,) = [s for s in view.steps if s.line == problem.line]
    assert copy.player is None and "error" in copy.flags  # it took no one's turn
    assert render_viewer(view, make_environment(), "en")
    well = GAME.view(_with("B: D4xH6 ^D10", "B: D4xH6 ^D10")[0])
    assert view.steps[-1].state == well.steps[-1].state


def test_a_turn_left_out_makes_one_error() -> None:
    """``B: D4xH6 ^D10`` left out: every later turn was out of order (JH101), its cards
    not in the hands (JH102) and the stock out of step (JH108). A's next turn, its card in
    A's hand, says B's turn was left out: one error, and B's turn is taken unseen."""
    record, view = _with("B: D4xH6 ^D10\nA: H4xD6 ^S2", "A: H4xD6 ^S2")
    assert errors_and_warnings(record) == ["JH101"]
    (problem,) = record.diagnostics
    assert "left out" in problem.message
    well = GAME.view(_with("A: H4xD6 ^S2", "A: H4xD6 ^S2")[0])
    a_score, well_a_score = (v.steps[-1].state["seats"][0]["score"] for v in (view, well))
    assert a_score == well_a_score  # A's; B's turn left out scored what is not known
