"""A record page's search text in plain Python: what ``templates/record_search.html``
writes, the same text byte for byte.

Every record page has one search entry; through Jinja its header, its notation loop and
its notable steps cost about as much as a short record's whole list of steps.
:func:`kifuwiki.render.record.render_record_search_text` takes this function only while
the environment reads the packaged ``record_search.html`` (a site that overrides it in
``custom_templates`` gets its own template); ``tests/render/test_search_text.py``
renders every demo record of every game, in both languages, through both and compares
them, with hostile text in every field.

Every value is escaped as the template's ``{{ … }}`` escapes it (``output_escape``), and
``join`` behaves as Jinja's autoescaping ``join`` filter.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import jinja2

from kifuwiki.core.diagnostics import Diagnostic
from kifuwiki.games.base import RecordView
from kifuwiki.render.escape import jinja_join
from kifuwiki.render.escape import output_escape as esc
from kifuwiki.render.resources import is_packaged_file, templates_dir
from kifuwiki.render.site import meta_text

TEMPLATE = "record_search.html"
CORE_FLAGS = ("comment", "error", "warning")


def reads_packaged_template(template: jinja2.Template) -> bool:
    """Whether ``template`` is the packaged ``record_search.html`` (not an override)."""
    return is_packaged_file(template.filename, templates_dir() / TEMPLATE)


def _join(values: Iterable[Any]) -> str:
    """``{{ values | join(" ") }}``: Jinja's autoescaping join, then the output's escape."""
    return esc(jinja_join(values, " "))


def search_text(
    view: RecordView, env: jinja2.Environment, lang: str, diagnostics: list[Diagnostic]
) -> str:
    """``record_search.html`` for ``view``, with the environment's globals and filter."""
    g: dict[str, Any] = env.globals
    record = view.record
    comment = env.filters["comment"]
    step_annotations, step_label = g["step_annotations"], g["step_label"]
    badge_label = g["badge_label"]
    event = meta_text(record, "event")
    date = _date_text(record.meta.get("date", ""))
    badges = "".join(f" {esc(badge_label(b, lang))}" for b in g["sorted_badges"](view.badges))
    out = [
        f"<h1>{esc(record.title)}</h1>\n"
        f"<p>{esc(g['game_name'](record.game, lang))} {esc(event)} {esc(date)} "
        f"{_join(p.name for p in view.players)}{badges}</p>\n<p>",
        *[f"{esc(step.notation)} " for step in view.steps if step.notation],
        "</p>\n",
    ]
    append = out.append
    for step in view.steps:
        if not (
            step.comments
            or step.marks
            or step.bookmarks
            or next((f for f in step.flags if f not in CORE_FLAGS), None)
        ):
            continue
        notes = _join(step_annotations(step, lang)) or esc(step_label(step, lang))
        append(f"<p>{notes} {esc(step.marks)} {_join(step.bookmarks)}</p>\n")
        for text in step.comments:
            append(esc(comment(text)))
    for d in diagnostics:
        append(f"<p>{esc(d.code)} {esc(d.text(lang))}</p>\n")
    return "".join(out)


def _date_text(value: Any) -> str:
    # record.py's meta_value_text (imported late: record.py builds on this module).
    from kifuwiki.render.record import meta_value_text

    return meta_value_text(value)
