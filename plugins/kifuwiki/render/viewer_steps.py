"""The viewer's list of steps in plain Python: what ``templates/viewer.html``'s step loop
writes, the same text byte for byte (the ``viewer_steps`` global).

A record page is mostly its steps (a ``<li>`` each: the move, its annotations and
comments, and the position after it); through Jinja the loop's own lookups and escapes
cost about 15 µs a step besides the position. The template keeps its loop as the
general path: it is taken for a record with side lines (``_variation.html`` is a
template of its own) and by any environment without this global, and
``tests/render/test_viewer_steps.py`` renders every demo record of every game, in both
languages, through both and compares them, with hostile text in every field.

Every value is escaped as the template's ``{{ … }}`` escapes it (``output_escape``);
white space is what the template leaves after ``trim_blocks``, ``lstrip_blocks`` and
``render/whitespace.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

import jinja2
from jinja2.runtime import Context
from markupsafe import Markup

from kifuwiki.core.safe_markdown import render_comment
from kifuwiki.games.base import RecordView, step_annotations, step_label
from kifuwiki.render.environment import output_escape as esc
from kifuwiki.render.labels import step_title, t

#: The template's ``mark_kinds`` and ``mark_titles``.
MARK_KINDS = {
    "!!": "brilliant",
    "!": "good",
    "!?": "interesting",
    "?!": "dubious",
    "?": "mistake",
    "??": "blunder",
}
MARK_TITLES = {
    "!!": ("妙手", "brilliant move"),
    "!": ("好手", "good move"),
    "!?": ("面白い手", "interesting move"),
    "?!": ("疑問手", "dubious move"),
    "?": ("悪手", "mistake"),
    "??": ("大悪手", "blunder"),
}


def _sort_key(value: str) -> str:
    """Jinja's ``sort`` filter compares strings without case."""
    return value.lower()


def make_viewer_steps(
    state_partial: Callable[..., Markup], flag_badges: Callable[[str, str], dict[str, Any]]
) -> Callable[..., Markup | None]:
    """The ``viewer_steps(view)`` global: the step loop's text, or ``None`` where the
    template's loop must run (a record with side lines)."""

    @jinja2.pass_context
    def viewer_steps(context: Context, view: RecordView) -> Markup | None:
        if view.record.variations:
            return None
        lang = cast(str, context.resolve("lang"))  # viewer.html sets it: "ja" or "en"
        prefix = esc(context.resolve("prefix"))
        game = view.record.game  # the template's `game`
        ja = lang == "ja"
        names = {p.key: p.name for p in view.players}
        badge_html = flag_badges(game, lang)
        state_title = esc(t("state", lang))
        start = esc(t("start_position", lang))
        out: list[str] = []
        append = out.append
        steps = view.steps
        last = len(steps) - 1
        for number, step in enumerate(steps):
            flags = sorted(step.flags, key=_sort_key)
            anchor = f"{prefix}{esc(step.anchor)}"
            marks = step.marks
            player = step.player
            shown_name = names.get(player, player) if player else ""
            notation = step.notation
            if marks and notation.endswith(" " + str(marks)):
                notation = notation[: -len(marks)].strip()
            head = f' <li id="{anchor}"'
            if marks in MARK_KINDS:
                head += f' class="kw-mark-{MARK_KINDS[marks]}"'
            if flags:
                head += f' data-flags="{esc(" ".join(map(str, flags)))}"'
            # The mover's key only where the name shown right after the number is not
            # the key itself (the script reads that <span> otherwise), and an empty key
            # where that <span> is the start position's, not a player's.
            if player:
                if shown_name != player:
                    head += f' data-kw-player="{esc(player)}"'
            elif not notation and step.index == 0:
                head += ' data-kw-player=""'
            notes = step_annotations(step, lang)
            append(
                f'{head}><div><a href="#{anchor}" '
                f'title="{esc(step_title(step_label(step, lang), notes))}">{esc(step.index)}</a>'
            )
            if player:
                append(f" <span>{esc(shown_name)}</span>")
            if notation:
                append(f" <code>{esc(notation)}</code>")
            elif step.index == 0:
                append(f" <span>{start}</span>")
            if marks:
                title = (
                    f' title="{esc(MARK_TITLES[marks][0 if ja else 1])}"'
                    if marks in MARK_TITLES
                    else ""
                )
                append(f' <span class="kw-marks"{title}>{esc(marks)}</span>')
            for flag in flags:
                if flag in badge_html:
                    append(esc(badge_html[flag]))
            append("</div>")
            for name in step.bookmarks:
                mark = esc(name)
                append(
                    f' <a class="kw-bookmark" id="{prefix}bm-{mark}" href="#{prefix}bm-{mark}">'
                    f"&#x2605; {mark}</a>"
                )
            if notes:
                items = " ".join(f"<li>{esc(note)}</li>" for note in notes)
                append(f" <ul>{items}</ul>")
            for text in step.comments:
                append(f' <div class="kw-comment">{esc(render_comment(text))}</div>')
            shown = step.comments or step.bookmarks or number == last
            state = state_partial(context, game, step.state, step, True)
            append(
                f" <details{' open data-kw-print' if shown else ''}>"
                f"<summary>{state_title}</summary> {esc(state)}</details></li>"
            )
        return Markup("".join(out))  # noqa: S704 - every piece is escaped above

    return viewer_steps
