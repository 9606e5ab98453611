"""The rows of an archive's game tables, written in Python once per page.

Index, player and event pages list games, and the archive's home lists every game:
the rows of those tables are most of a large archive's list pages. Written through
Jinja, each row called the ``link`` and ``badge`` macros several times (a macro call
builds a frame and a ``Markup`` every time), and the home page and each game's index
grew by one row per record. :func:`games_table_rows` writes the same bytes as the loop
``templates/_kw_macros.html`` had (``tests/render/test_index_rows.py`` renders both),
escaping every value the way autoescape does.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from markupsafe import Markup

from kifuwiki.render.escape import badge_html
from kifuwiki.render.escape import link_html as _link
from kifuwiki.render.escape import output_escape as _esc
from kifuwiki.render.labels import badge_label, sorted_badges

if TYPE_CHECKING:
    from kifuwiki.render.archive import IndexRow


def _badge(name: str, lang: str, labels: dict[str, str]) -> str:
    """The ``badge`` macro, each label looked up once per page."""
    label = labels.get(name)
    if label is None:
        label = labels[name] = badge_label(name, lang)
    return badge_html(name, label)


def games_table_rows(
    rows: Iterable[IndexRow],
    lang: str,
    show_game: bool,
    game_name: Callable[[str, str], str],
) -> Markup:
    """Every ``<tr>`` of a games table (each ends with a newline)."""
    labels: dict[str, str] = {}
    names: dict[str, str] = {}
    out: list[str] = []
    for row in rows:
        game = _esc(row.game)
        title = row.title
        cells = [
            f'<tr data-game="{game}" data-errors="{row.errors}" data-warnings="{row.warnings}">\n'
            f'<td data-sort="{_esc(title)}">{_link(row.href, title)}</td>\n'
        ]
        if show_game:
            name = names.get(row.game)
            if name is None:
                name = names[row.game] = _esc(game_name(row.game, lang))
            cells.append(f"<td>{name}</td>")
        date = _esc(row.date)
        players = ", ".join(_link(p.href, p.name) for p in row.players)
        badges = "".join(f"{_badge(b, lang, labels)} " for b in row.badges)
        cells.append(
            f'<td class="kw-date" data-sort="{date}"><time>{date}</time></td>\n'
            f'<td data-sort="{_esc(row.event)}">{_link(row.event_href, row.event)}</td>\n'
            f"<td>{players}</td>\n"
            f"<td>{_esc(row.winner)}</td>\n"
            f'<td data-sort="{row.moves}">{row.moves}</td>\n'
            f'<td data-sort="{" ".join(_esc(b) for b in row.badges)}">{badges}</td>\n'
            "</tr>\n"
        )
        out.append("".join(cells))
    return Markup("".join(out))  # noqa: S704 - every value is escaped above


def badge_legend(rows: Iterable[IndexRow], lang: str) -> Markup:
    """What the abbreviated badges of a games table stand for (``GC``: its label), in
    the order pages list badges; empty when the table has none. Their labels are only
    tooltips, which a phone never shows and a reader may not find (review14)."""
    present = {name for row in rows for name in row.badges if name.isupper()}
    if not present:
        return Markup("")
    items = "".join(
        f"<dt>{_esc(name)}</dt><dd>{_esc(badge_label(name, lang))}</dd>"
        for name in sorted_badges(present)
    )
    return Markup(f'<dl class="kw-facts kw-badge-legend">{items}</dl>\n')  # noqa: S704 - escaped
