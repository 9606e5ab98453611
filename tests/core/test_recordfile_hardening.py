"""Hostile and legacy record files (issue 17, items 10–13, 16, 19): never a traceback."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from kifuwiki import archive
from kifuwiki.archive import iter_record_paths, load_file, load_text
from kifuwiki.cli import cli
from kifuwiki.core.diagnostics import Severity
from kifuwiki.core.recordfile import decode, split_record_file

PD_GAME = (
    "---\ngame: prime-daifugo\nrules: {{hand_size: 3}}\n{extra}---\nA:(223)\nB:(69A)\nA:223#\n"
)
CATAN_OMITTED = (
    "---\ngame: catan\norder: B Y\n{extra}---\n1 B: 6 | R\n1 Y: 8 |\n(中略)\n{after}"
    "9 B: 5 | S\n合計: B 10, Y 3\n"
)
JAPANESE = (
    "---\ngame: prime-daifugo\ntitle: 金剛戦 第一局\nrules: {hand_size: 3}\n---\n"
    "はち:(223)\nにし:(69A)\nはち:223#\n"
)


def codes(records: list[object]) -> list[str]:
    return [d.code for r in records for d in r.diagnostics]  # type: ignore[attr-defined]


# Encodings (item 19) ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("encoded", "name"),
    [
        (JAPANESE.encode("cp932"), "Shift_JIS (cp932)"),
        (JAPANESE.encode("euc_jp"), "EUC-JP"),
        (b"\xff\xfe" + JAPANESE.encode("utf-16-le"), "UTF-16 LE"),
        (b"\xfe\xff" + JAPANESE.encode("utf-16-be"), "UTF-16 BE"),
    ],
)
def test_legacy_encodings_are_read_with_one_warning_naming_them(encoded: bytes, name: str) -> None:
    text, diagnostics = decode(encoded, "old.kifu")
    assert text == JAPANESE
    (warning,) = diagnostics
    assert (warning.code, warning.severity) == ("RF005", Severity.WARNING)
    assert name in warning.message and name in warning.message_ja


def test_a_utf8_bom_is_silently_dropped() -> None:
    text, diagnostics = decode(b"\xef\xbb\xbf" + JAPANESE.encode(), "bom.kifu")
    assert (text, diagnostics) == (JAPANESE, [])


def test_bytes_no_encoding_reads_stay_one_utf8_error() -> None:
    text, diagnostics = decode(b"A:2\nB:\xff\xfe3\n", "bad.kifu")
    assert "\ufffd" in text
    assert [(d.code, d.line) for d in diagnostics] == [("RF001", 2)]


def test_a_cp932_record_loads_cleanly_and_fmt_write_saves_utf8(tmp_path: Path) -> None:
    path = tmp_path / "old.kifu"
    path.write_bytes(JAPANESE.encode("cp932"))
    (record,) = load_file(path)
    assert codes([record]) == ["RF005"]
    assert record.winner == "はち"
    check = CliRunner().invoke(cli, ["fmt", "--check", str(path)])
    assert check.exit_code == 1, check.output
    result = CliRunner().invoke(cli, ["fmt", "--write", str(path)])
    assert result.exit_code == 0, result.output
    assert "はち:(223)" in path.read_bytes().decode("utf-8")
    assert codes(load_file(path)) == []


# Numbers, nesting, dates (items 11–13) -------------------------------------------------


def test_a_5000_digit_number_in_front_matter_is_kept_as_text_with_a_warning() -> None:
    big = "9" * 5000
    for extra in (f"big: {big}\n", f"big: {big}\nlist: [1, 2]\n", f"extra: {{n: {big}}}\n"):
        (record,) = load_text(PD_GAME.format(extra=extra), "big.kifu")
        assert "RF006" in codes([record])
        assert record.winner == "A"
    (record,) = load_text(PD_GAME.format(extra=f"big: {big}\n"), "big.kifu")
    assert record.meta["big"] == big
    result = CliRunner().invoke(cli, ["validate", "--format", "json", "-"], input="")
    assert "Traceback" not in result.output


def test_deep_nesting_and_self_containing_front_matter_end_in_diagnostics() -> None:
    deep_flow = "deep: " + "{a: " * 100_000 + "1" + "}" * 100_000 + "\n"
    (record,) = load_text(PD_GAME.format(extra=deep_flow), "deep.kifu")
    assert "RF007" in codes([record])
    nested = "nested: " + "{a: " * 40 + "1" + "}" * 40 + "\n"
    (record,) = load_text(PD_GAME.format(extra=nested), "nested.kifu")
    assert "RF007" in codes([record])
    depth, value = 0, record.meta["nested"]
    while isinstance(value, dict):
        depth, value = depth + 1, value["a"]
    assert depth < 20
    cyclic = "loop: &a [1, *a]\n"
    (record,) = load_text(PD_GAME.format(extra=cyclic), "cycle.kifu")
    assert record.meta["loop"] == [1, None]
    assert "RF007" in codes([record])
    laughs = "a: &a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join([f'*{chr(97 + i)}'] * 10)}]\n" for i in range(8)
    )
    (record,) = load_text(PD_GAME.format(extra=laughs), "laughs.kifu")
    assert "RF007" in codes([record])


def test_an_impossible_date_is_kept_as_text() -> None:
    for extra in ("date: 2024-13-45\n", "date: 2024-02-30\nevent: [x]\n"):
        (record,) = load_text(PD_GAME.format(extra=extra), "date.kifu")
        assert isinstance(record.meta["date"], str)
        # kept, with a warning for each value of the wrong shape (front_matter_keys)
        assert codes([record]) == ["RF013"] * extra.count("\n")


def test_a_heading_with_a_huge_game_number_is_not_a_traceback() -> None:
    sources = split_record_file("# Game " + "9" * 5000 + "\nA:(2)\n")
    assert sources


def test_a_loader_bug_becomes_rf999_naming_the_file(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(_source: object) -> str:
        raise ValueError("boom")

    monkeypatch.setattr(archive, "game_for", broken)
    (record,) = load_text(PD_GAME.format(extra=""), "broken.kifu")
    (diagnostic,) = record.diagnostics
    assert (diagnostic.code, diagnostic.path) == ("RF999", "broken.kifu")
    assert "ValueError" in diagnostic.message and diagnostic.message_ja


# Acknowledged warnings (item 10) ------------------------------------------------------


def test_front_matter_accepts_a_warning_with_its_reason() -> None:
    plain = load_text(CATAN_OMITTED.format(extra="", after=""), "c.kifu")[0]
    assert [(d.code, d.severity) for d in plain.diagnostics] == [("CT224", Severity.WARNING)]
    assert plain.warnings == 1
    extra = "accept: {CT224: turns 2–8 are lost}\n"
    (record,) = load_text(CATAN_OMITTED.format(extra=extra, after=""), "c.kifu")
    (diagnostic,) = record.diagnostics
    assert diagnostic.acknowledged and diagnostic.severity is Severity.INFO
    assert diagnostic.message.endswith("(acknowledged: turns 2–8 are lost)")
    assert record.warnings == 0 and record.errors == 0
    for extra in ("accept: [CT224]\n", "accept: CT224\n", "accept: ct224, PD101\n"):
        (record,) = load_text(CATAN_OMITTED.format(extra=extra, after=""), "c.kifu")
        accepted = [d.acknowledged for d in record.diagnostics if d.code != "RF011"]
        assert accepted == [True]


def test_a_comment_line_accepts_the_warning_on_the_line_above_only() -> None:
    (record,) = load_text(
        CATAN_OMITTED.format(extra="", after="* accept: CT224 the sheet omits these\n"), "c.kifu"
    )
    (diagnostic,) = record.diagnostics
    assert diagnostic.acknowledged and "the sheet omits these" in diagnostic.message
    elsewhere = CATAN_OMITTED.format(extra="", after="").replace(
        "1 Y: 8 |\n", "1 Y: 8 |\n* accept: CT224\n"
    )
    (record,) = load_text(elsewhere, "c.kifu")
    # In reading order: the unused acceptance (line 7) before the gap it missed (line 8).
    assert [(d.code, d.line, d.acknowledged) for d in record.diagnostics] == [
        ("RF011", 7, False),
        ("CT224", 8, False),
    ]


def test_an_acceptance_that_matches_nothing_is_a_note_naming_its_line() -> None:
    """Like ruff's unused ``# noqa``: the record was fixed, the acceptance stayed."""
    text = CATAN_OMITTED.format(extra="accept: [CT224, PD101]\n", after="")
    (record,) = load_text(text, "c.kifu")
    (stale,) = [d for d in record.diagnostics if d.code == "RF011"]
    assert stale.severity is Severity.INFO and "PD101" in stale.message
    assert text.split("\n")[stale.line - 1].startswith("accept:")
    assert "PD101" in stale.message_ja
    assert record.warnings == 0
    # A comment-line acceptance points at its own comment line.
    elsewhere = CATAN_OMITTED.format(extra="", after="").replace(
        "1 Y: 8 |\n", "1 Y: 8 |\n* accept: CT224 old note\n"
    )
    (record,) = load_text(elsewhere, "c.kifu")
    (stale,) = [d for d in record.diagnostics if d.code == "RF011"]
    assert elsewhere.split("\n")[stale.line - 1] == "* accept: CT224 old note"
    # Used acceptances raise no note.
    (record,) = load_text(CATAN_OMITTED.format(extra="accept: CT224\n", after=""), "c.kifu")
    assert "RF011" not in [d.code for d in record.diagnostics]


def test_errors_cannot_be_accepted_and_junk_is_reported(tmp_path: Path) -> None:
    bad = CATAN_OMITTED.format(extra="accept: [CT101, not-a-code]\n", after="")
    bad = bad.replace("9 B: 5 | S", "9 Q: 5 | S")
    (record,) = load_text(bad, "c.kifu")
    errors = [d for d in record.diagnostics if d.severity is Severity.ERROR]
    assert errors and all(not d.acknowledged for d in errors)
    rf008 = [d.message for d in record.diagnostics if d.code == "RF008"]
    assert len(rf008) == 2
    assert any("not-a-code" in m for m in rf008) and any("CT101" in m for m in rf008)


def test_validate_strict_passes_on_acknowledged_warnings(tmp_path: Path) -> None:
    path = tmp_path / "c.kifu"
    path.write_text(CATAN_OMITTED.format(extra="", after=""), encoding="utf-8")
    assert CliRunner().invoke(cli, ["validate", "--strict", "-j", "1", str(path)]).exit_code == 1
    path.write_text(CATAN_OMITTED.format(extra="accept: [CT224]\n", after=""), encoding="utf-8")
    result = CliRunner().invoke(cli, ["validate", "--strict", "-j", "1", str(path)])
    assert result.exit_code == 0, result.output
    assert "info CT224" in result.output and "(acknowledged)" in result.output


def test_validate_strict_passes_on_the_demo_archive() -> None:
    records = Path(__file__).resolve().parents[2] / "records"
    result = CliRunner().invoke(cli, ["validate", "--strict", "-j", "1", str(records)])
    assert result.exit_code == 0, result.output


# Symbolic links (item 16) -------------------------------------------------------------


needs_symlinks = pytest.mark.skipif(os.name == "nt", reason="symlinks need privileges on Windows")


@needs_symlinks
def test_links_out_of_the_records_folder_and_loops_are_not_read(tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("password=hunter2\n", encoding="utf-8")
    records = tmp_path / "records" / "pd"
    records.mkdir(parents=True)
    (records / "real.kifu").write_text(PD_GAME.format(extra=""), encoding="utf-8")
    (records / "inside.kifu").symlink_to(records / "real.kifu")
    (records / "leak.kifu").symlink_to(secret)
    (records / "loop-a.kifu").symlink_to(records / "loop-b.kifu")
    (records / "loop-b.kifu").symlink_to(records / "loop-a.kifu")
    (records / "sub").symlink_to(records, target_is_directory=True)  # a folder loop
    problems: list = []  # type: ignore[type-arg]
    found = [p.name for p in iter_record_paths([tmp_path / "records"], problems)]
    assert found == ["inside.kifu", "real.kifu"]
    assert sorted((Path(d.path).name, d.code) for d in problems) == [
        ("leak.kifu", "RF009"),
        ("loop-a.kifu", "RF009"),
        ("loop-b.kifu", "RF009"),
    ]
    assert "outside" in next(d.message for d in problems if d.path.endswith("leak.kifu"))
    result = CliRunner().invoke(cli, ["validate", "-j", "1", str(tmp_path / "records")])
    assert "hunter2" not in result.output and "Traceback" not in result.output
    # validate names every file it did not read, and fails on it like on any error.
    assert result.exit_code == 1
    assert result.output.count("RF009") == 3
    assert "leak.kifu:1:1: error RF009" in result.output


@needs_symlinks
def test_the_site_build_reports_links_it_did_not_read(tmp_path: Path) -> None:
    from kifuwiki.sitebuild import BuildSettings, SiteBuild

    (tmp_path / "secret.txt").write_text("password=hunter2\n", encoding="utf-8")
    records = tmp_path / "records"
    records.mkdir()
    (records / "real.kifu").write_text(PD_GAME.format(extra=""), encoding="utf-8")
    (records / "leak.kifu").symlink_to(tmp_path / "secret.txt")
    build = SiteBuild()
    build.configure(BuildSettings(records_dir=records, base=tmp_path, jobs=1))
    try:
        build.prepare()
        assert [(Path(d.path or "").name, d.code) for d in build.skipped] == [
            ("leak.kifu", "RF009")
        ]
        assert [Path(r.path or "").name for r in build.records] == ["real.kifu"]
    finally:
        build.close()


def test_fmt_of_a_record_no_game_reads_says_why(tmp_path: Path) -> None:
    path = tmp_path / "r.kifu"
    path.write_text("---\ngame: chess\n---\n1. e4 e5\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["fmt", "--check", str(path)])
    assert result.exit_code == 1
    assert "cannot be formatted" in result.output
    assert f"{path}:2:1: error RF010 unknown game 'chess'" in result.output
