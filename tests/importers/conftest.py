"""Shared helpers for the importer tests: fixture folders and golden comparisons."""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Callable, Iterable
from pathlib import Path

import pytest

from kifuwiki.importers.issues import ImportIssue
from kifuwiki.importers.output import ImportedRecord

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
#: Golden files carry this import date, so they never depend on the day the tests run.
GOLDEN_DATE = dt.date(2026, 1, 2)
UPDATE = os.environ.get("KIFUWIKI_UPDATE_GOLDEN") == "1"

Golden = Callable[[Path, Iterable[ImportedRecord], Iterable[ImportIssue]], None]


def _compare(expected_dir: Path, actual: dict[str, str]) -> None:
    if UPDATE:
        for old in expected_dir.rglob("*"):
            if old.is_file() and old.relative_to(expected_dir).as_posix() not in actual:
                old.unlink()
        for name, text in actual.items():
            target = expected_dir / name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
        return
    expected = {
        path.relative_to(expected_dir).as_posix(): path.read_text(encoding="utf-8")
        for path in expected_dir.rglob("*")
        if path.is_file()
    }
    assert sorted(actual) == sorted(expected), "different files than the golden folder"
    for name, text in actual.items():
        assert text == expected[name], f"{name} differs from its golden file"


@pytest.fixture
def golden() -> Golden:
    """Compare records (rendered with GOLDEN_DATE) and issue lines with a golden folder."""

    def check(
        expected_dir: Path, records: Iterable[ImportedRecord], issues: Iterable[ImportIssue]
    ) -> None:
        records = list(records)
        lines = [issue.format_text() for issue in issues]
        lines += [issue.format_text() for record in records for issue in record.issues()]
        actual = {record.relative_path: record.render(GOLDEN_DATE) for record in records}
        actual["issues.txt"] = "".join(f"{line}\n" for line in lines)
        _compare(expected_dir, actual)

    return check
