"""What 升級's record view flags on its steps."""

from __future__ import annotations

from pathlib import Path

from kifuwiki.archive import load_file
from kifuwiki.games import get_game

RECORD = Path(__file__).resolve().parents[2] / "records" / "shengji" / "annotated-seed.kifu"


def test_the_ruff_badge_is_on_the_play_that_ruffed() -> None:
    """review13 R13-8: the badge (and the R key) went to the trick's last card, the play
    after the ruff. In the annotated record W's RJ (step 10) and E's ♠Q (step 26) ruff;
    the third is W's ♥K (step 38)."""
    view = get_game("shengji").view(load_file(RECORD)[0])
    ruffs = [(step.index, step.notation) for step in view.steps if "ruff" in step.flags]
    assert ruffs == [(10, "W: RJ"), (26, "E: SQ"), (38, "W: HK")]
