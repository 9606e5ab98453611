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
