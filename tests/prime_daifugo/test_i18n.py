"""Every machine annotation the engine writes has its Japanese (no shape left in English)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from tests.prime_daifugo.shared_data import corpus_dir

from kifuwiki.archive import load_file
from kifuwiki.games.prime_daifugo import GAME
from kifuwiki.games.prime_daifugo.i18n import annotation_ja

ROOT = Path(__file__).resolve().parents[2]
CORPUS = corpus_dir()
ENGLISH_WORD = re.compile(r"[A-Za-z]{3,}")


def _repository_files() -> list[Path]:
    files = sorted((ROOT / "records" / "prime-daifugo").glob("*.kifu"))
    return files + sorted((ROOT / "tests" / "fixtures" / "prime-daifugo").rglob("*.kifu"))


def _annotations_checked(files: list[Path]) -> int:
    """Check every annotation of ``files``; returns how many there were."""
    seen = 0
    for path in files:
        for record in load_file(path):
            if record.game != "prime-daifugo" or record.data is None:
                continue
            view = GAME.view(record)
            names = {p.name for p in view.players} | {p.key for p in view.players}
            for step in view.steps:
                assert len(step.annotations_ja) == len(step.annotations)
                for english, japanese in zip(step.annotations, step.annotations_ja, strict=True):
                    seen += 1
                    left = japanese
                    for name in sorted(names, key=len, reverse=True):
                        left = left.replace(name, "")
                    assert not ENGLISH_WORD.search(left), (str(path), english, japanese)
                assert step.label_ja
    return seen


def test_every_annotation_of_the_repositorys_records_is_translated() -> None:
    assert _annotations_checked(_repository_files()) > 300


def test_every_annotation_of_the_corpus_is_translated() -> None:
    if not CORPUS.is_dir():
        pytest.skip(f"the shared corpus is not beside this checkout ({CORPUS.name} missing)")
    assert _annotations_checked(sorted(CORPUS.glob("*.kifu"))) > 1000


@pytest.mark.parametrize(
    ("english", "japanese"),
    [
        ("221 = 13 × 17 is not prime → penalty 3", "221 = 13 × 17 は素数ではない → ペナルティ 3枚"),
        ("57: Grothendieck cut, field flushed", "57: グロタンカット、場が流れる"),
        (
            "judge missed: 1001 = 7 × 11 × 13 was accepted",
            "判定漏れ: 1001 = 7 × 11 × 13 が通った",
        ),
        ("field flushed; はち leads", "場が流れ、はち の親"),
        ("something new the engine says", "something new the engine says"),
    ],
)
def test_shapes(english: str, japanese: str) -> None:
    assert annotation_ja(english) == japanese
