"""Push inputs through loading, page rendering, ``fmt`` and the fence, each with a budget.

:func:`examine` is what one input must survive (the properties):

* nothing raises out of loading, rendering, formatting or the fence, and no internal
  error diagnostic (RF999 from loading, KW003 from a view) stands in for a bug;
* ``fmt`` is idempotent wherever it succeeds: ``fmt(fmt(x)) == fmt(x)``.

:func:`run` spreads inputs over worker processes. Each worker limits its address space
(``resource.setrlimit``) and each input's wall time (``signal.setitimer``), so a hang or
a memory blow-up is a reported failure, not a stuck suite. A worker that dies outright
(a crash in C) breaks the pool; its inputs are then run again one per process, to name
the input that killed it.
"""

from __future__ import annotations

import logging
import multiprocessing
import resource
import signal
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, TimeoutError, as_completed
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from dataclasses import dataclass
from types import FrameType
from typing import Literal

import click
import markdown

from kifuwiki.archive import load_source, split_safely
from kifuwiki.cli.fmt import format_records
from kifuwiki.core.recordfile import decode
from kifuwiki.games.base import GameRecord
from kifuwiki.render.codes import INTERNAL_VIEW_ERROR
from kifuwiki.render.environment import make_environment
from kifuwiki.render.prerender import view_of
from kifuwiki.render.record import render_record_page

TIME_BUDGET_S = 5.0
MEMORY_BUDGET_BYTES = 2 * 1024**3
NAME = "fuzz.kifu"


@dataclass(frozen=True, slots=True)
class Input:
    generator: str
    seed: int
    data: bytes


@dataclass(frozen=True, slots=True)
class Failure:
    input: Input
    problem: str
    """``phase: what went wrong`` (``load: internal error RF999``, ``fmt: not idempotent``…)."""


class Timeout(Exception):
    pass


def _on_alarm(_signum: int, _frame: FrameType | None) -> None:
    raise Timeout


@contextmanager
def time_budget(seconds: float) -> Iterator[None]:
    """Raise :class:`Timeout` once the process has used ``seconds`` of CPU time.

    CPU time, not wall time (``ITIMER_PROF`` counts user and system time): a runaway
    loop burns CPU and is caught either way, but on a loaded machine (a CI runner, or
    other jobs beside the suite) a record that needs 1.4 s of CPU can wait 5 s for it,
    and a wall-clock budget then calls it a hang.
    """
    previous = signal.signal(signal.SIGPROF, _on_alarm)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)


def _load(text: str, decoded_problems: Sequence[object] = ()) -> list[GameRecord]:
    sources = split_safely(text, NAME)
    if decoded_problems:
        sources[0].diagnostics[:0] = list(decoded_problems)  # type: ignore[arg-type]
    return [load_source(source) for source in sources]


def _formatted(records: list[GameRecord]) -> str | None:
    if not records or any(record.data is None for record in records):
        return None
    try:
        return format_records(records, None)
    except click.ClickException:
        return None  # fmt refuses, with a message: not a failure


#: What :func:`examine` renders of an input: the record page and the fence, one of them,
#: or neither (``True`` and ``False`` stand for both and neither).
Render = bool | Literal["page", "fence"]


def examine(data: bytes, render: Render = True) -> list[str]:
    """The properties one input breaks (empty when it is fine). Raises only ``Timeout``
    and ``MemoryError``, which :func:`check` reports. ``render=False`` skips the page
    and the fence (four fifths of the cost), for long runs that render a sample;
    ``"page"`` or ``"fence"`` renders through one of them."""
    problems: list[str] = []
    phase = "decode"
    try:
        text, decoded = decode(data, NAME)
        phase = "load"
        records = _load(text, decoded)
        broken = [r.game for r in records if any(d.code == "RF999" for d in r.diagnostics)]
        if broken:
            problems.append(f"load: internal error RF999 ({broken[0]})")
        phase = "render"
        env = make_environment()
        for number, record in enumerate(records if render in (True, "page") else ()):
            view = view_of(record)
            if any(d.code == INTERNAL_VIEW_ERROR for d in record.diagnostics):
                problems.append(f"render: internal view error KW003 ({record.game})")
            render_record_page(view, env, "ja" if number % 2 else "en")
        phase = "fmt"
        once = _formatted(records)
        # Input that already is fmt's output (most generated records) would be read and
        # formatted again exactly as it just was: only other input can show fmt changing
        # its own output. Half an input's cost, for three inputs in four.
        if once is not None and (once != text or decoded):
            again = _formatted(_load(once))
            if again is not None and again != once:
                game = records[0].game
                problems.append(f"fmt: not idempotent ({game})")
        phase = "fence"
        if render in (True, "fence"):
            markdown.markdown(f"```kifu\n{text}\n```\n", extensions=["kifuwiki"])
    except (Timeout, MemoryError):
        raise
    except RecursionError:
        problems.append(f"{phase}: RecursionError")
    except Exception as exc:
        problems.append(f"{phase}: {type(exc).__name__}: {str(exc)[:120]}")
    return problems


def check(item: Input, seconds: float = TIME_BUDGET_S, render: Render = True) -> list[Failure]:
    """:func:`examine` within a time budget; every broken property is a :class:`Failure`."""
    try:
        with time_budget(seconds):
            problems = examine(item.data, render)
    except Timeout:
        problems = [f"hang: more than {seconds:g} s"]
    except MemoryError:
        problems = ["memory: more than the budget"]
    return [Failure(item, problem) for problem in problems]


def _worker_setup(limit: int) -> None:
    """In each worker: the memory budget, and quiet logs (the fence and the loaders log
    every broken record; thousands of inputs would flood the test output)."""
    logging.disable(logging.CRITICAL)
    _soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    if hard == resource.RLIM_INFINITY or hard > limit:
        resource.setrlimit(resource.RLIMIT_AS, (limit, hard))


def _check_chunk(items: list[tuple[Input, Render]], seconds: float) -> list[Failure]:
    return [failure for item, render in items for failure in check(item, seconds, render)]


def _isolated(items: list[Input], seconds: float, memory: int) -> list[Failure]:
    """Each input in a process of its own: names the input that crashed a worker."""
    failures: list[Failure] = []
    context = multiprocessing.get_context("fork")
    for item in items:
        with ProcessPoolExecutor(1, context, _worker_setup, (memory,)) as pool:
            future = pool.submit(_check_chunk, [(item, True)], seconds)
            try:
                failures.extend(future.result(timeout=seconds * 4 + 10))
            except (BrokenProcessPool, TimeoutError) as exc:
                failures.append(Failure(item, f"crash: the process died ({type(exc).__name__})"))
    return failures


def _rendered(index: int, every: int) -> Render:
    if every == 1:
        return True
    if index % every:
        return False
    return "page" if index // every % 2 == 0 else "fence"


def run(
    items: Sequence[Input],
    workers: int = 2,
    seconds: float = TIME_BUDGET_S,
    memory: int = MEMORY_BUDGET_BYTES,
    chunk: int = 50,
    render_every: int = 1,
) -> list[Failure]:
    """Check ``items`` in ``workers`` processes; the failures, in no particular order.

    Every input is loaded and formatted; every ``render_every``-th is also rendered:
    through the record page and the fence when every input is, else through the page
    and the fence in turn (each renders the same view: a rendered input cost fifteen
    unrendered ones, and rendering was most of a long run's time)."""
    marked = [(item, _rendered(index, render_every)) for index, item in enumerate(items)]
    chunks = [marked[i : i + chunk] for i in range(0, len(marked), chunk)]
    failures: list[Failure] = []
    lost: list[list[tuple[Input, Render]]] = []
    context = multiprocessing.get_context("fork")  # workers inherit sys.path and imports
    with ProcessPoolExecutor(workers, context, _worker_setup, (memory,)) as pool:
        futures = {pool.submit(_check_chunk, part, seconds): part for part in chunks}
        for future in as_completed(futures):
            try:
                failures.extend(future.result())
            except BrokenProcessPool:
                lost.append(futures[future])
    for part in lost:
        failures.extend(_isolated([item for item, _ in part], seconds, memory))
    return failures
