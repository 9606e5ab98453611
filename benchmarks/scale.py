"""Benchmark 4: peak memory of validate and build at N = 2,000 and N = 20,000.

    python benchmarks/scale.py [N1 N2]       (default 2000 20000)
        --no-build         skip the builds
        --build-max N      build only the sites of at most N records (a 20,000-record
                           build takes many minutes on two cores)

Each measurement runs in a fresh child process; the peak resident set size comes from
``getrusage(RUSAGE_CHILDREN)``: the largest single process among the command and the
processes it waited for (a parallel build's workers are measured one by one, not
summed). Validate must not grow with N (records are streamed);
build memory per record must stay flat.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from _sites import make_record_site


def peak_mib(command: list[str], cwd: Path) -> float:
    """Peak RSS of ``command`` (run in its own process, measured through a wrapper)."""
    wrapper = (
        "import resource, subprocess, sys\n"
        "subprocess.run(sys.argv[1:], check=False, stdout=subprocess.DEVNULL)\n"
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", wrapper, *command],
        cwd=cwd,
        capture_output=True,
        text=True,
        check=True,
    )
    return int(out.stdout.strip().splitlines()[-1]) / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sizes", nargs="*", type=int, default=[2000, 20000])
    parser.add_argument("--no-build", action="store_true")
    parser.add_argument("--build-max", type=int, default=None)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="kifuwiki-scale-"))
    kifuwiki = str(Path(sys.executable).with_name("kifuwiki"))
    rows = []
    try:
        for n in args.sizes:
            site = make_record_site(work / f"n{n}", n)
            validate = peak_mib([kifuwiki, "validate", "-j", "1", "records"], site)
            build = None
            if not args.no_build and (args.build_max is None or n <= args.build_max):
                build = peak_mib(
                    [sys.executable, "-m", "mkdocs", "build", "-q", "-f", "mkdocs.yml"], site
                )
            rows.append((n, validate, build))
            shutil.rmtree(site, ignore_errors=True)
        print("peak memory (MiB), fresh process each:")
        for n, validate, build in rows:
            per = f"{build / n * 1024:7.1f} KiB/record" if build else ""
            built = f"{build:8.1f}" if build else "  (skip)"
            print(f"  N={n:>6}: validate {validate:8.1f}   build {built}   {per}")
        if len(rows) >= 2:
            (n1, v1, _), (n2, v2, _) = rows[0], rows[-1]
            print(f"  validate growth {n1}->{n2}: {v2 / v1:.2f}x (goal: ~1.0x, streamed)")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
