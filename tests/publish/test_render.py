"""The MkDocs-free render core: slugs, URLs, labels, the record header, page rendering."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.fresh_python import run_fresh

from kifuwiki.archive import load_text
from kifuwiki.games import get_game
from kifuwiki.render.archive import Archive
from kifuwiki.render.environment import make_environment
from kifuwiki.render.labels import LABELS, normalise_language, t
from kifuwiki.render.record import render_record_page, safe_href
from kifuwiki.render.resources import templates_dir
from kifuwiki.render.site import page_url, relative_url, slugify

CUSTOM = Path(__file__).resolve().parent.parent / "fixtures" / "sites" / "basic" / "templates"
TEMPLATES = Path(__file__).resolve().parents[2] / "templates"


@pytest.mark.parametrize(
    ("name", "slug"),
    [
        ("金剛戦 第1期", "金剛戦-第1期"),
        ("はち", "はち"),
        ("Alice", "alice"),
        ("a/b?c#d%e", "a-b-c-d-e"),
        ("  ..hidden  ", "hidden"),
        ("ＡＢＣ１", "abc1"),
    ],
)
def test_slugify_keeps_unicode_and_replaces_what_breaks_urls(name: str, slug: str) -> None:
    assert slugify(name) == slug


def test_slugify_never_gives_empty_or_reserved_names() -> None:
    for name in ("", "///", "index", "Index", "..", "assets"):
        slug = slugify(name)
        assert slug and slug not in {"index", "..", ".", "assets"}
        assert slugify(name) == slug  # stable


@settings(max_examples=200, deadline=None)
@given(st.text())
def test_slugs_are_safe_path_segments(name: str) -> None:
    slug = slugify(name)
    assert slug
    assert not re.search(r"[\s/\\?#%<>\"'`]", slug)
    assert slug not in (".", "..", "index")
    assert not slug.startswith(".")


@pytest.mark.parametrize(
    ("src", "directory", "url"),
    [
        ("records/index.md", True, "records/"),
        ("records/report.md", True, "records/report/"),
        ("records/report.md", False, "records/report.html"),
        ("records/players/はち.md", True, "records/players/%E3%81%AF%E3%81%A1/"),
    ],
)
def test_page_url_follows_mkdocs(src: str, directory: bool, url: str) -> None:
    assert page_url(src, directory) == url


@pytest.mark.parametrize(
    ("target", "here", "rel"),
    [
        ("records/players/a/", "records/fake/g1/", "../../players/a/"),
        ("records/", "records/fake/g1/", "../../"),
        ("records/fake/g1/#m2", "records/report/", "../fake/g1/#m2"),
        ("records/a.html", "records/b.html", "a.html"),
        ("", "records/", "../"),
        ("records/", "", "records/"),
    ],
)
def test_relative_url(target: str, here: str, rel: str) -> None:
    assert relative_url(target, here) == rel


@pytest.mark.parametrize(
    ("url", "href"),
    [
        ("https://example.org/a?b=1", "https://example.org/a?b=1"),
        ("http://example.org", "http://example.org"),
        ("javascript:alert(1)", None),
        ("JavaScript:alert(1)", None),
        ("data:text/html,x", None),
        ("//example.org", None),
        ("https://exa mple.org", None),
        ("ftp://example.org", None),
    ],
)
def test_safe_href_only_allows_http(url: str, href: str | None) -> None:
    assert safe_href(url) == href


def test_labels_used_by_templates_exist_in_both_languages() -> None:
    used: set[str] = set()
    for path in TEMPLATES.glob("*.html"):
        used |= set(re.findall(r"""\bt\(\s*["']([\w]+)["']""", path.read_text("utf-8")))
    assert used, "no labels found: the pattern is wrong"
    missing = used - set(LABELS)
    assert not missing
    for ja, en in LABELS.values():
        assert ja and en


def test_label_language_defaults() -> None:
    assert normalise_language(None) == "ja"
    assert normalise_language("ja_JP") == "ja"
    assert normalise_language("en-GB") == "en"
    assert normalise_language("fr") == "en"
    assert t("winner", "en") == "Winner" and t("winner", "ja") == "勝者"
    assert t("no-such-label", "en") == "no-such-label"


def test_templates_dir_is_the_repository_folder_in_a_checkout() -> None:
    assert templates_dir() == TEMPLATES
    assert (templates_dir() / "record.html").is_file()


def test_environment_is_cached_and_autoescapes() -> None:
    env = make_environment(CUSTOM)
    assert env is make_environment(CUSTOM)
    assert env.autoescape
    assert env.from_string("{{ x }}").render(x="<b>") == "&lt;b&gt;"
    assert str(env.filters["comment"]("<script>x</script> *y*")).count("<script>") == 0


def test_custom_templates_win_over_packaged(tmp_path: Path) -> None:
    (tmp_path / "error_box.html").write_text("CUSTOM {{ message }}", encoding="utf-8")
    env = make_environment(tmp_path)
    assert env.get_template("error_box.html").render(message="<x>") == "CUSTOM &lt;x&gt;"


FAKE = """---
game: fake
title: Solo
event: Cup
source: not a url
---
A: one
B: bad
"""


def test_record_page_without_an_archive_has_plain_text_instead_of_links() -> None:
    record = load_text(FAKE, "solo.kifu")[0]
    view = get_game("fake").view(record)
    html = render_record_page(view, make_environment(CUSTOM), "en")
    doc = BeautifulSoup(html, "lxml")
    assert doc.select_one(".kw-event").get_text(strip=True) == "Cup"
    assert doc.select_one(".kw-event a") is None
    assert doc.select_one(".kw-source a") is None  # not http(s): text only
    diagnostic = doc.select_one("li.kw-diagnostic")
    assert diagnostic["data-code"] == "FK002"
    assert diagnostic.select_one("a")["href"] == "#m2"
    assert doc.select_one(".kw-record-broken") is not None


def test_archive_render_without_mkdocs() -> None:
    records = load_text(FAKE, "records/fake/solo.kifu") + load_text(
        FAKE.replace("Solo", "Duo").replace("B: bad", "B: win"), "records/fake/duo.kifu"
    )
    views = [get_game("fake").view(r) for r in records]
    archive = Archive.build(views, "records", "records", "en")
    uris = sorted(page.src_uri for page in archive.plan.pages)
    assert "records/fake/solo.md" in uris and "records/fake/duo.md" in uris
    assert "records/players/a.md" in uris and "records/events/cup.md" in uris
    env = make_environment(CUSTOM)
    for page in archive.plan.pages:
        html = archive.render(page, env, "en")
        assert "<h1" in html, page.src_uri
    player = next(p for p in archive.plan.pages if p.src_uri == "records/players/b.md")
    doc = BeautifulSoup(archive.render(player, env, "en"), "lxml")
    assert doc.select_one('dd[data-stat="wins"]').get_text() == "1"
    assert doc.select_one('dd[data-stat="first_win_rate"]').get_text() == "—"


def test_core_never_imports_mkdocs() -> None:
    code = (
        "import sys\n"
        "import kifuwiki.archive, kifuwiki.render.record, kifuwiki.render.archive\n"
        "import kifuwiki.markdown_fence\n"
        "import markdown\n"
        "markdown.markdown('```kifu\\nA: b\\n```', extensions=['kifuwiki'])\n"
        "bad = sorted(m for m in sys.modules if m == 'mkdocs' or m.startswith('mkdocs.'))\n"
        "print(bad)\n"
        "sys.exit(1 if bad else 0)\n"
    )
    run_fresh(code)


def test_edited_templates_are_read_again_after_forget(tmp_path: Path) -> None:
    from kifuwiki.render.environment import forget_environments

    template = tmp_path / "error_box.html"
    template.write_text("one", encoding="utf-8")
    assert make_environment(tmp_path).get_template("error_box.html").render() == "one"
    template.write_text("two", encoding="utf-8")
    forget_environments()
    assert make_environment(tmp_path).get_template("error_box.html").render() == "two"


def test_long_source_addresses_are_shortened_for_display() -> None:
    from kifuwiki.render.record import SourceLink

    url = "https://github.com/owner/repo/blob/0123456789abcdef/data/%E9%87%91%E5%89%9B.json"
    assert SourceLink(url, url).short == "github.com/…/金剛.json"
    assert SourceLink("https://example.org/a", "https://example.org/a").short == (
        "https://example.org/a"
    )
    assert SourceLink("javascript:" + "x" * 60, None).short.startswith("javascript:")


def test_pd_cards_filter_is_the_games_own_card_markup() -> None:
    env = make_environment()
    html = env.from_string("{{ 'QX?' | pd_cards }}{{ 'A' | pd_cards(' kw-consumed') }}").render()
    cards = BeautifulSoup(html, "lxml").select("span.kw-card")
    assert [c.get_text() for c in cards] == ["Q", "X", "?", "A"]
    assert cards[1]["class"] == ["kw-card", "kw-joker"]
    assert cards[2]["class"] == ["kw-card", "kw-unknown"]
    assert cards[3]["class"] == ["kw-card", "kw-consumed"]
    assert "<script>" not in env.from_string("{{ '<script>' | pd_cards }}").render()
    # The core's own environment knows no game's glyphs: the filter is the game's.
    assert "kw_cards" not in env.filters


def test_colliding_slugs_get_distinct_stable_pages() -> None:
    records = load_text("---\ngame: fake\n---\nBob: x\n", "records/fake/a b.kifu") + load_text(
        "---\ngame: fake\n---\nbob: y\n", "records/fake/a-b.kifu"
    )
    views = [get_game("fake").view(r) for r in records]
    plans = [Archive.build(order, "records", "records").plan for order in (views, views[::-1])]
    for plan in plans:
        record_uris = {page.src_uri for page in plan.records.values()}
        player_uris = {page.src_uri for page in plan.players.values()}
        assert len(record_uris) == 2 and len(player_uris) == 2
        assert len({page.src_uri for page in plan.pages}) == len(plan.pages)
    assert plans[0].players == plans[1].players  # players are planned in name order


def test_the_plugin_leaves_serves_modules_to_serve() -> None:
    """``mkdocs build`` never imports ``mkdocs.livereload`` (its HTTP server, watchdog,
    ssl: ~8 ms); the plugin names its server type for ``on_serve`` only when type
    checking."""
    code = (
        "import sys\n"
        "import mkdocs.commands.build, kifuwiki.mkdocs_plugin.plugin\n"
        "from kifuwiki.mkdocs_plugin.plugin import KifuwikiPlugin\n"
        "KifuwikiPlugin()\n"
        "sys.exit('mkdocs.livereload' in sys.modules)\n"
    )
    run_fresh(code)


def _record_slug_with_path_objects(path: str, game: str, root: str | None, count: int) -> str:
    """``record_slug`` as it was (``PurePosixPath`` for every path): the reference."""
    from pathlib import PurePosixPath

    pure = PurePosixPath(path.replace("\\", "/"))
    parts = list(pure.with_suffix("").parts) if pure.suffix == ".kifu" else list(pure.parts)
    if root:
        root_parts = PurePosixPath(root.replace("\\", "/")).parts
        if tuple(parts[: len(root_parts)]) == root_parts:
            parts = parts[len(root_parts) :]
    if len(parts) > 1 and parts[0] == game:
        parts = parts[1:]
    slugs = [slugify.__wrapped__(part) for part in parts] or ["record"]
    if count > 1:
        slugs[-1] = f"{slugs[-1]}-2"
    return "/".join(slugs)


_PATHS = st.lists(
    st.sampled_from(["records", "g", "a.kifu", ".kifu", "x.y", ".", "..", "", "b\\c", "は.kifu"]),
    min_size=1,
    max_size=5,
).map("/".join)


@settings(max_examples=400, deadline=None)
@given(
    path=_PATHS | st.text(alphabet=st.sampled_from(list("a./\\k")), max_size=10),
    root=st.none() | st.sampled_from(["records", "records/", "./records", "records\\g", ""]),
    count=st.sampled_from([1, 3]),
)
def test_a_record_slug_is_what_path_objects_made_it(
    path: str, root: str | None, count: int
) -> None:
    """A plain path is split without ``PurePosixPath``, and ``slugify`` remembers its
    answers: the same slug as before for any path (dots, empty parts, backslashes, a
    leading slash, ``.kifu`` alone), any records folder, one game or several."""
    from types import SimpleNamespace

    from kifuwiki.render.site import record_slug

    source = SimpleNamespace(count=count)
    record = SimpleNamespace(path=path, title="t", game="g", source=source, index=2)
    expected = _record_slug_with_path_objects(path or "t", "g", root, count)
    assert record_slug(record, root) == expected  # type: ignore[arg-type]
