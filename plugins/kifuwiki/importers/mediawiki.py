"""Getting Fandom pages: the MediaWiki API over HTTP, or pages saved as files.

The network side is polite and predictable: a descriptive User-Agent, a timeout on
every request, a pause (``delay``) between requests, and a few retries with
exponential backoff for timeouts, connection failures, 429 and 5xx. An API error such
as ``missingtitle`` is final. Every failure becomes a :class:`FetchError` with an
importer code, which the command reports as one line while the other pages go on.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, quote, unquote, urlsplit

import requests

from kifuwiki import __version__
from kifuwiki.core.encoding import decode_html
from kifuwiki.importers.article import Page, parse_html
from kifuwiki.importers.text import normalise

USER_AGENT = (
    f"kifuwiki/{__version__} (game-record importer; "
    "+https://github.com/kifuwiki/kifuwiki) python-requests"
)
_RETRY_STATUS = frozenset({429, 500, 502, 503, 504})
_TITLE_SUFFIX = re.compile(r"\s*[|｜]\s*[^|｜]*(?:Wiki|wiki|Fandom|FANDOM)[^|｜]*$")
_REVISION_IN_CONFIG = re.compile(r'"wgRevisionId"\s*:\s*(\d+)')


class FetchError(Exception):
    """A page that could not be had; ``code`` is an importer code (IM001 …)."""

    def __init__(self, code: str, message: str, ja: str = "") -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.message_ja = ja


def article_url(api_url: str, title: str) -> str:
    """``https://w.fandom.com/ja/api.php`` + ``A B`` → ``https://w.fandom.com/ja/wiki/A_B``."""
    base = api_url.rsplit("/", 1)[0]
    return f"{base}/wiki/{quote(title.replace(' ', '_'), safe='/:()!,')}"


def split_page_url(url: str) -> tuple[str, str]:
    """A page URL → (the wiki's api.php URL, the page title)."""
    parts = urlsplit(url)
    root = f"{parts.scheme}://{parts.netloc}"
    if "/wiki/" in parts.path:
        prefix, _, rest = parts.path.partition("/wiki/")
        return f"{root}{prefix}/api.php", unquote(rest).replace("_", " ")
    query = parse_qs(parts.query)
    if "title" in query:
        prefix = parts.path.rsplit("/", 1)[0]
        return f"{root}{prefix}/api.php", query["title"][0].replace("_", " ")
    raise FetchError(
        "IM004",
        f"'{url}' is not a wiki page URL (expected …/wiki/Title)",
        f"「{url}」は wiki のページの URL ではありません（…/wiki/タイトル の形）",
    )


class MediaWikiClient:
    """A small client for ``api.php`` (``action=parse`` and category members)."""

    def __init__(
        self,
        api_url: str,
        *,
        session: requests.Session | None = None,
        timeout: float = 20.0,
        retries: int = 3,
        backoff: float = 1.0,
        delay: float = 1.0,
        sleep: Callable[[float], None] = time.sleep,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.api_url = api_url
        self.session = session or requests.Session()
        self.session.headers.setdefault("User-Agent", USER_AGENT)
        self.session.headers["User-Agent"] = USER_AGENT
        self.timeout = timeout
        self.retries = retries
        self.backoff = backoff
        self.delay = delay
        self._sleep = sleep
        self._clock = clock
        self._last_request: float | None = None

    def _wait_turn(self) -> None:
        if self._last_request is not None and self.delay > 0:
            wait = self.delay - (self._clock() - self._last_request)
            if wait > 0:
                self._sleep(wait)
        self._last_request = self._clock()

    def _get(self, params: dict[str, str]) -> dict[str, Any]:
        params = {**params, "format": "json", "formatversion": "2"}
        problem = ""
        code = "IM001"
        for attempt in range(self.retries + 1):
            if attempt:
                self._sleep(self.backoff * 2 ** (attempt - 1))
            self._wait_turn()
            try:
                response = self.session.get(self.api_url, params=params, timeout=self.timeout)
            except requests.Timeout:
                code, problem = "IM001", f"no answer within {self.timeout:g} s"
                continue
            except requests.RequestException as exc:
                code, problem = "IM001", f"cannot connect ({type(exc).__name__})"
                continue
            if response.status_code in _RETRY_STATUS:
                code, problem = "IM002", f"the wiki answered HTTP {response.status_code}"
                continue
            if response.status_code != 200:
                raise FetchError(
                    "IM002",
                    f"the wiki answered HTTP {response.status_code}",
                    f"wiki が HTTP {response.status_code} を返しました",
                )
            try:
                answer = response.json()
            except ValueError:
                raise FetchError(
                    "IM004", "the wiki's answer is not JSON", "wiki の応答が JSON ではありません"
                ) from None
            if not isinstance(answer, dict):
                raise FetchError(
                    "IM004",
                    "the wiki's answer is not a JSON object",
                    "wiki の応答が JSON のオブジェクトではありません",
                )
            error = answer.get("error")
            if isinstance(error, dict):
                info = error.get("info") or error.get("code") or "unknown error"
                raise FetchError("IM003", f"the wiki says: {info}", f"wiki の応答: {info}")
            return answer
        tries = self.retries + 1
        raise FetchError(
            code,
            f"{problem} (tried {tries} time{'s' if tries > 1 else ''})",
            f"{problem}（{tries} 回試しました）",
        )

    def parse_page(self, title: str) -> Page:
        """The rendered article, its canonical title and its revision id."""
        answer = self._get(
            {
                "action": "parse",
                "page": title,
                "prop": "text|revid|displaytitle",
                "redirects": "1",
                "disableeditsection": "1",
                "disablelimitreport": "1",
                "disabletoc": "1",
            }
        )
        parsed = answer.get("parse")
        if not isinstance(parsed, dict) or not isinstance(parsed.get("text"), str):
            raise FetchError(
                "IM004",
                "the wiki's answer has no parse.text",
                "wiki の応答に parse.text がありません",
            )
        real_title = str(parsed.get("title") or title)
        revid = parsed.get("revid")
        return Page(
            title=real_title,
            url=article_url(self.api_url, real_title),
            revision=revid if isinstance(revid, int) else None,
            html=parsed["text"],
        )

    def category_members(self, category: str) -> Iterator[str]:
        """Article titles in a category (namespace 0), following ``continue``."""
        name = (
            category
            if category.lower().startswith(("category:", "カテゴリ:"))
            else (f"Category:{category}")
        )
        params: dict[str, str] = {
            "action": "query",
            "list": "categorymembers",
            "cmtitle": name,
            "cmnamespace": "0",
            "cmlimit": "500",
        }
        seen: set[str] = set()
        while True:
            answer = self._get(params)
            query = answer.get("query")
            members = query.get("categorymembers", []) if isinstance(query, dict) else []
            for member in members:
                title = member.get("title") if isinstance(member, dict) else None
                if isinstance(title, str) and title not in seen:  # a page once, not a copy
                    seen.add(title)
                    yield title
            more = answer.get("continue")
            if not isinstance(more, dict):
                return
            following = {**params, **{str(k): str(v) for k, v in more.items()}}
            if following == params:
                # A wiki (or a proxy) that answers "continue" with what was asked: the
                # same batch again, for ever. What came so far is all there is.
                return
            params = following


def read_saved_page(path: Path) -> Page:
    """A page saved from a browser (``.html``) or an ``api.php`` answer saved as ``.json``."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise FetchError(
            "IM004",
            f"cannot read the file: {exc.strerror or exc}",
            f"ファイルを読めません: {exc.strerror or exc}",
        ) from None
    if path.suffix.lower() == ".json":
        try:
            answer = json.loads(data.decode("utf-8-sig"))
            parsed = answer["parse"]
            text = parsed["text"]
            html = text if isinstance(text, str) else text["*"]
            if not isinstance(html, str):  # {"*": 5}: BeautifulSoup's TypeError, unasked
                raise TypeError(html)
            title = parsed.get("title")
            title = title if isinstance(title, str) and title else path.stem
        except (ValueError, KeyError, TypeError, AttributeError):
            raise FetchError(
                "IM004",
                "not an api.php action=parse answer",
                "api.php の action=parse の応答ではありません",
            ) from None
        revid = parsed.get("revid")
        # A saved answer says no address: its file's path is this machine's, no source.
        return Page(title, "", revid if isinstance(revid, int) else None, html)
    decoded = decode_html(data)
    html = decoded.text
    soup = parse_html(html)
    for element in soup.select("h1 script, h1 style, title script"):
        element.decompose()
    heading = soup.select_one("h1#firstHeading, h1.page-header__title, .mw-page-title-main")
    if heading is not None:
        title = normalise(" ".join(heading.get_text(" ").split()))
    elif soup.title is not None and soup.title.string:
        title = _TITLE_SUFFIX.sub("", normalise(soup.title.string))
    else:
        title = path.stem
    canonical = soup.select_one('link[rel="canonical"][href], meta[property="og:url"][content]')
    url = ""  # the file's path is this machine's: published as 'source' it leaks and misleads
    if canonical is not None:
        found_url = str(canonical.get("href") or canonical.get("content") or "").strip()
        if found_url.lower().startswith(("http://", "https://")):  # never javascript: & co.
            url = found_url
    revision: int | None = None
    found = _REVISION_IN_CONFIG.search(html)
    if found:
        revision = int(found.group(1))
    else:
        permalink = soup.select_one('#t-permalink a[href*="oldid="], a[href*="oldid="]')
        if permalink is not None:
            oldid = parse_qs(urlsplit(str(permalink["href"])).query).get("oldid")
            if oldid and oldid[0].isdigit():
                revision = int(oldid[0])
    return Page(title or path.stem, url, revision, html, decoded.encoding)
