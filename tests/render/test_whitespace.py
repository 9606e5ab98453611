"""Templates lose their indentation, never the space that separates two words."""

from __future__ import annotations

import re
from pathlib import Path

import jinja2

from kifuwiki.render.whitespace import DropIndentation, drop_indentation


def render(source: str, **values: object) -> str:
    env = jinja2.Environment(
        trim_blocks=True, lstrip_blocks=True, autoescape=True, extensions=[DropIndentation]
    )
    return env.from_string(source).render(**values)


def test_indentation_goes_line_breaks_stay() -> None:
    assert drop_indentation("<div>\n    <p>a</p>\n\t<p>b</p>\n</div>") == (
        "<div>\n<p>a</p>\n<p>b</p>\n</div>"
    )


def test_after_a_block_tag_one_space_still_separates_the_words() -> None:
    """trim_blocks eats the line break after ``%}``: the indentation was the only space."""
    source = "<b>{{ name }}</b>{% if dealer %} dealer{% endif %}\n      · {{ chips }} chips"
    assert render(source, name="A", dealer=True, chips=100) == "<b>A</b> dealer · 100 chips"
    assert render("{# note #}\n    x") == " x"


def test_values_keep_their_white_space() -> None:
    """Only the template's own text changes: printed values are as they were."""
    assert render("<p>\n    {{ text }}</p>", text="  a\n    b") == "<p>\n  a\n    b</p>"


def test_templates_that_show_white_space_are_left_alone() -> None:
    for source in ("<pre>\n    x</pre>", '<p style="white-space: pre">\n  x</p>', "<textarea>\n a"):
        assert drop_indentation(source) == source


def test_inline_elements_on_separate_lines_stay_apart() -> None:
    """Two inline elements written on their own lines keep the line break between them,
    which the browser shows as the one space it showed before."""
    source = (
        "<p>\n    <code>{{ a }}</code>\n    <span>{{ b }}</span>"
        "{% if c %}\n    <b>c</b>{% endif %}</p>"
    )
    assert (
        render(source, a="x", b="y", c=True) == "<p>\n<code>x</code>\n<span>y</span> <b>c</b></p>"
    )


def test_no_stylesheet_shows_a_template_s_white_space() -> None:
    """The extension sees one template's source: indentation would show if a stylesheet
    (not the template) made an element keep white space as written, or a template were
    included inside another's <pre> (no template holds one today: a new one needs a look
    at what includes it). Neither exists; this fails when one appears."""
    root = Path(__file__).resolve().parents[2]
    showing = re.compile(r"white-space\s*:\s*(pre|pre-wrap|break-spaces)\b", re.I)
    sheets = [*root.glob("templates/**/*.css"), *root.glob("plugins/kifuwiki/**/*.css")]
    assert sheets
    assert [str(p) for p in sheets if showing.search(p.read_text(encoding="utf-8"))] == []
    templates = [*root.glob("templates/**/*.html"), *root.glob("plugins/kifuwiki/**/*.html")]
    assert templates
    assert [
        str(p) for p in templates if re.search(r"<pre|<textarea", p.read_text(encoding="utf-8"))
    ] == []
