"""Every diagnostic code the package can emit is documented, and `kifuwiki codes` lists it."""

from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner

import kifuwiki
from kifuwiki.cli import cli
from kifuwiki.cli.codes import all_code_tables

PACKAGE = Path(kifuwiki.__file__).parent
CODE = re.compile(r"""["'](RF|PD|CT|KW|IM)(\d{3})["']""")


def test_every_code_in_the_source_is_documented() -> None:
    documented = {code for table in all_code_tables().values() for code in table}
    used = {
        prefix + digits
        for path in PACKAGE.rglob("*.py")
        for prefix, digits in CODE.findall(path.read_text(encoding="utf-8"))
    }
    assert used, "the pattern found no codes at all"
    assert sorted(used - documented) == []


def test_codes_are_unique_across_tables() -> None:
    seen: dict[str, str] = {}
    for section, table in all_code_tables().items():
        for code in table:
            assert code not in seen, f"{code} is in both {seen[code]} and {section}"
            seen[code] = section


def test_codes_command_filters_by_prefix() -> None:
    result = CliRunner().invoke(cli, ["codes", "rf"])
    assert result.exit_code == 0
    assert "RF003" in result.output
    assert "PD1" not in result.output
    markdown = CliRunner().invoke(cli, ["codes", "--markdown"])
    assert "| `CT1" in markdown.output


def test_the_demo_site_lists_every_code() -> None:
    page = Path(__file__).resolve().parents[2] / "site_src" / "diagnostics.md"
    markdown = CliRunner().invoke(cli, ["codes", "--markdown"]).output
    assert page.read_text(encoding="utf-8").endswith(markdown), (
        "site_src/diagnostics.md is out of date: regenerate its tables with "
        "`kifuwiki codes --markdown`"
    )
