"""The browser fixtures (Debian's chromium through Playwright) for the selaffesto browser test."""

from tests.browser.conftest import browser, open_page  # noqa: F401
