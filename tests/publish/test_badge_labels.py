"""Each game labels its own badges; every badge a demo record shows has a label."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from kifuwiki.archive import load_paths
from kifuwiki.games import game_ids, get_game
from kifuwiki.render.labels import _PROBLEM_BADGES, _game_badges, badge_label, sorted_badges

ROOT = Path(__file__).resolve().parents[2]


def test_every_badge_of_the_demo_records_has_a_label_in_both_languages() -> None:
    seen: set[str] = set()
    for record in load_paths([ROOT / "records"]):
        seen |= get_game(record.game).view(record).badges
    assert {"GC", "penalty", "LR", "board"} <= seen
    for name in seen:
        # Every label table has a Japanese label that differs from the badge's name.
        assert badge_label(name, "ja") != name, name
        assert badge_label(name, "en")


def test_badges_follow_the_games_order_then_problems() -> None:
    assert sorted_badges({"warning", "penalty", "GC", "zzz"}) == ("GC", "penalty", "warning", "zzz")
    for game_id in game_ids():
        assert set(get_game(game_id).badges).isdisjoint({"error", "warning"})


@given(
    st.lists(
        st.sampled_from(["GC", "RR", "penalty", "LR", "error", "warning", "a<b", "zzz", "board"])
    )
)
def test_sorted_badges_is_the_order_built_afresh(badges: list[str]) -> None:
    """The badges' order is remembered per set of registered games: the same as built
    from every game's badges at each call."""
    order = {name: i for i, name in enumerate([*_game_badges(), *_PROBLEM_BADGES])}
    expected = tuple(sorted(badges, key=lambda b: (order.get(b, len(order)), b)))
    assert sorted_badges(badges) == expected
