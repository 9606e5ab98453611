"""Templates lose their indentation, never the space that separates two words."""

from __future__ import annotations

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
