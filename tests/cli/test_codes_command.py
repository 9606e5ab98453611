"""``kifuwiki codes PREFIX``: a prefix no code has is said, not an empty list and 0."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from kifuwiki.cli import cli


@pytest.mark.parametrize("args", [["ZZ"], ["ZZ", "--markdown"], ["PD9999"]])
def test_a_prefix_no_code_has_is_a_usage_error_that_lists_the_prefixes(args: list[str]) -> None:
    result = CliRunner().invoke(cli, ["codes", *args])
    assert result.exit_code == 2, result.output
    assert f"no code starts with '{args[0]}'" in result.output
    assert "RF, " in result.output and "PD" in result.output


def test_a_known_prefix_in_any_case_still_lists_its_codes() -> None:
    result = CliRunner().invoke(cli, ["codes", "rf00"])
    assert result.exit_code == 0, result.output
    assert "RF001" in result.output
