"""The Catan page parts: step states, the state partial, the board and the charts."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from click.testing import CliRunner
from tests.catan.helpers import record

from kifuwiki.archive import load_file
from kifuwiki.cli import cli
from kifuwiki.games import get_game
from kifuwiki.games.catan.charts import chi_square, survival_df10
from kifuwiki.render.environment import make_environment
from kifuwiki.render.record import render_record_page

RECORDS = Path(__file__).resolve().parents[2] / "records" / "catan"
BOARD_GAME = RECORDS / "practice-2026-board.kifu"
GAME = get_game("catan")


@pytest.fixture(scope="module")
def env():  # type: ignore[no-untyped-def]
    return make_environment()


def render_state(env, view, step, lang="en") -> BeautifulSoup:  # type: ignore[no-untyped-def]
    html = env.get_template("catan/state.html").render(
        state=step.state, step=step, view=view, lang=lang
    )
    return BeautifulSoup(html, "html.parser")


def key_of(text: str) -> str:
    """A player's key from "name (key)", as the position writes it."""
    return re.findall(r"\(([^()]*)\)", text)[-1]


def render_extra(env, view, lang="en") -> BeautifulSoup:  # type: ignore[no-untyped-def]
    html = env.get_template("catan/extra.html").render(extra=view.extra, view=view, lang=lang)
    return BeautifulSoup(html, "html.parser")


def test_every_step_state_matches_the_engine(env) -> None:  # type: ignore[no-untyped-def]
    rec = load_file(BOARD_GAME)[0]
    view = GAME.view(rec)
    steps = rec.data.replay.steps
    assert len(view.steps) == len(steps) == rec.moves + 1
    for step_view, result in zip(view.steps, steps, strict=True):
        soup = render_state(env, view, step_view)
        rows = soup.select(".kw-player")
        assert len(rows) == len(step_view.state["players"])
        for row in rows:
            key = key_of(row.select_one("strong").get_text())  # type: ignore[union-attr]
            # In words: "— 5 VP", then "roads 3 · settlements 2 · cities 0 · knights 1 …".
            vp = re.search(r"— ≥?(\d+) VP", row.get_text())
            assert vp is not None and int(vp.group(1)) == result.snapshot.vp[key]
            counts = re.findall(r"≥?(\d+|\?)", row.select_one(".kw-note").get_text())  # type: ignore[union-attr]
            assert int(counts[0]) == result.snapshot.tallies[key].roads
            assert int(counts[3]) == result.snapshot.tallies[key].knights
        current = soup.select("td.kw-current")
        if result.turn is None:
            assert current == []
        else:
            assert len(current) == 1
            # The cell's column is the player's (the header says "name (key)").
            keys = [key_of(th.get_text()) for th in soup.select(".kw-catan-grid thead th")[1:]]
            cells = current[0].find_parent("tr").find_all("td")  # type: ignore[union-attr]
            assert keys[cells.index(current[0])] == result.turn.player
            assert int(current[0]["data-step"]) == result.index
            mover = soup.select_one(".kw-player.kw-current strong")
            assert mover is not None and key_of(mover.get_text()) == result.turn.player
        # The grid never shows a turn after the current one.
        shown = [int(td["data-step"]) for td in soup.select("td[data-step]")]
        assert all(n <= result.index for n in shown)
        robber, lr, _ = [dd.get_text() for dd in soup.select(".kw-facts dd")][-3:]
        assert robber == (result.snapshot.robber or "unknown (turns left out)")
        holder = result.snapshot.lr_holder
        assert lr == (rec.data.record.name(holder) if holder else "—")


def test_state_labels_in_both_languages(env) -> None:  # type: ignore[no-untyped-def]
    view = GAME.view(load_file(RECORDS / "seed-001-example.kifu")[0])
    ja = render_state(env, view, view.steps[-1], "ja").get_text()
    en = render_state(env, view, view.steps[-1], "en").get_text()
    assert "泥棒" in ja and "最大騎士力" in ja and "最大騎士力を獲得" in ja
    assert "Robber" in en and "Largest Army" in en
    assert "≥" in en  # lower bounds after the omitted turns


def test_board_svg_marks_the_robber(env) -> None:  # type: ignore[no-untyped-def]
    rec = load_file(BOARD_GAME)[0]
    view = GAME.view(rec)
    soup = render_extra(env, view)
    hexes = soup.select(".kw-catan-board g[data-hex]")
    assert len(hexes) == 19
    robber = [g["data-hex"] for g in hexes if g.get("data-robber") == "true"]
    assert robber == [rec.data.replay.steps[-1].snapshot.robber]
    assert len(soup.select(".kw-harbour")) == 9
    assert soup.find("script") is None


def test_no_board_section_without_a_board(env) -> None:  # type: ignore[no-untyped-def]
    view = GAME.view(load_file(RECORDS / "three-player-english.kifu")[0])
    assert render_extra(env, view).select(".kw-catan-board") == []


def test_dice_chart_counts_and_chi_square(env) -> None:  # type: ignore[no-untyped-def]
    rec = load_file(BOARD_GAME)[0]
    view = GAME.view(rec)
    soup = render_extra(env, view)
    dice = rec.data.replay.dice
    for bar in soup.select(".kw-catan-dice g[data-total]"):
        n = int(bar["data-total"])
        assert int(bar["data-count"]) == dice.count(n)
        assert float(bar["data-expected"]) == pytest.approx(
            len(dice) * (6 - abs(7 - n)) / 36, abs=0.05
        )
    chi2, p = chi_square({n: dice.count(n) for n in range(2, 13)})
    assert f"χ² = {chi2:.2f}" in soup.select_one(".kw-catan-dice").get_text()
    assert 0 <= p <= 1


def test_chi_square_known_values() -> None:
    assert chi_square({}) is None
    perfect = {n: 6 - abs(7 - n) for n in range(2, 13)}
    chi2, p = chi_square(perfect)
    assert chi2 == pytest.approx(0) and p == pytest.approx(1)
    # 36 sevens: χ² = Σ (o-e)²/e = (36-6)²/6 + Σ_{n≠7} e_n = 150 + 30 = 180.
    chi2, p = chi_square({7: 36})
    assert chi2 == pytest.approx(180)
    assert p < 1e-30
    # Table values of the χ² distribution with 10 degrees of freedom.
    assert survival_df10(18.307) == pytest.approx(0.05, abs=1e-4)
    assert survival_df10(9.342) == pytest.approx(0.5, abs=1e-3)
    assert survival_df10(2.558) == pytest.approx(0.99, abs=1e-3)


def test_vp_and_holder_charts(env) -> None:  # type: ignore[no-untyped-def]
    rec = load_file(BOARD_GAME)[0]
    view = GAME.view(rec)
    soup = render_extra(env, view)
    lines = soup.select(".kw-catan-vp polyline[data-player]")
    assert [line["data-player"] for line in lines] == rec.data.record.order
    assert all(len(line["points"].split()) == len(view.steps) for line in lines)
    segments = soup.select(".kw-catan-holders rect[data-card]")
    holders = [(r["data-card"], r["data-player"]) for r in segments]
    took_lr = [s.turn.player for s in rec.data.replay.steps if "LR" in s.took]
    assert [p for card, p in holders if card == "LR"] == took_lr


def test_everything_from_the_record_is_escaped(env) -> None:  # type: ignore[no-untyped-def]
    evil = "<script>alert(1)</script>"
    rec = record(
        "1 B: 7-T8(Y) | R R R+\n1 Y: 6 |\n合計: B 4, Y 2",
        front=f"players:\n  B: '{evil}'\n  Y: '<img src=x onerror=alert(1)>'\norder: B Y\n",
    )
    view = GAME.view(rec)
    html = render_record_page(view, env, "en")
    html += env.get_template("catan/extra.html").render(extra=view.extra, view=view, lang="en")
    assert "<script>alert" not in html
    assert "<img src=x" not in html
    assert "&lt;script&gt;" in html


def test_player_stats_and_badges() -> None:
    rec = load_file(RECORDS / "seed-001-example.kifu")[0]
    view = GAME.view(rec)
    white = {s.key: s.value for s in view.player_stats["白"]}
    assert white["catan_points"] == 11
    assert white["catan_knights"] == 2
    assert white["catan_lr"] == 2 and white["catan_la"] == 1
    assert {"LR", "LA", "omitted"} <= view.badges
    assert "warning" not in view.badges  # its one warning (CT224) is acknowledged
    assert [p.winner for p in view.players] == [False, False, False, True]


def test_validate_json_summary() -> None:
    result = CliRunner().invoke(cli, ["validate", "--format", "json", str(RECORDS)])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    games = [g for g in report["games"] if g["game"] == "catan"]
    assert len(games) >= 3
    seed = next(g for g in games if g["path"].endswith("seed-001-example.kifu"))
    assert seed["winner"] == "白"
    assert seed["moves"] == 12
    assert seed["errors"] == 0 and seed["warnings"] == 0
    (omitted,) = seed["diagnostics"]
    assert omitted["code"] == "CT224" and omitted["severity"] == "info"
    assert omitted["acknowledged"] is True
    assert "(acknowledged: the original sheet omits turns 2–10)" in omitted["message"]


def test_detect_an_untagged_log_sheet() -> None:
    from kifuwiki.core.recordfile import split_record_file

    (source,) = split_record_file("1 B: 6 | R\n1 Y: 7-T8(R) |\n1 R: 6 |\n")
    assert GAME.detect(source)
    (other,) = split_record_file("はち:(QT338647JA9)\nnishimura:(T77TJK4X3KA)\n")
    assert not GAME.detect(other)


def test_board_shows_the_pieces_at_the_end(env) -> None:  # type: ignore[no-untyped-def]
    rec = load_file(BOARD_GAME)[0]
    soup = render_extra(env, GAME.view(rec))
    groups = {g["data-player"]: g for g in soup.select(".kw-catan-board g[data-player]")}
    assert sorted(groups) == ["B", "R", "W", "Y"]

    def squares(player: str, kind: str) -> int:
        path = groups[player].select_one(f"path.kw-{kind}")
        return path["d"].count("M") if path else 0

    # Y: two starting settlements, S@B11/W12 made a city, S@B4s/W12; R: C@S3/S5/T5.
    assert (squares("Y", "s"), squares("Y", "c")) == (3, 1)
    assert (squares("R", "s"), squares("R", "c")) == (1, 1)
    assert (squares("W", "s"), squares("W", "c")) == (2, 0)
