"""Benchmark 5, what if: how far the ~60-move record page is from its goal, and what each
remaining lever would give (issue 16, section 35 of benchmarks/README.md).

    python benchmarks/page_weight_whatif.py PAGE TWIN_BYTES TWIN_GZIP

PAGE is a built record page (``page_weight.py --keep DIR`` writes one to
``DIR/records/prime-daifugo/game-00001/index.html``); TWIN_BYTES and TWIN_GZIP are its
twin's figures as ``page_weight.py`` prints them. Nothing here changes the project: each
line edits the page's text in memory and prints what it would weigh.

Two levers need libraries the project does not depend on; their lines are skipped unless
they are installed (in a throwaway environment:
``python -m venv /tmp/whatif && /tmp/whatif/bin/pip install beautifulsoup4 rjsmin
minify-html calmjs.parse``):

* ``minify-html``: HTML minification of the article only (the theme is the same on both
  pages), with and without the optional end tags;
* ``calmjs.parse``: the shared script with its local names shortened, against rjsmin's
  comments-and-spaces minification, which is what a site is served.
"""

from __future__ import annotations

import gzip
import importlib.util
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def gz(text: str) -> int:
    return len(gzip.compress(text.encode(), compresslevel=9))


def controls_span(html: str) -> tuple[int, int]:
    """Where the viewer's controls are: from ``<div class="kw-controls"`` to the end of
    the help panel, the controls' last child (``viewer.html``)."""
    start = html.index('<div class="kw-controls"')
    end = html.index("</dl>", html.index('class="kw-help"', start))
    end = html.index("</div>", end) + len("</div>")  # the help panel
    end = html.index("</div>", end) + len("</div>")  # the controls
    return start, end


def controls_strings(markup: str) -> str:
    """The controls' words (text, titles, labels, the script's messages) as one JSON
    attribute: what a page would still carry if the script built the controls."""
    from bs4 import BeautifulSoup

    soup = BeautifulSoup(markup, "html.parser")
    words: set[str] = set()
    for tag in soup.find_all(True):
        for name, value in tag.attrs.items():
            if name in ("title", "aria-label", "placeholder") or (
                name.startswith("data-kw-") and name not in ("data-kw-go", "data-kw-jump")
            ):
                words.add(value if isinstance(value, str) else " ".join(value))
    words.update(text.strip() for text in soup.find_all(string=True) if text.strip())
    blob = json.dumps(sorted(words), ensure_ascii=False).replace('"', "&quot;")
    return f'<div class="kw-controls" hidden data-kw-words="{blob}"></div>'


def minify_article(html: str, **options: bool) -> str:
    import minify_html

    start, end = html.index("<article"), html.index("</article>") + len("</article>")
    return html[:start] + minify_html.minify(html[start:end], **options) + html[end:]


def main() -> None:
    if len(sys.argv) != 4:
        raise SystemExit(__doc__)
    html = Path(sys.argv[1]).read_text(encoding="utf-8")
    twin, twin_gz = int(sys.argv[2]), int(sys.argv[3])

    def line(name: str, page: str) -> None:
        raw = len(page.encode())
        packed = gz(page)
        print(
            f"  {name:44s} {raw:7,d} B {raw / twin:5.2f}x"
            f"   gzip {packed:6,d} B {packed / twin_gz:5.2f}x"
        )

    start, end = controls_span(html)
    no_controls = html[:start] + html[end:]
    as_words = html[:start] + controls_strings(html[start:end]) + html[end:]
    print(f"goal: <= {4 * twin:,d} B raw (4x), <= {2 * twin_gz:,d} B gzip (2x)")
    line("the page today", html)
    line("controls built by the script, words kept", as_words)
    line("controls built by the script, words too", no_controls)
    if importlib.util.find_spec("minify_html"):
        line("article minified", minify_article(html))
        line("article minified, end tags kept", minify_article(html, keep_closing_tags=True))
        line("no controls + article minified", minify_article(no_controls))
        line(
            "no controls + minified, end tags kept",
            minify_article(no_controls, keep_closing_tags=True),
        )
        line("words kept + article minified", minify_article(as_words))
    else:
        print("  (minify-html not installed: the minified lines are skipped)")

    script = (ROOT / "templates" / "assets" / "kifuwiki.js").read_text(encoding="utf-8")
    if importlib.util.find_spec("rjsmin"):
        import rjsmin

        served = rjsmin.jsmin(script, keep_bang_comments=True)
        controls = "var CONTROLS=" + json.dumps(html[start:end], ensure_ascii=False) + ";"
        print("the shared script, gzipped:")
        print(f"  as served (rjsmin)                           {gz(served):6,d} B")
        print(f"  + the controls' markup as one string         {gz(served + controls):6,d} B")
        if importlib.util.find_spec("calmjs"):
            from calmjs.parse import es5
            from calmjs.parse.unparsers.es5 import minify_print

            short = minify_print(es5(script), obfuscate=True, obfuscate_globals=False)
            print(f"  local names shortened (calmjs.parse)         {gz(short):6,d} B")
        else:
            print("  (calmjs.parse not installed: the shortened line is skipped)")


if __name__ == "__main__":
    main()
