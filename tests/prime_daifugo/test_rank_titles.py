"""The "Ranking" row in the page's language (review 12, F-I18N-1): English pages read
"Grand Millionaire Ana, Grand Poor Ben", Japanese pages keep 大富豪 … 大貧民."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from kifuwiki.archive import load_file
from kifuwiki.games import get_game
from kifuwiki.games.prime_daifugo.rules import rank_titles
from kifuwiki.render.environment import make_environment, templates_dir
from kifuwiki.render.record import render_record_page

ROOT = Path(__file__).resolve().parents[2]
RECORD = ROOT / "records" / "prime-daifugo" / "kongo1-m001-g01.kifu"
RANKING = re.compile(r"<dt>(階級|Ranking)</dt><dd>([^<]*)</dd>")


def test_titles_in_both_languages_follow_the_player_count() -> None:
    assert rank_titles(2, "en") == ["Grand Millionaire", "Grand Poor"]
    assert rank_titles(3, "en") == ["Grand Millionaire", "Commoner", "Grand Poor"]
    assert rank_titles(5, "en") == [
        "Grand Millionaire",
        "Millionaire",
        "Commoner",
        "Poor",
        "Grand Poor",
    ]
    assert rank_titles(4) == rank_titles(4, "ja") == ["大富豪", "富豪", "貧民", "大貧民"]


@pytest.fixture(params=["packaged", "custom"])
def env(request: pytest.FixtureRequest, tmp_path: Path) -> object:
    """The packaged templates (the plain-Python page) and a site's own copy of them
    (rendered through Jinja): both show the page's half."""
    if request.param == "packaged":
        return make_environment()
    for name in ("record.html", "_kw_macros.html"):
        shutil.copy(templates_dir() / name, tmp_path / name)
    return make_environment(tmp_path)


def test_the_ranking_row_is_in_the_pages_language(env: object) -> None:
    record = load_file(RECORD)[0]
    view = get_game(record.game).view(record)
    first, last = record.ranking
    # The first: the record header's row (the players' statistics have a Ranking too).
    en = RANKING.findall(render_record_page(view, env, "en"))[:1]  # type: ignore[arg-type]
    ja = RANKING.findall(render_record_page(view, env, "ja"))[:1]  # type: ignore[arg-type]
    assert en == [("Ranking", f"Grand Millionaire {first}, Grand Poor {last}")]
    assert ja == [("階級", f"大富豪 {first}, 大貧民 {last}")]
