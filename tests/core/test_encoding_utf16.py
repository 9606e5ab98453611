"""UTF-16 without a byte-order mark is read as UTF-16, with one RF005 warning: read as
UTF-8 it was valid text with a NUL after every ASCII letter, so no game could be told
from it (RF010) and nothing said why."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from kifuwiki.api import loads
from kifuwiki.archive import load_file
from kifuwiki.cli import cli
from kifuwiki.core.encoding import decode_text

RECORD = "---\ntitle: 第1局\n---\nはち:(QT338647JA9)\nnishimura:(T77TJK4X3KA)\nはち:%\n"
#: A record mostly of Japanese comments: few NULs in its UTF-16 form.
PROSE = RECORD + "* 夜明け前に長考した末の一手。\n" * 20


@pytest.mark.parametrize("text", [RECORD, PROSE])
@pytest.mark.parametrize(
    ("codec", "name"), [("utf-16-le", "UTF-16 LE"), ("utf-16-be", "UTF-16 BE")]
)
def test_utf16_without_a_bom_is_read_with_one_warning(
    tmp_path: Path, text: str, codec: str, name: str
) -> None:
    path = tmp_path / "r.kifu"
    path.write_bytes(text.encode(codec))
    record = load_file(path)[0]
    assert [(d.code, d.line) for d in record.diagnostics if d.code.startswith("RF")] == [
        ("RF005", 1)
    ]
    assert f"{name} (no byte-order mark)" in record.diagnostics[0].message
    assert record.title == "第1局"


def test_fmt_write_saves_it_as_utf8(tmp_path: Path) -> None:
    path = tmp_path / "r.kifu"
    path.write_bytes(RECORD.encode("utf-16-le"))
    result = CliRunner().invoke(cli, ["fmt", "--write", str(path)])
    assert result.exit_code == 0, result.output
    assert path.read_bytes().decode("utf-8") == loads(RECORD)[0].record.source.file_text


@given(st.text(st.characters(exclude_characters="\x00", exclude_categories=("Cs",)), max_size=60))
def test_text_without_nuls_is_never_taken_for_utf16(text: str) -> None:
    """UTF-8 text holds no NUL, so nothing read before changes."""
    assert decode_text(text.encode("utf-8")).text == text
