"""The step link's title leaves out the first annotation (render/labels.py step_title);
the script puts the label back together (kifuwiki.js stepLabel). The inverse below is
the script's rule, line for line; tests/browser/test_demo_site.py checks the script's
label against ``step_label`` at every step in Chromium."""

from __future__ import annotations

import re

import pytest

from kifuwiki.render.labels import step_title


def script_label(title: str, notes: tuple[str, ...]) -> str:
    """kifuwiki.js ``stepLabel``: ``notes`` are the step's annotation texts."""
    if not notes:
        return title
    if re.search(r":$", title):
        return title + " " + notes[0]
    return title[:-1] if re.search(":\u200b+$", title) else title


CASES = [
    ("あかり leads QK (1213): 1213 is prime", ("1213 is prime",)),
    ("あかり leads QK (1213): 1213 is prime", ("1213 is prime", "second")),
    ("deal", ()),
    ("deal", ("a note the label does not end with",)),
    ("ends in a colon:", ("note",)),
    ("ends in a colon:\u200b", ("note",)),
    ("ends in a colon:\u200b\u200b", ("note",)),
    ("\u200b", ("note",)),
    ("ends in a colon:", ()),
    ("x: ", ("",)),
    ("a:: b", ("b",)),
    (": n", ("n",)),
    ('<b>&amp; "q": <i>', ("<i>",)),
    ("label: note", ("other",)),
    ("", ("n",)),
]


@pytest.mark.parametrize(("label", "notes"), CASES)
def test_the_script_gets_the_label_back(label: str, notes: tuple[str, ...]) -> None:
    assert script_label(step_title(label, notes), notes) == label


def test_the_title_drops_the_first_note_the_page_shows() -> None:
    assert step_title("Bob passes: field flushed", ("field flushed",)) == "Bob passes:"
    assert step_title("Bob passes", ("field flushed",)) == "Bob passes"
