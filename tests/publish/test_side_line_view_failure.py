"""A bug in a game's view of a variation must not take a record page down (as for the
main line, ``render.prerender.view_of``): the page renders without that side line."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import kifuwiki
from kifuwiki.games import get_game

ROOT = Path(__file__).resolve().parents[2]


def _record_with_a_variation() -> kifuwiki.Record:
    for path in sorted((ROOT / "records").rglob("*.kifu")):
        for record in kifuwiki.load(path):
            if record.variations and record.variations[0].record is not None:
                return record
    pytest.fail("no demo record under records/ has a checked variation: nothing is tested")


def test_a_failing_side_line_view_leaves_the_page_and_the_main_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    record = _record_with_a_variation()
    game = get_game(record.game)
    assert 'class="kw-variation"' in record.to_html("en")
    main = record.record
    real_view = game.view

    def view(this: Any) -> Any:
        if this is not main:
            raise RuntimeError("a bug in the game's view of a side line")
        return real_view(this)

    monkeypatch.setattr(game, "view", view)
    html = kifuwiki.Record(main).to_html("en")
    assert 'class="kw-variation"' not in html
    assert f'id="{record.steps[-1].anchor}"' in html  # the main line is all there
