"""Stepping a record page in the browser against the engine's view (shared by the games'
browser tests): each step the page shows must be the engine's step."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from tests.browser.conftest import serve
from tests.browser.game_site import build_site

from kifuwiki.archive import load_file
from kifuwiki.games import get_game
from kifuwiki.games.base import RecordView

#: ``check(page, view, index)``: the page shows the engine's step ``index``.
Check = Callable[[Any, RecordView, int], None]


@contextmanager
def served_site(
    tmp_path_factory: pytest.TempPathFactory, game: str, records: list[Path]
) -> Iterator[str]:
    """A small site of ``records`` (tests/browser/game_site.py), served on 127.0.0.1."""
    root = tmp_path_factory.mktemp(f"{game}-site")
    site = build_site(root, game, records)
    with serve(site) as url:
        yield url


def engine_view(path: Path) -> RecordView:
    """The engine's view of the first game in the record file ``path``."""
    record = load_file(path)[0]
    return get_game(record.game).view(record)


def step_through(page: Any, view: RecordView, check: Check, live: bool = False) -> None:
    """From the first step (Home) to the last (→ each time), checking every step; with
    ``live``, the screen readers' live region announces each step's label too."""
    page.keyboard.press("Home")
    check(page, view, 0)
    for index in range(1, len(view.steps)):
        page.keyboard.press("ArrowRight")
        check(page, view, index)
        if live:
            assert page.locator(".kw-live").inner_text() == view.steps[index].label


def jump(page: Any, view: RecordView, flag: str, check: Check, from_start: bool = True) -> int:
    """The "next <flag>" button lands on the first step with ``flag`` (pressed from the
    start, or with ``from_start=False`` from wherever the page is, before that step)."""
    if from_start:
        page.keyboard.press("Home")
    page.locator(f'[data-kw-jump="{flag}"]').click()
    first = next(s.index for s in view.steps if flag in s.flags)
    check(page, view, first)
    return first


@contextmanager
def served_with_a_line(
    factory: pytest.TempPathFactory, game: str, record: Path, name: str, old: str, new: str
) -> Iterator[tuple[str, Path]]:
    """``record`` with its line ``old`` written as ``new``, saved as ``name``.kifu and
    served as a one-record site: its URL and the file."""
    path = factory.mktemp("broken") / f"{name}.kifu"
    text = record.read_text(encoding="utf-8")
    assert f"\n{old}\n" in text
    path.write_text(text.replace(f"\n{old}\n", f"\n{new}\n", 1), encoding="utf-8")
    with served_site(factory, game, [path]) as url:
        yield url, path


def check_an_unread_line(
    open_page: Any, served: tuple[str, Path], game: str, written: str, code: str, shows: Check
) -> None:
    """A line that cannot be read is a step of its own (cardkit.unread): its error's
    "move n" lands on it, it shows what was written, the next move follows, and the page
    without JavaScript lists it in its place with that one error and no other."""
    url, path = served
    view = engine_view(path)
    page, problems = open_page(f"{url}records/{game}/{path.stem}/")
    first = next(s.index for s in view.steps if "error" in s.flags)
    assert view.steps[first].notation == written
    problem = page.locator(f'.kw-diagnostic[data-code="{code}"]')
    assert problem.get_attribute("data-step") == str(first)
    problem.locator("a.kw-diagnostic-move").click()  # its "move n" link
    shows(page, view, first)
    assert written in page.locator("ol.kw-moves > li").nth(first).inner_text()
    page.locator('.kw-viewer [data-kw-go="next"]').first.click()
    shows(page, view, first + 1)  # the moves after it go on
    assert problems.all() == [], problems.all()
    # The page without JavaScript lists it too, in its place.
    page, _ = open_page(f"{url}records/{game}/{path.stem}/", java_script_enabled=False)
    items = page.locator("ol.kw-moves > li")
    assert items.count() == len(view.steps)
    assert written in items.nth(first).inner_text()
    assert page.locator('.kw-diagnostic[data-severity="error"]').count() == 1  # no cascade
