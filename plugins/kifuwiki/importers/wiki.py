"""A ``kifuwiki import <name>`` command over wiki pages: URLs, titles, saved pages,
folders of them, or whole categories, fetched politely through the MediaWiki API.

Game-neutral: a game's importer gives :func:`wiki_command` its name, its help and the
function that turns one :class:`~kifuwiki.importers.article.Page` into records (Prime
Daifugo's ``kifuwiki import fandom`` is one).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial
from pathlib import Path

import click

from kifuwiki.importers.article import Page
from kifuwiki.importers.mediawiki import (
    FetchError,
    MediaWikiClient,
    read_saved_page,
    split_page_url,
)
from kifuwiki.importers.run import Imported, ImportRun, progress, run_options, seconds

PAGE_SUFFIXES = (".html", ".htm", ".json")


def api_url(wiki: str) -> str:
    """A wiki's base URL (or its ``api.php``) → its ``api.php`` URL."""
    wiki = wiki.rstrip("/")
    return wiki if wiki.endswith("api.php") else f"{wiki}/api.php"


def wiki_command(name: str, help: str, import_page: Callable[[Page], Imported]) -> click.Command:
    """``kifuwiki import <name> [SOURCES]… [--wiki URL] [--category NAME]…`` with the
    HTTP client's ``--delay``, ``--timeout``, ``--retries`` and ``--backoff``: every page
    through ``import_page`` (whose result may count ``fragments``)."""

    @click.argument("sources", nargs=-1)
    @click.option("--wiki", help="Wiki base URL (e.g. https://x.fandom.com/ja) for titles and -c.")
    @click.option("--category", "-c", multiple=True, help="Import every page of this category.")
    @click.option(
        "--delay",
        type=click.FloatRange(min=0),
        callback=seconds,
        default=1.0,
        show_default=True,
        help="Seconds between requests.",
    )
    @click.option(
        "--timeout",
        type=click.FloatRange(min=0, min_open=True),
        callback=seconds,
        default=20.0,
        show_default=True,
        help="Seconds per request.",
    )
    @click.option(
        "--retries",
        type=click.IntRange(min=0),
        default=3,
        show_default=True,
        help="Retries on 429/5xx/timeout.",
    )
    @click.option(
        "--backoff",
        type=click.FloatRange(min=0),
        callback=seconds,
        default=1.0,
        show_default=True,
        help="Seconds before the first retry.",
    )
    @click.option(
        "--source",
        "source_url",
        help="The address of a saved page (one file) that names none, kept as 'source'.",
    )
    @run_options
    def command(
        sources: tuple[str, ...],
        wiki: str | None,
        category: tuple[str, ...],
        delay: float,
        timeout: float,
        retries: int,
        backoff: float,
        records_dir: Path,
        force: bool,
        dry_run: bool,
        source_url: str | None = None,
    ) -> None:
        if not sources and not category:
            raise click.UsageError("give pages (URLs, titles, files or folders) or --category")
        if category and not wiki:
            raise click.UsageError("--category needs --wiki (the wiki's base URL)")
        clients: dict[str, MediaWikiClient] = {}

        def client(url: str) -> MediaWikiClient:
            if url not in clients:
                clients[url] = MediaWikiClient(
                    url, timeout=timeout, retries=retries, backoff=backoff, delay=delay
                )
            return clients[url]

        run = ImportRun(records_dir, force, dry_run)
        jobs: list[tuple[str, Callable[[], Page]]] = []
        for source in sources:
            path = Path(source)
            if path.is_dir():
                for file in sorted(p for p in path.rglob("*") if p.suffix.lower() in PAGE_SUFFIXES):
                    jobs.append((file.as_posix(), partial(read_saved_page, file)))
            elif path.is_file():
                jobs.append((source, partial(read_saved_page, path)))
            elif source.startswith(("http://", "https://")):
                try:
                    url, title = split_page_url(source)
                except FetchError as error:
                    run.fail(source, error)
                    continue
                jobs.append((source, partial(client(url).parse_page, title)))
            elif wiki:
                jobs.append((source, partial(client(api_url(wiki)).parse_page, source)))
            else:
                raise click.UsageError(
                    f"'{source}' is no file or folder; give --wiki for page titles"
                )
        for category_name in category:
            url = api_url(wiki or "")
            try:
                titles = list(client(url).category_members(category_name))
            except FetchError as error:
                run.fail(f"category {category_name}", error)
                continue
            for title in titles:
                jobs.append((title, partial(client(url).parse_page, title)))

        if source_url and (len(jobs) != 1 or not Path(jobs[0][0]).is_file()):
            raise click.UsageError("--source gives the address of one saved page: give one file")
        for label, fetch in progress(jobs, "pages"):
            try:
                page = fetch()
            except FetchError as error:
                run.fail(label, error)
                continue
            if source_url:
                page = replace(page, url=source_url)
            imported = import_page(page)
            run.fragments += getattr(imported, "fragments", 0)
            run.page_done(imported.records, imported.issues, label)
        run.exit()

    return click.command(name, help=help)(command)
