"""Budget for what every page downloads: the viewer's JS + CSS, gzipped."""

from __future__ import annotations

import gzip

from .harness import ASSETS

BUDGET = 12 * 1024


def test_viewer_assets_fit_the_gzip_budget() -> None:
    js = (ASSETS / "kifuwiki.js").read_bytes()
    css = (ASSETS / "kifuwiki.css").read_bytes()
    size = len(gzip.compress(js, 9)) + len(gzip.compress(css, 9))
    assert size <= BUDGET, f"kifuwiki.js + kifuwiki.css = {size} bytes gzipped (budget {BUDGET})"


def test_viewer_assets_make_no_requests() -> None:
    js = (ASSETS / "kifuwiki.js").read_text(encoding="utf-8")
    css = (ASSETS / "kifuwiki.css").read_text(encoding="utf-8")
    for needle in ("fetch(", "XMLHttpRequest", "import(", "http://", "https://"):
        assert needle not in js
    assert "@import" not in css
    assert "url(" not in css
