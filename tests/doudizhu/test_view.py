"""The view: hands (known, partly known, hidden), bottom cards, bid, multiplier, table, passes,
flags for bombs and rockets, the analysis annotations and the player statistics."""

from __future__ import annotations

from tests.doudizhu.helpers import record
from tests.doudizhu.test_rules import GAME_1, SPRING

from kifuwiki.games.doudizhu import GAME


def view(text: str):
    return GAME.view(record(text))


def test_one_step_per_action_line_plus_the_deal() -> None:
    rec = record(GAME_1)
    v = GAME.view(rec)
    assert len(v.steps) == rec.moves + 1 == 22
    assert v.steps[0].kind == "deal"
    assert [s.anchor for s in v.steps[:3]] == ["m0", "m1", "m2"]


def test_labels_in_both_languages() -> None:
    v = view(GAME_1)
    step = v.steps[4]
    assert step.label == "Carol bids 3; Carol is the landlord (bid 3)"
    assert step.label_ja == "Carol: 3点で競る、Carolが地主 (3点)"
    assert v.steps[8].label == "Carol passes; Alice leads"
    assert v.steps[9].label == "Alice plays trio+single K K K + 3"
    assert v.steps[-1].label.endswith("the peasants win (unit 12)")


def test_bombs_and_rockets_are_jump_targets() -> None:
    v = view(GAME_1)
    flagged = {s.index: s.flags for s in v.steps if s.flags - {"comment"}}
    assert flagged == {4: {"landlord"}, 11: {"bomb"}, 12: {"rocket"}}


def test_state_tracks_hands_table_bid_and_multiplier() -> None:
    v = view(GAME_1)
    deal = v.steps[0].state
    assert [p["count"] for p in deal["seats"]] == [17, 17, 17]
    assert deal["landlord"] is None and not deal["kitty_shown"]
    landlord = v.steps[4].state
    assert [p["count"] for p in landlord["seats"]] == [17, 17, 20]
    assert [p["role"] for p in landlord["seats"]] == ["peasant", "peasant", "landlord"]
    assert landlord["kitty_shown"] and [c["text"] for c in landlord["kitty"]] == ["7", "A", "2"]
    bomb = v.steps[11].state
    assert bomb["multiplier"] == 3 * 2
    assert bomb["table"]["kind_en"] == "bomb" and bomb["table"]["name"] == "Carol"
    assert v.steps[12].state["multiplier"] == 3 * 2 * 2
    passed = v.steps[13].state
    assert [p["passed"] for p in passed["seats"]] == [False, True, False]
    cleared = v.steps[14].state
    assert cleared["table"] is None and cleared["seats"][0]["to_move"]
    final = v.steps[-1].state
    assert final["result"]["score"] == [
        {"name": "Alice", "points": 12},
        {"name": "Bob", "points": 12},
        {"name": "Carol", "points": -24},
    ]


def test_plane_with_wings_is_named() -> None:
    v = view(SPRING)
    table = v.steps[5].state["table"]  # deal, bottom cards, three bids, then the plane
    assert table["text_en"] == "plane with single wings 3 3 3 4 4 4 + 5 7"
    assert table["kind_ja"] == "飛行機 (翼: シングル)"


def test_hidden_and_partly_known_hands() -> None:
    v = view(
        "A:(3 4 5 5 6 7 8 9 10 J Q Q K K K BJ RJ)\nB:(?)\nC:(9 9 ?)\n"
        "A:bid-\nB:bid-\nC:bid3\nC:9 9\n"
    )
    seats = v.steps[-2].state["seats"]  # after the bidding, before C plays
    assert [s["known"] for s in seats] == ["all", "none", "part"]
    assert [c["text"] for c in seats[2]["cards"]] == ["9", "9"]
    assert seats[2]["unknown"] == 15 + 3  # the rest of the hand and the bottom cards
    seats = v.steps[-1].state["seats"]
    assert seats[2]["known"] == "none" and seats[2]["count"] == 18
    # The analysis needs a whole hand: none for C's play, some for A's.
    assert v.steps[-1].annotations == ()


def test_analysis_counts_choices_and_names_the_strongest() -> None:
    v = view(GAME_1)
    assert v.steps[6].annotations == ("6 legal plays; the strongest: rocket BJ RJ",)
    assert v.steps[6].annotations_ja == ("出せる組み合わせ 6 通り、最強は ロケット (王炸) BJ RJ",)
    assert v.steps[10].annotations == ("no legal play (only a pass)",)
    assert v.steps[12].annotations == ("1 legal play; the strongest: rocket BJ RJ (played)",)


def test_player_stats_and_badges() -> None:
    v = view(GAME_1)
    stats = {name: {s.key: s.value for s in items} for name, items in v.player_stats.items()}
    assert stats["Carol"] == {
        "ddz_landlord": 1,
        "ddz_landlord_wins": 0,
        "ddz_springs": 0,
        "ddz_bombs": 1,
        "ddz_score": -24,
    }
    assert stats["Alice"]["ddz_bombs"] == 1 and stats["Alice"]["ddz_score"] == 12
    assert v.badges == {"bomb", "rocket", "peasants"}
    assert [p.winner for p in v.players] == [True, True, False]
    spring = view(SPRING)
    assert "spring" in spring.badges
    assert {s.key: s.value for s in spring.player_stats["Carol"]}["ddz_springs"] == 1


def test_errors_flag_their_step() -> None:
    v = view(GAME_1.replace("B:8 8", "B:7 7"))
    step = next(s for s in v.steps if s.notation == "B:7 7")
    assert "error" in step.flags


def test_bottom_cards_turn_face_up_when_the_landlord_takes_them() -> None:
    hands = GAME_1.split("kitty:(7 A 2)\n")[0]
    v = view(hands + "A:bid1\nB:bid-\nC:bid3\nkitty:(7 A 2)\nC:3\n")
    assert [s.state["kitty_shown"] for s in v.steps] == [False] * 4 + [True, True]
    assert v.steps[3].state["seats"][2]["count"] == 17  # landlord, before the bottom cards
    assert v.steps[4].state["seats"][2]["count"] == 20
    no_kitty = view(hands + "C:3\n".replace("C:3", "C:2 2 2"))
    assert no_kitty.steps[0].state["kitty_recorded"] is False


HOSTILE = """---
game: doudizhu
title: <script>alert(1)</script>
players:
  A: <img src=x onerror=alert(2)>
  B: "<b>Bob</b>"
  C: Carol
---
A:(3 4 5 5 6 7 8 9 10 J Q Q K K K BJ RJ)
B:(?)
C:(?)
A:bid3
* <script>alert(3)</script> **bold**
A:3 4 5 6 7
B:<svg onload=alert(4)>
"""


def test_record_page_escapes_everything_from_the_record() -> None:
    from bs4 import BeautifulSoup

    from kifuwiki.archive import load_text
    from kifuwiki.render.environment import make_environment
    from kifuwiki.render.record import render_record_page

    record = load_text(HOSTILE, "hostile.kifu")[0]
    for lang in ("ja", "en"):
        html = render_record_page(GAME.view(record), make_environment(), lang)
        doc = BeautifulSoup(html, "lxml")
        assert doc.find("script") is None
        assert doc.find("img") is None and doc.find("svg", onload=True) is None
        assert not any(tag.has_attr("onerror") or tag.has_attr("onload") for tag in doc.find_all())
        assert "<img src=x onerror=alert(2)>" in doc.get_text()  # shown as text
        assert doc.select(".kw-ddz-state")
