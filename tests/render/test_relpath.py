"""Shortcuts of the building process: ``relpath`` (``render/site.py``) is
:func:`posixpath.relpath` of two absolute paths, computed without normalising where
there is nothing to normalise; ``t`` (``render/labels.py``) reads ``ja``/``en`` as the
normalised language."""

from __future__ import annotations

import posixpath

from hypothesis import given, settings
from hypothesis import strategies as st

from kifuwiki.render.labels import LABELS, normalise_language, t
from kifuwiki.render.site import relative_url, relpath

SEGMENTS = ["a", "b", "records", "プレイヤー", "%E3%81%82", "x.html", ".", "..", "", ".h", "a.b"]
PATHS = st.lists(st.sampled_from(SEGMENTS), max_size=6).map(lambda parts: "/" + "/".join(parts))


@settings(max_examples=1000, deadline=None)
@given(PATHS, PATHS)
def test_relpath_is_posixpaths(path: str, start: str) -> None:
    assert relpath(path, start) == posixpath.relpath(path, start)


def test_relative_urls_of_an_archive() -> None:
    assert relative_url("records/players/a/", "records/g/x/") == "../../players/a/"
    assert relative_url("records/g/x/#m3", "records/g/x/") == "./#m3"
    assert relative_url("", "records/") == "../"


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(["ja", "en", "ja_JP", "en-US", "fr", "", "JA", "EN"]))
def test_labels_for_ja_and_en_read_as_any_language_does(lang: str) -> None:
    """``t``'s shortcut for ``ja``/``en`` gives what the normalised language gives."""
    for key, (ja, en) in LABELS.items():
        assert t(key, lang) == (en if normalise_language(lang) == "en" else ja)
