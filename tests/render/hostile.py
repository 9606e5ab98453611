"""Hostile text for the fast-path tests: a step whose every field a reader wrote."""

from __future__ import annotations

import dataclasses

from hypothesis import strategies as st

from kifuwiki.games.base import StepView

#: Text that must come out escaped (markup, quotes, entities, Markdown, a kanji).
TEXT = st.text(alphabet="<>&\"' a1!?-♥*_`[]()日\x00\x1b", max_size=8)
#: A move's marks: the usual ones, or anything.
MARKS = st.one_of(st.sampled_from(["", "!", "?", "!!", "??", "!?", "?!"]), TEXT)
FLAGS = st.lists(
    st.one_of(st.sampled_from(["comment", "error", "penalty", "Special"]), TEXT), max_size=3
)


def hostile_step(data: st.DataObject, step: StepView) -> StepView:
    """``step`` with hostile text drawn for every field a record or a game fills."""
    return dataclasses.replace(
        step,
        anchor=data.draw(TEXT),
        player=data.draw(st.one_of(st.none(), st.sampled_from(["A", "B"]), TEXT)),
        notation=data.draw(TEXT),
        marks=data.draw(MARKS),
        comments=tuple(data.draw(st.lists(TEXT, max_size=2))),
        bookmarks=tuple(data.draw(st.lists(TEXT, max_size=2))),
        annotations=tuple(data.draw(st.lists(TEXT, max_size=2))),
        annotations_ja=tuple(data.draw(st.lists(TEXT, max_size=2))),
        label=data.draw(TEXT),
        label_ja=data.draw(TEXT),
        flags=frozenset(data.draw(FLAGS)),
    )
