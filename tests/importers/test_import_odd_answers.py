"""Answers of the wrong shape: saved api.php pages whose parts have other types, and a
wiki served on 127.0.0.1 whose category listing says "continue" with what was asked."""

from __future__ import annotations

import json
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from click.testing import CliRunner
from tests.local_server import local_server

from kifuwiki.cli import cli
from kifuwiki.importers.mediawiki import FetchError, MediaWikiClient, read_saved_page


@pytest.mark.parametrize(
    "answer",
    [
        {"parse": {"title": "T", "text": {"*": 5}}},  # was: BeautifulSoup's TypeError
        {"parse": {"title": "T", "text": {"*": ["a"]}}},  # was: AttributeError
        {"parse": {"title": "T", "text": {"*": None}}},
    ],
)
def test_a_saved_answer_whose_text_is_not_text_is_im004(tmp_path: Path, answer: object) -> None:
    path = tmp_path / "page.json"
    path.write_text(json.dumps(answer), encoding="utf-8")
    with pytest.raises(FetchError) as caught:
        read_saved_page(path)
    assert caught.value.code == "IM004"
    result = CliRunner().invoke(
        cli, ["import", "fandom", str(path), "--records", str(tmp_path / "r")]
    )
    assert result.exit_code == 1, result.output
    assert "IM004" in result.output
    assert isinstance(result.exception, SystemExit)  # not a TypeError or AttributeError


def test_a_saved_answer_whose_title_is_not_text_is_named_after_its_file(tmp_path: Path) -> None:
    path = tmp_path / "page.json"
    path.write_text(json.dumps({"parse": {"title": ["x"], "text": "<p>x</p>"}}), encoding="utf-8")
    assert read_saved_page(path).title == "page"


class _Looping(BaseHTTPRequestHandler):
    requests = 0

    def log_message(self, format: str, *args: object) -> None:
        pass

    def do_GET(self) -> None:
        type(self).requests += 1
        query = parse_qs(urlsplit(self.path).query)
        assert query["list"] == ["categorymembers"]
        # Always the first batch, and always "continue from where you are".
        body = {
            "query": {"categorymembers": [{"title": "Page one"}]},
            "continue": {"cmcontinue": "page|0", "continue": "-||"},
        }
        data = json.dumps(body).encode("utf-8")
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


@pytest.fixture
def looping_wiki() -> Iterator[str]:
    _Looping.requests = 0
    with local_server(_Looping) as base:
        yield f"{base}/api.php"


def test_a_category_that_continues_with_what_was_asked_ends(looping_wiki: str) -> None:
    """It asked for the same batch again for ever (one request a --delay)."""
    client = MediaWikiClient(looping_wiki, timeout=5, retries=0, delay=0)
    members = []
    for title in client.category_members("Games"):
        members.append(title)
        assert len(members) < 10, "the listing never ends"
    assert members == ["Page one"]  # listed twice, imported once
    assert _Looping.requests == 2
