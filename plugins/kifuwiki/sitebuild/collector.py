"""The cycle collector during a site build: what lives to the build's end is frozen.

A build keeps three sets of objects to its end: what the imports and the front end's
configuration made (modules, functions, the theme's templates: ~42,000 objects under
MkDocs and Material), the archive's light records and its plan (~50,000 more on the
1,344-file corpus: a record's players, their statistics, its front matter), and the
front end's own pages and files. Python's collector traverses all of them at each
full collection, and a build's churn (pages rendered and dropped) triggers a few:
three on the corpus, 30–60 ms each, in the building process, whose page loop is
the build's critical path (benchmarks/README.md, section 30). Frozen
(:func:`gc.freeze`), they are skipped: ~0.1 s less of that process's CPU.

Freezing before the workers are forked also spares the workers: they inherit the
frozen heap, so their own collections skip it too, and do not write to its pages
(the copy-on-write the ``gc`` documentation recommends ``freeze`` before ``fork`` for).

Nothing frozen is lost: :meth:`BuildCollector.release` unfreezes everything when the
build ends (or fails), so under ``mkdocs serve`` one build's garbage is collected during
the next. A process that froze objects of its own before the build is left alone: the
collector is then neither frozen nor unfrozen here.

When the front end is done (``mkdocs build`` ends, ``serve`` stops), :func:`freeze_at_exit`
has everything frozen as the interpreter's exit handlers start (it is registered last,
so it runs first; the handlers registered before it run after it, and only what they
make is left to collect): its collections at exit (one after the handlers, three while
the modules are torn down) then skip what the build left, which is all there is. On
the corpus those took 0.10–0.15 s between the end of the build and the end of the
process; ~0.03 s remain (benchmarks/README.md, section 30). ``kifuwiki validate`` does
the same (``cli/fast.py``).
"""

from __future__ import annotations

import atexit
import gc


class BuildCollector:
    """Freezes what exists at each :meth:`freeze` (the build's start, before any worker
    is forked; the archive once it is loaded and planned), then lets all of it go
    (:meth:`release`). Each call is safe at any time and in any order."""

    def __init__(self) -> None:
        self._frozen = False

    @property
    def frozen(self) -> bool:
        """Whether this build froze objects it has not let go of yet."""
        return self._frozen

    def freeze(self) -> None:
        if not self._frozen and gc.get_freeze_count() > 0:
            return  # someone else's freeze: not ours to extend or undo
        gc.freeze()
        self._frozen = True

    def release(self) -> None:
        """The build is over: everything frozen goes back to the collector (what other
        code froze during the build too: Python keeps one frozen set)."""
        if self._frozen:
            gc.unfreeze()
            self._frozen = False


def freeze_at_exit() -> None:
    """Freeze every object when the interpreter exits, before the exit handlers registered
    before this call (atexit runs the last registered first: logging's, multiprocessing's
    run after the freeze), so that its collections at exit skip what was there. Nothing
    a build leaves waits on a cycle's finaliser: its files are written and closed, its
    workers gone; logging's handlers are closed by their own exit handler, and the
    standard streams are flushed before those collections. Registered once however
    often it is called."""
    atexit.unregister(gc.freeze)
    atexit.register(gc.freeze)
