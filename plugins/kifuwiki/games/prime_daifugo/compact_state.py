"""A per-step Prime Daifugo position in plain Python: what ``templates/state.html``
writes with ``compact`` true, the same text byte for byte; and the viewer's board, what
it writes with ``compact`` false (:func:`render_board_state`: the same markup with card
glyphs instead of card text).

A record page prints a position at every step (issue 16: readable without JavaScript,
searchable, printable), so this runs some fifty times a page; through Jinja each run
cost about 20 µs of lookups and escapes, here about a quarter of that. The template
stays the source of truth: any site that overrides ``prime-daifugo/state.html`` in
its ``custom_templates`` gets its own template at every step (``render/partials.py``
checks where the template comes from), and ``tests/render/test_compact_state.py``
renders every demo record's steps, in both languages, compact and as the board, and
positions made of hostile text, both ways and compares them.

Every value is escaped as the template's ``{{ … }}`` escapes it (``output_escape``);
white space is what the template leaves after ``trim_blocks``, ``lstrip_blocks`` and
``render/whitespace.py`` (a space between blocks, a line break where the source kept one).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from kifuwiki.core.diagnostics import counted, ordinal
from kifuwiki.games.prime_daifugo.glyphs import cards_html, cards_text
from kifuwiki.render.environment import output_escape as esc

#: A side line's part of a viewer's anchor prefix: ``m13-v1-`` (the branch step, the
#: variation's number), at the end of the prefix; nested side lines repeat it.
_SIDE_LINE = re.compile(r"m(\d+)-v\d+-$")


def step_anchor(prefix: str, step: int) -> str:
    """``{{ prefix|pd_step(step) }}``: the anchor of step ``step`` (``m12``) seen from the
    viewer whose anchor prefix is ``prefix``. A side line (prefix ``m13-v1-``) shows its
    steps from the branch step on; an earlier step is its parent line's (``#m12``, not
    ``#m13-v1-m12``, which no element has)."""
    prefix = str(prefix)
    while (side := _SIDE_LINE.search(prefix)) and int(step) < int(side.group(1)):
        prefix = prefix[: side.start()]
    return f"{prefix}m{step}"


_JA = {
    "to_move": "手番",
    "field": "場",
    "empty": "空 (親が出す)",
    "factor_field": "素因数場",
    "deck": "山札",
    "deck_unit": "枚",
    "bottom": "山札の底 (既知)",
    "drawn": "ドロー",
    "penalty": "ペナルティ",
    "flush": "場の流れ",
    "flushed": "流れた",
    "last_flush": "最後に流れた手",
    "move_unit": "手目",
    "ranking": "順位",
    "revolution": "革命中: 小さい数ほど強い",
    "revolution_end": "革命が終わった: 強さが元に戻る",
}
_EN = {
    "to_move": "to move",
    "field": "Field",
    "empty": "empty (a new lead)",
    "factor_field": "Factor field",
    "deck": "Deck",
    "deck_unit": "",
    "bottom": "Known deck bottom",
    "drawn": "Drew",
    "penalty": "Penalty",
    "flush": "Flush",
    "flushed": "the field was flushed",
    "last_flush": "Last flush",
    "move_unit": "",
    "ranking": "Ranking",
    "revolution": "Revolution: lower numbers beat higher ones",
    "revolution_end": "Revolution over: higher numbers beat lower ones again",
}
_REVOLUTION = '<p class="kw-pd-revolution" role="note"><span aria-hidden="true">⇅</span> '
_REVOLUTION_END = (
    '<p class="kw-pd-revolution kw-pd-revolution-end" role="note">'
    '<span aria-hidden="true">⇅</span> '
)


def _cards(text: object, extra: str = "") -> str:
    """``{{ text|pd_cards(extra) }}`` with ``compact`` set."""
    return cards_text("" if text is None else str(text), extra)


def _glyphs(text: object, extra: str = "") -> str:
    """``{{ text|pd_cards(extra) }}`` without ``compact``."""
    return cards_html("" if text is None else str(text), extra)


def render_board_state(state: dict[str, Any], step: Any, lang: object, prefix: str) -> str:
    """``state.html`` with ``compact`` false: the viewer's board (once a record)."""
    return render_compact_state(state, step, lang, prefix, _glyphs, ' class="kw-pd-state"')


def render_compact_state(
    state: dict[str, Any],
    step: Any,
    lang: object,
    prefix: str,
    _cards: Callable[..., str] = _cards,
    panel: str = "",
) -> str:
    """``state.html`` for one step with ``compact`` true (``prefix``: the viewer's
    anchor prefix, ``""`` on a record page); ``_cards`` is ``pd_cards``, ``panel`` the
    panel's class attribute (the board's only: a step's position is found by place)."""
    ja = lang == "ja"
    w = _JA if ja else _EN
    out: list[str] = [
        f'<div{panel} data-revolution="on"><div>' if state["revolution"] else f"<div{panel}><div>"
    ]
    append = out.append
    played = state["played"]
    consumed = bool(played) and not played["penalised"]
    for i, p in enumerate(state["players"]):
        current = p["current"]
        count = esc(p["count"])
        append(" <div><strong>" if i else "<div><strong>")
        cards = f"{count}枚" if ja else esc(counted(p["count"], "card"))
        append(f"{esc(p['name'])}</strong> <b>{cards}</b>")
        if current:
            append(f" <b>{w['to_move']}</b>")
        rank = p["rank"]
        if rank:
            place = f"{esc(rank)}位" if ja else esc(ordinal(rank))
            append(f' <b class="kw-pd-rank">{place}</b>')
        hand = _cards(str(p["faces"]) + "?" * p["unknown"])
        if p["seat"]:
            append(f' <div data-kw-seat="{esc(p["seat"])}" data-kw-count="{count}">{hand}')
        else:
            append(f" <div>{hand}")
        if p["moved"] and consumed:
            moved = str(played["faces"]) + str(played["factor_faces"])
            append(f" {_cards(moved, ' kw-consumed')}")
        append("</div></div>")
    append("</div>")
    if state["revolution"]:
        append(f" {_REVOLUTION}{w['revolution']}</p>")
    elif step.flags and "revolution" in step.flags:
        append(f" {_REVOLUTION_END}{w['revolution_end']}</p>")
    append(f" <div><b>{w['field']}</b>")
    field = state["field"]
    if field:
        append(f" {_cards(field['faces'])}")
        if field["number"]:
            append(f" <small>= {esc(field['number'])}</small>")
        if field["factors"]:
            append(f" <small>= {esc(field['factors'])}</small>")
        append(f" <small>({esc(field['owner_name'])})</small>")
    else:
        append(f" <small>{w['empty']}</small>")
    append("</div>")
    if played and played["factor_cards"] and not played["penalised"]:
        append(
            f' <div data-factor-cards="{esc(played["factor_cards"])}">'
            f"<b>{w['factor_field']}</b> {_cards(played['factor_faces'])}"
        )
        if played["factorisation"]:
            append(f" <small>{esc(played['factorisation'])}</small>")
        append("</div>")
    append(f" <dl><dt>{w['deck']}</dt><dd>{esc(state['deck'])}{w['deck_unit']}</dd>")
    if state["bottom"]:
        append(f' <dt>{w["bottom"]}</dt><dd class="kw-hand">{_cards(state["bottom"])}</dd>')
    if state["drawn"]:
        append(f" <dt>{w['drawn']}</dt><dd>{_cards(state['drawn'])}</dd>")
    if state["penalty_drawn"]:
        append(f" <dt>{w['penalty']}</dt><dd>{_cards(state['penalty_drawn'])}</dd>")
    if state["flushed"]:
        append(f" <dt>{w['flush']}</dt><dd>{w['flushed']}</dd>")
    elif state["last_flush"] is not None:
        last = state["last_flush"]
        append(
            f' <dt>{w["last_flush"]}</dt><dd><a href="#{esc(step_anchor(prefix, last))}">'
            f"{esc(last)}{w['move_unit']}</a></dd>"
        )
    if state["ranking"]:
        ranking = ", ".join(str(name) for name in state["ranking"])
        append(f" <dt>{w['ranking']}</dt><dd>{esc(ranking)}</dd>")
    append("</dl></div>")
    return "".join(out)
