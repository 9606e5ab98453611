"""``viewer_tags`` (``render/assets.py``) finds what ``_VIEWER.finditer`` finds: the
same matches at the same places, in pages made of every piece that could confuse a
search that jumps to the pattern's fixed start."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from kifuwiki.render.assets import _VIEWER, add_game_assets, asset_tags, viewer_tags

PIECES = [
    '<section class="kw-viewer"',
    '<section class="kw-viewer" id="v" data-kw-game="prime-daifugo">',
    ' data-kw-game="catan"',
    ' data-kw-game="',
    '"',
    ">",
    "<",
    "<section",
    ' class="kw-viewer"',
    "x",
    " ",
]


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=14))
def test_viewer_tags_finds_what_finditer_finds(pieces: list[str]) -> None:
    html = "".join(pieces)
    expected = [(m.start(), m.end(), m.group(1)) for m in _VIEWER.finditer(html)]
    assert [(m.start(), m.end(), m.group(1)) for m in viewer_tags(html)] == expected


def test_a_page_with_two_games() -> None:
    html = (
        '<p><section class="kw-viewer" data-kw-game="a"></section>'
        '<section class="kw-viewer" lang="en" data-kw-game="b"></section>'
    )
    assert [m.group(1) for m in viewer_tags(html)] == ["a", "b"]


def _add_game_assets_by_slices(html: str, page_url: str) -> str:
    """``add_game_assets`` as it was (finditer, then slices): the reference."""
    first: dict[str, int] = {}
    for match in _VIEWER.finditer(html):
        first.setdefault(match.group(1), match.start())
    for game_id, at in sorted(first.items(), key=lambda item: -item[1]):
        tags = asset_tags(game_id, page_url)
        if tags:
            html = f"{html[:at]}{tags}\n{html[at:]}"
    return html


GAMES = ["prime-daifugo", "catan", "selaffesto", "no-such-game"]
PAGE_PIECES = [
    *PIECES,
    *(f'<section class="kw-viewer" data-kw-game="{game}">' for game in GAMES),
    "日本語",
]


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.sampled_from(PAGE_PIECES), max_size=12),
    st.sampled_from(["", "records/a/b/", "x.html"]),
)
def test_assets_are_linked_as_with_slices(pieces: list[str], page_url: str) -> None:
    html = "".join(pieces)
    assert add_game_assets(html, page_url) == _add_game_assets_by_slices(html, page_url)


@settings(max_examples=400, deadline=None)
@given(
    body=st.lists(st.sampled_from(PAGE_PIECES), max_size=10),
    before=st.lists(st.sampled_from(PAGE_PIECES), max_size=4),
    after=st.lists(st.sampled_from(PAGE_PIECES), max_size=4),
    src_uri=st.sampled_from(["records/g/a.md", "index.md", "records/g/日本/b.md"]),
    scheme=st.sampled_from(["directory", "html", "source"]),
)
def test_a_body_that_links_its_assets_gives_the_page_the_general_way_gives(
    body: list[str], before: list[str], after: list[str], src_uri: str, scheme: str
) -> None:
    """A record page's body links its games' assets itself, the links written as
    placeholders (a worker renders it) and filled in with the page's other links: the
    theme's output around it, given to ``link_page_assets`` with the body's count of
    viewer marks, is what ``add_game_assets`` makes of the page around the plain body,
    for every URL scheme, for viewers of games with and without assets, and for a
    theme or plugin that put viewers, or text that looks like them, outside the body
    (then the body's links are taken out and the page goes the general way). The
    export (``kifuwiki pages``), whose page is the body alone, is the case with
    nothing around it."""
    from kifuwiki.render.assets import VIEWER_MARK, link_game_assets, link_page_assets
    from kifuwiki.render.site import (
        DeferredLinks,
        PageLinks,
        SitePlan,
        SourceRelativeUrls,
        page_url,
        resolve_links,
    )

    url_of = {
        "directory": page_url,
        "html": lambda uri: page_url(uri, use_directory_urls=False),
        "source": SourceRelativeUrls(),
    }[scheme]
    here = url_of.link_base(src_uri) if isinstance(url_of, SourceRelativeUrls) else url_of(src_uri)
    plain = "".join(body)
    links = DeferredLinks()
    linked = link_game_assets(plain, links.asset)
    resolved = resolve_links(
        linked, links.nonce, links.targets, PageLinks(SitePlan(""), src_uri, url_of)
    )
    assert resolved == add_game_assets(plain, here)  # the export: the body alone
    head, tail = "".join(before) + "<article>", "</article>" + "".join(after)
    page = link_page_assets(head + resolved + tail, here, resolved.count(VIEWER_MARK))
    assert page == add_game_assets(head + plain + tail, here)
