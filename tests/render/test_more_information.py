"""The header's "More information" table: every front-matter key no other part of the
page shows, and none that one does (a game's ``shown_meta_keys``, the core's
``accept``). Before, a Catan page repeated its board, harbours, starting pieces, turn
order and card letters there as raw text, and 鋼鉄の虹 its characters as JSON."""

from __future__ import annotations

from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from kifuwiki.archive import load_text
from kifuwiki.games import all_games, get_game
from kifuwiki.games.base import declared_shown_meta_keys
from kifuwiki.render.environment import make_environment
from kifuwiki.render.record import KNOWN_META_KEYS, record_header, render_record_page

RECORDS = Path(__file__).resolve().parents[2] / "records"


def _with_keys(path: Path, *lines: str) -> str:
    """The record file with ``lines`` added at the end of its front matter."""
    text = path.read_text(encoding="utf-8")
    head, rest = text[4:].split("\n---\n", 1)
    return "---\n" + head + "\n" + "\n".join(lines) + "\n---\n" + rest


def _more_information(text: str) -> list[str]:
    record = load_text(text, "x.kifu")[0]
    return [key for key, _ in record_header(get_game(record.game).view(record)).extra_meta]


def test_a_catan_board_record_lists_only_what_nothing_else_shows() -> None:
    text = _with_keys(RECORDS / "catan" / "practice-2026-board.kifu", "table: 3", "gm: Ken")
    # order, cards, board, harbours and start are drawn or head the turn table.
    assert _more_information(text) == ["table", "gm"]


def test_an_acceptance_is_shown_beside_its_warning_not_repeated() -> None:
    text = (RECORDS / "catan" / "seed-001-example.kifu").read_text(encoding="utf-8")
    assert "accept:" in text
    record = load_text(text, "x.kifu")[0]
    assert _more_information(text) == []
    # Where it is shown: the diagnostic it accepts says so, with the reason.
    accepted = [d for d in record.diagnostics if d.code == "CT224"]
    assert accepted and all("omits turns 2–10" in d.message for d in accepted)


def test_koutetsu_characters_are_their_own_table_and_other_keys_stay() -> None:
    text = _with_keys(RECORDS / "koutetsu-no-niji" / "kiri-no-toka-ten.kifu", "system: v2")
    assert _more_information(text) == ["gm", "system"]


def test_a_key_a_game_reads_only_sometimes_stays() -> None:
    # 闘地主 does not read ``landlord`` in a record with bid lines: it is not declared.
    text = _with_keys(RECORDS / "doudizhu" / "one-players-view.kifu", "landlord: B")
    assert "landlord" in _more_information(text)


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_page_has_no_row_for_a_shown_key(lang: str) -> None:
    text = _with_keys(RECORDS / "catan" / "practice-2026-board.kifu", "gm: Ken")
    record = load_text(text, "x.kifu")[0]
    html = render_record_page(get_game("catan").view(record), make_environment(), lang)
    table = BeautifulSoup(html, "html.parser").select_one(".kw-extra-meta")
    assert table is not None
    assert [th.get_text() for th in table.select("tbody th")] == ["gm"]


def test_declarations_are_lower_case_game_keys_not_the_cores() -> None:
    for game in all_games():
        declared = declared_shown_meta_keys(game)
        # The shared keys are the core's to show (a game cannot hide a title).
        assert not declared & KNOWN_META_KEYS, game.id


@pytest.mark.parametrize("value", [None, "order", 5, {"order": True}])
def test_a_declaration_that_is_no_collection_of_keys_declares_none(value: object) -> None:
    class Game:
        shown_meta_keys = value

    assert declared_shown_meta_keys(Game()) == frozenset()


def test_declared_keys_are_matched_in_any_case() -> None:
    class Game:
        shown_meta_keys = ("Board", "start")

    assert declared_shown_meta_keys(Game()) == {"board", "start"}


def test_a_record_of_a_game_not_installed_keeps_every_key() -> None:
    from kifuwiki.render.record import _shown_by_game

    assert _shown_by_game("no-such-game") == frozenset()
