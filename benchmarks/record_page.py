"""CPU time of one record page, the unit of a cold build's work (issue 16).

    python benchmarks/record_page.py [--games 60] [--runs 5]

Runs what a build worker does per record file (``prerender_file``: load, replay, view,
render the page and its search text) over ``--games`` generated games, in this process,
after a warm-up; prints the median CPU time per record and per step, and the page's
parts: the viewer alone per step and the page's bytes. To compare two commits, run it
from each (``PYTHONPATH=<other checkout>/plugins python benchmarks/record_page.py``) in
the same minutes: on a shared machine only ratios measured side by side mean anything.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from gen_games import write_archive


def main() -> None:
    import kifuwiki
    from kifuwiki.render.environment import make_environment
    from kifuwiki.render.prerender import PrerenderJob, _records, prerender_file, view_of
    from kifuwiki.render.record import render_viewer

    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as work:
        jobs = [PrerenderJob(p.name, p.read_bytes()) for p in write_archive(Path(work), args.games)]
    views = [view_of(record) for job in jobs for record in _records(job)]
    steps = sum(len(view.steps) for view in views)
    env = make_environment()

    def pages() -> int:
        return sum(len(page.html) for job in jobs for page in prerender_file(job).pages)

    def viewers() -> None:
        for view in views:
            render_viewer(view, env, "ja")

    def cpu(func) -> float:  # type: ignore[no-untyped-def]
        func()  # warm-up: templates compiled, caches filled
        times = []
        for _ in range(args.runs):
            start = time.process_time()
            func()
            times.append(time.process_time() - start)
        return statistics.median(times)

    page_cpu = cpu(pages)
    viewer_cpu = cpu(viewers)
    size = pages()
    print(f"kifuwiki from {Path(kifuwiki.__file__).parent}")
    print(f"{len(jobs)} generated games, {steps} steps; CPU, median of {args.runs}")
    print(f"  record page (load, view, render, search): {page_cpu / len(jobs) * 1000:7.2f} ms")
    print(f"  viewer alone                            : {viewer_cpu / steps * 1e6:7.1f} µs/step")
    print(f"  page HTML                               : {size / len(jobs) / 1024:7.1f} KiB")


if __name__ == "__main__":
    main()
