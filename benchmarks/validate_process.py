"""``kifuwiki validate --format json`` as a whole process against a bare tokenizer process.

    python benchmarks/validate_process.py [--records 1344] [--runs 3] [--generated N] [--profile]

The files: the real games of ``../shared/corpus/prime-daifugo`` copied until there are
at least ``--records`` files (or ``--generated N`` games from ``gen_games.py``; the
corpus is skipped with a message when it is absent). Each measurement is a fresh
process, timed as a whole (start-up, imports, reading, splitting, front matter,
parsing, replay, report building, JSON writing to ``/dev/null``):

* ``tokenize``: a Python process that reads every file and runs the notation's bare
  regex tokenizer over it (the baseline);
* ``validate -j 1``: one core;
* ``validate -j N``: one worker per core;
* ``validate, one file``: start-up alone (imports, the registry, one record's game
  loaded): what every run pays before its records.

On the corpus, the tokenizer and ``validate -j 1`` are also measured over its distinct
games once (the first copy alone), printed first: every game there is new to the
engine, so its caches (lines, cards, hands, numbers) are filled and used once. The
repeated corpus reads most lines a second and third time; a gain that shows there
and not on the distinct games is a cache's, not the engine's first pass's.

CPU time (user + sys of the process and its workers, from ``getrusage``) is what the
machine spent; wall time is printed next to it. Medians of ``--runs``. Goals (issue 16):
one core ≤ 3× the tokenizer; with ``-j`` all cores, the per-core throughput (moves per
CPU second) within 15 % of one core's. ``--profile`` prints a cProfile of one
``validate --format json -j 1`` run in this process instead.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import pstats
import shutil
import statistics
import subprocess
import sys
import tempfile
from contextlib import redirect_stdout, suppress
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from _sites import become_subreaper, timed_run


def find_corpus() -> Path:
    """``shared/corpus/prime-daifugo`` next to the checkout or any folder above it (a
    worktree may sit deeper than the main checkout)."""
    for folder in Path(__file__).resolve().parents[1].parents:
        candidate = folder / "shared" / "corpus" / "prime-daifugo"
        if candidate.is_dir():
            return candidate
    return Path(__file__).resolve().parents[2] / "shared" / "corpus" / "prime-daifugo"


CORPUS = find_corpus()

#: The bare pass: only ``re`` and ``pathlib`` imported, the notation's own token regex
#: (``notation_moves.token_regex()``, handed over as text) run over every file.
TOKENIZE = """\
import re, sys
from pathlib import Path
token = re.compile(sys.argv[2], int(sys.argv[3]))
tokens = 0
for path in sorted(Path(sys.argv[1]).rglob("*.kifu")):
    tokens += sum(1 for _ in token.finditer(path.read_text(encoding="utf-8")))
print(tokens)
"""


def copy_corpus(folder: Path, records: int) -> int:
    """Copies of the corpus files (distinct names) until there are ``records``."""
    sources = sorted(CORPUS.glob("*.kifu"))
    folder.mkdir(parents=True)
    count = 0
    while count < records:
        for path in sources:
            shutil.copy(path, folder / f"r{count // len(sources):02d}-{path.name}")
            count += 1
    return count


def median_of(runs: int, command: list[str]) -> tuple[float, float]:
    results = [timed_run(command, check=False, stdout=subprocess.DEVNULL) for _ in range(runs)]
    return statistics.median(c for c, _ in results), statistics.median(w for _, w in results)


def profile_validate(folder: Path, sort: str = "cumulative") -> None:
    from kifuwiki.cli import cli

    profile = cProfile.Profile()
    with redirect_stdout(io.StringIO()):
        profile.enable()
        with suppress(SystemExit):
            cli.main(
                ["validate", "-j", "1", "--format", "json", str(folder)], standalone_mode=False
            )
        profile.disable()
    pstats.Stats(profile).sort_stats(sort).print_stats(40)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--records", type=int, default=1344)
    parser.add_argument("--generated", type=int, default=0)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--sort", default="cumulative", help="cProfile order for --profile")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="kifuwiki-validate-process-"))
    # validate reads ./mkdocs.yml when there is one (a site's rules); measured here is a
    # checkout of records alone, so the runs start in the work folder, not the project's.
    os.chdir(work)
    try:
        folder = work / "records"
        if args.generated:
            from gen_games import write_archive

            files = len(write_archive(folder, args.generated))
            what = f"{files} generated games"
        elif CORPUS.is_dir():
            distinct = len(list(CORPUS.glob("*.kifu")))
            files = copy_corpus(folder, args.records)
            what = f"{files} files (the {distinct} real games, repeated)"
        else:
            print(f"skipped: no corpus at {CORPUS} (use --generated N)")
            return
        if args.profile:
            profile_validate(folder, args.sort)
            return
        if not become_subreaper():
            print("(not Linux: the CPU time of -j N misses its fork server's workers)")
        kifuwiki = str(Path(sys.executable).with_name("kifuwiki"))
        report = subprocess.run(
            [kifuwiki, "validate", "-j", "1", "--format", "json", str(folder)],
            capture_output=True,
            text=True,
            check=False,
        ).stdout
        games = json.loads(report)["games"]
        moves = sum(int(game["moves"]) for game in games)
        cores = os.cpu_count() or 1
        from kifuwiki.games.prime_daifugo import notation_moves

        # token_regex() since the patterns are compiled on first use; TOKEN before (an
        # older checkout measured with PYTHONPATH pointing at it).
        token = getattr(notation_moves, "token_regex", lambda: notation_moves.TOKEN)()
        tokenize = [sys.executable, "-c", TOKENIZE, str(folder), token.pattern, str(token.flags)]
        if not args.generated and CORPUS.is_dir():
            once = work / "distinct"
            copy_corpus(once, distinct)
            tok_once = median_of(args.runs, [*tokenize[:3], str(once), *tokenize[4:]])
            one_once = median_of(
                args.runs, [kifuwiki, "validate", "-j", "1", "--format", "json", str(once)]
            )
            print(f"the {distinct} distinct real games once (the engine's first pass over each):")
            print(f"  {'':22}{'CPU s':>8}{'wall s':>9}")
            print(f"  {'tokenize (process)':22}{tok_once[0]:8.2f}{tok_once[1]:9.2f}")
            print(
                f"  {'validate -j 1':22}{one_once[0]:8.2f}{one_once[1]:9.2f}   "
                f"{one_once[0] / tok_once[0]:.2f}x the tokenizer"
            )
        tok = median_of(args.runs, tokenize)
        one = median_of(
            args.runs, [kifuwiki, "validate", "-j", "1", "--format", "json", str(folder)]
        )
        many = median_of(
            args.runs, [kifuwiki, "validate", "-j", str(cores), "--format", "json", str(folder)]
        )
        first = str(min(folder.rglob("*.kifu")))
        start = median_of(args.runs, [kifuwiki, "validate", "-j", "1", "--format", "json", first])
        print(
            f"{what}: {len(games)} games, {moves:,} moves; whole processes, median of {args.runs}"
        )
        print(f"  {'':22}{'CPU s':>8}{'wall s':>9}")
        print(f"  {'tokenize (process)':22}{tok[0]:8.2f}{tok[1]:9.2f}")
        ratio = one[0] / tok[0]
        print(
            f"  {'validate -j 1':22}{one[0]:8.2f}{one[1]:9.2f}   {ratio:.2f}x the tokenizer", end=""
        )
        print(" (goal <= 3x)")
        print(
            f"  {f'validate -j {cores}':22}{many[0]:8.2f}{many[1]:9.2f}   per-core throughput "
            f"{one[0] / many[0]:.0%} of one core's (goal >= 85%), "
            f"wall speed-up {one[1] / many[1]:.2f}x"
        )
        print(
            f"  {'validate, one file':22}{start[0]:8.2f}{start[1]:9.2f}   start-up: "
            f"{start[0] / one[0]:.0%} of -j 1; the rest {(one[0] - start[0]) / tok[0]:.2f}x "
            "the tokenizer"
        )
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
