"""``kifuwiki validate`` without click prints exactly what the click command prints.

``kifuwiki.cli.main`` reads a plain ``validate`` command line itself (``cli/fast.py``:
click's import is ~18 ms of every start-up) and hands anything else to click. Each
command line below runs in fresh processes both ways, through ``main`` and through
the click group alone; stdout, stderr and the exit code must be the same bytes, and
the plain ones must not have imported click (the others must have).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from kifuwiki.cli.fast import parse_validate

GOOD = "---\ngame: prime-daifugo\ntitle: t\n---\na:(7)\nb:(K)\na:7#\n"
BROKEN = "---\ngame: prime-daifugo\ntitle: [broken\n---\na:(7)\nb:7\na:Z#\nc:%\n"
#: ``main`` (fast path when it can) or the click group alone; then whether click was
#: imported, after a marker on stderr.
MARK = "\n--click-imported:"
RUN = """
import atexit, sys
atexit.register(lambda: sys.stderr.write({mark!r} + str('click' in sys.modules)))
sys.argv = ["kifuwiki", *sys.argv[1:]]
if {via_click}:
    from kifuwiki.cli.app import cli
    cli(prog_name="kifuwiki")
else:
    from kifuwiki.cli import main
    main()
"""

PLAIN = [
    ["a.kifu"],
    ["--format", "json", "-j", "1", "a.kifu", "broken.kifu"],
    ["--format=github", "-j1", "--strict", "broken.kifu"],
    ["-j", "2", "--lang", "ja", "records"],
    ["--shard", "1/2", "--jobs=1", "--format", "json", "records"],
    ["--lang=en", "broken.kifu", "--format", "text", "a.kifu"],  # options after paths
    ["--strict", "a.kifu"],
    ["--no-config", "--strict", "a.kifu"],
    [],  # ./records
]
FOR_CLICK = [
    ["--help"],
    ["-h"],
    ["-j=2", "a.kifu"],
    ["--format", "xml", "a.kifu"],
    ["missing.kifu"],
    ["--", "a.kifu"],
    ["--strict", "--strict", "a.kifu"],
    ["--shard", "3/2", "a.kifu"],
    ["-j", "-1", "a.kifu"],
    ["--jobs"],
    ["--lang", "JA", "a.kifu"],
    ["--format", "json", "--format", "text", "a.kifu"],
    ["-x", "a.kifu"],
    ["--strict=yes", "a.kifu"],
    ["--no-config", "--no-config", "a.kifu"],
    ["-f", "mkdocs.yml", "a.kifu"],
    ["--config-file=site.yml", "a.kifu"],
]


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("fast")
    (root / "a.kifu").write_text(GOOD, encoding="utf-8")
    (root / "broken.kifu").write_text(BROKEN, encoding="utf-8")
    (root / "records").mkdir()
    for index in range(6):
        (root / "records" / f"r{index}.kifu").write_text(
            GOOD if index % 2 else BROKEN, encoding="utf-8"
        )
    (root / "empty").mkdir()
    return root


def _run(
    args: list[str], cwd: Path, via_click: bool, env: dict[str, str] | None = None
) -> tuple[bytes, str, int, bool]:
    script = RUN.format(mark=MARK, via_click=via_click)
    result = subprocess.run(
        [sys.executable, "-c", script, "validate", *args],
        cwd=cwd,
        capture_output=True,
        timeout=120,
        check=False,
        env={**os.environ, "LANG": "C.UTF-8", **(env or {})},
    )
    stderr, _, imported = result.stderr.decode().rpartition(MARK)
    return result.stdout, stderr, result.returncode, imported == "True"


def _same_both_ways(args: list[str], cwd: Path, env: dict[str, str] | None = None) -> bool:
    fast = _run(args, cwd, via_click=False, env=env)
    click = _run(args, cwd, via_click=True, env=env)
    assert fast[:3] == click[:3], args
    assert click[3]
    return not fast[3]


@pytest.mark.parametrize("args", PLAIN, ids=" ".join)
def test_a_plain_command_line_runs_without_click_and_prints_the_same(
    args: list[str], folder: Path
) -> None:
    assert _same_both_ways(args, folder)


@pytest.mark.parametrize("args", FOR_CLICK, ids=" ".join)
def test_anything_else_is_left_to_click(args: list[str], folder: Path) -> None:
    assert parse_validate(args) is None
    assert not _same_both_ways(args, folder)


def test_a_site_config_goes_to_click_unless_no_config(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The site's kifuwiki options are read by the click command (cli/validate.py)."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a.kifu").write_text(GOOD, encoding="utf-8")
    assert parse_validate(["a.kifu"]) is not None
    (tmp_path / "mkdocs.yml").write_text("site_name: x\n", encoding="utf-8")
    assert parse_validate(["a.kifu"]) is None
    assert parse_validate(["--no-config", "a.kifu"]) is not None


def test_no_records_folder_ascii_streams_and_completion_go_to_click(folder: Path) -> None:
    assert not _same_both_ways([], folder / "empty")  # click's usage error
    ascii_out = {"PYTHONIOENCODING": "ascii"}
    assert not _same_both_ways(["--lang", "en", "a.kifu"], folder, ascii_out)
    completion = {"_KIFUWIKI_COMPLETE": "bash_complete", "COMP_WORDS": "kifuwiki validate --f",
                  "COMP_CWORD": "2"}  # fmt: skip
    assert not _same_both_ways(["a.kifu"], folder, completion)


def test_a_closed_pipe_ends_both_ways_alike(folder: Path) -> None:
    many = folder / "many"
    many.mkdir()
    for index in range(400):  # a JSON report far larger than a pipe's buffer
        (many / f"g{index:03}.kifu").write_text(GOOD, encoding="utf-8")
    outcomes = []
    for via_click in (False, True):
        script = RUN.format(mark=MARK, via_click=via_click)
        process = subprocess.Popen(
            [sys.executable, "-c", script, "validate", "-j", "1", "--format", "json", "many"],
            cwd=folder,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        assert process.stdout is not None and process.stderr is not None
        process.stdout.read(100)
        process.stdout.close()
        stderr = process.stderr.read().decode()
        outcomes.append((process.wait(timeout=120), stderr.rpartition(MARK)[0]))
    assert outcomes[0] == outcomes[1]
    assert outcomes[0][0] == 1  # as click reports a closed pipe


def test_the_parse_reads_what_click_reads(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    parsed = parse_validate(["-j3", "--strict", "--shard=2/4", "--lang", "ja", "."])
    assert parsed is not None
    assert (parsed.jobs, parsed.strict, parsed.lang, parsed.output_format) == (
        3,
        True,
        "ja",
        "text",
    )
    assert parsed.shard is not None and (parsed.shard.number, parsed.shard.count) == (2, 4)
    assert parsed.paths == (".",)


@pytest.mark.parametrize(
    "given", [["."], ["./records/", "a//b.kifu", "a/./b.kifu"], ["/", "//", "r/..", "../x/./"]]
)
def test_the_paths_are_the_click_paths_as_text(
    given: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """click hands ``Path`` objects on; the fast path the same paths as their text
    (``kifuwiki.core.paths.posix_path_text``: no pathlib imported)."""
    for folder in ("x/records", "x/a", "x/r"):
        (tmp_path / folder).mkdir(parents=True)
    (tmp_path / "x" / "a" / "b.kifu").write_text(GOOD, encoding="utf-8")
    monkeypatch.chdir(tmp_path / "x")
    parsed = parse_validate(given)
    assert parsed is not None
    assert parsed.paths == tuple(str(Path(text)) for text in given)


def test_the_fast_path_knows_exactly_the_click_commands_options() -> None:
    """An option added to (or a default changed in) the click command must be taught
    to ``cli/fast.py`` too; until then this fails, instead of the fast path quietly
    handing such command lines to click or reading them with an old default."""
    from dataclasses import fields

    import click

    from kifuwiki.cli.fast import FastArgs
    from kifuwiki.cli.validate import validate_command

    context = click.Context(validate_command)
    options = {
        param.name: (sorted(param.opts), param.get_default(context))
        for param in validate_command.params
        if param.name != "paths"
    }
    assert options == {
        "output_format": (["--format"], "text"),
        "strict": (["--strict"], False),
        "jobs": (["--jobs", "-j"], 0),
        "lang": (["--lang"], None),
        "shard": (["--shard"], None),
        # Read by the fast path as "no site config to read", else left to click.
        "config_file": (["--config-file", "-f"], None),
        "no_config": (["--no-config"], False),
    }
    defaults = {f.name: f.default for f in fields(FastArgs) if f.name != "paths"}
    click_only = ("config_file", "no_config")
    assert defaults == {n: default for n, (_, default) in options.items() if n not in click_only}
