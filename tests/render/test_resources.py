"""The packaged templates folder is found once per process (the fast paths ask for it
on every record page) and is the folder the uncached lookup finds."""

from __future__ import annotations

from kifuwiki.render.resources import assets_dir, templates_dir


def test_templates_dir_is_looked_up_once_and_is_the_uncached_answer() -> None:
    first = templates_dir()
    assert templates_dir() is first  # remembered, not resolved again
    assert first == templates_dir.__wrapped__()  # the lookup itself, uncached
    assert (first / "record.html").is_file()
    assert assets_dir() == first / "assets"
