"""A record page's game facts are in the page's language (review13 R13-7): 闘地主's rules
read "一般的な中国ルール … / common Chinese rules …" and its score "(単位 unit 12)",
ポンジャン's tiles "wild / ワイルド", 升級's trumps "切り札 ♥ … / ♥ trumps …", 鋼鉄の虹's
result "成功 (success)", Catan's card letters "騎士 knight". A value with words of its own
is a ``Text`` (the page shows its half); text that is the same in both (names, numbers,
cards) stays a string. Checked on every demo record: no string value joins a Japanese
and an English half, and no row's label appears twice."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from kifuwiki.archive import load_file
from kifuwiki.games import get_game

ROOT = Path(__file__).resolve().parents[2]
RECORDS = sorted((ROOT / "records").rglob("*.kifu"))
#: Japanese, then an English word of three letters or more later in the same text.
BOTH = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff].*\b[a-z]{3,}\b|\b[a-z]{3,}\b.*[\u3040-\u30ff]")


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_a_fact_is_in_one_language(path: Path) -> None:
    for record in load_file(path):
        view = get_game(record.game).view(record)
        labels = [label for label, _ in view.header]
        assert len(labels) == len(set(labels)), labels
        # The page's own Rules row names the rule set and leaves out a game's row that
        # says the same; a game's row saying more was a second "Rules" row (闘地主's).
        rules_rows = [value for label, value in view.header if label.endswith("/ Rules")]
        assert all(value == record.rules for value in rules_rows), rules_rows
        for label, value in view.header:
            if isinstance(value, str):
                assert " / " not in value and not BOTH.search(value), (label, value)
