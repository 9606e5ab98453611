"""Reading the notation: every line kind, the English aliases, tile sets, and bad input
as diagnostics with line and column (never an exception)."""

from __future__ import annotations

from tests.ponjan.helpers import BODY_LINE, CLEAN_HAND, FRONT, codes, data, load, where

from kifuwiki.core.recordfile import split_record_file
from kifuwiki.games.ponjan import GAME
from kifuwiki.games.ponjan.model import Action, ChipLine, Unread, Verb
from kifuwiki.games.ponjan.notation import parse


def test_every_line_kind_is_read() -> None:
    record = data(load(CLEAN_HAND)).record
    hand = record.hands[0]
    assert (hand.number, hand.dealer) == (1, "A")
    assert hand.starting["B"][0] == list("11133466")
    verbs = [item.verb for item in hand.items if isinstance(item, Action)]
    assert verbs[:4] == [Verb.DRAW, Verb.DISCARD, Verb.DRAW, Verb.RIICHI]
    assert verbs[-1] is Verb.TSUMO
    chips = [item for item in hand.items if isinstance(item, ChipLine)]
    assert chips[0].values == {"A": -16, "B": 24, "C": -8} and not chips[0].totals
    assert chips[1].values == {"A": 84, "B": 124, "C": 92} and chips[1].totals


def test_english_keywords_read_the_same_as_japanese() -> None:
    english = (
        CLEAN_HAND.replace("第1局 親 A", "hand 1 dealer A")
        .replace("配牌", "start")
        .replace("引", "draw")
        .replace("捨", "discard")
        .replace("リーチ", "riichi")
        .replace("ツモ", "tsumo")
        .replace("精算", "pay")
        .replace("計", "totals")
    )
    record = load(english)
    assert codes(record) == []
    assert GAME.format(record) == GAME.format(load(CLEAN_HAND))


def test_multi_character_tile_names_are_separated_by_spaces() -> None:
    front = (
        "---\ngame: ponjan\nplayers: [A, B]\n"
        "tiles: {kinds: [ドラ, ミミ, ノビ], copies: 9, wild: {ワイ: 3}}\n---\n"
    )
    body = "第1局 親 A\nA 配牌 ドラ ドラ ドラ ミミ ミミ ミミ ノビ ワイ\nA 引 ノビ\nA ツモ\n"
    record = load(body, front)
    assert codes(record) == ["PJ201"]
    assert data(record).replay.hands[0].winner == "A"
    assert "A 配牌 ドラ ドラ ドラ ミミ ミミ ミミ ノビ ワイ" in GAME.format(record)


def test_hidden_tiles_and_move_marks() -> None:
    record = load(CLEAN_HAND.replace("A 引 9\nA 捨 9", "A 引 ?\nA 捨 9 ?!"))
    assert codes(record) == []
    items = [i for i in data(record).record.hands[0].items if isinstance(i, Action)]
    assert items[0].tile is None and items[1].marks == "?!"


def test_unknown_verb_is_pj001_at_the_verb() -> None:
    record = load(CLEAN_HAND.replace("A 捨 9", "A 切る 9", 1))
    assert where(record, "PJ001") == (BODY_LINE + 5, 3)


def test_unknown_seat_is_pj002() -> None:
    record = load(CLEAN_HAND.replace("A 捨 9", "Z 捨 9", 1))
    assert where(record, "PJ002") == (BODY_LINE + 5, 1)


def test_unknown_tile_is_pj003_at_the_tile() -> None:
    record = load(CLEAN_HAND.replace("A 捨 9", "A 捨 X", 1))
    assert where(record, "PJ003") == (BODY_LINE + 5, 5)
    message = next(d for d in record.diagnostics if d.code == "PJ003")
    assert "1 2 3 4 5 6 7 8 9 W" in message.message and message.message_ja


def test_bad_front_matter_is_pj004_and_falls_back() -> None:
    front = (
        "---\ngame: ponjan\nplayers: [A, B, C]\ntiles: {kinds: 1-9, copies: -1}\nchips: lots\n---\n"
    )
    record = load(CLEAN_HAND, front)
    assert codes(record).count("PJ004") == 2
    assert where(record, "PJ004") == (4, 1)


def test_one_seat_is_not_a_session() -> None:
    record = load("第1局 親 A\n", "---\ngame: ponjan\nplayers: [A]\n---\n")
    assert "PJ004" in codes(record)


def test_action_before_the_first_heading_is_pj005_and_kept() -> None:
    record = load("A 引 1\n" + CLEAN_HAND)
    assert where(record, "PJ005") == (BODY_LINE, 1)
    assert GAME.format(record).startswith("A 引 1\n")


def test_bad_payment_entry_is_pj006() -> None:
    record = load(CLEAN_HAND.replace("精算 A-16 B+24 C-8", "精算 A-16 B:lots C-8"))
    assert "PJ006" in codes(record)
    unsigned = load(CLEAN_HAND.replace("精算 A-16 B+24 C-8", "精算 A-16 B 24 C-8"))
    assert "PJ006" in codes(unsigned)


def test_heading_without_dealer_is_pj007() -> None:
    assert "PJ007" in codes(load(CLEAN_HAND.replace("第1局 親 A", "第1局")))


def test_starting_hand_after_an_action_is_pj008() -> None:
    body = CLEAN_HAND.replace("A 引 9\n", "A 引 9\nC 配牌 11111111\n", 1)
    assert "PJ008" in codes(load(body))


def test_record_without_hands_is_pj009() -> None:
    assert codes(load("* only a comment\n")) == ["PJ009"]


def test_revealed_tiles_not_nine_is_pj011() -> None:
    assert "PJ011" in codes(load(CLEAN_HAND.replace("B ツモ", "B ツモ [111 333 66]")))


def test_unreadable_lines_are_kept_in_place() -> None:
    text = FRONT + CLEAN_HAND.replace("A 捨 9", "this is not a move", 1)
    source = split_record_file(text, "x.kifu")[0]
    parsed = parse(source)
    items = parsed.record.hands[0].items
    assert any(isinstance(item, Unread) and item.text == "this is not a move" for item in items)
    assert "this is not a move" in GAME.format(GAME.load(source))


def test_comments_and_bookmarks_follow_their_line() -> None:
    body = CLEAN_HAND.replace("B ツモ\n", "B ツモ\n* 6 を引いた\n*&win アガリ\n")
    record = load(body)
    written = GAME.format(record)
    assert "B ツモ\n* 6 を引いた\n*&win アガリ\n" in written


def test_a_tiles_field_nothing_reads_is_pj203_at_its_line() -> None:
    """The page shows the tile set the fields make, not ``tiles:`` as written, so a
    misspelt ``copy:`` would have been lost without a word."""
    front = FRONT.replace("chips: 100\n", "chips: 100\ntiles:\n  kinds: 1-6\n  copy: 6\n")
    record = load("", front)
    assert [d.code for d in record.diagnostics if d.code.startswith("PJ2")][:1] == ["PJ203"]
    assert where(record, "PJ203") == (7, 9)  # "  copy: 6"
    found = next(d for d in record.diagnostics if d.code == "PJ203")
    assert found.severity.value == "warning" and "'copy' is not read" in found.message
    assert data(record).record.tiles.copies["1"] == 8  # the default number of copies


def test_wild_tiles_that_cannot_be_read_are_pj004_not_no_wilds() -> None:
    front = FRONT.replace("chips: 100\n", "chips: 100\ntiles: {kinds: 1-6, wild: {W: x}}\n")
    record = load("", front)
    assert "PJ004" in codes(record)
    assert "'wild'" in next(d.message for d in record.diagnostics if d.code == "PJ004")
