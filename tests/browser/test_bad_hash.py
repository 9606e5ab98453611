"""A page opened with a malformed hash (``#%``) still works (issue 17, item 18)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from .conftest import serve
from .harness import harness_view, write_site

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    directory = tmp_path_factory.mktemp("bad-hash")
    write_site(directory, [(harness_view(), "")])
    with serve(directory) as url:
        yield url


@pytest.mark.parametrize("bad", ["#%", "#%E0%A4%A", "#m%"])
def test_a_malformed_hash_throws_nothing_and_the_viewer_still_steps(
    site: str, open_page: Any, bad: str
) -> None:
    page, problems = open_page(site + bad)
    page.wait_for_selector("#viewer .kw-controls")
    assert page.locator("#viewer").get_attribute("data-kw-current") == "0"
    page.evaluate("location.hash = '#%25%'")  # a hashchange to another malformed hash
    page.keyboard.press("ArrowRight")
    assert page.locator("#viewer").get_attribute("data-kw-current") == "1"
    assert problems.exceptions == [] and problems.console == []
