"""Importers: turn pages and databases other people keep into kifuwiki record files.

* :mod:`.fandom` reads Fandom (MediaWiki) article HTML into Prime Daifugo records;
* :mod:`.mediawiki` fetches that HTML through the MediaWiki API (or reads saved pages);
* :mod:`.catan_sheet` reads a Catan log-sheet table;
* :mod:`.primeqk` reads the primeqk 数譜 database's match JSON;
* :mod:`.output` writes the records: stable names, front matter, atomic writes, never
  overwriting an edited file without ``--force``.

Importers never raise on bad input: problems become :class:`.issues.ImportIssue` entries
with a stable ``IM…`` code (see :mod:`.codes`).
"""
