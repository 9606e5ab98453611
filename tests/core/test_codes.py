"""Every diagnostic code the package can emit is documented, in both languages, and
`kifuwiki codes` lists it. The prefixes come from the registry, not from this file."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

import kifuwiki
from kifuwiki.cli import cli
from kifuwiki.cli.codes import all_code_tables, code_prefixes, code_sections

PACKAGE = Path(kifuwiki.__file__).parent
ROOT = Path(__file__).resolve().parents[2]


def _code_pattern() -> re.Pattern[str]:
    prefixes = "|".join(sorted(code_prefixes()))
    return re.compile(rf"""["']({prefixes})(\d{{3}})["']""")


def test_prefixes_come_from_the_registry() -> None:
    prefixes = code_prefixes()
    assert {"RF", "KW", "IM"} <= set(prefixes)
    assert {"PD", "CT"} <= set(prefixes)  # the built-in games' own
    assert len(prefixes) == len(set(prefixes)), "two sections claim one prefix"


def test_every_code_in_the_source_is_documented() -> None:
    documented = {code for table in all_code_tables().values() for code in table}
    pattern = _code_pattern()
    used = {
        prefix + digits
        for path in PACKAGE.rglob("*.py")
        for prefix, digits in pattern.findall(path.read_text(encoding="utf-8"))
    }
    assert used, "the pattern found no codes at all"
    assert sorted(used - documented) == []


def test_every_code_starts_with_its_sections_prefix() -> None:
    for section in code_sections():
        for code in section.codes:
            assert code.startswith(section.prefixes), (section.title, code)


def test_codes_are_unique_across_tables() -> None:
    seen: dict[str, str] = {}
    for section, table in all_code_tables().items():
        for code in table:
            assert code not in seen, f"{code} is in both {seen[code]} and {section}"
            seen[code] = section


@pytest.mark.parametrize("title", [s.title for s in code_sections()])
def test_every_code_has_english_and_japanese(title: str) -> None:
    (section,) = [s for s in code_sections() if s.title == title]
    assert set(section.codes_ja) - set(section.codes) == set(), "Japanese only"
    assert sorted(set(section.codes) - {c for c, t in section.codes_ja.items() if t}) == []


def test_codes_command_filters_by_prefix_and_speaks_both_languages() -> None:
    result = CliRunner().invoke(cli, ["codes", "rf"])
    assert result.exit_code == 0
    assert "RF003" in result.output
    assert "PD1" not in result.output
    assert "not valid YAML" in result.output
    japanese = CliRunner().invoke(cli, ["codes", "RF", "--lang", "ja"])
    assert "正しい YAML ではない" in japanese.output
    markdown = CliRunner().invoke(cli, ["codes", "--markdown"])
    assert "| `CT1" in markdown.output


def test_the_demo_site_lists_every_code_in_its_language() -> None:
    page = ROOT / "site_src" / "diagnostics.md"
    args = ["codes", "--markdown", "--lang", "ja", "--built-in"]
    markdown = CliRunner().invoke(cli, args).output
    assert "### prime-daifugo" in markdown and "### nim" not in markdown
    assert page.read_text(encoding="utf-8").endswith(markdown), (
        "site_src/diagnostics.md is out of date: regenerate its tables with "
        "`kifuwiki codes --markdown --lang ja --built-in`"
    )


def test_codes_errors_lists_only_the_codes_that_are_always_errors() -> None:
    result = CliRunner().invoke(cli, ["codes", "--errors"])
    assert result.exit_code == 0, result.output
    listed = {line.split()[0] for line in result.output.splitlines() if line[:1] != "#"}
    assert listed == {code for s in code_sections() for code in s.errors}
    assert {"RF003", "PD001", "KW002"} <= listed and not {"RF011", "PD162", "CT224"} & listed
    plain = CliRunner().invoke(cli, ["codes", "RF003"]).output
    assert CliRunner().invoke(cli, ["codes", "--errors", "RF003"]).output == plain
    markdown = CliRunner().invoke(cli, ["codes", "--errors", "--markdown", "PD1"]).output
    assert "| `PD110` |" in markdown and "PD100" not in markdown


def test_codes_errors_says_when_a_prefix_has_none() -> None:
    result = CliRunner().invoke(cli, ["codes", "--errors", "IM"])
    assert result.exit_code == 0
    assert "no code starting with 'IM' is always an error" in result.output
