"""Browser fixtures: Debian's chromium driven by Playwright, and a local static server.

Nothing here downloads a browser (no ``playwright install``): the tests use
/usr/bin/chromium, which ``scripts/test`` installs with apt-get.
"""

from __future__ import annotations

import functools
import http.server
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from tests.local_server import local_server

from .game_site import build_demo_site

CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
LAUNCH_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextmanager
def serve(directory: Path) -> Iterator[str]:
    """Serve ``directory`` on 127.0.0.1 (a free port) in a thread; yields the base URL."""
    handler = functools.partial(_QuietHandler, directory=str(directory))
    with local_server(handler) as base:
        yield f"{base}/"


@dataclass
class PageProblems:
    """Console errors and uncaught exceptions a page produced."""

    console: list[str] = field(default_factory=list)
    exceptions: list[str] = field(default_factory=list)
    dialogs: list[str] = field(default_factory=list)

    def all(self) -> list[str]:
        return self.console + self.exceptions + self.dialogs


@pytest.fixture(scope="session")
def browser(request: pytest.FixtureRequest) -> Any:
    """One chromium for the whole session.

    Other test folders import this fixture into their own conftest, which registers it a
    second time; Playwright's sync API cannot run twice at once, so the browser is kept on
    the pytest config (one per session) rather than per fixture definition.
    """
    if not CHROMIUM.exists():
        pytest.skip("/usr/bin/chromium is missing (scripts/test installs it with apt-get)")
    shared = getattr(request.config, "_kifuwiki_browser", None)
    if shared is None:
        from playwright.sync_api import sync_playwright

        playwright = sync_playwright().start()
        shared = playwright.chromium.launch(executable_path=str(CHROMIUM), args=LAUNCH_ARGS)

        def close() -> None:
            shared.close()
            playwright.stop()

        request.config.add_cleanup(close)
        request.config._kifuwiki_browser = shared  # type: ignore[attr-defined]
    return shared


@pytest.fixture
def open_page(browser: Any) -> Iterator[Callable[..., tuple[Any, PageProblems]]]:
    """Open a URL in a fresh context; returns (page, problems seen so far and later)."""
    contexts: list[Any] = []

    def opener(url: str, **context_options: Any) -> tuple[Any, PageProblems]:
        context = browser.new_context(**context_options)
        contexts.append(context)
        page = context.new_page()
        problems = PageProblems()
        page.on(
            "console",
            lambda msg: problems.console.append(msg.text) if msg.type == "error" else None,
        )
        page.on("pageerror", lambda exc: problems.exceptions.append(str(exc)))

        def on_dialog(dialog: Any) -> None:
            problems.dialogs.append(f"{dialog.type}: {dialog.message}")
            dialog.dismiss()

        page.on("dialog", on_dialog)
        page.goto(url)
        return page, problems

    yield opener
    for context in contexts:
        context.close()


def screenshot(page: Any, name: str) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / name
    page.screenshot(path=str(path), full_page=False)
    return path


@pytest.fixture(scope="session")
def demo_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The demo site (``mkdocs.yml`` as committed), built once for every browser test that
    reads it, into ``/kifuwiki/`` of a local server: where a project's site lives on
    GitHub Pages, so every link must work below the server's root. No test may change it.

    Material's instant navigation only swaps pages whose URL is in the sitemap, and it
    matches host and protocol but not the port: so the site must know where it is served.
    """
    root = tmp_path_factory.mktemp("demo-site")
    (root / "www").mkdir()
    with serve(root / "www") as url:
        site_url = url + "kifuwiki/"
        build_demo_site(root, root / "www" / "kifuwiki", site_url)
        yield site_url
