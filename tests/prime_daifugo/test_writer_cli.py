"""``kifuwiki fmt`` on Prime Daifugo records: canonical text, --to, --check, --write."""

from __future__ import annotations

import shutil
from pathlib import Path

from click.testing import CliRunner

from kifuwiki.cli.fmt import fmt_command

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "prime-daifugo" / "notation"


def _fmt(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(fmt_command, list(args))
    return result.exit_code, result.output


def test_fmt_to_the_other_dialect_and_back(tmp_path: Path) -> None:
    original = tmp_path / "spec.kifu"
    shutil.copy(FIXTURES / "fandom-spec.kifu", original)
    code, canonical = _fmt(str(original))
    assert code == 0
    code, standard = _fmt(str(original), "--to", "standard")
    assert code == 0
    assert "notation: standard\n" in standard
    assert "A:KQ=2*2^4*4A\n" in standard
    assert "二試合目\n(一試合目)と同じ\n" in standard
    converted = tmp_path / "standard.kifu"
    converted.write_text(standard, encoding="utf-8")
    code, back = _fmt(str(converted), "--to", "fandom")
    assert code == 0
    assert back == canonical


def test_fmt_check_and_write(tmp_path: Path) -> None:
    record = tmp_path / "blog.kifu"
    shutil.copy(FIXTURES / "blog-variants.kifu", record)
    code, _ = _fmt("--check", str(record))
    assert code == 1
    code, _ = _fmt("--write", str(record))
    assert code == 0
    text = record.read_text(encoding="utf-8")
    assert "2.な:%\n" in text
    assert "な:1213\n" in text  # the ambiguous decimal number is kept as written
    assert "* a mistake: [see](https://example.org)\n" in text
    code, _ = _fmt("--check", str(record))
    assert code == 0


FUZZ_REGRESSIONS = Path(__file__).resolve().parents[1] / "fuzz" / "regressions"


def test_fmt_keeps_a_body_that_starts_with_dashes_out_of_the_front_matter(
    tmp_path: Path,
) -> None:
    """A file without front matter whose formatted body starts with '---' would be read
    back with that line as front matter; fmt puts an empty block in front instead, and a
    second fmt changes nothing (found by the fuzz harness). The harness's file starts
    with a comment, which fmt now keeps on top; with a blank line in its place, the
    formatted body starts with the dashes."""
    record = tmp_path / "g.kifu"
    shutil.copy(FUZZ_REGRESSIONS / "fmt-not-idempotent-mutated-real-14060.kifu", record)
    code, once = _fmt(str(record))
    assert code == 0
    assert once.startswith("* A six-card lead: **987463** is prime.\n---\n")
    record.write_text(once, encoding="utf-8")
    assert _fmt(str(record)) == (0, once)
    text = (FUZZ_REGRESSIONS / "fmt-not-idempotent-mutated-real-14060.kifu").read_text("utf-8")
    record.write_text("\n" + text.split("\n", 1)[1], encoding="utf-8")
    code, once = _fmt(str(record))
    assert code == 0
    assert once.startswith("---\n---\n---\n")
    record.write_text(once, encoding="utf-8")
    assert _fmt(str(record)) == (0, once)
