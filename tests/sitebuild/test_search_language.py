"""A record page's search entry: what people search for, in the site's language only.

Builds a small site (MkDocs' default theme, its search plugin) from the demo records
of the repository, once per language, and reads ``search/search_index.json``.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from kifuwiki.archive import load_source
from kifuwiki.core.recordfile import split_record_file
from kifuwiki.games.base import RecordView
from kifuwiki.render.environment import game_name
from kifuwiki.render.labels import badge_label
from kifuwiki.render.prerender import view_of

REPO = Path(__file__).resolve().parents[2]
RECORDS = REPO / "records" / "prime-daifugo"

MKDOCS_YML = """\
site_name: search
theme:
  name: mkdocs
  language: {lang}
plugins:
  - search
  - kifuwiki:
      language: {lang}
      jobs: 1
"""


def _views() -> list[RecordView]:
    return [
        view_of(load_source(source))
        for path in sorted(RECORDS.glob("*.kifu"))
        for source in split_record_file(path.read_text(encoding="utf-8"), str(path))
    ]


def _index_text(tmp_path: Path, lang: str) -> str:
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    root = tmp_path / lang
    (root / "docs").mkdir(parents=True)
    (root / "docs" / "index.md").write_text("# Home\n", encoding="utf-8")
    shutil.copytree(RECORDS, root / "records" / "prime-daifugo")
    (root / "mkdocs.yml").write_text(MKDOCS_YML.format(lang=lang), encoding="utf-8")
    config = load_config(config_file=str(root / "mkdocs.yml"), site_dir=str(root / "site"))
    config.plugins.on_startup(command="build", dirty=False)
    try:
        build(config)
    finally:
        config.plugins.on_shutdown()
    index = json.loads((root / "site/search/search_index.json").read_text(encoding="utf-8"))
    return " ".join(doc["title"] + " " + doc["text"] for doc in index["docs"])


def _longest_word(markdown: str) -> str:
    """A comment's longest run of word characters (Markdown signs and the index's
    spacing around them never split it)."""
    return max(re.findall(r"\w+", markdown), key=len)


@pytest.mark.slow  # builds a site per language
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_search_holds_the_sites_language_only(tmp_path: Path, lang: str) -> None:
    views = _views()
    assert views and all(view.steps for view in views)
    text = _index_text(tmp_path, lang)
    other_language = set()
    own_language = set()
    for view in views:
        assert view.record.title in text
        for player in view.players:
            assert player.name in text
        for step in view.steps:
            for comment in step.comments:
                if "```" not in comment and re.search(r"\w", comment):  # not a variation
                    assert _longest_word(comment) in text
            ja, en = set(step.annotations_ja), set(step.annotations)
            other_language |= (en if lang == "ja" else ja) - (ja if lang == "ja" else en)
            if step.comments or step.marks:  # notable: its annotations are searchable
                own_language |= set(step.annotations_ja if lang == "ja" else step.annotations)
    # The labels kifuwiki writes (game name, badges) are in the site's language too; a
    # label the records' own text uses (a comment naming a play) is theirs to search.
    written = " ".join(path.read_text(encoding="utf-8") for path in RECORDS.glob("*.kifu"))
    other = "en" if lang == "ja" else "ja"
    labels = [(game_name, game) for game in {view.record.game for view in views}]
    labels += [(badge_label, badge) for badge in {b for view in views for b in view.badges}]
    for label, name in labels:
        own_label, other_label = label(name, lang), label(name, other)
        if own_label != other_label:
            own_language.add(own_label)
            if other_label not in written:
                other_language.add(other_label)
    assert other_language and own_language  # the demo records have both
    assert not [note for note in other_language if note in text]
    assert all(note in text for note in own_language)
