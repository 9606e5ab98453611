"""Peak memory of ``kifuwiki validate --format json -j 1`` at growing archive sizes.

    python benchmarks/validate_memory.py [N ...]        (default 10000 100000)

Generates ``--base`` games once (``gen_games.py``) and links them under new names
until the folder holds N record files (validate reads each as its own file; the
records repeat, which memory does not care about). Each run is a fresh process; its
peak resident set size comes from ``getrusage(RUSAGE_CHILDREN)``. Goal (issue 16):
flat in N (records and the JSON report are streamed).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from gen_games import write_archive


def fill(folder: Path, sources: list[Path], n: int) -> None:
    existing = len(list(folder.glob("*.kifu"))) if folder.is_dir() else 0
    folder.mkdir(parents=True, exist_ok=True)
    for i in range(existing, n):
        source = sources[i % len(sources)]
        os.link(source, folder / f"c{i // len(sources):03d}-{source.name}")


def peak(command: list[str]) -> tuple[float, float]:
    """(peak RSS in MiB, wall seconds) of ``command`` run to its end in a child."""
    wrapper = (
        "import resource, subprocess, sys\n"
        "subprocess.run(sys.argv[1:], check=False, stdout=subprocess.DEVNULL)\n"
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
    )
    start = time.perf_counter()
    out = subprocess.run(
        [sys.executable, "-c", wrapper, *command], capture_output=True, text=True, check=True
    )
    return int(out.stdout.split()[-1]) / 1024, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("sizes", nargs="*", type=int, default=[10_000, 100_000])
    parser.add_argument("--base", type=int, default=2000)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="kifuwiki-validate-memory-"))
    # validate reads ./mkdocs.yml when there is one (a site's rules); measured here is a
    # checkout of records alone, so the runs start in the work folder, not the project's.
    os.chdir(work)
    kifuwiki = str(Path(sys.executable).with_name("kifuwiki"))
    try:
        sources = write_archive(work / "base", args.base)
        folder = work / "records"
        print(f"peak RSS of validate --format json -j 1 ({args.base} generated games, linked):")
        for n in sorted(args.sizes):
            fill(folder, sources, n)
            mib, wall = peak([kifuwiki, "validate", "-j", "1", "--format", "json", str(folder)])
            print(f"  N={n:>7}: {mib:7.1f} MiB   ({wall:.0f} s wall)", flush=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
