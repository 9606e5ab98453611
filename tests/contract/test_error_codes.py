"""The codes a table declares always errors (each game's optional ``error_codes``, the
core's ``ERRORS``), proved against what kifuwiki and the games do.

An ``accept:`` naming a declared code gets RF008 even where the error does not occur
(``core/acknowledge.py``), so a warning declared an error would refuse an acceptance
that is right. Two witnesses, for every installed game (a plug-in too) and the core:

* the source (:mod:`tests.contract.severity_scan`): no declared code is reported at
  another severity anywhere, and every code reported only as an error is declared
  (a code reported at two severities is not declared; its table says why);
* a run over the demo records, every test fixture and the fuzz generators' records:
  no declared code is seen as a warning or a note, and every code seen only as an
  error is declared, or reported at another severity elsewhere in the source.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Mapping
from functools import cache
from pathlib import Path

import pytest
from tests.contract.severity_scan import Report, reports

import kifuwiki
from kifuwiki.archive import load_file, load_source, split_safely
from kifuwiki.code_tables import CodeSection, code_sections
from kifuwiki.core.diagnostics import Severity
from kifuwiki.core.recordfile import decode
from kifuwiki.games import all_games
from kifuwiki.games.base import declared_error_codes

KIFUWIKI = Path(kifuwiki.__file__).parent
ROOT = KIFUWIKI.parent.parent
#: Seeds per fuzz generator: enough to meet most codes, cheap enough for every run.
FUZZ_SEEDS = 100


def _checked_sections() -> dict[str, CodeSection]:
    """The tables whose reporting code can be read: the record files' and publishing's
    (kifuwiki's own source) and every game's. The importers' issues are rated by each
    importer and declare no code always an error."""
    return {s.title: s for s in code_sections() if s.title != "importers"}


SECTIONS = _checked_sections()


def _source_of(section: CodeSection) -> Path:
    game = next((g for g in all_games() if g.id == section.title), None)
    return Path(game.package_dir) if game is not None else KIFUWIKI


@cache
def _reports(title: str) -> tuple[Report, ...]:
    section = SECTIONS[title]
    return tuple(reports(_source_of(section), KIFUWIKI, section.prefixes))


def _severities(found: tuple[Report, ...]) -> dict[str, set[str]]:
    by_code: dict[str, set[str]] = defaultdict(set)
    for report in found:
        by_code[report.code].add(report.severity)
    return by_code


def test_every_built_in_game_declares_its_error_codes() -> None:
    for game in all_games():
        if type(game).__module__.startswith("kifuwiki."):
            assert isinstance(getattr(game, "error_codes", None), frozenset), game.id


@pytest.mark.parametrize("title", SECTIONS)
def test_declared_error_codes_are_codes_of_the_table(title: str) -> None:
    section = SECTIONS[title]
    assert section.errors <= set(section.codes), sorted(section.errors - set(section.codes))


def test_the_tables_take_a_games_declaration_as_it_reads() -> None:
    for game in all_games():
        assert SECTIONS[game.id].errors == declared_error_codes(game)


@pytest.mark.parametrize("title", SECTIONS)
def test_the_source_reports_no_declared_error_code_at_another_severity(title: str) -> None:
    section = SECTIONS[title]
    wrong = [r for r in _reports(title) if r.code in section.errors and r.severity != "error"]
    assert not wrong, f"declared always errors, but reported otherwise: {wrong}"


@pytest.mark.parametrize("title", SECTIONS)
def test_every_code_the_source_reports_only_as_an_error_is_declared(title: str) -> None:
    section = SECTIONS[title]
    by_code = _severities(_reports(title))
    only_errors = {code for code, severities in by_code.items() if severities == {"error"}}
    assert only_errors <= section.errors, (
        f"reported only as errors, not in the table's error codes: "
        f"{sorted(only_errors - section.errors)}"
    )


def _record_files() -> list[Path]:
    folders = [ROOT / "records", ROOT / "tests" / "example_game" / "site"]
    folders += [path for path in (ROOT / "tests").rglob("fixtures") if path.is_dir()]
    return sorted(
        {p for folder in folders for p in folder.rglob("*.kifu") if p.is_file()},
    )


@cache
def _seen() -> Mapping[str, frozenset[str]]:
    """Code → the severities it was reported at over the demo records, the fixtures and
    the fuzz generators' records (an acknowledged diagnostic counts as the warning it is)."""
    from tests.fuzz.generators import generators

    seen: dict[str, set[str]] = defaultdict(set)
    records = [record for path in _record_files() for record in load_file(path)]
    for name, generator in generators().items():
        for seed in range(FUZZ_SEEDS):
            text, decoded = decode(generator(random.Random(seed)), f"{name}-{seed}.kifu")
            sources = split_safely(text, f"{name}-{seed}.kifu")
            sources[0].diagnostics[:0] = decoded
            records += [load_source(source) for source in sources]
    for record in records:
        for d in record.diagnostics:
            severity = Severity.WARNING if d.acknowledged else d.severity
            seen[d.code].add(severity.value)
    return {code: frozenset(severities) for code, severities in seen.items()}


def test_the_run_meets_the_games_codes() -> None:
    """The run is a witness only where it meets codes: some of every game's, and a third
    of all of them (the source witness covers the rest)."""
    seen = _seen()
    met = {game.id: [code for code in game.codes if code in seen] for game in all_games()}
    assert all(met.values()), [game for game, codes in met.items() if not codes]
    assert 3 * sum(map(len, met.values())) >= sum(len(game.codes) for game in all_games())


@pytest.mark.parametrize("title", SECTIONS)
def test_the_run_sees_no_declared_error_code_as_a_warning_or_a_note(title: str) -> None:
    seen = _seen()
    errors = SECTIONS[title].errors
    wrong = {c: sorted(seen[c]) for c in errors if seen.get(c, {"error"}) - {"error"}}
    assert not wrong, f"declared always errors, but seen otherwise: {wrong}"


@pytest.mark.parametrize("title", SECTIONS)
def test_every_code_the_run_sees_only_as_an_error_is_declared_or_mixed(title: str) -> None:
    section = SECTIONS[title]
    seen = _seen()
    mixed = {code for code, s in _severities(_reports(title)).items() if s != {"error"}}
    only_errors = {c for c in section.codes if seen.get(c) == frozenset({"error"})}
    missing = only_errors - section.errors - mixed
    assert not missing, f"seen only as errors, not declared: {sorted(missing)}"
