"""``kifuwiki validate`` on Prime Daifugo records: the JSON contract, text, GitHub, exit codes."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from tests.prime_daifugo.shared_data import corpus_dir

from kifuwiki.cli import cli

CORPUS = corpus_dir()

GOOD = """---
game: prime-daifugo
title: 練習試合
---
はち:(QT338647JA9)
nishimura:(T77TJK4X3KA)
はち:D(Q)987463
* A six-card lead.
nishimura:XKKTTJ|X=K
はち:%
nishimura:747A3#
"""

# Line 7: 221 accepted (error); line 8: a follow out of turn (error); hands of 7 (warnings).
BAD = """---
title: 間違いのある棋譜
---
a:(22A3457)
b:(2345TJQ)
a:22A
a:457
"""

WARN_ONLY = "a:(23457)\nb:(2345J)\na:7\nb:J\na:%\nb:2\n"


@pytest.fixture
def records(tmp_path: Path) -> Path:
    folder = tmp_path / "records" / "prime-daifugo"
    folder.mkdir(parents=True)
    (folder / "good.kifu").write_text(GOOD, encoding="utf-8")
    (folder / "bad.kifu").write_text(BAD, encoding="utf-8")
    return tmp_path / "records"


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["validate", "-j", "1", *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.output


def test_json_contract(records: Path) -> None:
    code, output = run(str(records), "--format", "json")
    assert code == 1
    report = json.loads(output)
    assert set(report) == {"games", "files", "errors", "warnings"}
    assert report["files"] == 2
    bad, good = report["games"]  # files in a stable (sorted) order
    assert set(good) == {
        "path",
        "index",
        "game",
        "title",
        "players",
        "first_player",
        "winner",
        "ranking",
        "moves",
        "errors",
        "warnings",
        "diagnostics",
    }
    assert good["path"].endswith("records/prime-daifugo/good.kifu")
    assert good | {"path": None} == {
        "path": None,
        "index": 1,
        "game": "prime-daifugo",
        "title": "練習試合",
        "players": ["はち", "nishimura"],
        "first_player": "はち",
        "winner": "nishimura",
        "ranking": ["nishimura", "はち"],
        "moves": 4,
        "errors": 0,
        "warnings": 0,
        "diagnostics": [],
    }
    assert bad["winner"] is None and bad["ranking"] == [] and bad["moves"] == 2
    assert bad["errors"] == 2 and bad["warnings"] == 2
    assert [(d["severity"], d["code"], d["line"]) for d in bad["diagnostics"]] == [
        ("warning", "PD123", 4),
        ("warning", "PD123", 5),
        ("error", "PD132", 6),
        ("error", "PD110", 7),
    ]
    first = bad["diagnostics"][0]
    assert set(first) == {"severity", "code", "message", "message_ja", "line", "column"}
    assert first["column"] == 4  # the hand, after "a:("
    assert report["errors"] == 2 and report["warnings"] == 2


def test_text_format(records: Path) -> None:
    code, output = run(str(records))
    assert code == 1
    lines = output.strip().splitlines()
    pattern = re.compile(r"^(?P<path>.+\.kifu):(\d+):(\d+): (error|warning|info) (PD\d{3}) .+$")
    assert all(pattern.match(line) for line in lines[:-1]), lines
    assert any(
        line.endswith(
            ":6:3: error PD132 221 = 13 × 17 is not prime, but the play was not penalised"
        )
        for line in lines
    )
    assert lines[-1] == "2 file(s), 2 error(s), 2 warning(s)"


def test_github_format(records: Path) -> None:
    code, output = run(str(records), "--format", "github")
    assert code == 1
    annotations = [line for line in output.splitlines() if line.startswith("::")]
    assert len(annotations) == 4
    assert any(
        re.match(r"^::error file=.*bad\.kifu,line=7,col=3,title=PD110::PD110 it is b", line)
        for line in annotations
    )
    assert all(re.match(r"^::(error|warning) file=[^,]+,line=\d+,col=\d+", a) for a in annotations)


def test_warnings_fail_only_with_strict(tmp_path: Path) -> None:
    path = tmp_path / "warn.kifu"
    path.write_text(WARN_ONLY, encoding="utf-8")
    assert run(str(path))[0] == 0
    assert run(str(path), "--strict")[0] == 1


def test_a_missing_path_is_a_usage_error(tmp_path: Path) -> None:
    code, output = run(str(tmp_path / "nowhere"))
    assert code == 2
    assert "does not exist" in output


def test_a_record_that_is_not_utf8_is_an_error_not_a_crash(tmp_path: Path) -> None:
    path = tmp_path / "prime-daifugo" / "broken.kifu"
    path.parent.mkdir()
    path.write_bytes(GOOD.encode("utf-8").replace("はち".encode(), b"\xff\xfe", 1))
    code, output = run(str(path), "--format", "json")
    assert code == 1
    report = json.loads(output)
    assert "RF001" in [d["code"] for d in report["games"][0]["diagnostics"]]


@pytest.mark.skipif(not CORPUS.is_dir(), reason="the shared corpus is not here")
def test_python_dash_m_on_the_corpus(tmp_path: Path) -> None:
    """Once as a real process, with the default worker processes, on all 448 real games."""
    result = subprocess.run(
        [sys.executable, "-m", "kifuwiki", "validate", str(CORPUS), "--format", "json"],
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=False,
        cwd=tmp_path,
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["files"] == 448 and report["errors"] == 0 and report["warnings"] == 2
    assert len(report["games"]) == 448
    expected = {}
    with (CORPUS / "expected.jsonl").open(encoding="utf-8") as lines:
        for line in lines:
            game = json.loads(line)
            expected[game["file"]] = game["winner"]
    assert {Path(g["path"]).name: g["winner"] for g in report["games"]} == expected


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("", "1:1"),  # an empty file (a failed save)
        ("\n\n", "1:1"),
        ("---\ntitle: only front matter\n---\n", "3:1"),  # the closing ---
        ("---\ngame: prime-daifugo\n---\n\n* a comment, no moves\n", "5:1"),
        ("a:(22A3457)\nb:(2345TJQ)\n", "1:1"),  # players and hands, no move
    ],
)
def test_a_record_with_no_moves_is_an_error(tmp_path: Path, text: str, where: str) -> None:
    """Review 12, F-EMPTY-1: an empty or front-matter-only record failed no check and
    was published as a blank page; like the other games (CT123, DZ010), it is an error."""
    folder = tmp_path / "records" / "prime-daifugo"
    folder.mkdir(parents=True)
    (folder / "empty.kifu").write_text(text, encoding="utf-8")
    code, out = run("--lang", "en", str(tmp_path / "records"))
    assert code == 1, out
    assert f"empty.kifu:{where}: error PD017 this record has no moves" in out
    code, out = run("--lang", "ja", str(tmp_path / "records"))
    assert f"empty.kifu:{where}: error PD017 手の行が1つもありません" in out


def test_an_empty_game_of_a_record_file_is_an_error(tmp_path: Path) -> None:
    folder = tmp_path / "records" / "prime-daifugo"
    folder.mkdir(parents=True)
    (folder / "two.kifu").write_text(GOOD + "# Game 2\n* only a comment\n", encoding="utf-8")
    code, out = run("--lang", "en", str(tmp_path / "records"))
    # At the game's heading, line 13.
    assert code == 1 and "two.kifu:13:1: error PD017" in out, out
    assert out.count("PD017") == 1


def test_a_huge_play_is_quoted_cut_to_a_readable_length(tmp_path: Path) -> None:
    """Review 12, F-CLI-1: a 200,000-digit play made a 200 KB PD120 message."""
    path = tmp_path / "huge.kifu"
    path.write_text(
        "---\ngame: prime-daifugo\n---\nA:(223)\nB:(69A)\nA:223" + "9" * 200_000 + "#\n",
        encoding="utf-8",
    )
    for lang in ("en", "ja"):
        code, out = run("--lang", lang, str(path))
        assert code == 1 and len(out) < 2_000, len(out)
        (line,) = [line for line in out.splitlines() if "PD120" in line]
        assert "9" * 39 + "…" in line and "9" * 40 not in line.split("(")[0]


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ("A:223" + "Z" * 5_000 + "#\n", "PD001"),  # a move the parser cannot read
        ("A:223#\n" + "x" * 5_000 + "\n", "PD002"),  # a line that is not a move
    ],
)
def test_parser_messages_quote_a_long_move_cut(tmp_path: Path, body: str, code: str) -> None:
    path = tmp_path / "long.kifu"
    path.write_text("---\ngame: prime-daifugo\n---\nA:(223)\nB:(69A)\n" + body, encoding="utf-8")
    for lang in ("en", "ja"):
        _, out = run("--lang", lang, str(path))
        (line,) = [line for line in out.splitlines() if code in line]
        assert len(line) < 300 and "…" in line, line[:300]


def test_quote_keeps_short_text_and_cuts_long_text_with_an_ellipsis() -> None:
    from kifuwiki.games.prime_daifugo.codes import quote

    assert quote("987463") == "987463"
    assert quote("9" * 40) == "9" * 40
    assert quote("9" * 41) == "9" * 39 + "…" and len(quote("9" * 41)) == 40
    assert quote(12345, 4) == "123…"
