"""primeqk 数譜 database JSON → records, byte for byte like the independent corpus files."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from click.testing import CliRunner

from kifuwiki.archive import load_file, load_text
from kifuwiki.cli import cli
from kifuwiki.games.prime_daifugo.import_primeqk import date_of, import_match

from .conftest import FIXTURES

PRIMEQK = FIXTURES / "primeqk"
PINNED = (
    "https://github.com/greenplus/primeqk_database/blob/"
    "0a022ee2eb769f699590471d86bd86e847c6892e/data/match-details/"
)
MATCHES = sorted(PRIMEQK.glob("金剛戦-*.json"))


def _corpus_name(match: Path, slug: str) -> str:
    number = int(match.stem.rsplit("-", 1)[1])
    game = int(slug.rsplit("-g", 1)[1])
    return f"kongo1-m{number:03d}-g{game:02d}.kifu"


def test_every_game_is_identical_to_the_corpus_file() -> None:
    compared = 0
    for match in MATCHES:
        result = import_match(match, PINNED)
        assert result.issues == []
        for record in result.records:
            expected = (PRIMEQK / "expected" / _corpus_name(match, record.slug)).read_text(
                encoding="utf-8"
            )
            assert record.render(dt.date(2030, 1, 1)) == expected, record.slug
            compared += 1
    assert compared == 32 == len(list((PRIMEQK / "expected").glob("*.kifu")))


def test_imported_games_validate_and_keep_metadata() -> None:
    result = import_match(MATCHES[0])
    first = result.records[0]
    assert first.slug == "金剛戦-第1期-match-004-g01"
    (game,) = load_text(first.render(None), f"records/{first.relative_path}")
    assert game.errors == 0
    assert game.meta["title"] == "金剛戦 第1期 第4試合 第1局"
    assert game.meta["event"] == "金剛戦 第1期"
    assert game.meta["date"] == dt.date(2024, 10, 26)
    assert game.meta["source"].endswith("/data/match-details/金剛戦-第1期-match-004.json")
    assert game.winner == "もりしー"
    assert "###" not in first.render(None)


def test_dates_come_from_the_docx_name() -> None:
    assert date_of("241220金剛戦数譜.docx") == dt.date(2024, 12, 20)
    assert date_of("金剛戦数譜.docx") is None
    assert date_of("241340x.docx") is None


def test_broken_match_is_reported_not_raised() -> None:
    result = import_match(PRIMEQK / "broken-match.json")
    codes = [issue.code for issue in result.issues]
    assert codes == ["IM041", "IM041", "IM042", "IM040", "IM040"]
    first, second = result.records
    assert first.meta["title"] == "テスト杯 第1期 決勝 第1試合 第1局"
    assert first.body[0] == "はち:(QT338647JA9)"
    assert "date" not in second.meta
    assert second.body[0] == "はち:(T5TJA2JQ76Q)"  # no header: every line is record text


def test_not_json_is_one_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_bytes(b"\xff{not json")
    result = import_match(bad)
    assert result.records == []
    assert [issue.code for issue in result.issues] == ["IM004"]


def test_cli_imports_a_folder_and_reimports_unchanged(tmp_path: Path) -> None:
    records = tmp_path / "records"
    args = ["import", "primeqk", str(PRIMEQK), "--records", str(records), "--source-base", PINNED]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 1  # the broken match has errors
    assert "3 match file(s), 34 game(s) (34 new" in result.stderr
    target = records / "prime-daifugo" / "金剛戦-第1期-match-017-g17.kifu"
    assert target.read_text(encoding="utf-8") == (
        PRIMEQK / "expected" / "kongo1-m017-g17.kifu"
    ).read_text(encoding="utf-8")
    assert load_file(target)[0].errors == 0
    again = CliRunner().invoke(cli, args)
    assert "34 unchanged" in again.stderr
