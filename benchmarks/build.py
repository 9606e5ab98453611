"""Benchmark 1 and 2: a kifuwiki archive against its plain-Markdown twin, then a rebuild.

    python benchmarks/build.py [N]          (default N = 2000)
    python benchmarks/build.py --corpus [N] (the real games of ../shared/corpus/prime-daifugo
                                             copied to N records, default 1344)

Prints the build time of N generated records with kifuwiki, of the same games as
plain Markdown pages with the same theme and nav, and their ratio (goal ≤ 1.0×).
Then builds the kifuwiki site twice in one process as ``mkdocs serve`` does, the
second time with one record edited, and prints that rebuild against the first build
of the same process (goal ≤ 0.5×). The on-disk cache is cleared first, so the first
build is cold; a second fresh-process build then shows the warm disk cache.
"""

from __future__ import annotations

import argparse
import contextlib
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import _sites
from _sites import Writer, make_record_site, make_twin_site, timed_build
from gen_games import write_archive


def serve_style_rebuild(root: Path) -> tuple[float, float]:
    """(first build, rebuild after editing one record) in one process, as ``mkdocs serve``
    does them (``mkdocs.commands.serve``): into a new temporary folder, with the serve
    URL as ``site_url`` and ``serve_url`` passed to the build."""
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    site_dir = tempfile.mkdtemp(prefix="mkdocs_", dir=root.parent)  # beside the sites
    serve_url = "http://127.0.0.1:8000/"

    def config():  # type: ignore[no-untyped-def]
        loaded = load_config(config_file=str(root / "mkdocs.yml"), site_dir=site_dir)
        loaded.site_url = serve_url
        return loaded

    try:
        first_config = config()
        first_config.plugins.on_startup(command="serve", dirty=False)
        start = time.perf_counter()
        build(first_config, serve_url=serve_url)
        first = time.perf_counter() - start

        edited = next((root / "records").glob("*/*.kifu"))
        edited.write_text(
            edited.read_text(encoding="utf-8") + "* An edit made during serve.\n",
            encoding="utf-8",
        )
        start = time.perf_counter()
        build(config(), serve_url=serve_url)
        second = time.perf_counter() - start
        first_config.plugins.on_shutdown()
    finally:
        shutil.rmtree(site_dir, ignore_errors=True)
    return first, second


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("n", nargs="?", type=int, default=None)
    parser.add_argument("--keep", action="store_true", help="keep the generated sites")
    parser.add_argument(
        "--corpus", action="store_true", help="the real corpus repeated, not generated games"
    )
    parser.add_argument("--no-serve", action="store_true", help="skip the warm and serve builds")
    parser.add_argument(
        "--work-dir",
        default=None,
        help="where the sites are made (default: the system's temporary folder); a tmpfs "
        "such as /dev/shm leaves the disk's file creation costs out of both sides",
    )
    parser.add_argument(
        "--fresh-ext4",
        action="store_true",
        help="make the sites on a new ext4 file system (a loop device; needs root): "
        "the file creation costs of a fresh clone, without the ones an ext4 disk adds for "
        "a while after many files were deleted (benchmarks/README.md, section 25)",
    )
    args = parser.parse_args()
    with fresh_ext4() if args.fresh_ext4 else contextlib.nullcontext(args.work_dir) as folder:
        run(args, folder)


@contextlib.contextmanager
def fresh_ext4(size: str = "4G") -> Iterator[str]:
    """A new, empty ext4 file system mounted for the benchmark's sites, then removed."""
    holder = Path(tempfile.mkdtemp(prefix="kifuwiki-ext4-"))
    image, mount = holder / "fs.img", holder / "mnt"
    mount.mkdir()
    try:
        subprocess.run(["truncate", "-s", size, str(image)], check=True)
        subprocess.run(["mkfs.ext4", "-q", "-F", str(image)], check=True)
        subprocess.run(["mount", "-o", "loop", str(image), str(mount)], check=True)
    except (OSError, subprocess.CalledProcessError) as exc:
        shutil.rmtree(holder, ignore_errors=True)
        raise SystemExit(f"--fresh-ext4: cannot make an ext4 file system here ({exc})") from exc
    try:
        yield str(mount)
    finally:
        unmounted = subprocess.run(["umount", str(mount)], check=False).returncode == 0
        if unmounted:
            shutil.rmtree(holder, ignore_errors=True)
        else:  # never delete through a file system still mounted
            print(f"--fresh-ext4: could not unmount {mount}; left in place", file=sys.stderr)


def run(args: argparse.Namespace, work_dir: str | None) -> None:
    writer: Writer = write_archive
    if args.corpus:
        from validate_process import CORPUS, copy_corpus

        if not CORPUS.is_dir():
            raise SystemExit(f"skipped: no corpus at {CORPUS}")
        args.n = args.n or 1344
        writer = lambda folder, n, _seed: copy_corpus(folder, n)  # noqa: E731
    args.n = args.n or 2000

    work = Path(tempfile.mkdtemp(prefix="kifuwiki-bench-", dir=work_dir))
    try:
        records = make_record_site(work / "records-site", args.n, writer=writer)
        twin = make_twin_site(work / "twin-site", args.n, writer=writer)
        shutil.rmtree(records / ".cache", ignore_errors=True)
        twin_time = timed_build(twin)
        twin_cpu = _sites.last_cpu
        record_time = timed_build(records)
        record_cpu = _sites.last_cpu
        kind = "real corpus games" if args.corpus else "games"
        print(f"build, {args.n} {kind}, Material theme, fresh processes, cold cache:")
        print(
            f"  plain Markdown twin : {twin_time:8.2f} s  ({twin_time / args.n * 1000:.2f} ms/page)"
        )
        print(
            f"  kifuwiki records    : {record_time:8.2f} s  "
            f"({record_time / args.n * 1000:.2f} ms/page)"
        )
        print(f"  ratio               : {record_time / twin_time:8.2f}x  (goal <= 1.0x)")
        print(
            f"  CPU, all processes  : twin {twin_cpu:.2f} s, records {record_cpu:.2f} s, "
            f"ratio {record_cpu / twin_cpu:.2f}x (what the build costs, whatever the load)"
        )
        if args.no_serve:
            return
        warm_time = timed_build(records)
        print(
            f"  kifuwiki, warm cache: {warm_time:8.2f} s  (a fresh process; no record parsed "
            f"or rendered)  ratio {warm_time / twin_time:.2f}x"
        )

        shutil.rmtree(records / ".cache", ignore_errors=True)
        first, second = serve_style_rebuild(records)
        print("rebuild in one process (mkdocs serve), one record edited:")
        print(f"  first build         : {first:8.2f} s")
        print(f"  rebuild             : {second:8.2f} s")
        print(f"  ratio               : {second / first:8.2f}x  (goal <= 0.5x)")
    finally:
        if args.keep:
            print(f"sites kept in {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
