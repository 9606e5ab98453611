"""The fuzz harness over load, render, fmt and the fence (issue 17, "Hostile input").

* ``test_a_few_hundred_inputs_of_every_kind``: always on, a few hundred inputs.
* ``test_twenty_thousand_inputs`` (``slow``): 20,000 inputs, every tenth rendered
  (through the page and the fence in turn).
* ``test_inputs_that_once_failed``: the regression fixtures in ``regressions/``.
* the harness's own tests: it reports an exception, a hang and a non-idempotent fmt.

See ``tests/fuzz/README.md`` for how a game plugs in its generator.
"""

from __future__ import annotations

import random
import time
from pathlib import Path

import pytest

from kifuwiki import archive
from kifuwiki.cli import fmt as fmt_module

from . import harness
from .generators import generators
from .harness import Failure, Input, check, run

REGRESSIONS = Path(__file__).parent / "regressions"


def inputs(count: int, offset: int = 0) -> list[Input]:
    """``count`` inputs, round-robin over every generator, each from its own seed."""
    table = generators()
    names = sorted(table)
    items = []
    for index in range(offset, offset + count):
        name = names[index % len(names)]
        items.append(Input(name, index, table[name](random.Random(index))))
    return items


def report(failures: list[Failure]) -> str:
    lines = [f"{f.input.generator} seed {f.input.seed}: {f.problem}" for f in failures[:20]]
    return "\n".join(lines) + "\n(save the input into tests/fuzz/regressions/ to keep it)"


def test_every_game_has_a_generator() -> None:
    from kifuwiki.games import game_ids, get_game

    shipped = {g for g in game_ids() if type(get_game(g)).__module__.startswith("kifuwiki.")}
    assert {"prime-daifugo", "catan"} <= shipped
    assert shipped <= set(generators()), "a game of this package without a fuzz generator"


def test_a_few_hundred_inputs_of_every_kind() -> None:
    failures = run(inputs(240), workers=2)
    assert failures == [], report(failures)


@pytest.mark.slow
def test_twenty_thousand_inputs() -> None:
    failures = run(inputs(20_000, offset=1_000), workers=2, render_every=10, chunk=100)
    assert failures == [], report(failures)


def test_a_long_run_renders_every_kind_through_the_page_and_the_fence() -> None:
    # Rendering every tenth input through the page and the fence in turn leaves no
    # generator without either (13 generators: the turns fall on both for each).
    seen: dict[str, set[object]] = {}
    for index, item in enumerate(inputs(2_000, offset=1_000)):
        seen.setdefault(item.generator, set()).add(harness._rendered(index, 10))
    assert all(kinds == {False, "page", "fence"} for kinds in seen.values()), seen
    assert len(seen) == len(generators())
    assert harness._rendered(0, 1) is True  # a short run renders each input both ways


def test_inputs_that_once_failed() -> None:
    files = sorted(p for p in REGRESSIONS.iterdir() if p.is_file() and p.name != "README.md")
    assert len(files) >= 10
    items = [Input(f"regression:{p.name}", 0, p.read_bytes()) for p in files]
    failures = run(items, workers=2, chunk=4)
    assert failures == [], report(failures)


# The harness catches what it claims to catch -----------------------------------------

GOOD = b"---\ngame: catan\norder: B Y\n---\n1 B: 6 | R\n1 Y: 8 |\n"


def test_a_clean_input_passes() -> None:
    assert check(Input("t", 0, GOOD)) == []


def test_an_internal_error_is_a_failure(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(_source: object) -> str:
        raise KeyError("bug")

    monkeypatch.setattr(archive, "game_for", broken)
    problems = [failure.problem for failure in check(Input("t", 0, GOOD))]
    assert problems[0] == "load: internal error RF999 (catan)"


def test_a_hang_is_a_failure(monkeypatch: pytest.MonkeyPatch) -> None:
    def slow(_data: bytes, _render: bool = True) -> list[str]:
        # A runaway loop burns CPU, which is what the budget counts; the deadline only
        # ends this test if the budget ever failed to fire.
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            pass
        return []

    monkeypatch.setattr(harness, "examine", slow)
    (failure,) = check(Input("t", 0, GOOD), seconds=0.2)
    assert failure.problem.startswith("hang")


def test_fmt_that_changes_its_own_output_is_a_failure(monkeypatch: pytest.MonkeyPatch) -> None:
    real = fmt_module.format_records

    # Each pass adds a comment to what it was given: fmt's output is never fmt's output
    # again. (An input fmt leaves as it is is not formatted twice: the second pass would
    # be the first one over, fmt being a function of its input.)
    def drifting(records: list[object], dialect: str | None) -> str:
        return real(records, dialect) + "* note\n"  # type: ignore[arg-type]

    monkeypatch.setattr(harness, "format_records", drifting)
    assert [f.problem for f in check(Input("t", 0, GOOD))] == ["fmt: not idempotent (catan)"]
