"""A site with the real game engines: the pages show exactly the states the engines computed."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import build_site, copy_site, soup
from tests.seat_hands import mark_hands

from kifuwiki.archive import load_file
from kifuwiki.games import get_game

#: A Prime Daifugo hand: the <div> in a player's box (no class at every step; the
#: game's templates/state.html, its seat_hands rule).
PD_HAND = ":is(details,.kw-state)>div>div:first-child>div>div"

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_site(copy_site(tmp_path_factory.mktemp("games"), "games"))


def test_prime_daifugo_record_page_matches_the_engine(built: Path) -> None:
    root = built.parent
    record = load_file(root / "records/prime-daifugo/kongo.kifu", "kongo.kifu")[0]
    view = get_game("prime-daifugo").view(record)
    doc = mark_hands(soup(built / "records/prime-daifugo/kongo/index.html"))
    steps = doc.select("article ol.kw-moves > li")
    assert [li["id"] for li in steps] == [step.anchor for step in view.steps]
    for li, step in zip(steps, view.steps, strict=True):
        # A hand's cards as written (the compact text; the cards it just played follow
        # in a run of their own).
        hands = {
            hand["data-kw-seat"]: "".join(
                run.get_text() for run in hand.select("i:not(.kw-consumed)")
            )
            for hand in li.select(f":scope > {PD_HAND}[data-kw-seat]")
        }
        expected = {p["key"]: p["faces"] + "?" * p["unknown"] for p in step.state["players"]}
        assert hands == expected, step.anchor
    header = doc.select_one(".kw-record-header")
    assert header.select_one(".kw-source a")["href"].startswith("https://github.com/")
    assert doc.select_one(".kw-winner-name").get_text(strip=True) == record.winner


def test_player_page_shows_the_engine_statistics(built: Path) -> None:
    root = built.parent
    record = load_file(root / "records/prime-daifugo/kongo.kifu", "kongo.kifu")[0]
    view = get_game("prime-daifugo").view(record)
    name = view.players[0].name
    doc = soup(built / "records/players" / name / "index.html")
    shown = {tr["data-stat"]: tr.td.get_text() for tr in doc.select(".kw-player-game-stats tr")}
    for stat in view.player_stats[name]:
        assert shown[stat.key] == (stat.display if stat.display is not None else str(stat.value))


def test_catan_pages_and_english_labels(built: Path) -> None:
    doc = soup(built / "records/catan/three/index.html")
    assert doc.select_one("article.kw-record-page")["data-game"] == "catan"
    assert doc.select_one(".kw-record-header dt").get_text() == "Game"
    index = soup(built / "records/catan/index.html")
    assert len(index.select("table.kw-index tbody tr")) == 1
    home = soup(built / "records/index.html")
    kinds = [li["data-game"] for li in home.select(".kw-game-kinds li")]
    assert kinds == ["catan", "prime-daifugo"]


def test_fence_defaults_to_prime_daifugo(built: Path) -> None:
    doc = soup(built / "index.html")
    viewer = doc.select_one("section.kw-viewer")
    assert viewer is not None and viewer["data-kw-game"] == "prime-daifugo"
    assert doc.select_one(".kw-error-box") is None
    ids = [li["id"] for li in viewer.select("ol.kw-moves > li")]
    assert ids[0] == "k1-m0" and len(ids) == 5  # the deal, then four moves


def test_search_indexes_moves_and_comments_but_not_the_state_panels(built: Path) -> None:
    import json

    html = soup(built / "records/prime-daifugo/kongo/index.html")
    state_words = {
        dt.get_text(strip=True) for dt in html.select(".kw-moves > li > details>div>dl dt")
    }
    assert state_words  # the page itself keeps every state panel
    index = json.loads((built / "search/search_index.json").read_text(encoding="utf-8"))
    text = " ".join(
        doc["text"] + doc["title"]
        for doc in index["docs"]
        if doc["location"].startswith("records/prime-daifugo/kongo/")
    )
    assert "987463" in text and "1枚引いてから" in text
    for word in state_words:
        assert word not in text


def test_game_assets_only_on_pages_showing_that_game(built: Path) -> None:
    def assets(path: Path) -> set[str]:
        doc = soup(path)
        tags = doc.select("link[data-kw-asset], script[data-kw-asset]")
        return {tag.get("href") or tag.get("src") for tag in tags}

    pd_page = assets(built / "records/prime-daifugo/kongo/index.html")
    assert pd_page == {
        "../../../assets/kifuwiki/prime-daifugo/prime-daifugo.css",
        "../../../assets/kifuwiki/prime-daifugo/prime-daifugo.js",
    }
    assert (built / "assets/kifuwiki/prime-daifugo/prime-daifugo.js").is_file()
    assert not any(
        "prime-daifugo" in href for href in assets(built / "records/catan/three/index.html")
    )
    assert assets(built / "records/index.html") == set()  # an index shows no viewer
    # The fence's page (the site's home) gets the assets of the game it embeds.
    assert {h.rsplit("/", 1)[-1] for h in assets(built / "index.html")} == {
        "prime-daifugo.css",
        "prime-daifugo.js",
    }
