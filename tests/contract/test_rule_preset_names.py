"""Rule preset labels (``rule_preset_names``): pages show them instead of preset ids."""

from __future__ import annotations

from typing import ClassVar

import pytest

from kifuwiki.games import all_games
from kifuwiki.games.base import rules_label


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_every_named_preset_has_both_languages(game: object) -> None:
    names = getattr(game, "rule_preset_names", None)
    if names is None:
        pytest.skip("this game gives no preset labels (they are optional)")
    presets = game.rule_presets  # type: ignore[attr-defined]
    assert set(names) == set(presets)
    for preset in presets:
        assert names[preset]["ja"] and names[preset]["en"]
        assert rules_label(game, preset, "ja") == names[preset]["ja"]
        assert rules_label(game, preset, "en") == names[preset]["en"]


class _Game:
    id = "toy"
    rule_preset_names: ClassVar[dict[str, dict[str, str]]] = {"base": {"ja": "基本", "en": "Base"}}


def test_labels_a_prefixed_preset_and_keeps_other_text() -> None:
    assert rules_label(_Game(), "toy-base", "en") == "Base"
    assert rules_label(_Game(), "base+house", "ja") == "base+house"
    assert rules_label(object(), "base", "ja") == "base"
