"""``kifuwiki import primeqk``: the primeqk 数譜 database (greenplus/primeqk_database) →
Prime Daifugo record files.

A match file (``data/match-details/*.json``) holds ``tournament``, ``season``,
``match_label`` and ``games[]``; each game has ``game_no``, the docx ``source`` it was
transcribed from (its name begins with the date as YYMMDD) and ``raw_block``: the
database's own header line (``### … | game N | … | start=…``) followed by the record in
the standard 数譜 dialect, which we keep exactly as written. :data:`IMPORTER` is what
the game offers through ``GameModule.importers``: a file importer with one option of its
own, ``--source-base``.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import click

from kifuwiki.core.diagnostics import Severity
from kifuwiki.games.prime_daifugo import GAME_ID
from kifuwiki.importers.issues import ImportIssue
from kifuwiki.importers.output import ImportedRecord, slugify
from kifuwiki.importers.run import FileImporter

#: Where the database's match files are published; ``--source-base`` may pin a commit.
DEFAULT_SOURCE_BASE = "https://github.com/greenplus/primeqk_database/blob/main/data/match-details/"

_HEADER = re.compile(r"^###\s.*\|\s*game\s+(?P<no>\d+)\s*\|")
_DATE = re.compile(r"^(?P<yy>\d{2})(?P<mm>\d{2})(?P<dd>\d{2})")


@dataclass(slots=True)
class MatchImport:
    path: Path
    records: list[ImportedRecord] = field(default_factory=list)
    issues: list[ImportIssue] = field(default_factory=list)


def date_of(source: str) -> dt.date | None:
    """``241026金剛戦数譜.docx`` → 2024-10-26."""
    match = _DATE.match(source)
    if match is None:
        return None
    try:
        return dt.date(2000 + int(match["yy"]), int(match["mm"]), int(match["dd"]))
    except ValueError:
        return None


def _text(value: Any) -> str:
    return "" if value is None else str(value).strip()


def import_match(path: Path, source_base: str = DEFAULT_SOURCE_BASE) -> MatchImport:
    """Every game of one match file; problems become issues, never exceptions."""
    result = MatchImport(path)
    label = path.as_posix()

    def issue(code: str, message: str, ja: str, severity: Severity = Severity.WARNING) -> None:
        result.issues.append(ImportIssue(severity, code, message, label, message_ja=ja))

    try:
        match = json.loads(path.read_bytes().decode("utf-8-sig"))
    except OSError as exc:
        issue(
            "IM004",
            f"cannot read the file: {exc.strerror or exc}",
            f"ファイルを読めません: {exc.strerror or exc}",
            Severity.ERROR,
        )
        return result
    except (UnicodeDecodeError, ValueError) as exc:
        issue(
            "IM004",
            f"not a JSON file ({exc})",
            f"JSON ファイルではありません（{exc}）",
            Severity.ERROR,
        )
        return result
    if not isinstance(match, dict) or not isinstance(match.get("games"), list):
        issue(
            "IM040",
            "not a primeqk match file: no 'games' list",
            "primeqk の対戦ファイルではありません（games の一覧がありません）",
            Severity.ERROR,
        )
        return result

    tournament, season = _text(match.get("tournament")), _text(match.get("season"))
    stage, match_label = _text(match.get("stage")), _text(match.get("match_label"))
    event = " ".join(part for part in (tournament, season) if part)
    match_name = " ".join(part for part in (event, stage, match_label) if part)
    match_id = _text(match.get("match_id")) or path.stem
    url = source_base + path.name

    for position, game in enumerate(match["games"], start=1):
        if not isinstance(game, dict) or not isinstance(game.get("raw_block"), str):
            issue(
                "IM040",
                f"game #{position} has no 'raw_block'; skipped",
                f"第 {position} 局に raw_block がありません。読み飛ばしました",
                Severity.ERROR,
            )
            continue
        number = game.get("game_no")
        game_no = number if isinstance(number, int) else position
        lines = game["raw_block"].replace("\r\n", "\n").replace("\r", "\n").split("\n")
        header = _HEADER.match(lines[0]) if lines else None
        if header is not None:
            lines = lines[1:]
            if int(header["no"]) != game_no:
                issue(
                    "IM041",
                    f"game {game_no}: its header says game {header['no']}; kept game_no",
                    f"第 {game_no} 局: 見出しは第 {header['no']} 局です。game_no を使いました",
                )
        else:
            issue(
                "IM041",
                f"game {game_no}: the first line is not a '### …' header; kept it",
                f"第 {game_no} 局: 最初の行が「### …」の見出しではありません。そのまま残しました",
            )
        source = _text(game.get("source"))
        date = date_of(source)
        if date is None:
            issue(
                "IM042",
                f"game {game_no}: source '{source}' does not begin with YYMMDD",
                f"第 {game_no} 局: source「{source}」が YYMMDD で始まっていません",
            )
        meta: dict[str, Any] = {
            "game": GAME_ID,
            "title": f"{match_name} 第{game_no}局" if match_name else f"第{game_no}局",
        }
        if event:
            meta["event"] = event
        if date is not None:
            meta["date"] = date
        meta["source"] = url
        record = ImportedRecord(
            game=GAME_ID,
            slug=f"{slugify(match_id, 'match')}-g{game_no:02d}",
            meta=meta,
            page=f"{label} game {game_no}",
            dated=False,  # the database is versioned by its commit, not by our import day
        )
        for line in lines:
            record.add(line.rstrip())
        result.records.append(record)
    if not result.records and not result.issues:
        issue("IM040", "the match file lists no games", "対戦ファイルに対局がありません")
    return result


HELP = "Import primeqk 数譜 database match files (data/match-details/*.json) or folders."

IMPORTER = FileImporter(
    "primeqk",
    HELP,
    "match file",
    import_match,
    options=(
        click.Option(
            ["--source-base"],
            default=DEFAULT_SOURCE_BASE,
            show_default=True,
            help="URL the match files are published under (pin a commit for stable links).",
        ),
    ),
    label="matches",
)
"""What the game offers (``GameModule.importers``): ``kifuwiki import primeqk PATHS…
[--source-base URL]``, each match file through :func:`import_match`."""
