"""The URL path for real: ``kifuwiki import fandom`` against an api.php served on 127.0.0.1.

The server answers ``action=parse`` from the fixture pages, and has pages that always
fail with HTTP 500, fail once then work, answer too slowly, or do not exist; plus a
category whose members come in two batches (``continue``).
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from click.testing import CliRunner
from tests.local_server import local_server

from kifuwiki.archive import load_file
from kifuwiki.cli import cli
from kifuwiki.importers.mediawiki import USER_AGENT, FetchError, MediaWikiClient, split_page_url

from .conftest import FIXTURES

PAGES = {
    "Two games": "two-games",
    "Table game": "table-game",
    "Notation guide": "notation-guide",
}
#: How long the slow page takes; the client's timeout in the tests is shorter.
SLOW_SECONDS = 0.6


class WikiState:
    def __init__(self) -> None:
        self.requests: list[dict[str, str]] = []
        self.user_agents: list[str] = []
        self.flaky_failures = 1


class Handler(BaseHTTPRequestHandler):
    state: WikiState

    def log_message(self, format: str, *args: object) -> None:  # keep test output clean
        pass

    def _send(self, status: int, body: object) -> None:
        data = json.dumps(body, ensure_ascii=False).encode("utf-8")
        try:
            self.send_response(status)
            self.send_header("Content-Type", "application/json; charset=utf-8")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client gave up waiting (the timeout test)

    def do_GET(self) -> None:
        url = urlsplit(self.path)
        params = {k: v[0] for k, v in parse_qs(url.query).items()}
        self.state.requests.append(params)
        self.state.user_agents.append(self.headers.get("User-Agent", ""))
        if url.path != "/w/api.php":
            self._send(404, {"error": "not here"})
            return
        if params.get("list") == "categorymembers":
            if params.get("cmcontinue") == "page|2":
                self._send(200, {"query": {"categorymembers": [{"title": "Table game"}]}})
            else:
                self._send(
                    200,
                    {
                        "continue": {"cmcontinue": "page|2", "continue": "-||"},
                        "query": {"categorymembers": [{"ns": 0, "title": "Two games"}]},
                    },
                )
            return
        title = params.get("page", "")
        if title == "Broken":
            self._send(500, {"error": "boom"})
        elif title == "Flaky" and self.state.flaky_failures > 0:
            self.state.flaky_failures -= 1
            self._send(503, {"error": "busy"})
        elif title == "Slow":
            time.sleep(SLOW_SECONDS)
            self._send(200, {"parse": {"title": "Slow", "revid": 1, "text": "<p>x</p>"}})
        elif title in PAGES or title == "Flaky":
            name = PAGES.get(title, "table-game")
            html = (FIXTURES / "fandom" / f"{name}.html").read_text(encoding="utf-8")
            self._send(200, {"parse": {"title": title, "revid": 1000 + len(title), "text": html}})
        else:
            self._send(
                200,
                {
                    "error": {
                        "code": "missingtitle",
                        "info": "The page you specified doesn't exist.",
                    }
                },
            )


@pytest.fixture
def wiki() -> Iterator[tuple[str, WikiState]]:
    state = WikiState()
    handler = type("BoundHandler", (Handler,), {"state": state})
    with local_server(handler) as base:
        yield f"{base}/w", state


def _client(base: str, **options: float) -> MediaWikiClient:
    settings = {"timeout": 5.0, "retries": 1, "backoff": 0.01, "delay": 0.0, **options}
    return MediaWikiClient(
        f"{base}/api.php",
        timeout=settings["timeout"],
        retries=int(settings["retries"]),
        backoff=settings["backoff"],
        delay=settings["delay"],
    )


def test_parse_gives_html_title_revision_and_url(wiki: tuple[str, WikiState]) -> None:
    base, state = wiki
    page = _client(base).parse_page("Two games")
    assert page.title == "Two games"
    assert page.revision == 1009
    assert page.url == f"{base}/wiki/Two_games"
    assert "mw-parser-output" in page.html
    request = state.requests[-1]
    assert request["action"] == "parse" and request["formatversion"] == "2"
    assert request["prop"] == "text|revid|displaytitle"
    assert state.user_agents[-1] == USER_AGENT and "kifuwiki" in USER_AGENT


def test_http_500_is_retried_then_reported(wiki: tuple[str, WikiState]) -> None:
    base, state = wiki
    with pytest.raises(FetchError) as caught:
        _client(base, retries=2).parse_page("Broken")
    assert caught.value.code == "IM002"
    assert "HTTP 500" in caught.value.message and "3 times" in caught.value.message
    assert sum(1 for r in state.requests if r.get("page") == "Broken") == 3


def test_a_transient_503_is_retried(wiki: tuple[str, WikiState]) -> None:
    base, _ = wiki
    assert _client(base).parse_page("Flaky").title == "Flaky"


def test_timeout_is_reported(wiki: tuple[str, WikiState]) -> None:
    base, _ = wiki
    with pytest.raises(FetchError) as caught:
        _client(base, timeout=SLOW_SECONDS / 3, retries=0).parse_page("Slow")
    assert caught.value.code == "IM001"
    assert "no answer within" in caught.value.message


def test_missing_page_is_final(wiki: tuple[str, WikiState]) -> None:
    base, state = wiki
    with pytest.raises(FetchError) as caught:
        _client(base, retries=3).parse_page("Nothing here")
    assert caught.value.code == "IM003"
    assert "doesn't exist" in caught.value.message
    assert len(state.requests) == 1  # an API error is not retried


def test_category_members_follow_continue(wiki: tuple[str, WikiState]) -> None:
    base, state = wiki
    assert list(_client(base).category_members("対局")) == ["Two games", "Table game"]
    assert state.requests[0]["cmtitle"] == "Category:対局"


def test_delay_spaces_requests(wiki: tuple[str, WikiState]) -> None:
    base, _ = wiki
    waits: list[float] = []
    client = MediaWikiClient(f"{base}/api.php", delay=1.0, sleep=waits.append)
    client.parse_page("Two games")
    client.parse_page("Table game")
    assert len(waits) == 1 and 0 < waits[0] <= 1.0


def test_page_urls_split_into_api_and_title() -> None:
    assert split_page_url("https://w.fandom.com/ja/wiki/%E5%AF%BE%E5%B1%80_1") == (
        "https://w.fandom.com/ja/api.php",
        "対局 1",
    )
    assert split_page_url("https://w.example/index.php?title=A_B&oldid=3") == (
        "https://w.example/api.php",
        "A B",
    )


def test_cli_imports_urls_and_goes_on_after_failures(
    wiki: tuple[str, WikiState], tmp_path: Path
) -> None:
    base, _ = wiki
    records = tmp_path / "records"
    result = CliRunner().invoke(
        cli,
        [
            "import", "fandom",
            f"{base}/wiki/Two_games",
            f"{base}/wiki/Broken",
            f"{base}/wiki/Slow",
            f"{base}/wiki/Notation_guide",
            "Table game",
            "--wiki", base,
            "--records", str(records),
            "--delay", "0", "--retries", "1", "--backoff", "0.01",
            "--timeout", str(SLOW_SECONDS / 3),
        ],
    )  # fmt: skip
    assert result.exit_code == 1
    errors = [line for line in result.stderr.splitlines() if ": error " in line]
    assert len(errors) == 2
    assert any("/wiki/Broken" in line and "IM002" in line for line in errors)
    assert any("/wiki/Slow" in line and "IM001" in line for line in errors)
    assert "5 page(s), 3 game(s) (3 new" in result.stderr
    written = sorted(p.name for p in (records / "prime-daifugo").iterdir())
    assert written == ["table-game.kifu", "two-games-1.kifu", "two-games-2.kifu"]
    games = load_file(records / "prime-daifugo" / "two-games-1.kifu")
    assert games[0].meta["source"] == f"{base}/wiki/Two_games"
    assert games[0].meta["revision"] == 1009
    assert games[0].errors == 0


def test_cli_imports_a_category(wiki: tuple[str, WikiState], tmp_path: Path) -> None:
    base, _ = wiki
    result = CliRunner().invoke(
        cli,
        [
            "import",
            "fandom",
            "--wiki",
            base,
            "-c",
            "対局",
            "--records",
            str(tmp_path),
            "--delay",
            "0",
        ],
    )
    assert result.exit_code == 0, result.stderr
    assert "2 page(s), 3 game(s)" in result.stderr
    assert len(list((tmp_path / "prime-daifugo").iterdir())) == 3
