"""``kifuwiki fmt``: write records back in canonical form."""

from __future__ import annotations

import os
import sys
from dataclasses import replace
from pathlib import Path

import click

from kifuwiki.archive import iter_record_paths, load_file, load_source
from kifuwiki.core.atomic import atomic_write_text
from kifuwiki.core.diagnostics import Diagnostic, Severity
from kifuwiki.core.recordfile import (
    LineKind,
    RecordSource,
    SourceLine,
    kanji_heading,
    read_text,
)
from kifuwiki.games import all_games, get_game
from kifuwiki.games.base import GameRecord


def _retarget_notation(front_matter: list[str], dialect: str | None) -> list[str]:
    """With ``--to``, a front matter ``notation:`` line must name the new dialect, or the
    written text would be read back in the old one."""
    if dialect is None:
        return front_matter
    return [
        f"notation: {dialect}" if line.startswith("notation:") else line for line in front_matter
    ]


def format_records(records: list[GameRecord], dialect: str | None) -> str:
    """The canonical text of a whole record file: its front matter as written, then games."""
    if not records:
        return ""
    source = records[0].source
    lines = source.file_text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    parts: list[str] = []
    has_front_matter = False
    if lines and lines[0].strip() == "---":
        for end in range(1, len(lines)):
            if lines[end].strip() in ("---", "..."):
                parts.append("\n".join(_retarget_notation(lines[: end + 1], dialect)))
                has_front_matter = True
                break
    # Headings with no game under them (RF014) are written back where they stood.
    for record in records:
        _check_dialect(record, dialect)
        if record.data is None:
            # Say why: the error that stopped the game from loading (RF010, RF000 …).
            errors = [d for d in record.diagnostics if d.severity is Severity.ERROR]
            reason = f"\n{errors[-1].format_text()}" if errors else ""
            raise click.ClickException(
                f"{record.path}: game {record.index} cannot be read, so it cannot be "
                f"formatted{reason}"
            )
        parts.extend(record.source.headings_before)
        if len(records) > 1:
            heading: str | None = record.source.heading or kanji_heading(record.index)
        else:
            # A lone game's heading stays as written: it is the user's line, and its text
            # after the number may say something (``1セット目:先手あ``; heading_rest).
            heading = record.source.heading
        above = _above_heading(record.source) if heading is not None else []
        if above:
            # Comments written above the file's first heading stay above it: the game
            # (whose view shows them) is written from the lines under the heading.
            source = replace(record.source, lines=_under_heading(record.source), diagnostics=[])
            under = load_source(source)
            if under.data is not None:  # else (never seen) all of it under the heading
                parts.append("\n".join(line.text for line in above))
                record = under
        body = get_game(record.game).format(record, dialect).rstrip("\n")
        parts.append(body if heading is None else f"{heading}\n{body}")
        parts.extend(record.source.headings_after)
    text = "\n".join(parts) + "\n"
    if not has_front_matter and text.split("\n", 1)[0].strip() == "---":
        # A body that starts with '---' would be read back as front matter: an empty
        # front matter block in front keeps the file meaning what it meant.
        text = "---\n---\n" + text
    return text


def _above_heading(source: RecordSource) -> list[SourceLine]:
    """The comment lines a game holds from above its heading (the file's first: its
    note on the whole file), with the blank lines between them but none around them;
    ``[]`` when there are only blank lines there."""
    if source.heading_line is None:
        return []
    above = [line for line in source.lines if line.number < source.heading_line]
    written = [i for i, line in enumerate(above) if line.kind is not LineKind.BLANK]
    return above[written[0] : written[-1] + 1] if written else []


def _under_heading(source: RecordSource) -> list[SourceLine]:
    heading_line = source.heading_line or 0
    return [line for line in source.lines if line.number > heading_line]


def _check_dialect(record: GameRecord, dialect: str | None) -> None:
    """``--to`` must name one of the record's game's notations."""
    if dialect is None or record.data is None:
        return
    dialects = get_game(record.game).dialects
    if dialect not in dialects:
        raise click.UsageError(
            f"{record.path}: {record.game} records are written in {', '.join(dialects)}, "
            f"not '{dialect}'"
        )


def _known_dialect(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """``--to``: a notation some installed game writes (which fits is checked per record)."""
    if value is None:
        return None
    if value not in {dialect for game in all_games() for dialect in game.dialects}:
        per_game = "; ".join(f"{game.id}: {', '.join(game.dialects)}" for game in all_games())
        raise click.BadParameter(f"'{value}' is no game's notation ({per_game})")
    return value


@click.command("fmt")
@click.argument("files", nargs=-1, required=True, type=click.Path(exists=True, path_type=Path))
@click.option(
    "--to",
    "dialect",
    metavar="DIALECT",
    default=None,
    callback=_known_dialect,
    help="Notation to write (each game names its own: `kifuwiki games`). "
    "Default: the record's own.",
)
@click.option("-w", "--write", is_flag=True, help="Rewrite the files in place (atomically).")
@click.option("--check", is_flag=True, help="Exit 1 if a file is not in canonical form.")
def fmt_command(files: tuple[Path, ...], dialect: str | None, write: bool, check: bool) -> None:
    """Write FILES (record files or folders) back in canonical form (to standard
    output unless --write). A folder stands for the record files under it: the files
    `kifuwiki validate` reads there, in the same order."""
    unformatted = 0
    found = 0
    problems: list[Diagnostic] = []  # links out of a folder, pipes: skipped, as validate does
    for path in iter_record_paths(files, problems):
        _say(problems)
        found += 1
        records = load_file(path)
        text = format_records(records, dialect)
        original, legacy_encoding = read_text(path)  # a cp932/UTF-16 file is rewritten as UTF-8
        if check:
            if text != original or legacy_encoding:
                unformatted += 1
                click.echo(f"would reformat {path}", err=True)
        elif write:
            if text != original or legacy_encoding:
                # Through a symbolic link to the file it names: renamed over, the link
                # became a copy and the record it pointed to stayed as it was.
                atomic_write_text(Path(os.path.realpath(path)), text)
                click.echo(f"reformatted {path}", err=True)
        else:
            sys.stdout.write(text)
    _say(problems)
    if not found:
        click.echo("note: no record files (*.kifu) were found in the given paths", err=True)
    sys.exit(1 if unformatted else 0)


def _say(problems: list[Diagnostic]) -> None:
    """The entries a folder walk skipped (RF009, RF012), on stderr, once each."""
    for problem in problems:
        click.echo(problem.format_text(), err=True)
    problems.clear()
