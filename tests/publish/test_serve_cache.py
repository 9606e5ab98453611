"""The serve cache: under ``mkdocs serve``, the theme's output of unchanged generated pages
is reused, and every page still comes out as a fresh ``mkdocs build`` makes it."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import build_site, copy_site, edit_yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from kifuwiki.mkdocs_plugin.serve_cache import ServeStats


@contextlib.contextmanager
def own_plugin_objects() -> Iterator[None]:
    """MkDocs keeps one object per plugin that has on_startup for the whole process
    (``Plugins.plugin_cache``, shared by every ``load_config``): a fresh build, or a new
    serve session, gets its own and leaves the others' alone."""
    from mkdocs.config.defaults import MkDocsConfig

    cache = MkDocsConfig.plugins.plugin_cache
    saved = dict(cache)
    cache.clear()
    try:
        yield
    finally:
        cache.clear()
        cache.update(saved)


class Serve:
    """Builds in one process, one plugin object, the way ``mkdocs serve`` rebuilds."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.site = root / "site"
        self.plugin: Any = None

    def build(self, **overrides: Any) -> ServeStats:
        from mkdocs.commands.build import build
        from mkdocs.config import load_config

        config = load_config(
            config_file=str(self.root / "mkdocs.yml"), site_dir=str(self.site), **overrides
        )
        if self.plugin is None:
            config.plugins.on_startup(command="serve", dirty=False)
        self.plugin = config.plugins["kifuwiki"]
        build(config)
        stats: ServeStats = self.plugin._serve_cache.stats
        return stats

    def close(self) -> None:
        if self.plugin is not None:
            self.plugin.on_shutdown()


@pytest.fixture
def serve(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Serve]:
    # One build date for every build (MkDocs' theme prints it on the home page), so
    # the served site and a fresh build can be compared byte for byte.
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    with own_plugin_objects():
        session = Serve(copy_site(tmp_path))
        yield session
        session.close()


def generated_pages(site: Path) -> int:
    """Pages kifuwiki generated: under records/ (the record pages and the indexes)."""
    return len(list((site / "records").rglob("index.html")))


def fresh_build(root: Path, tmp_path: Path) -> Path:
    """The same sources built the way ``mkdocs build`` does (a new plugin object, no
    cache in memory), into another folder."""
    with own_plugin_objects():
        return build_site(root, site=tmp_path / "fresh")


def assert_same_site(served: Path, fresh: Path) -> None:
    served_files = sorted(p.relative_to(served) for p in served.rglob("*") if p.is_file())
    fresh_files = sorted(p.relative_to(fresh) for p in fresh.rglob("*") if p.is_file())
    assert served_files == fresh_files
    different = [
        str(name)
        for name in served_files
        if name.suffix != ".gz" and (served / name).read_bytes() != (fresh / name).read_bytes()
    ]
    assert different == []


def edit_record(root: Path, old: str, new: str, name: str = "alpha.kifu") -> None:
    record = root / "records" / "fake" / name
    text = record.read_text("utf-8")
    assert old in text
    # A new file, as editors save one: the served site's hard link keeps the old text.
    record.unlink()
    record.write_text(text.replace(old, new), "utf-8")


@pytest.mark.parametrize("theme", ["mkdocs", "material"])
def test_a_rebuild_reuses_unchanged_pages_and_equals_a_fresh_build(
    serve: Serve, tmp_path: Path, theme: str
) -> None:
    if theme == "material":
        edit_yaml(serve.root, "name: mkdocs", "name: material")
    first = serve.build()
    pages = generated_pages(serve.site)
    assert (first.reused, first.rendered, first.not_cacheable) == (0, pages, 0)
    site_key = serve.plugin._serve_cache._site_key

    edit_record(serve.root, "A quiet **start**.", "A quiet **opening**.")
    second = serve.build()
    # The edited record's page is rendered again; the comment is not in any index row,
    # so every other page (the indexes included) is served from the cache.
    assert (second.reused, second.rendered) == (pages - 1, 1)
    assert "A quiet <strong>opening</strong>." in (
        serve.site / "records/fake/alpha/index.html"
    ).read_text("utf-8")
    assert_same_site(serve.site, fresh_build(serve.root, tmp_path))

    third = serve.build()
    assert (third.reused, third.rendered) == (pages, 0)
    # The nav and titles did not change: the first build's site key, the very object (every
    # page's key then compares it by identity, not page by page).
    assert serve.plugin._serve_cache._site_key is site_key
    assert_same_site(serve.site, fresh_build(serve.root, tmp_path))


@pytest.mark.parametrize(
    ("change", "page", "old", "new"),
    [
        # Every page's site key holds the pages' titles: a title is in the indexes, and
        # a theme may print any page's title.
        ("title", "records/index.html", "春の大会 第1局", "春の大会 決勝"),
        # mkdocs.yml holds every option a template may read.
        ("mkdocs.yml", "records/fake/beta-1/index.html", "kifuwiki test site", "別の名前"),
    ],
)
def test_a_change_every_page_shows_renders_every_page_again(
    serve: Serve, tmp_path: Path, change: str, page: str, old: str, new: str
) -> None:
    serve.build()
    if change == "title":
        edit_record(serve.root, f"title: {old}", f"title: {new}")
    else:
        edit_yaml(serve.root, f"site_name: {old}", f"site_name: {new}")
    stats = serve.build()
    assert stats.reused == 0
    html = (serve.site / page).read_text("utf-8")
    assert new in html and old not in html
    assert_same_site(serve.site, fresh_build(serve.root, tmp_path))


def test_an_edited_theme_template_renders_every_page_again(serve: Serve, tmp_path: Path) -> None:
    overrides = serve.root / "overrides"
    overrides.mkdir()
    footer = overrides / "main.html"
    footer.write_text('{% extends "base.html" %}{% block footer %}FIRST{% endblock %}', "utf-8")
    edit_yaml(serve.root, "name: mkdocs", "name: mkdocs\n  custom_dir: overrides")
    serve.build()
    assert "FIRST" in (serve.site / "records/fake/beta-1/index.html").read_text("utf-8")

    footer.write_text('{% extends "base.html" %}{% block footer %}SECOND{% endblock %}', "utf-8")
    stamp = footer.stat().st_mtime_ns + 10**9  # a file system with a coarse clock
    os.utime(footer, ns=(stamp, stamp))
    stats = serve.build()
    assert stats.reused == 0
    html = (serve.site / "records/fake/beta-1/index.html").read_text("utf-8")
    assert "SECOND" in html and "FIRST" not in html
    assert_same_site(serve.site, fresh_build(serve.root, tmp_path))


def test_a_new_override_in_custom_dir_renders_every_page_again(
    serve: Serve, tmp_path: Path
) -> None:
    overrides = serve.root / "overrides"
    overrides.mkdir()
    edit_yaml(serve.root, "name: mkdocs", "name: mkdocs\n  custom_dir: overrides")
    serve.build()
    # base.html now comes from the override folder, mkdocs.yml unchanged.
    theme_base = Path(__import__("mkdocs").__file__).parent / "themes" / "mkdocs" / "base.html"
    text = theme_base.read_text("utf-8").replace("</body>", "OVERRIDDEN</body>")
    (overrides / "base.html").write_text(text, "utf-8")
    stats = serve.build()
    assert stats.reused == 0
    assert "OVERRIDDEN" in (serve.site / "records/fake/beta-1/index.html").read_text("utf-8")
    assert_same_site(serve.site, fresh_build(serve.root, tmp_path))


HOOK = """
import os

def on_page_context(context, page, config, nav):
    value = os.environ.get("KW_TEST_CONTEXT")
    if value == "object":
        context["from_a_hook"] = object()
    elif value is not None:
        context["from_a_hook"] = {"value": value}
    return context
"""

OVERRIDE_WITH_HOOK_VALUE = (
    '{% extends "base.html" %}{% block footer %}[{{ from_a_hook }}]{% endblock %}'
)


def test_other_plugins_context_is_part_of_the_key(
    serve: Serve, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (serve.root / "hooks.py").write_text(HOOK, "utf-8")
    overrides = serve.root / "overrides"
    overrides.mkdir()
    (overrides / "main.html").write_text(OVERRIDE_WITH_HOOK_VALUE, "utf-8")
    edit_yaml(serve.root, "name: mkdocs", "name: mkdocs\n  custom_dir: overrides")
    with (serve.root / "mkdocs.yml").open("a", encoding="utf-8") as config:
        config.write("hooks:\n  - hooks.py\n")
    pages = None
    monkeypatch.setenv("KW_TEST_CONTEXT", "one")
    serve.build()
    pages = generated_pages(serve.site)
    monkeypatch.setenv("KW_TEST_CONTEXT", "two")
    stats = serve.build()
    assert (stats.reused, stats.rendered) == (0, pages)
    assert "two" in (serve.site / "records/fake/beta-1/index.html").read_text("utf-8")
    assert_same_site(serve.site, fresh_build(serve.root, tmp_path))
    # A value the key cannot hold: never cached.
    monkeypatch.setenv("KW_TEST_CONTEXT", "object")
    serve.build()
    stats = serve.build()
    assert (stats.reused, stats.not_cacheable) == (0, pages)


def test_a_theme_that_prints_the_build_date_is_never_cached(serve: Serve) -> None:
    overrides = serve.root / "overrides"
    overrides.mkdir()
    (overrides / "main.html").write_text(
        '{% extends "base.html" %}{% block footer %}{{ build_date_utc }}{% endblock %}', "utf-8"
    )
    edit_yaml(serve.root, "name: mkdocs", "name: mkdocs\n  custom_dir: overrides")
    serve.build()
    stats = serve.build()
    assert stats.reused == 0
    assert stats.not_cacheable == generated_pages(serve.site)


def test_hand_written_pages_always_go_through_the_theme(serve: Serve) -> None:
    serve.build()
    stats = serve.build()
    assert stats.reused == generated_pages(serve.site)
    # docs/index.md and docs/embed.md are not generated: never counted, never cached.
    assert stats.reused + stats.rendered + stats.not_cacheable == generated_pages(serve.site)


def test_serve_cache_false_renders_every_page(serve: Serve, tmp_path: Path) -> None:
    edit_yaml(
        serve.root,
        "custom_templates: templates",
        "custom_templates: templates\n      serve_cache: false",
    )
    serve.build()
    stats = serve.build()
    assert stats == ServeStats()
    assert_same_site(serve.site, fresh_build(serve.root, tmp_path))


def test_record_files_are_hard_links_under_serve_and_copies_in_a_build(
    serve: Serve, tmp_path: Path
) -> None:
    record = serve.root / "records" / "fake" / "alpha.kifu"
    serve.build()
    served = serve.site / "records" / "fake" / "alpha.kifu"
    assert served.samefile(record)
    serve.build()  # a rebuild over the last build's output
    assert served.samefile(record)
    built = fresh_build(serve.root, tmp_path) / "records" / "fake" / "alpha.kifu"
    assert built.read_bytes() == record.read_bytes()
    assert not built.samefile(record)


def test_the_last_output_is_deleted_in_the_background_as_mkdocs_would(serve: Serve) -> None:
    serve.build()
    (serve.site / ".kept").write_text("hidden entries stay, as MkDocs leaves them", "utf-8")
    (serve.site / "stray.html").write_text("not made by the build", "utf-8")
    (serve.root / "records" / "fake" / "alpha.kifu").unlink()
    serve.build()
    assert (serve.site / ".kept").exists()
    assert not (serve.site / "stray.html").exists()
    assert not (serve.site / "records" / "fake" / "alpha").exists()
    assert not (serve.site / "records" / "fake" / "alpha.kifu").exists()
    assert (serve.site / "records" / "fake" / "beta-1" / "index.html").exists()
    # The last output went aside, to one background deletion (the first build had none).
    assert len(serve.plugin._old_output._threads) == 1
    serve.close()  # on_shutdown waits for the background deletion
    assert [p.name for p in serve.root.iterdir() if p.name.startswith(".kifuwiki-old")] == []


def test_serve_cache_false_is_plain_mkdocs_serve(serve: Serve) -> None:
    edit_yaml(
        serve.root,
        "custom_templates: templates",
        "custom_templates: templates\n      serve_cache: false",
    )
    serve.build()
    (serve.site / "stray.html").write_text("deleted by MkDocs itself", "utf-8")
    moved: list[str] = []
    import kifuwiki.mkdocs_plugin.old_output as old_output

    original = old_output.OldOutput.move_aside

    def spy(self: Any, site_dir: str) -> Any:
        moved.append(site_dir)
        return original(self, site_dir)

    old_output.OldOutput.move_aside = spy  # type: ignore[method-assign]
    try:
        serve.build()
    finally:
        old_output.OldOutput.move_aside = original  # type: ignore[method-assign]
    assert moved == []
    assert not (serve.site / "stray.html").exists()
    served = serve.site / "records" / "fake" / "alpha.kifu"
    assert not served.samefile(serve.root / "records" / "fake" / "alpha.kifu")


def test_a_build_command_never_uses_the_serve_cache(tmp_path: Path) -> None:
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    root = copy_site(tmp_path)
    with own_plugin_objects():
        config = load_config(config_file=str(root / "mkdocs.yml"), site_dir=str(root / "site"))
        config.plugins.on_startup(command="build", dirty=False)
        plugin: Any = config.plugins["kifuwiki"]
        try:
            build(config)
            build(load_config(config_file=str(root / "mkdocs.yml"), site_dir=str(root / "site")))
        finally:
            config.plugins.on_shutdown()
    assert plugin._serve_cache.stats == ServeStats()


def test_a_rebuild_compiles_no_theme_template_again(
    serve: Serve, monkeypatch: pytest.MonkeyPatch
) -> None:
    import jinja2

    compiled: list[str | None] = []
    original = jinja2.Environment.compile

    def counting(
        self: jinja2.Environment, source: Any, name: str | None = None, *a: Any, **k: Any
    ) -> Any:
        compiled.append(name)
        return original(self, source, name, *a, **k)

    monkeypatch.setattr(jinja2.Environment, "compile", counting)
    serve.build()
    assert "main.html" in compiled and "base.html" in compiled
    compiled.clear()
    serve.build()
    # kifuwiki's own environment lives across builds already; the theme's is new each time.
    assert [name for name in compiled if name in ("main.html", "base.html")] == []
    # A changed mkdocs.yml may change the environment (its translations): all compiled again.
    edit_yaml(serve.root, "site_name: kifuwiki test site", "site_name: 別の名前")
    serve.build()
    assert "base.html" in compiled


def _split_around_naively(output: str, content: str) -> tuple[str, str] | None:
    """The reference: every place ``content`` starts (overlapping too), exactly one."""
    places = [i for i in range(len(output)) if content and output.startswith(content, i)]
    if len(places) != 1:
        return None
    return output[: places[0]], output[places[0] + len(content) :]


@pytest.mark.parametrize(("probe", "candidates"), [(256, 16), (2, 2), (1, 1)])
@settings(max_examples=300, deadline=None)
@given(
    before=st.text(alphabet="ab<", max_size=12),
    content=st.text(alphabet="ab<", max_size=8),
    after=st.text(alphabet="ab<", max_size=12),
    copies=st.integers(min_value=0, max_value=2),
)
def test_split_around_is_the_naive_split(
    probe: int, candidates: int, before: str, content: str, after: str, copies: int
) -> None:
    import kifuwiki.mkdocs_plugin.serve_cache as serve_cache

    with pytest.MonkeyPatch.context() as mp:
        # Small probes and few places tried reach the fallback with small texts.
        mp.setattr(serve_cache, "_PROBE", probe)
        mp.setattr(serve_cache, "_CANDIDATES", candidates)
        output = before + content * copies + after
        assert serve_cache.split_around(output, content) == _split_around_naively(output, content)


def test_split_around_a_page_and_its_content() -> None:
    from kifuwiki.mkdocs_plugin.serve_cache import split_around

    content = "<div>" + "position " * 20_000 + "</div>"
    page = "<html><body>" + content + "</body></html>"
    assert split_around(page, content) == ("<html><body>", "</body></html>")
    # The content's start appears earlier, in the page's head: still found, once.
    page = "<title>" + content[:300] + "</title>" + content + "<p/>"
    assert split_around(page, content) == ("<title>" + content[:300] + "</title>", "<p/>")
    assert split_around(content + content, content) is None
    assert split_around(page, "") is None
    assert split_around("<html/>", content) is None


def _count_list_pages(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every list page (index, player, event, report) the archive renders, by source."""
    from kifuwiki.render.archive import Archive

    rendered: list[str] = []
    real = Archive.render

    def counting(self: Any, page: Any, *args: Any, **kwargs: Any) -> str:
        rendered.append(page.src_uri)
        return real(self, page, *args, **kwargs)

    monkeypatch.setattr(Archive, "render", counting)
    return rendered


@pytest.mark.parametrize(
    ("edit", "renders_again"),
    [
        # A comment is on no list page: every one is kept.
        (("alpha.kifu", "A quiet **start**.", "A quiet **opening**."), False),
        # A title is in the indexes and on the players' and event's pages.
        (("alpha.kifu", "title: 春の大会 第1局", "title: 春の大会 決勝"), True),
        # A line before a broken move: the report names the error's line, now one lower.
        (("broken.kifu", "Carol: fine", "* a new comment\nCarol: fine"), True),
        # The same bytes again (an editor saving without a change): kept.
        (("alpha.kifu", "A quiet **start**.", "A quiet **start**."), False),
    ],
)
def test_list_pages_are_kept_while_nothing_they_show_changed(
    serve: Serve,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    edit: tuple[str, str, str],
    renders_again: bool,
) -> None:
    rendered = _count_list_pages(monkeypatch)
    serve.build()
    lists = sorted(rendered)
    assert "records/report.md" in lists and any("players/" in uri for uri in lists)
    rendered.clear()
    name, old, new = edit
    edit_record(serve.root, old, new, name)
    serve.build()
    assert sorted(rendered) == (lists if renders_again else [])
    assert_same_site(serve.site, fresh_build(serve.root, tmp_path))


@pytest.mark.parametrize(
    ("old", "new", "page", "shows"),
    [
        # A new URL scheme: every link changes.
        (
            "site_name: kifuwiki test site",
            "site_name: kifuwiki test site\nuse_directory_urls: false",
            "records/events/index.html",
            'href="../report.html"',
        ),
        # The language is in the record cache's salt: the light views come back equal,
        # the list pages' labels do not.
        ("  locale: ja", "  locale: en", "records/players/index.html", "Players"),
    ],
)
def test_list_pages_follow_the_site_settings(
    serve: Serve,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    old: str,
    new: str,
    page: str,
    shows: str,
) -> None:
    rendered = _count_list_pages(monkeypatch)
    serve.build()
    count = len(rendered)
    rendered.clear()
    edit_yaml(serve.root, old, new)
    serve.build()
    assert len(rendered) == count
    assert shows in (serve.site / page).read_text("utf-8")
    assert_same_site(serve.site, fresh_build(serve.root, tmp_path))


def test_list_pages_are_not_kept_by_a_build_or_with_serve_cache_false(
    serve: Serve, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rendered = _count_list_pages(monkeypatch)
    build_site(serve.root, site=tmp_path / "one")
    count = len(rendered)
    with own_plugin_objects():
        build_site(serve.root, site=tmp_path / "two")
    assert len(rendered) == 2 * count
    edit_yaml(
        serve.root,
        "      custom_templates: templates",
        "      custom_templates: templates\n      serve_cache: false",
    )
    serve.build()
    serve.build()
    assert len(rendered) == 4 * count
