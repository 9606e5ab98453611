"""kifuwiki: publish checked game records as step-through pages.

The core (parse, validate, render, :mod:`kifuwiki.sitebuild`) never imports MkDocs;
the MkDocs plugin in :mod:`kifuwiki.mkdocs_plugin` and the Markdown fence in
:mod:`kifuwiki.markdown_fence` are thin adapters over it.

As a library (see :mod:`kifuwiki.api`)::

    import kifuwiki

    for game in kifuwiki.load("records/prime-daifugo/kongo.kifu"):
        print(game.title, game.winner, len(game.steps))
        for diagnostic in game.diagnostics:
            print(diagnostic.line, diagnostic.code, diagnostic.text("ja"))
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

if TYPE_CHECKING:
    from kifuwiki.api import Record, load, loads, standalone_page, validate
    from kifuwiki.core.diagnostics import Diagnostic, Severity

# Imported on first use: `import kifuwiki` stays cheap for the CLI, the MkDocs plugin
# and worker processes, which never touch the library API.
_API = {
    "Record": "kifuwiki.api",
    "load": "kifuwiki.api",
    "loads": "kifuwiki.api",
    "validate": "kifuwiki.api",
    "standalone_page": "kifuwiki.api",
    "Diagnostic": "kifuwiki.core.diagnostics",
    "Severity": "kifuwiki.core.diagnostics",
}


def __getattr__(name: str) -> Any:
    module = _API.get(name)
    if module is None:
        raise AttributeError(f"module 'kifuwiki' has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(module), name)


__all__ = [
    "Diagnostic",
    "Record",
    "Severity",
    "__version__",
    "load",
    "loads",
    "standalone_page",
    "validate",
]
