"""Importers: turn pages and databases other people keep into kifuwiki record files.

This package is the game-neutral machinery; each importer lives in its game's package
and is offered through ``GameModule.importers`` (see "Importers" in ``games/base.py``):

* :mod:`.run` is one ``kifuwiki import <name>`` run (shared options, progress, summary,
  exit status) and builds a file importer's command;
* :mod:`.mediawiki` fetches article HTML through the MediaWiki API (or reads saved
  pages), and :mod:`.wiki` is the command over wiki pages, titles and categories;
* :mod:`.article` reads an article's HTML into headings and text blocks;
* :mod:`.output` writes the records: stable names, front matter, atomic writes, never
  overwriting an edited file without ``--force``;
* :mod:`.replayed` puts an imported record through its game's engine (IM060).

Importers never raise on bad input: problems become :class:`.issues.ImportIssue` entries
with a stable ``IM…`` code (see :mod:`.codes`).
"""
