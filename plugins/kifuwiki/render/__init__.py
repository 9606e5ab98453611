"""Rendering core: RecordViews and archives → HTML, with Jinja2 and nothing from MkDocs.

The MkDocs plugin and the Markdown fence are thin adapters over this package, so
the same pages can be produced by any other site generator (or a plain script).
"""
