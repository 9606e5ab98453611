"""The MkDocs plugin: a thin adapter from MkDocs events to :mod:`kifuwiki.render`."""
