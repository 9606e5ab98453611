"""kifuwiki: publish checked game records as step-through pages.

The core (parse, validate, render) never imports MkDocs; the MkDocs plugin in
:mod:`kifuwiki.mkdocs_plugin` and the Markdown fence in :mod:`kifuwiki.markdown_fence`
are thin adapters over it.
"""

from __future__ import annotations

__version__ = "0.1.0"

__all__ = ["__version__"]
