"""The cycle collector during a build (kifuwiki.sitebuild.collector): what a build keeps
is frozen while it runs, and everything goes back to the collector when it ends."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from kifuwiki.sitebuild.collector import BuildCollector


class Kept:
    """An object a build keeps (tracked by the collector, like a light record)."""


def tracked(obj: object) -> bool:
    """Whether the collector traverses ``obj`` (frozen objects are not listed)."""
    return any(other is obj for other in gc.get_objects())


@pytest.fixture(autouse=True)
def nothing_frozen() -> Iterator[None]:
    gc.unfreeze()
    yield
    gc.unfreeze()


def test_freeze_keeps_what_exists_out_of_the_collector_until_release() -> None:
    collector = BuildCollector()
    imports = Kept()
    collector.freeze()
    assert collector.frozen and not tracked(imports)
    archive = Kept()  # made after the first freeze: tracked until the next
    assert tracked(archive)
    collector.freeze()
    assert not tracked(archive)
    collector.release()
    assert not collector.frozen and gc.get_freeze_count() == 0
    assert tracked(imports) and tracked(archive)
    collector.release()  # twice is harmless
    assert gc.get_freeze_count() == 0


def test_a_freeze_made_by_someone_else_is_left_alone() -> None:
    theirs = Kept()
    gc.freeze()
    count = gc.get_freeze_count()
    collector = BuildCollector()
    ours = Kept()
    collector.freeze()
    # Not frozen again (``ours``, made after their freeze, is still tracked) and not
    # unfrozen (``theirs`` stays out). The count may only fall: a frozen object dies
    # when another thread lets it go (the suite's local web server runs beside this).
    assert not collector.frozen and tracked(ours) and 0 < gc.get_freeze_count() <= count
    collector.release()
    assert 0 < gc.get_freeze_count() <= count and not tracked(theirs)
