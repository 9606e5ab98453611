"""What a screen reader says for the focusable scrollers and the regions of a record page,
as chromium computes it (its accessibility tree, through the DevTools protocol), on one
record page of each game of the demo site and a player's page, built in Japanese and in
English.

Every element kifuwiki made focusable (``tabindex="0"``: tables and boards that scroll
sideways on a phone) and every region has a non-empty name, in the page's language, and
a focusable box says what it is (a table, a region; not a bare ``generic``). The page is
opened without the site's scripts and with every position open, so every step's copy
is in the tree (a closed ``<details>`` hides its content from it).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from tests.browser.conftest import serve
from tests.browser.game_site import build_demo_site
from tests.browser.test_keyboard_review import RECORDS

pytestmark = [pytest.mark.browser, pytest.mark.slow]

#: A player's page: a table of their figures per game.
PLAYER = "records/players/3tk/"
SELECTOR = ".md-content :is([tabindex='0'], [role], section)"


@pytest.fixture(scope="module")
def demo_site_en(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The demo site with kifuwiki's pages in English."""
    root = tmp_path_factory.mktemp("demo-site-en")
    out = root / "site"
    out.mkdir()
    with serve(out) as url:
        build_demo_site(root, out, url, lang="en")
        yield url


def _names(page: Any) -> list[tuple[str, str, str, bool]]:
    """(markup, chromium's role, chromium's name, focusable) of every focusable element,
    element with a role and section in the page's content."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("DOM.enable")
    cdp.send("Accessibility.enable")
    root = cdp.send("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
    found = []
    for node_id in cdp.send("DOM.querySelectorAll", {"nodeId": root, "selector": SELECTOR})[
        "nodeIds"
    ]:
        html = cdp.send("DOM.getOuterHTML", {"nodeId": node_id})["outerHTML"]
        nodes = cdp.send(
            "Accessibility.getPartialAXTree", {"nodeId": node_id, "fetchRelatives": False}
        )["nodes"]
        node = nodes[0]
        role = (node.get("role") or {}).get("value", "")
        name = (node.get("name") or {}).get("value", "")
        tag = html[: html.index(">") + 1][:120]
        found.append((tag, str(role), " ".join(str(name).split()), 'tabindex="0"' in tag))
    cdp.detach()
    return found


def _problems(browser: Any, site: str) -> tuple[list[str], dict[str, list[str]]]:
    """Unnamed or roleless elements on each record page, and the names of its focusable
    elements and regions, in order."""
    context = browser.new_context(viewport={"width": 390, "height": 900})
    context.route("**/*.js", lambda route: route.abort())
    page = context.new_page()
    problems: list[str] = []
    names: dict[str, list[str]] = {}
    focusable = 0
    try:
        for path in [*RECORDS, PLAYER]:
            page.goto(site + path)
            page.evaluate("document.querySelectorAll('details').forEach(d => { d.open = true; })")
            for tag, role, name, tabbed in _names(page):
                focusable += tabbed
                if (tabbed or role == "region") and not name:
                    problems.append(f"{path}: {tag} ({role}) has no name")
                if tabbed and role in ("generic", "none", ""):
                    problems.append(f"{path}: {tag} is focusable but has no role")
                if tabbed or role == "region":
                    names.setdefault(path, []).append(name)
    finally:
        context.close()
    assert focusable > 50  # tables and boards of several games, at every step
    return problems, names


def test_every_focusable_box_and_region_is_named(
    browser: Any, demo_site: str, demo_site_en: str
) -> None:
    ja, names_ja = _problems(browser, demo_site)
    en, names_en = _problems(browser, demo_site_en)
    assert ja + en == [], "\n".join(sorted(set(ja + en)))
    # Each language names them in its own words: no name in Japanese letters is the
    # same on the English page (a record's own title or a player's name may be).
    assert names_ja.keys() == names_en.keys()
    same = []
    for path, names in names_ja.items():
        assert len(names) == len(names_en[path]), path
        pairs = zip(names, names_en[path], strict=True)
        same += [f"{path}: {a}" for a, b in pairs if a == b and not a.isascii()]
    assert same == []
