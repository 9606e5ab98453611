"""Real records without false alarms (issue 17, items 1–6), each with an invented record.

Every test states a record the way people write it and what the engine must (not) say.
"""

from __future__ import annotations

from kifuwiki.archive import load_text
from kifuwiki.core.diagnostics import Severity
from kifuwiki.games.base import GameRecord
from kifuwiki.games.prime_daifugo import GAME, LoadedGame
from kifuwiki.games.prime_daifugo.model import Action
from kifuwiki.games.prime_daifugo.rules import rank_titles


def load(text: str) -> list[GameRecord]:
    return load_text(text, "records/prime-daifugo/test.kifu")


def one(text: str) -> GameRecord:
    (record,) = load(text)
    return record


def codes(record: GameRecord, severity: Severity | None = None) -> list[str]:
    return [d.code for d in record.diagnostics if severity is None or d.severity is severity]


def data(record: GameRecord) -> LoadedGame:
    assert isinstance(record.data, LoadedGame)
    return record.data


SMALL = "---\ngame: prime-daifugo\nrules: {hand_size: 5, deck_size: 11}\n---\n"


# -- 1. penalty cards matched as a multiset against the known deck bottom ---------------


def test_penalty_cards_in_any_order_fit_the_known_bottom() -> None:
    for written in ("T57", "57T", "7T5", "T75"):
        record = one(f"{SMALL}A:(5557K)\nB:(5468Q)\nA:57[GC]\nA:K\nB:468,P({written})\n")
        assert codes(record) == [], written
        last = data(record).replay.steps[-1]
        assert last.penalty_drawn == written  # shown as the recorder wrote it
        assert last.state.hands[1].cards == "455678TQ"
        assert (last.state.deck_unknown, last.state.bottom) == (0, "K")


def test_penalty_cards_that_cannot_come_from_the_deck_say_so_once() -> None:
    # The bottom holds 5 and 7; a penalty naming 9 and 9 cannot be drawn from it.
    record = one(f"{SMALL}A:(5557K)\nB:(5468Q)\nA:57[GC]\nA:K\nB:468,P(T99)\n")
    assert codes(record) == ["PD128"]
    (message,) = [d.message for d in record.diagnostics]
    assert "do not fit the deck" in message and "flush order" not in message


# -- 2. headings are headings, and a silent declaration rejects no mover ------------------


def test_set_heading_with_first_player_is_not_a_seat() -> None:
    record = one("1セット目:先手あ\nあ:2\nい:5\nあ:%\nい:7#\n")
    assert record.players == ["あ", "い"]
    assert record.winner == "い"
    assert codes(record, Severity.ERROR) == []


def test_heading_forms_separate_games() -> None:
    for first, second in (
        ("1セット目", "2セット目"),
        ("一試合目", "二試合目"),
        ("Game 1", "Game 2"),
    ):
        text = f"{first}\na:(2)\nb:(5)\na:2#\n{second}\na:(3)\nb:(7)\nb:7#\n"
        records = load(text)
        assert [r.winner for r in records] == ["a", "b"], first
        assert [r.source.heading for r in records] == [first, second]


def test_a_declaration_of_someone_who_never_moves_rejects_no_mover() -> None:
    record = one("先手:nishimura\nはち:2\nnishimura:5\nはち:%\nnishimura:7#\n")
    assert codes(record, Severity.ERROR) == []
    assert record.winner == "nishimura"


def test_an_unknown_mover_is_one_error_not_one_per_move() -> None:
    record = one("A:Foo\nB:Bar\nA:2\nB:3\nC:5\nA:%\nC:7\nC:9\n")
    unknown = [d for d in record.diagnostics if d.code == "PD004"]
    assert len(unknown) == 1 and "2 later move(s)" in unknown[0].message
    assert "PD112" not in codes(record)


# -- 3. initial-hand lines --------------------------------------------------------------


def test_two_hands_on_one_line() -> None:
    record = one(f"{SMALL}初期手札a:(23) b:(57)\na:2\nb:5\na:%\nb:7#\n")
    hands = data(record).parsed.initial_hands
    assert {key: "".join(c.rank for c in h.cards or ()) for key, h in hands.items()} == {
        "a": "23",
        "b": "57",
    }
    assert record.players == ["a", "b"]
    assert codes(record, Severity.ERROR) == []


def test_my_hand_belongs_to_the_first_player_who_can_hold_the_play() -> None:
    record = one(f"{SMALL}私の初期手札:(23)\nb:%\na:3\nb:%\na:2#\n")
    assert set(data(record).parsed.initial_hands) == {"a"}
    assert codes(record, Severity.ERROR) == []


def test_my_hand_from_front_matter() -> None:
    front = "---\ngame: prime-daifugo\nme: b\nrules: {hand_size: 2}\n---\n"
    record = one(f"{front}私の初期手札:(57)\na:2\nb:5\na:3\nb:7#\n")
    assert set(data(record).parsed.initial_hands) == {"b"}


def test_hands_inside_a_heading() -> None:
    record = one(f"{SMALL}1セット目、a:23、b:57\na:2\nb:5\na:%\nb:7#\n")
    assert set(data(record).parsed.initial_hands) == {"a", "b"}
    assert record.players == ["a", "b"]
    assert codes(record, Severity.ERROR) == []


# -- 4. cards a penalty shows from an unknown hand are not seen twice --------------------


def test_penalty_from_an_unknown_hand_shows_the_cards_once() -> None:
    record = one("A:(不明)\nB:(2456789TJQK)\nA:3333,P(2468)\nB:%\nA:3\n")
    assert "PD121" not in codes(record)
    hand = data(record).replay.steps[-1].state.hands[0]
    assert hand.cards.count("3") == 3  # the four shown, less the one played


# -- 5. an unreadable move keeps its marks -----------------------------------------------


def test_an_unreadable_move_keeps_its_going_out_mark() -> None:
    record = one("a:(2)\nb:(A3)\na:%\nb:13# !\n")
    assert record.winner == "b"
    last = data(record).parsed.moves[-1]
    assert (last.action, last.out, last.marks) == (Action.UNKNOWN, True, "!")
    assert "PD160" not in codes(record) and "PD162" not in codes(record)


def test_an_unreadable_fandom_move_keeps_its_flush_mark() -> None:
    record = one("---\nnotation: fandom\n---\nA:Foo\nB:Bar\nA:2\nB:Pass\nA:1@r\n")
    assert data(record).parsed.moves[-1].flush_mark


# -- 6. the seed's own forms -------------------------------------------------------------

FANDOM = "---\nnotation: fandom\nrules: {hand_size: null}\n---\nA:Foo\nB:Bar\nC:Baz\n"


def test_special_plays_fix_the_joker_value() -> None:
    for cards, value in (("5X", 7), ("X7", 5)):
        record = one(f"{FANDOM}A初期:{cards}3\nB初期:不明\nC初期:不明\nA:{cards}(GC)\n")
        step = data(record).replay.steps[-1]
        assert "GC" in step.kinds and step.joker_values == (value,), cards
        assert codes(record, Severity.ERROR) == []
    record = one(f"{FANDOM}A初期:A72X3\nB初期:不明\nC初期:不明\nA:A72X(RR)\n")
    assert "RR" in data(record).replay.steps[-1].kinds
    assert codes(record, Severity.ERROR) == []


def test_the_seeds_gc_typo_on_a_ramanujan_revolution_is_read_as_rr() -> None:
    record = one(f"{FANDOM}A初期:A72X3\nB初期:不明\nC初期:不明\nA:A72X(GC)\n")
    step = data(record).replay.steps[-1]
    assert "RR" in step.kinds and step.joker_values == (9,)
    assert codes(record, Severity.ERROR) == []
    assert "PD156" in codes(record, Severity.WARNING)


def test_missing_joker_value_advice_follows_the_dialect() -> None:
    record = one(f"{FANDOM}A初期:KX3\nB初期:不明\nC初期:不明\nA:KX\n")
    (missing,) = [d for d in record.diagnostics if d.code == "PD150"]
    assert ";X=K" in missing.message and "|X=K" not in missing.message


def test_the_seeds_same_players_sentence_is_read() -> None:
    text = (
        "一試合目\nA:Foo\nB:Bar\nA:2\nB:Pass\n"
        "二試合目\nプレイヤー・素数判定員は一試合目と同じ\nA:3\nB:Pass\n"
    )
    second = load(text)[1]
    assert second.players == ["Foo", "Bar"]
    assert codes(second, Severity.ERROR) == []


def test_suits_are_kept_in_the_record_model() -> None:
    record = one("---\nnotation: fandom\n---\nA:Foo\nB:Bar\nA:QhKs\n")
    run = data(record).parsed.moves[0].number
    assert run is not None and [card.suit for card in run.cards] == ["h", "s"]


def test_a_draw_after_passing_has_its_own_diagnostic() -> None:
    record = one("---\nnotation: fandom\n---\nA:Foo\nB:Bar\nA:2\nB:Pass\nB:D\nA:3\n")
    assert codes(record, Severity.ERROR) == ["PD113"]  # and A's next move is in turn


def test_rank_titles_follow_the_player_count() -> None:
    assert rank_titles(2) == ["大富豪", "大貧民"]
    assert rank_titles(3) == ["大富豪", "平民", "大貧民"]
    assert rank_titles(4) == ["大富豪", "富豪", "貧民", "大貧民"]
    assert rank_titles(6) == ["大富豪", "富豪", "平民", "平民", "貧民", "大貧民"]


def test_a_finished_game_shows_its_titles() -> None:
    record = one("a:(2)\nb:(5)\na:2#\n")
    header = dict(GAME.view(record).header)
    ranking = header["階級 / Ranking"]
    assert ranking.ja == "大富豪 a, 大貧民 b"
    assert ranking.en == "Grand Millionaire a, Grand Poor b"


def test_an_impossible_penalty_card_blames_the_written_cards_not_the_flush_order() -> None:
    # Four 5s are dealt: a penalty naming a fifth 5 cannot come from the deck.
    record = one(f"{SMALL}A:(5557K)\nB:(5468Q)\nA:K,P(5)\n")
    (too_many,) = [d for d in record.diagnostics if d.code == "PD121"]
    assert too_many.message.startswith("the written cards 5 do not fit the deck")
    assert "flush" not in too_many.message and too_many.message_ja


def test_a_round_title_is_the_games_title_not_a_seat() -> None:
    record = one("第2局:先手あ\nあ:2\nい:5\nあ:%\nい:7#\n")
    assert record.players == ["あ", "い"] and record.winner == "い"
    assert codes(record, Severity.ERROR) == []
