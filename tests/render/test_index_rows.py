"""The games tables' rows written in Python (``render/index_rows.py``) against the
Jinja loop of ``link`` and ``badge`` macros they replace: the same bytes.

The loop below is the one ``templates/_kw_macros.html`` had; it is rendered with the
packaged macros (so a change to ``link`` or ``badge`` that the Python side misses
fails here), once on crafted rows full of characters autoescape must escape, and once
through whole archive pages of every demo record (``custom_templates`` holding a
``_kw_macros.html`` that still loops).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kifuwiki.archive import load_source
from kifuwiki.core.recordfile import split_record_file
from kifuwiki.render.archive import Archive
from kifuwiki.render.environment import game_name, make_environment
from kifuwiki.render.index_rows import badge_legend, games_table_rows
from kifuwiki.render.prerender import view_of

REPO = Path(__file__).resolve().parents[2]

#: The rows as templates/_kw_macros.html wrote them before index_rows.py.
JINJA_ROWS = """\
{% for row in rows %}
<tr data-game="{{ row.game }}" data-errors="{{ row.errors }}" data-warnings="{{ row.warnings }}">
<td data-sort="{{ row.title }}">{{ link(row.href, row.title) }}</td>
{% if show_game %}<td>{{ game_name(row.game, lang) }}</td>{% endif %}
<td class="kw-date" data-sort="{{ row.date }}"><time>{{ row.date }}</time></td>
<td data-sort="{{ row.event }}">{{ link(row.event_href, row.event) }}</td>
<td>{% for p in row.players %}{{ link(p.href, p.name) }}{% if not loop.last %}, {% endif %}{% endfor %}</td>
<td>{{ row.winner }}</td>
<td data-sort="{{ row.moves }}">{{ row.moves }}</td>
<td data-sort="{{ row.badges | join(' ') }}">{% for b in row.badges %}{{ badge(b, lang) }} {% endfor %}</td>
</tr>
{% endfor %}
"""  # noqa: E501 - the template as it was, line for line
PYTHON_ROWS = "{{ games_table_rows(rows, lang, show_game) }}"


@dataclass(frozen=True)
class Player:
    name: str
    href: str | None


@dataclass(frozen=True)
class Row:
    """What the rows read of an ``IndexRow``."""

    game: str
    title: str
    href: str | None
    date: str
    event: str
    event_href: str | None
    players: tuple[Player, ...]
    winner: str
    moves: int
    badges: tuple[str, ...]
    errors: int
    warnings: int


def jinja_rows(rows: object, lang: str, show_game: bool) -> str:
    env = make_environment()
    template = env.from_string('{% from "_kw_macros.html" import link, badge %}' + JINJA_ROWS)
    return template.render(rows=rows, lang=lang, show_game=show_game)


#: Any text, and text made of what must be escaped (``<>&"'``), so that every field
#: meets markup often enough for one missing escape to fail the comparison.
text = st.text(max_size=12) | st.text(alphabet="<>&\"' a日", min_size=1, max_size=12)
href = st.none() | st.just("") | text
rows = st.lists(
    st.builds(
        Row,
        game=st.sampled_from(["prime-daifugo", "catan", "no<such>&game"]),
        title=text,
        href=href,
        date=text,
        event=text,
        event_href=href,
        players=st.lists(st.builds(Player, text, href), max_size=3).map(tuple),
        winner=text,
        moves=st.integers(0, 10_000),
        badges=st.lists(st.sampled_from(["error", "warning", "GC", "x<y", 'a"b']), max_size=3).map(
            tuple
        ),
        errors=st.integers(0, 3),
        warnings=st.integers(0, 3),
    ),
    max_size=4,
)


@settings(max_examples=150, deadline=None)
@given(rows=rows, lang=st.sampled_from(["ja", "en"]), show_game=st.booleans())
def test_rows_are_the_macro_loop_byte_for_byte(rows: list[Row], lang: str, show_game: bool) -> None:
    python = games_table_rows(rows, lang, show_game, game_name)
    assert str(python) == jinja_rows(rows, lang, show_game)


def test_hostile_text_is_escaped_once() -> None:
    row = Row("catan", "<b>&", "x?a=1&b=2", "", "", None, (Player("'Q'", None),), "", 3, (), 0, 0)
    html = str(games_table_rows([row], "en", False, game_name))
    assert '<td data-sort="&lt;b&gt;&amp;"><a href="x?a=1&amp;b=2">&lt;b&gt;&amp;</a></td>' in html
    assert "<td>&#39;Q&#39;</td>" in html


@pytest.fixture(scope="module")
def looping_macros(template_folder: Callable[..., Path]) -> Path:
    """A custom_templates folder whose _kw_macros.html still writes rows in Jinja."""
    return template_folder({"_kw_macros.html": [(PYTHON_ROWS, JINJA_ROWS.removesuffix("\n"), 1)]})


def test_archive_pages_of_every_demo_record_are_unchanged(looping_macros: Path) -> None:
    views = [
        view_of(load_source(source))
        for path in sorted((REPO / "records").rglob("*.kifu"))
        for source in split_record_file(path.read_text(encoding="utf-8"), str(path))
    ]
    for lang in ("ja", "en"):
        archive = Archive.build(views, "records", "records", lang)
        pages = [p for p in archive.plan.pages if p.kind in ("home", "index", "player", "event")]
        kinds = {p.kind for p in pages}
        assert kinds == {"home", "index", "player", "event"}, kinds
        for page in pages:
            fast = archive.render(page, make_environment(), lang)
            loop = archive.render(page, make_environment(looping_macros), lang)
            assert fast == loop, page.src_uri
        home = archive.render(archive.plan.special["home"], make_environment(), lang)
        assert home.count("<tr data-game=") == len(views)


def _row(*badges: str) -> Row:
    return Row("prime-daifugo", "t", None, "", "", None, (), "", 1, badges, 0, 0)


@pytest.mark.parametrize(("lang", "gc"), [("ja", "グロタンカット"), ("en", "Grothendieck")])
def test_the_legend_says_what_each_abbreviated_badge_stands_for(lang: str, gc: str) -> None:
    """review14: the table shows GC, IN, RR bare, their labels only as tooltips, which a
    phone never shows. Under the table: each abbreviation once, with its label."""
    legend = str(badge_legend([_row("RR", "GC"), _row("GC", "error")], lang))
    assert legend.startswith('<dl class="kw-facts kw-badge-legend">')
    terms = re.findall(r"<dt>([^<]*)</dt><dd>([^<]*)</dd>", legend)
    assert [term for term, _ in terms] == ["GC", "RR"]  # the games' own order, once each
    assert gc in terms[0][1]
    assert "error" not in legend  # a badge written in words explains itself


def test_a_table_without_abbreviations_has_no_legend() -> None:
    assert str(badge_legend([_row("error"), _row()], "ja")) == ""


def test_a_game_index_page_shows_the_legend_under_its_table() -> None:
    path = REPO / "records" / "prime-daifugo" / "seed-fandom-examples.kifu"
    views = [
        view_of(load_source(source))
        for source in split_record_file(path.read_text(encoding="utf-8"), str(path))
    ]
    assert any(b.isupper() for view in views for b in view.badges)  # else nothing tested
    archive = Archive.build(views, "records", "records", "en")
    index = next(p for p in archive.plan.pages if p.src_uri == "records/prime-daifugo/index.md")
    html = archive.render(index, make_environment(), "en")
    assert html.index("</table>") < html.index('class="kw-facts kw-badge-legend"')
