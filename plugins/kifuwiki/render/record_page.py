"""A record page around its viewer in plain Python: what ``templates/record.html`` (with
the ``link``, ``badge``, ``archive_nav`` and ``diagnostic_item`` macros of
``templates/_kw_macros.html``) writes, the same text byte for byte.

The page's header (facts, players, badges, the download link) and its diagnostics are
the same few dozen lines on every record page; through Jinja, with a macro call per
link, they cost about as much as the whole viewer of a short real game.
:func:`kifuwiki.render.record.render_record_page` takes this function only while the
environment reads the packaged ``record.html`` and ``_kw_macros.html`` (a site that
overrides either in ``custom_templates`` gets its templates) and the record has no
game ``extra`` block (that is the game's own template, included with the page's
context); ``tests/render/test_record_page.py`` renders every demo record of every
game, in both languages, through both and compares them, with hostile text in every
field. Links are asked for in the template's order (deferred links number them).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Any

import jinja2
from markupsafe import Markup

from kifuwiki.core.diagnostics import Diagnostic
from kifuwiki.games.base import RecordView
from kifuwiki.render.escape import badge_html, jinja_join
from kifuwiki.render.escape import link_html as _link
from kifuwiki.render.escape import output_escape as esc
from kifuwiki.render.resources import is_packaged_file, templates_dir
from kifuwiki.render.site import Links

if TYPE_CHECKING:
    from kifuwiki.render.record import RecordHeader

TEMPLATES = ("record.html", "_kw_macros.html")


def reads_packaged_templates(env: jinja2.Environment) -> bool:
    """Whether ``env`` reads the packaged ``record.html`` and ``_kw_macros.html``."""
    return all(
        is_packaged_file(env.get_template(name).filename, templates_dir() / name)
        for name in TEMPLATES
    )


#: The labels a record page prints, each once (``t`` and the language vary the text).
LABEL_KEYS = (
    "records_home",
    "player_pages",
    "event_pages",
    "report",
    "record_info",
    "game",
    "event",
    "date",
    "players",
    "rank_of",
    "winner",
    "no_winner",
    "rules",
    "moves",
    "source",
    "license",
    "attribution",
    "record_file",
    "more_info",
    "key",
    "value",
    "hide_results",
    "download_record",
    "record_broken",
    "diagnostics",
    "step",
    "no_diagnostics",
)


@cache
def _labels(t: Callable[[str, str], str], lang: str) -> dict[str, str]:
    """The page's labels in ``lang`` from the environment's ``t``, escaped once per
    language (as the viewer's head does) instead of looked up and escaped per page."""
    return {key: esc(t(key, lang)) for key in LABEL_KEYS}


def _link_shown(href: str | None, shown: str) -> str:
    """The ``link`` macro for text already escaped."""
    return f'<a href="{esc(href)}">{shown}</a>' if href else shown


def record_page_html(
    view: RecordView,
    env: jinja2.Environment,
    lang: str,
    links: Links,
    header: RecordHeader,
    diagnostics: list[Diagnostic],
    viewer: Markup,
    hide_results: bool,
) -> str:
    """``record.html`` for ``view`` (``prefix`` empty, as on a record page)."""
    g: dict[str, Any] = env.globals
    t, game_name, badge_label = g["t"], g["game_name"], g["badge_label"]
    labels = _labels(t, lang)
    record = view.record
    game = record.game
    players = view.players
    winners = [p.name for p in players if p.winner]
    winner_text = jinja_join(winners, ", ") if winners else (record.winner or "")
    out: list[str] = []
    add = out.append
    add(
        f'<article class="kw-page kw-record-page" data-game="{esc(game)}" '
        f'data-errors="{esc(record.errors)}" data-warnings="{esc(record.warnings)}">\n'
        f'<h1 class="kw-record-title">{esc(header.title)}</h1>\n'
    )
    nav = [
        _link_shown(links.special("home"), labels["records_home"]),
        _link_shown(links.special("players"), labels["player_pages"]),
        _link_shown(links.special("events"), labels["event_pages"]),
        _link_shown(links.special("report"), labels["report"]),
    ]
    add('<p class="kw-archive-nav">\n' + " ·\n".join(nav) + "\n</p>\n")
    date = header.date
    add(
        '<details class="kw-record-meta" open data-kw-fold>\n'
        f'<summary><span class="kw-record-meta-title">{labels["record_info"]}</span> '
        '<span class="kw-record-meta-summary">'
        f"{esc(jinja_join((p.name for p in players), ' · '))}"
        f"{f' · {esc(date)}' if date else ''}</span></summary>\n"
        '<dl class="kw-facts kw-record-header">\n'
        f"<dt>{labels['game']}</dt>"
        f"<dd>{_link(links.index(game), game_name(game, lang))}</dd>\n"
    )
    event = header.event
    if event:
        add(
            f"<dt>{labels['event']}</dt>"
            f'<dd class="kw-event">{_link(links.event(event), event)}</dd>'
        )
    if date:
        add(f'<dt>{labels["date"]}</dt><dd class="kw-date"><time>{esc(date)}</time></dd>')
    add(f'<dt>{labels["players"]}</dt>\n<dd>\n<ul class="kw-record-players">\n')
    rank_label, winner_label = labels["rank_of"], labels["winner"]
    for p in players:
        name = p.name
        add(
            f'<li class="kw-player-line{" kw-winner" if p.winner else ""}" '
            f'data-player="{esc(name)}"'
            + (f' data-rank="{esc(p.rank)}"' if p.rank is not None else "")
            + f">\n{_link(links.player(name), name)}"
        )
        if p.key != name:
            add(f' <span class="kw-note">({esc(p.key)})</span>')
        if p.rank is not None:
            place = rank_label.replace("{n}", esc(p.rank))
            add(f' <span class="kw-rank kw-result">{place}</span>')
        if p.winner:
            add(f' <span class="kw-badge kw-winner-badge kw-result">{winner_label}</span>')
        add("</li>\n")
    add(
        "</ul>\n</dd>\n"
        f'<dt class="kw-result">{winner_label}</dt>\n'
        '<dd class="kw-winner-name kw-result">'
        f"{esc(winner_text) if winner_text else labels['no_winner']}</dd>\n"
    )
    rules = header.rules
    if rules:
        shown = g["rules_name"](game, rules, lang) if "rules_name" in g else rules
        add(f'<dt>{labels["rules"]}</dt><dd class="kw-rules">{esc(shown)}</dd>')
    add(f"<dt>{labels['moves']}</dt><dd>{esc(record.moves)}</dd>\n")
    for label, value in view.header:
        if value != rules and not (winner_text and value == winner_text):
            halves = label.split(" / ")
            shown = halves[0 if lang == "ja" else 1] if len(halves) == 2 else label
            text = value if isinstance(value, str) else value.get(lang)
            add(f"<dt>{esc(shown)}</dt><dd>{esc(text)}</dd>\n")
    source = header.source
    if source:
        add(f'<dt>{labels["source"]}</dt>\n<dd class="kw-source">')
        if source.href:
            add(
                f'<a href="{esc(source.href)}" title="{esc(source.text)}" '
                f'rel="nofollow noopener">{esc(source.short)}</a>'
            )
        else:
            add(esc(source.text))
        add("</dd>")
    if header.license:
        add(f'<dt>{labels["license"]}</dt><dd class="kw-license">{esc(header.license)}</dd>')
    if header.attribution:
        add(
            f"<dt>{labels['attribution']}</dt>"
            f'<dd class="kw-attribution">{esc(header.attribution)}</dd>'
        )
    if record.path:
        add(f"<dt>{labels['record_file']}</dt><dd><code>{esc(record.path)}</code>")
        count = record.source.count
        if count > 1:
            add(f" ({esc(record.index)}/{esc(count)})")
        add("</dd>")
    add("</dl>\n")
    if view.badges:
        add('<p class="kw-record-badges">')
        for name in g["sorted_badges"](view.badges):
            # Spelled out: a phone shows no tooltip (review14).
            add(f"{badge_html(name, badge_label(name, lang), spelled=True)} ")
        add("</p>")
    if header.extra_meta:
        add(
            '<details class="kw-extra-meta">\n'
            f"<summary>{labels['more_info']}</summary>\n"
            '<table tabindex="0" class="kw-table kw-meta-table" '
            f'aria-label="{labels["more_info"]}">\n'
            f"<thead><tr><th>{labels['key']}</th><th>{labels['value']}</th>"
            "</tr></thead>\n<tbody>\n"
        )
        for key, value in header.extra_meta:
            add(f'<tr><th scope="row">{esc(key)}</th><td>{esc(value)}</td></tr>\n')
        add("</tbody>\n</table>\n</details>\n")
    add(
        "</details>\n"
        '<p class="kw-results-switch"><label><input type="checkbox" class="kw-hide-results"'
        f"{' checked' if hide_results else ''}> {labels['hide_results']}</label>\n"
    )
    if header.download_href:
        add(
            f' <a class="kw-download" href="{esc(header.download_href)}" '
            f'download="{esc(header.download_name)}">{labels["download_record"]}</a>'
        )
    add("</p>\n")
    if record.errors:
        add(f'<p class="kw-note kw-record-broken" role="note">{labels["record_broken"]}</p>')
    add(
        f"{esc(viewer)}\n"
        '<section class="kw-diagnostics-section">\n'
        f'<h2 id="diagnostics">{labels["diagnostics"]}</h2>\n'
    )
    if diagnostics:
        add('<ul class="kw-diagnostics">\n')
        step_word = labels["step"]
        for d in diagnostics:
            severity = esc(d.severity.value)
            step = d.step
            add(
                f'<li class="kw-diagnostic" data-code="{esc(d.code)}" data-line="{esc(d.line)}" '
                f'data-severity="{severity}"'
                + (f' data-step="{esc(step)}"' if step is not None else "")
                + ">\n"
                f'<span class="kw-diagnostic-severity kw-{severity}">'
                f"{esc(t(d.severity.value, lang))}</span>\n"
                f'<code class="kw-diagnostic-code">{esc(d.code)}</code>\n'
                f'<span class="kw-diagnostic-where">{esc(d.path or "")}:{esc(d.line)}:'
                f"{esc(d.column)}</span>\n"
                f'<span class="kw-diagnostic-message">{esc(d.text(lang))}</span>\n'
            )
            if step is not None:
                add(
                    f'<a class="kw-diagnostic-move" href="{esc(f"#m{step}")}">'
                    f"{step_word} {esc(step)}</a>"
                )
            add("\n</li>\n")
        add("</ul>\n")
    else:
        add(f'<p class="kw-note">{labels["no_diagnostics"]}</p>\n')
    add("</section>\n</article>")
    return "".join(out)
