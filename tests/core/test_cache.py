"""The content cache: hits in memory and on disk, misses on a new salt, survives junk."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from kifuwiki.core.cache import ContentCache, cache_salt, templates_fingerprint


def test_memory_and_disk_hits(tmp_path: Path) -> None:
    cache = ContentCache(tmp_path, cache_salt("standard", "ja"))
    assert cache.get("html", "abcd") is None
    cache.put("html", "abcd", "<p>page</p>")
    assert cache.get("html", "abcd") == "<p>page</p>"
    fresh = ContentCache(tmp_path, cache_salt("standard", "ja"))
    assert fresh.get("html", "abcd") == "<p>page</p>"
    assert (fresh.hits, fresh.misses) == (1, 0)


def test_a_different_salt_misses(tmp_path: Path) -> None:
    ContentCache(tmp_path, cache_salt("standard")).put("html", "k1", "x")
    assert ContentCache(tmp_path, cache_salt("online")).get("html", "k1") is None


def test_json_round_trip_and_corrupt_entries(tmp_path: Path) -> None:
    cache = ContentCache(tmp_path, "salt")
    cache.put_json("meta", "k2", {"winner": "はち", "moves": 3})
    assert ContentCache(tmp_path, "salt").get_json("meta", "k2") == {"winner": "はち", "moves": 3}
    (tmp_path / "salt" / "meta" / "k3").mkdir(parents=True)
    (tmp_path / "salt" / "meta" / "k3" / "k3bad").write_bytes(b"\xff\xfe")
    assert ContentCache(tmp_path, "salt").get_json("meta", "k3bad") is None


def test_memory_only_cache_and_template_fingerprint(tmp_path: Path) -> None:
    cache = ContentCache(None, "s")
    cache.put("html", "k", "v")
    assert cache.get("html", "k") == "v"
    (tmp_path / "a.html").write_text("one", encoding="utf-8")
    before = templates_fingerprint(tmp_path, None)
    (tmp_path / "a.html").write_text("one more", encoding="utf-8")
    assert templates_fingerprint(tmp_path) != before


def test_get_head_reads_the_first_line_from_disk_and_from_memory(tmp_path: Path) -> None:
    on_disk = ContentCache(tmp_path, "salt")
    on_disk.put("page", "k", '{"n":1}\nbody\nmore', memory=False)
    assert ContentCache(tmp_path, "salt").get_head("page", "k") == '{"n":1}'
    assert on_disk.get_head("page", "missing") is None
    memory_only = ContentCache(None, "salt")
    memory_only.put("page", "k", "head\nbody", memory=False)
    assert memory_only.get_head("page", "k") == "head"
    (tmp_path / "salt" / "page" / "bi").mkdir(parents=True)
    (tmp_path / "salt" / "page" / "bi" / "binary").write_bytes(b"\xff\xfe\n")
    assert ContentCache(tmp_path, "salt").get_head("page", "binary") is None


_KEYS = st.text(alphabet=st.sampled_from(list("aZ09_-./\\ はx")), max_size=8)


@settings(max_examples=200, deadline=None)
@given(key=_KEYS, kind=st.sampled_from(["record-page", "meta"]))
def test_an_entry_file_is_the_path_pathlib_gives(
    tmp_path_factory: Any, key: str, kind: str
) -> None:
    """The string path an entry is read from (joined without ``pathlib`` for a plain
    key) is the path it is written to, for any key."""
    folder = tmp_path_factory.getbasetemp() / "c"
    cache = ContentCache(folder, "salt")
    assert cache._file(kind, key) == str(cache._path(kind, key))
    assert ContentCache(None, "salt")._file(kind, key) is None


@settings(max_examples=100, deadline=None)
@given(text=st.text(alphabet=st.sampled_from(list("a\r\n\t はé{}")), max_size=40))
def test_an_entry_reads_back_as_written(tmp_path_factory: Any, text: str) -> None:
    """Read whole in binary: the very text written, carriage returns included (a text
    read would have turned them into new lines), its head line too."""
    folder = tmp_path_factory.mktemp("c")
    ContentCache(folder, "salt").put("page", "k1-1", text, memory=False)
    fresh = ContentCache(folder, "salt")
    assert fresh.get("page", "k1-1", remember=False) == text
    assert fresh.has("page", "k1-1") and not fresh.has("page", "k1-2")
    assert fresh.get_head("page", "k1-1") == text.partition("\n")[0]


def test_a_missing_or_undecodable_entry_is_a_miss(tmp_path: Path) -> None:
    cache = ContentCache(tmp_path, "salt")
    assert cache.get("page", "ab-1") is None
    (tmp_path / "salt" / "page" / "ab").mkdir(parents=True)
    (tmp_path / "salt" / "page" / "ab" / "ab-1").write_bytes(b"ok\xff")
    assert cache.get("page", "ab-1") is None
    (tmp_path / "salt" / "page" / "ab" / "ab-2").mkdir()  # a folder, not an entry
    assert cache.get("page", "ab-2") is None and not cache.has("page", "ab-2")
    assert (cache.hits, cache.misses) == (0, 3)
