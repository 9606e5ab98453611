"""Shared set-up for the site benchmarks: a kifuwiki archive and its plain-Markdown twin.

Both sites use the same theme (Material), the same nav (home + index) and the same
games; the twin holds each record's text as an ordinary Markdown page, so the ratio
of the two build times is what kifuwiki costs per record over plain MkDocs.
"""

from __future__ import annotations

import os
import re
import resource
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from gen_games import write_archive

THEME = "material"

MKDOCS_YML = """\
site_name: {name}
docs_dir: docs
site_dir: site
theme:
  name: {theme}
nav:
  - Home: index.md
{extra_nav}plugins:
  - search
{plugins}markdown_extensions:
  - pymdownx.superfences
"""


#: Writes ``n`` record files into a folder (``write_archive``: generated games, seeded).
Writer = Callable[[Path, int, int], object]


def make_record_site(root: Path, n: int, seed: int = 1, writer: Writer = write_archive) -> Path:
    """A kifuwiki site with ``n`` generated games under ``records/prime-daifugo``."""
    (root / "docs").mkdir(parents=True, exist_ok=True)
    (root / "docs" / "index.md").write_text("# Archive\n\nGenerated games.\n", encoding="utf-8")
    writer(root / "records" / "prime-daifugo", n, seed)
    (root / "mkdocs.yml").write_text(
        MKDOCS_YML.format(
            name="records",
            theme=THEME,
            extra_nav="  - Games: records/prime-daifugo/index.md\n",
            plugins="  - kifuwiki\n",
        ),
        encoding="utf-8",
    )
    return root


_FRONT = re.compile(r"\A---\n.*?\n---\n", re.S)


def markdown_twin(text: str) -> str:
    """The same record as a plain Markdown page: a title, the moves as a list, comments."""
    title = re.search(r"^title: (.*)$", text, re.M)
    body = _FRONT.sub("", text)
    lines = [f"# {title.group(1) if title else 'Record'}", ""]
    for line in body.splitlines():
        if line.startswith("*"):
            lines.append(f"    {line.lstrip('* ')}")
        elif line.strip():
            lines.append(f"1. `{line}`")
    return "\n".join(lines) + "\n"


def make_twin_site(root: Path, n: int, seed: int = 1, writer: Writer = write_archive) -> Path:
    """The plain-Markdown twin of :func:`make_record_site` (the same ``writer``)."""
    records = root / "_records"
    writer(records, n, seed)
    pages = root / "docs" / "records"
    pages.mkdir(parents=True, exist_ok=True)
    index = ["# Games", ""]
    for path in sorted(records.glob("*.kifu")):
        (pages / f"{path.stem}.md").write_text(
            markdown_twin(path.read_text(encoding="utf-8")), encoding="utf-8"
        )
        index.append(f"- [{path.stem}]({path.stem}.md)")
    (pages / "index.md").write_text("\n".join(index) + "\n", encoding="utf-8")
    (root / "docs" / "index.md").write_text("# Archive\n\nGenerated games.\n", encoding="utf-8")
    (root / "mkdocs.yml").write_text(
        MKDOCS_YML.format(
            name="twin",
            theme=THEME,
            extra_nav="  - Games: records/index.md\n",
            plugins="",
        ),
        encoding="utf-8",
    )
    return root


def become_subreaper() -> bool:
    """Adopt orphaned descendants (Linux), so their CPU time is counted: a parallel
    build or ``validate -j`` starts its workers from a fork server, which outlives the
    command by a moment. False where that is not possible (not Linux)."""
    try:
        import ctypes

        ctypes.CDLL(None).prctl(36, 1, 0, 0, 0)  # PR_SET_CHILD_SUBREAPER
    except (OSError, AttributeError):
        return False
    return True


def reap_orphans() -> None:
    while True:
        try:
            os.waitpid(-1, 0)
        except ChildProcessError:
            return


#: CPU seconds (user + sys) of the last :func:`timed_build`, workers included.
last_cpu = 0.0


def timed_run(command: list[str], **run: Any) -> tuple[float, float]:
    """(CPU seconds of ``command``'s whole process tree, wall seconds); ``run`` goes to
    :func:`subprocess.run`. Call :func:`become_subreaper` once first."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, **run)
    wall = time.perf_counter() - start
    reap_orphans()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall


def timed_build(root: Path) -> float:
    """Seconds for ``mkdocs build`` of the site at ``root`` in a fresh process; its CPU
    time, the process tree's (a steadier figure on a shared machine), in ``last_cpu``."""
    global last_cpu
    become_subreaper()
    last_cpu, wall = timed_run(
        [sys.executable, "-m", "mkdocs", "build", "-q", "-f", str(root / "mkdocs.yml")],
        check=True,
        cwd=root,
    )
    return wall
