"""Which games get an index page in a site.

A game's index page lists its records. A site gets one for each game it has records of;
for a game with none yet, only where the site asks for it: the records folder has the
game's folder (an archive being started: one folder per game), or the site's nav names
the page (a nav must not break while the archive is empty). Every installed game used
to get one, so an archive of one game had an empty page, in its nav and its search, for
each of the others (and for any game a test or a plugin installed).
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from kifuwiki.games import game_ids, normalise_game_id
from kifuwiki.render.site import normalise_prefix, slugify


def nav_pages(nav: Any) -> frozenset[str]:
    """The Markdown pages a MkDocs ``nav`` setting names (``records/catan/index.md``),
    however deep its sections; links to other sites and folders are not pages."""
    found: set[str] = set()
    stack = [nav]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            path = item.strip().removeprefix("./").lstrip("/")
            if path.endswith(".md") and "://" not in path:
                found.add(path)
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            stack.extend(item)
    return frozenset(found)


def index_games(
    with_records: Iterable[str], records_dir: Path, named_pages: frozenset[str], prefix: str
) -> list[str]:
    """The ids of the games that get an index page, sorted."""
    games = set(with_records)
    try:
        with os.scandir(records_dir) as entries:
            folders = [entry.name for entry in entries if entry.is_dir()]
    except OSError:  # no records folder (a site of fences only): no folder names a game
        folders = []
    for name in folders:
        game = normalise_game_id(name)
        if game is not None:
            games.add(game)
    if named_pages:
        prefix = normalise_prefix(prefix)
        games.update(g for g in game_ids() if f"{prefix}{slugify(g)}/index.md" in named_pages)
    return sorted(games)
