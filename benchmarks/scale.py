"""Benchmark 4: peak memory and build time at growing N (validate and build).

    python benchmarks/scale.py [N ...]       (default 2000 5000 20000)
        --no-build         skip the builds
        --build-max N      build only the sites of at most N records
        --twin             also build each site's plain-Markdown twin (same theme, same
                           nav): the build's ratio to it at every N

Each measurement runs in a fresh child process, through a wrapper that adopts the
command's orphans (a parallel build's fork server and workers) so their CPU counts;
the peak resident set size comes from ``getrusage(RUSAGE_CHILDREN)``: the largest
single process among the command and its descendants (a parallel build's workers are
measured one by one, not summed). Validate must not grow with N (records are
streamed); build memory per record must stay flat, and build time grow linearly: the
slope (seconds per 1,000 records between one N and the next) is printed for wall and
CPU time, and should stay flat.
"""

from __future__ import annotations

import argparse
import itertools
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from _sites import make_record_site, make_twin_site

#: Runs ``argv[1:]``, adopting orphans; prints peak RSS (KiB), CPU and wall seconds.
WRAPPER = """\
import ctypes, os, resource, subprocess, sys, time
try:
    ctypes.CDLL(None).prctl(36, 1, 0, 0, 0)  # PR_SET_CHILD_SUBREAPER: count the workers
except (OSError, AttributeError):
    pass
start = time.perf_counter()
subprocess.run(sys.argv[1:], check=True, stdout=subprocess.DEVNULL)
wall = time.perf_counter() - start
while True:
    try:
        os.waitpid(-1, 0)
    except ChildProcessError:
        break
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
print(usage.ru_maxrss, usage.ru_utime + usage.ru_stime, wall)
"""


@dataclass(frozen=True, slots=True)
class Run:
    peak_mib: float
    cpu: float
    wall: float


def measure(command: list[str], cwd: Path) -> Run:
    """Peak RSS, CPU and wall time of ``command`` in its own process tree."""
    out = subprocess.run(
        [sys.executable, "-c", WRAPPER, *command], cwd=cwd, capture_output=True, text=True
    )
    if out.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed:\n{out.stderr[-2000:]}")
    rss, cpu, wall = out.stdout.split()[-3:]
    return Run(int(rss) / 1024, float(cpu), float(wall))


def mkdocs_build(site: Path) -> Run:
    shutil.rmtree(site / ".cache", ignore_errors=True)  # cold
    return measure([sys.executable, "-m", "mkdocs", "build", "-q", "-f", "mkdocs.yml"], site)


@dataclass(slots=True)
class Row:
    n: int
    validate: Run
    build: Run | None = None
    twin: Run | None = None


def slope(a: float, b: float, n1: int, n2: int) -> float:
    """Seconds per 1,000 records between two sizes."""
    return (b - a) / (n2 - n1) * 1000


def report(rows: list[Row]) -> None:
    print("peak memory (MiB) and cold build time, fresh process tree each:")
    for row in rows:
        line = f"  N={row.n:>6}: validate {row.validate.peak_mib:7.1f} MiB"
        if row.build is not None:
            b = row.build
            line += (
                f"   build {b.peak_mib:7.1f} MiB ({b.peak_mib / row.n * 1024:5.1f} KiB/record)"
                f"  wall {b.wall:7.1f} s  CPU {b.cpu:7.1f} s"
            )
        if row.build is not None and row.twin is not None:
            line += (
                f"   twin wall {row.twin.wall:6.1f} s CPU {row.twin.cpu:6.1f} s"
                f" -> {row.build.wall / row.twin.wall:.2f}x wall, "
                f"{row.build.cpu / row.twin.cpu:.2f}x CPU"
            )
        print(line, flush=True)
    built = [row for row in rows if row.build is not None]
    for first, second in itertools.pairwise(built):
        a, b, n1, n2 = first.build, second.build, first.n, second.n
        assert a is not None and b is not None
        line = (
            f"  slope {n1}->{n2}: wall {slope(a.wall, b.wall, n1, n2):6.2f} s, "
            f"CPU {slope(a.cpu, b.cpu, n1, n2):6.2f} s per 1,000 records; "
            f"memory {slope(a.peak_mib, b.peak_mib, n1, n2):5.1f} MiB per 1,000"
        )
        if first.twin is not None and second.twin is not None:
            twin_slope = slope(first.twin.wall, second.twin.wall, n1, n2)
            line += f"   (twin: wall {twin_slope:6.2f} s)"
        print(line)
    if len(rows) >= 2:
        first_v, last_v = rows[0].validate, rows[-1].validate
        print(
            f"  validate growth {rows[0].n}->{rows[-1].n}: "
            f"{last_v.peak_mib / first_v.peak_mib:.2f}x (goal: ~1.0x, streamed)"
        )
    print(f"  load average now: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("sizes", nargs="*", type=int, default=[2000, 5000, 20000])
    parser.add_argument("--no-build", action="store_true")
    parser.add_argument("--build-max", type=int, default=None)
    parser.add_argument("--twin", action="store_true")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="kifuwiki-scale-"))
    kifuwiki = str(Path(sys.executable).with_name("kifuwiki"))
    rows: list[Row] = []
    try:
        for n in args.sizes:
            site = make_record_site(work / f"n{n}", n)
            row = Row(n, measure([kifuwiki, "validate", "-j", "1", "records"], site))
            if not args.no_build and (args.build_max is None or n <= args.build_max):
                row.build = mkdocs_build(site)
                if args.twin:
                    twin = make_twin_site(work / f"twin{n}", n)
                    row.twin = mkdocs_build(twin)
                    shutil.rmtree(twin, ignore_errors=True)
            rows.append(row)
            shutil.rmtree(site, ignore_errors=True)
            # Figures as they come: a long run that is stopped still tells something.
            print(
                f"[N={n} done: build {row.build}, twin {row.twin}, validate {row.validate}]",
                flush=True,
            )
        report(rows)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
