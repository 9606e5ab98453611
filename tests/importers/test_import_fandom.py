"""Fandom pages → records: golden files for every fixture page, and the parts one by one."""

from __future__ import annotations

from pathlib import Path

import pytest

from kifuwiki.archive import load_text
from kifuwiki.games.prime_daifugo.import_fandom import import_page, is_record_line, split_games
from kifuwiki.importers.article import Block, Heading, Page, page_events
from kifuwiki.importers.mediawiki import read_saved_page
from kifuwiki.importers.text import normalise

from .conftest import FIXTURES, GOLDEN_DATE, Golden

FANDOM = FIXTURES / "fandom"
CASES = sorted(path.stem for path in FANDOM.glob("*.html"))


def saved_page(name: str) -> Page:
    """A fixture page; pages saved without a canonical URL get a stable made-up one."""
    page = read_saved_page(FANDOM / f"{name}.html")
    if not page.url:  # no canonical link: no source (IM006)
        page = Page(page.title, f"https://kifuwiki-test.fandom.com/ja/wiki/{name}", None, page.html)
    return page


@pytest.mark.parametrize("case", CASES)
def test_golden(case: str, golden: Golden) -> None:
    result = import_page(saved_page(case))
    golden(FANDOM / "expected" / case, result.records, result.issues)


@pytest.mark.parametrize("case", ["two-games", "single-game", "table-game"])
def test_imported_games_validate(case: str) -> None:
    result = import_page(saved_page(case))
    assert result.records
    for record in result.records:
        (game,) = load_text(record.render(GOLDEN_DATE), f"records/{record.relative_path}")
        assert game.game == "prime-daifugo"
        assert game.errors == 0, [d.format_text() for d in game.diagnostics]
        assert game.winner is not None
        assert game.meta["license"] == "CC BY-SA 3.0"
        assert game.meta["source"].startswith("https://")


def test_two_games_resolve_players_of_the_first() -> None:
    first, second = import_page(saved_page("two-games")).records
    assert first.slug == "two-games-1" and second.slug == "two-games-2"
    assert second.meta["title"] == "two-games 二試合目"
    (game,) = load_text(second.render(GOLDEN_DATE), "records/prime-daifugo/x.kifu")
    assert game.players == ["はち", "にしむら"]
    assert game.first_player == "はち" and game.winner == "はち"


def test_footnote_becomes_a_comment_beside_its_line() -> None:
    first = import_page(saved_page("two-games")).records[0]
    index = first.body.index("A:987463")
    assert first.body[index + 1] == "* [注] 987463は素数である。"


def test_saved_full_page_gives_title_url_and_revision() -> None:
    page = read_saved_page(FANDOM / "single-game.html")
    assert page.title == "はち対nishimura (架空)"
    assert page.url.startswith("https://primeqk.fandom.com/ja/wiki/")
    assert page.revision == 12345


def test_notation_guide_gives_fragments_not_games() -> None:
    result = import_page(saved_page("notation-guide"))
    assert result.records == []
    assert result.fragments == 4
    assert {issue.code for issue in result.issues} == {"IM011"}


def test_page_without_record_says_so() -> None:
    result = import_page(saved_page("no-record"))
    assert result.records == []
    assert [issue.code for issue in result.issues] == ["IM010"]


def test_both_heading_forms_and_edit_links() -> None:
    html = (
        '<div class="mw-parser-output">'
        '<h2><span class="mw-headline" id="a">旧形式</span><span class="mw-editsection">'
        '<span class="mw-editsection-bracket">[</span><a href="#">編集</a>'
        '<span class="mw-editsection-bracket">]</span></span></h2>'
        '<div class="mw-heading mw-heading3"><h3 id="b">新形式</h3>'
        '<span class="mw-editsection">[<a href="#">edit</a>]</span></div>'
        "<h2>手書き[]</h2><h2>手書き 編集</h2>"
        "</div>"
    )
    events, found = page_events(html)
    assert found
    assert events == [
        Heading(2, "旧形式"),
        Heading(3, "新形式"),
        Heading(2, "手書き"),
        Heading(2, "手書き"),
    ]


def test_parsoid_sections_are_flattened_and_missing_body_is_reported() -> None:
    html = (
        '<html><body><section data-mw-section-id="1"><h2 id="x">一試合目</h2>'
        "<pre>A:x\nB:y\nA初期:QT338647JA9\nB初期:T77TJK4X3KA\nA:987463</pre>"
        "</section></body></html>"
    )
    result = import_page(Page("P", "https://w.example/wiki/P", 1, html))
    assert [issue.code for issue in result.issues] == ["IM014"]
    (record,) = result.records
    assert record.body[-1] == "A:987463"


def test_full_width_and_odd_spaces_are_normalised() -> None:
    assert normalise("Ａ初期：ＱＴ３３８\u00a0 ") == "A初期:QT338"
    assert normalise("B\u3000:\u200bＸ＝Ｋ") == "B :X=K"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("A:223", True),
        ("A初期:2345678", True),
        ("はち:D(Q)987463", True),
        ("nishimura:XKKTTJ|X=K !", True),
        ("素数判定員:不明", True),
        ("注意:この棋譜は独自のものです。", False),
        ("手札を先に出し切った人が勝ちです", False),
        ("2, 3, 5, 7, 11, 13", False),
        ("(ここで長考)", False),
    ],
)
def test_record_lines(text: str, expected: bool) -> None:
    assert is_record_line(text) is expected


def test_prose_between_moves_is_kept_as_comments() -> None:
    events: list[Heading | Block] = [
        Heading(2, "一試合目"),
    ]
    html = (
        '<div class="mw-parser-output"><h2>一試合目</h2>'
        "<p>A:x<br>B:y<br>A初期:QT338647JA9<br>B初期:T77TJK4X3KA</p>"
        "<p>ここで長考した。</p><p>A:987463</p></div>"
    )
    events, _ = page_events(html)
    (game,) = split_games(events)
    assert [item.kind for item in game.items][-2:] == ["prose", "record"]
    (record,) = import_page(Page("P", "u", None, html)).records
    assert record.body[-2:] == ["* ここで長考した。", "A:987463"]


def test_unresolvable_same_as_is_kept_for_review() -> None:
    html = (
        '<div class="mw-parser-output"><h2>二試合目</h2><p>(五試合目)と同じ</p>'
        "<pre>A初期:T5TJA2JQ76Q\nB初期:K679945864J\nA:7QQTTJJ\nB:Pass\nA:652A#</pre></div>"
    )
    result = import_page(Page("P", "u", None, html))
    (record,) = result.records
    assert record.body[0] == "* [import-review] (五試合目)と同じ"
    assert [issue.code for issue in record.issues()] == ["IM013"]
    assert record.issues()[0].line is not None


def test_every_line_of_a_record_block_survives(tmp_path: Path) -> None:
    """Nothing is silently dropped: each non-blank line of a record block is in the record."""
    page = saved_page("single-game")
    (record,) = import_page(page).records
    text = record.render(GOLDEN_DATE)
    for line in ("はち:(QT338647JA9)", "(ここで長考)", "nishimura:747A3#", "六枚出しの987463"):
        assert line in text
