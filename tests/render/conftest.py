"""What the fast-path tests share: a site's own copy of packaged templates.

A Python fast path is used only while the environment reads the packaged template, so
each test compares it with a ``custom_templates`` folder holding that template: as it
is (the environment then renders the template itself), or with the fast path's switch
turned off.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

import pytest

from kifuwiki.render.resources import templates_dir

#: In one template: (text, its replacement, how many times the text must be there).
Edits = Sequence[tuple[str, str, int]]
TemplateFolder = Callable[[Mapping[str, Edits]], Path]


@pytest.fixture(scope="module")
def template_folder(tmp_path_factory: pytest.TempPathFactory) -> TemplateFolder:
    """``make({"viewer.html": [(old, new, count)], "record.html": []})``: a folder with
    those packaged templates, byte for byte but for the edits; an edit whose text is not
    there ``count`` times fails the test (the template changed under it)."""

    def make(templates: Mapping[str, Edits]) -> Path:
        folder = tmp_path_factory.mktemp("templates")
        for name, edits in templates.items():
            data = (templates_dir() / name).read_bytes()
            if edits:
                text = data.decode("utf-8")
                for old, new, count in edits:
                    assert text.count(old) == count, (name, old)
                    text = text.replace(old, new)
                data = text.encode("utf-8")
            (folder / name).write_bytes(data)
        return folder

    return make
