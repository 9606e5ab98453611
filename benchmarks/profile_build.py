"""Profile a cold ``mkdocs build`` of a record archive and of its Markdown twin.

    python benchmarks/profile_build.py [N] [--top 25] [--parallel] [--cpu]   (default N = 300)

Both builds run in this process under cProfile, the kifuwiki site with ``jobs: 1`` so
every record is parsed and rendered where the profiler sees it (a parallel build does
the same work in workers). Prints the total of each and the functions with the most
cumulative time, so "where the time goes" is read from one run, not guessed.

``--parallel`` keeps the default workers and profiles only the building process: its
share of a real build (MkDocs, the theme, search, the archive pages), the workers'
work showing as waiting (``lock.acquire`` under ``first_pass_in_pool`` and ``result``).
``--cpu`` times this process's CPU instead of the wall clock: on a busy machine the
figures then hold, and waiting for workers costs nothing.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import shutil
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from _sites import make_record_site, make_twin_site


def profiled_build(root: Path, top: int, sort: str, cpu: bool = False) -> float:
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    config = load_config(config_file=str(root / "mkdocs.yml"), site_dir=str(root / "site"))
    clock = time.process_time if cpu else time.perf_counter
    profile = cProfile.Profile(clock)
    start = clock()
    profile.enable()
    build(config)
    profile.disable()
    elapsed = clock() - start
    out = io.StringIO()
    pstats.Stats(profile, stream=out).sort_stats(sort).print_stats(top)
    print(out.getvalue())
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("n", nargs="?", type=int, default=300)
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--sort", default="cumulative")
    parser.add_argument("--parallel", action="store_true", help="keep the workers")
    parser.add_argument(
        "--cpu", action="store_true", help="this process's CPU time, not wall time (busy machines)"
    )
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="kifuwiki-profile-"))
    try:
        twin = make_twin_site(work / "twin", args.n)
        records = make_record_site(work / "records", args.n)
        yml = records / "mkdocs.yml"
        jobs = "" if args.parallel else "jobs: 1"
        yml.write_text(
            yml.read_text(encoding="utf-8").replace(
                "  - kifuwiki\n", f"  - kifuwiki:\n      {jobs}\n" if jobs else "  - kifuwiki\n"
            ),
            encoding="utf-8",
        )
        print(f"== Markdown twin, {args.n} pages ==")
        twin_time = profiled_build(twin, args.top, args.sort, args.cpu)
        print(f"== kifuwiki records, {args.n} records, {jobs or 'workers (this process only)'} ==")
        record_time = profiled_build(records, args.top, args.sort, args.cpu)
        print(
            f"twin {twin_time:.2f} s, records {record_time:.2f} s "
            f"{'CPU' if args.cpu else 'wall'} under the profiler "
            f"({record_time / twin_time:.2f}x)"
        )
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
