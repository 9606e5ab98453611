"""Every installed game leaves the file's own problems (encoding, front matter) to the
core, which gives them to the file's first game once. 闘地主, ポンジャン and 鋼鉄の虹
copied them into their own diagnostics too, so a Shift_JIS record said RF005 twice."""

from __future__ import annotations

from pathlib import Path

import pytest

from kifuwiki.archive import load_file
from kifuwiki.games import game_ids

RECORD = "---\ngame: {game}\ntitle: 作戦\nnumber: 1234567890123456789012\n---\n"


@pytest.mark.parametrize("game_id", game_ids())
@pytest.mark.parametrize("encoding", ["cp932", "utf-16"])
def test_each_file_problem_is_reported_once(tmp_path: Path, game_id: str, encoding: str) -> None:
    path = tmp_path / "x.kifu"
    path.write_bytes(RECORD.format(game=game_id).encode(encoding))
    record = load_file(path)[0]
    codes = [d.code for d in record.diagnostics if d.code.startswith("RF")]
    assert codes.count("RF005") == 1, (game_id, codes)  # read as Shift_JIS / UTF-16
    assert codes.count("RF006") == 1, (game_id, codes)  # a number kept as text
