"""Where the shared research data (``shared/corpus/…``) is, relative to this checkout.

The corpus lives beside the repository (``../shared``) in a plain checkout and two
levels up in a worktree (``../../shared``); tests look in the repository's ancestors and
skip with their reason when it is in none of them. No absolute path is written here.
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def shared_dir() -> Path | None:
    for ancestor in ROOT.parents:
        candidate = ancestor / "shared"
        if (candidate / "corpus").is_dir():
            return candidate
    return None


def corpus_dir() -> Path:
    """The Prime Daifugo corpus folder (it may not exist: callers check ``is_dir()``)."""
    shared = shared_dir()
    return (shared or ROOT.parent / "shared") / "corpus" / "prime-daifugo"


CORPUS = corpus_dir()
SKIP_REASON = "the shared corpus (../shared/corpus/prime-daifugo) is not beside the repository"
