"""The record page's "download the record file" link: a copy of the file in the site,
placed by the site plan; a ``data:`` address only for a page with no site around it."""

from __future__ import annotations

import base64
from pathlib import Path

from bs4 import BeautifulSoup

from kifuwiki.archive import load_file
from kifuwiki.games import get_game
from kifuwiki.games.base import RecordView
from kifuwiki.render.environment import make_environment
from kifuwiki.render.record import render_record_page
from kifuwiki.render.site import (
    DeferredLinks,
    PageLinks,
    SitePlan,
    SourceRelativeUrls,
    page_url,
    resolve_links,
)

RULES = Path(__file__).resolve().parents[1] / "fixtures" / "prime-daifugo" / "rules"
TWO_GAMES = RULES / "fandom-two-games.kifu"
ONE_GAME = RULES / "judge-errors.kifu"


def views(path: Path, shown_as: str) -> list[RecordView]:
    return [get_game(record.game).view(record) for record in load_file(path, shown_as)]


def download_href(html: str) -> str:
    link = BeautifulSoup(html, "html.parser").select_one("a.kw-download[download]")
    assert link is not None
    return str(link["href"])


def test_a_file_of_several_games_is_copied_once_next_to_its_pages() -> None:
    two = views(TWO_GAMES, "records/prime-daifugo/fandom-two-games.kifu")
    plan = SitePlan.build(two, "records/", "records")
    assert plan.files == {two[0].record.path: "records/prime-daifugo/fandom-two-games.kifu"}
    for view in two:
        page = plan.record_page(view.record)
        assert page is not None and page.src_uri.endswith(f"-{view.record.index}.md")
        # MkDocs (directory URLs): the page is a folder, the file sits beside it.
        links = PageLinks(plan, page.src_uri, page_url)
        assert links.file(view.record.path or "") == "../fandom-two-games.kifu"
        # Without directory URLs, and for Zensical (links from the source folder).
        flat = PageLinks(plan, page.src_uri, lambda uri: page_url(uri, False))
        assert flat.file(view.record.path or "") == "fandom-two-games.kifu"
        source = PageLinks(plan, page.src_uri, SourceRelativeUrls())
        assert source.file(view.record.path or "") == "fandom-two-games.kifu"


def test_files_whose_names_slugify_alike_get_places_of_their_own() -> None:
    first = views(ONE_GAME, "records/prime-daifugo/a b.kifu")
    second = views(ONE_GAME, "records/prime-daifugo/a-b.kifu")
    plan = SitePlan.build([*first, *second], "records/", "records")
    assert len(set(plan.files.values())) == 2
    assert all(uri.endswith(".kifu") for uri in plan.files.values())


def test_a_site_page_links_the_copy_and_a_page_alone_carries_the_file() -> None:
    env = make_environment()
    (view,) = views(ONE_GAME, "records/prime-daifugo/judge-errors.kifu")
    plan = SitePlan.build([view], "records/", "records")
    deferred = DeferredLinks()
    html = render_record_page(view, env, "en", deferred)
    page = plan.record_page(view.record)
    assert page is not None
    resolved = resolve_links(html, deferred.nonce, deferred.targets, PageLinks(plan, page.src_uri))
    assert download_href(resolved) == "../judge-errors.kifu"
    assert "base64" not in resolved
    # No site around the page (kifuwiki.api's standalone page): the file is in the link.
    alone = download_href(render_record_page(view, env, "en"))
    prefix = "data:text/plain;charset=utf-8;base64,"
    assert alone.startswith(prefix)
    assert base64.b64decode(alone[len(prefix) :]) == ONE_GAME.read_bytes()
