"""The ```kifu fence without MkDocs: plain Python-Markdown and SuperFences."""

from __future__ import annotations

import functools
import logging
from pathlib import Path

import markdown
import pytest
from bs4 import BeautifulSoup

from kifuwiki.markdown_fence import fence_format, fence_validator, parse_info
from kifuwiki.render.environment import make_environment

#: The fake game's state partial lives with the fixture site's custom templates.
CUSTOM = Path(__file__).resolve().parent.parent / "fixtures" / "sites" / "basic" / "templates"
EXTENSION = {"kifuwiki": {"custom_templates": str(CUSTOM)}}

GAME = "A: hello\n* a *nice* start\nB: win\n"


def html_of(text: str, **kwargs: str) -> BeautifulSoup:
    configs = {"kifuwiki": {**EXTENSION["kifuwiki"], **kwargs}}
    html = markdown.markdown(text, extensions=["kifuwiki"], extension_configs=configs)
    return BeautifulSoup(html, "lxml")


def test_plain_markdown_renders_a_viewer_per_block() -> None:
    doc = html_of(
        f'# Page\n\n```kifu game=fake\n{GAME}```\n\ntext\n\n~~~kifu game="fake"\nC: x\n~~~\n'
    )
    viewers = doc.select("section.kw-viewer")
    assert [v["id"] for v in viewers] == ["k1-viewer", "k2-viewer"]
    assert [li["id"] for li in viewers[0].select("ol.kw-moves > li")] == ["k1-m0", "k1-m1", "k1-m2"]
    assert viewers[0].find("em").get_text() == "nice"
    assert doc.select_one("h1").get_text() == "Page"
    assert doc.find("p", string="text") is not None


def test_front_matter_game_wins_over_the_default() -> None:
    doc = html_of(f"```kifu\n---\ngame: fake\ntitle: Framed\n---\n{GAME}```\n")
    viewer = doc.select_one("section.kw-viewer")
    assert viewer is not None and viewer["data-kw-game"] == "fake"
    assert "Framed" in viewer["aria-label"]


def test_other_fences_and_examples_are_left_alone() -> None:
    text = "````markdown\n```kifu game=fake\nA: b\n```\n````\n\n```python\nx = 1\n```\n"
    doc = BeautifulSoup(
        markdown.markdown(
            text, extensions=["kifuwiki", "fenced_code"], extension_configs=EXTENSION
        ),
        "lxml",
    )
    assert doc.select_one("section.kw-viewer") is None
    assert "```kifu game=fake" in doc.get_text()


def test_broken_block_renders_an_error_box_and_warns(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="kifuwiki.markdown_fence"):
        doc = html_of("```kifu game=fake\nno colon <script>alert(1)</script>\n```\n")
    box = doc.select_one(".kw-error-box")
    assert box is not None and "FK001" in box.get_text()
    assert all(s.get("type") == "application/json" for s in doc.find_all("script"))
    assert "<script>alert" not in str(doc)
    # Reported at the text's line (the block's first line is the text's second).
    messages = [r.getMessage() for r in caplog.records]
    assert "<markdown>:2:1: error FK001 a move line needs 'NAME: WORD'" in messages
    assert box.select_one("li.kw-diagnostic")["data-line"] == "2"


def test_unknown_game_and_unknown_option(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="kifuwiki.markdown_fence"):
        doc = html_of('```kifu game="<b>chess</b>" colour=red\n1. e4\n```\n')
    box = doc.select_one(".kw-error-box")
    assert box is not None and "<b>chess</b>" in box.get_text()
    assert doc.find("b") is None
    messages = " ".join(r.getMessage() for r in caplog.records)
    assert "KW001 unknown option 'colour'" in messages and "KW002 unknown game" in messages
    assert box.select_one("li.kw-diagnostic")["data-code"] == "KW002"


def test_hostile_comment_in_a_block_is_escaped() -> None:
    doc = html_of(
        "```kifu game=fake\nA: x\n* <img src=x onerror=alert(1)> [a](javascript:alert(2))\n```\n"
    )
    assert doc.find("img") is None
    assert all(not a.get("href", "").startswith("javascript:") for a in doc.find_all("a"))


def test_english_labels_by_option() -> None:
    doc = html_of(f"```kifu game=fake lang=en\n{GAME}```\n")
    assert "record viewer" in doc.select_one("section.kw-viewer")["aria-label"]


def test_superfences_custom_fence() -> None:
    md = markdown.Markdown(
        extensions=["pymdownx.superfences"],
        extension_configs={
            "pymdownx.superfences": {
                "custom_fences": [
                    {
                        "name": "kifu",
                        "class": "kifu",
                        "format": functools.partial(fence_format, env=make_environment(CUSTOM)),
                        "validator": fence_validator,
                    }
                ]
            }
        },
    )
    text = f'- item\n\n    ```kifu game="fake"\n    {GAME.replace(chr(10), chr(10) + "    ")}```\n'
    doc = BeautifulSoup(md.convert(text), "lxml")
    viewer = doc.select_one("li section.kw-viewer")
    assert viewer is not None and viewer["id"] == "k1-viewer"
    # A second page through the same SuperFences-only instance still gets fresh ids
    # (numbering continues, ids stay unique), and KifuExtension users restart at k1.
    again = BeautifulSoup(md.convert(f'```kifu game="fake"\n{GAME}```\n'), "lxml")
    assert again.select_one("section.kw-viewer")["id"].startswith("k")


def test_numbering_restarts_per_document_with_the_extension() -> None:
    md = markdown.Markdown(extensions=["kifuwiki"], extension_configs=EXTENSION)
    first = BeautifulSoup(md.convert(f"```kifu game=fake\n{GAME}```\n"), "lxml")
    md.reset()
    second = BeautifulSoup(md.convert(f"```kifu game=fake\n{GAME}```\n"), "lxml")
    assert first.select_one("section.kw-viewer")["id"] == "k1-viewer"
    assert second.select_one("section.kw-viewer")["id"] == "k1-viewer"


def test_fence_format_never_raises(monkeypatch: pytest.MonkeyPatch) -> None:
    import kw_fakegame

    def explode(self, record):  # type: ignore[no-untyped-def]
        raise RuntimeError("boom")

    monkeypatch.setattr(kw_fakegame.FakeGame, "view", explode)
    html = fence_format(GAME, "kifu", "kifu", {"game": "fake"}, None)
    doc = BeautifulSoup(html, "lxml")
    assert "KW003" in doc.select_one(".kw-error-box").get_text()


@pytest.mark.parametrize(
    ("info", "expected"),
    [
        ("kifu", ("kifu", {})),
        ("kifu game=catan", ("kifu", {"game": "catan"})),
        (
            "kifu game=\"catan\" title='A B' flip",
            ("kifu", {"game": "catan", "title": "A B", "flip": "flip"}),
        ),
        (".kifu", ("kifu", {})),
        ("python", ("python", {})),
    ],
)
def test_parse_info(info: str, expected: tuple[str, dict[str, str]]) -> None:
    assert parse_info(info) == expected


def test_a_first_game_line_names_the_game() -> None:
    doc = html_of(f"```kifu\ngame: fake\n{GAME}```\n")
    viewer = doc.select_one("section.kw-viewer")
    assert viewer is not None and viewer["data-kw-game"] == "fake"
    # The game line is not a move, and line numbers stay those of the block.
    assert [li["id"] for li in viewer.select("ol.kw-moves > li")] == ["k1-m0", "k1-m1", "k1-m2"]
    # An alias works too (the test game's Japanese name), and the line beats the option.
    doc = html_of(f"```kifu game=chess\ngame: テストゲーム\n{GAME}```\n")
    assert doc.select_one("section.kw-viewer")["data-kw-game"] == "fake"


def test_an_unknown_game_line_names_the_installed_games() -> None:
    doc = html_of("```kifu\ngame: chess\n1. e4\n```\n", lang="en")
    box = doc.select_one(".kw-error-box")
    assert box is not None and box.select_one("li")["data-code"] == "KW002"
    assert "installed games:" in box.get_text() and "fake" in box.get_text()
    japanese = html_of("```kifu\ngame: chess\n1. e4\n```\n", lang="ja")
    assert "インストールされていない" in japanese.select_one(".kw-error-box").get_text()


def test_a_move_by_a_player_called_game_is_not_a_game_line() -> None:
    doc = html_of("```kifu\ngame:7\nother:K\ngame:7#\n```\n")
    viewer = doc.select_one("section.kw-viewer")
    assert viewer is not None and viewer["data-kw-game"] == "prime-daifugo"


def test_rules_of_the_wrong_type_are_refused_when_the_extension_loads() -> None:
    """A list (a YAML slip) made every block an "internal error" box with a traceback."""
    with pytest.raises(TypeError, match="'rules' setting must be a rule set's name"):
        markdown.Markdown(extensions=["kifuwiki"], extension_configs={"kifuwiki": {"rules": [1]}})
    md = markdown.Markdown(
        extensions=["kifuwiki"], extension_configs={"kifuwiki": {"rules": {"preset": "online"}}}
    )
    assert "kw-error-box" not in md.convert("```kifu\na:(7K)\nb:(2Q)\na:7\nb:%\na:K#\n```\n")


# A Prime Daifugo block whose hands are smaller than its rules deal: two PD123 warnings.
SHORT_HANDS = "```kifu game=prime-daifugo\nA:(223)\nB:(69A)\nA:223#\n```\n"


def test_a_blocks_warnings_are_listed_under_it_and_logged_as_info(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """The steps' badges say "warning": the message must be on the page (linked to the
    step) and in the build's log, as a record file's are — not only a badge."""
    with caplog.at_level(logging.INFO, logger="kifuwiki.markdown_fence"):
        doc = html_of("# Page\n\n" + SHORT_HANDS, lang="en")
    items = doc.select(".kw-embed-diagnostics li.kw-diagnostic")
    assert [li["data-code"] for li in items] == ["PD123", "PD123"]
    assert "initial hand has 3 cards" in items[0].get_text()
    assert "<markdown>:4:4" in items[0].get_text()
    (link,) = items[0].select("a.kw-diagnostic-move")
    assert link["href"] == "#k1-m0" and doc.find(id="k1-m0") is not None
    assert doc.select_one(".kw-error-box") is None  # warnings are not errors
    logged = [(r.levelno, r.getMessage()) for r in caplog.records]
    assert (
        logging.INFO,
        "<markdown>:4:4: warning PD123 A's initial hand has 3 cards; the 'standard' rules deal 11",
    ) in logged
    assert all(level < logging.WARNING for level, _ in logged)


def test_a_block_without_warnings_has_no_diagnostics_list() -> None:
    doc = html_of(f"```kifu game=fake\n{GAME}```\n")
    assert doc.select_one(".kw-embed-diagnostics") is None


def test_a_bad_rules_option_is_reported_not_ignored() -> None:
    doc = html_of(SHORT_HANDS.replace("game=prime-daifugo", "game=prime-daifugo rules=nonsense"))
    codes = [li["data-code"] for li in doc.select(".kw-embed-diagnostics li")]
    assert "PD100" in codes


def test_a_language_without_labels_is_reported(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="kifuwiki.markdown_fence"):
        doc = html_of(
            f"```kifu game=fake lang=fr\n{GAME}```\n\n```kifu game=fake lang=en-GB\n{GAME}```\n"
        )
    messages = [r.getMessage() for r in caplog.records]
    assert messages == [
        "<markdown>:1:1: warning KW004 lang 'fr' has no labels: the block is shown in English "
        "(known: ja, en)"
    ]
    assert len(doc.select("section.kw-viewer")) == 2


@pytest.mark.parametrize(
    "info", ["kifu  game = fake", "kifu game= fake", "kifu game ='fake'", 'kifu game = "fake"']
)
def test_spaces_around_the_equals_sign(info: str) -> None:
    assert parse_info(info) == ("kifu", {"game": "fake"})
    doc = html_of(f"```{info}\n{GAME}```\n")
    assert doc.select_one("section.kw-viewer") is not None
    assert doc.select_one(".kw-error-box") is None
