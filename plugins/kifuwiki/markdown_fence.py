"""The ```` ```kifu ```` fence: a record embedded in any Markdown page.

Two ways in, one renderer (:func:`fence_format`):

* ``pymdownx.superfences`` custom fence (the MkDocs plugin registers it, or a user
  names ``kifuwiki.markdown_fence.fence_format`` and ``fence_validator`` in YAML).
  SuperFences only accepts quoted options: ```` ```kifu game="catan" ````.
* :class:`KifuExtension`, a plain Python-Markdown extension
  (``markdown.markdown(text, extensions=["kifuwiki"])``), which needs no MkDocs and
  also accepts unquoted options: ```` ```kifu game=catan ````.

The block's text is a record file (front matter optional). Its game comes from the
front matter, else a first line ``game: <id>`` (for blocks without front matter),
else the ``game`` option, else the registry's default game (Prime Daifugo). A block that cannot be
shown renders an escaped error box and logs a warning; it never breaks the page.
Each viewer on a page gets its own anchor prefix (``k1-``, ``k2-`` …), so two
embeds never share an ``id``.
"""

from __future__ import annotations

import contextlib
import logging
import re
import weakref
from collections.abc import Callable, Mapping
from html import escape
from pathlib import Path
from typing import Any

import jinja2
import markdown
from markdown.extensions import Extension
from markdown.preprocessors import Preprocessor

from kifuwiki.archive import load_source
from kifuwiki.core.diagnostics import Diagnostic, Severity
from kifuwiki.core.recordfile import split_record_file
from kifuwiki.games import DEFAULT_GAME, get_game, installed_games_text, normalise_game_id
from kifuwiki.render.codes import INTERNAL_VIEW_ERROR, UNKNOWN_FENCE_GAME, UNKNOWN_FENCE_OPTION
from kifuwiki.render.environment import make_environment
from kifuwiki.render.labels import normalise_language
from kifuwiki.render.record import render_viewer

log = logging.getLogger(__name__)

FENCE_NAME = "kifu"
#: ``game: catan`` as a block's first line (a block without front matter).
_GAME_LINE = re.compile(r"^[ \t]*game[ \t]*:[ \t]*(?P<game>\S.*?)[ \t]*$")
#: Options the fence understands; anything else is reported, not silently ignored.
KNOWN_OPTIONS = ("game", "rules", "lang", "title")

Warn = Callable[[str], None]

#: Blocks rendered so far per Markdown instance (MkDocs makes one per page).
_block_counts: weakref.WeakKeyDictionary[markdown.Markdown, int] = weakref.WeakKeyDictionary()


def next_prefix(md: markdown.Markdown | None) -> str:
    """``k1-``, ``k2-`` …: a fresh anchor prefix for the next viewer on this page."""
    if md is None:
        return "k1-"
    count = _block_counts.get(md, 0) + 1
    _block_counts[md] = count
    return f"k{count}-"


def fence_validator(
    language: str,
    inputs: Mapping[str, str],
    options: dict[str, str],
    attrs: dict[str, str],
    md: markdown.Markdown,
) -> bool:
    """SuperFences validator: every option goes to the formatter (which checks them)."""
    options.update(inputs)
    return True


def _default_warn(message: str) -> None:
    log.warning(message)


def fence_format(
    source: str,
    language: str,
    css_class: str,
    options: Mapping[str, str] | None,
    md: markdown.Markdown | None,
    *,
    env: jinja2.Environment | None = None,
    lang: str | None = None,
    rules: Mapping[str, Any] | None = None,
    warn: Warn | None = None,
    where: str | None = None,
    **kwargs: Any,
) -> str:
    """Render a ```` ```kifu ```` block: one viewer per game in it, or an error box.

    ``env``, ``lang``, ``rules`` and ``warn`` are bound by the MkDocs plugin (with
    :func:`functools.partial`); standalone use falls back to the packaged templates,
    Japanese labels and Python logging. Never raises: SuperFences would silently
    drop the block, and a page must never lose what its author wrote.
    """
    try:
        return _render_block(
            source,
            css_class,
            options,
            md,
            env=env,
            lang=lang,
            rules=rules,
            warn=warn,
            where=where,
        )
    except Exception as exc:
        log.exception("internal error while rendering a kifu block")
        with contextlib.suppress(Exception):
            (warn or _default_warn)(f"{where or 'kifu block'}: internal error ({exc!r})")
        return (
            '<div class="kw-embed kw-error-box" role="alert"><p>'
            f"{escape(type(exc).__name__)}: kifu block could not be shown</p>"
            f"<pre>{escape(source)}</pre></div>"
        )


def _render_block(
    source: str,
    css_class: str,
    options: Mapping[str, str] | None,
    md: markdown.Markdown | None,
    *,
    env: jinja2.Environment | None = None,
    lang: str | None = None,
    rules: Mapping[str, Any] | None = None,
    warn: Warn | None = None,
    where: str | None = None,
) -> str:
    options = dict(options or {})
    env = env or make_environment()
    lang = normalise_language(options.pop("lang", None) or lang)
    warn = warn or _default_warn
    place = where or "kifu block"
    title = options.pop("title", None)
    game_option = options.pop("game", None)
    rules_option = options.pop("rules", None)
    source, game_line = _split_game_line(source)
    game_option = game_line or game_option
    css = " ".join(c for c in ("kw-embed", css_class) if c and c != FENCE_NAME)
    notes: list[str] = [
        f"{UNKNOWN_FENCE_OPTION} unknown option '{key}' (known: {', '.join(KNOWN_OPTIONS)})"
        for key in options
    ]
    for note in notes:
        warn(f"{place}: {note}")

    if game_option is not None and normalise_game_id(game_option) is None:
        installed = installed_games_text()
        message = f"unknown game '{game_option}' (installed games: {installed})"
        message_ja = (
            f"ゲーム '{game_option}' はインストールされていない (インストール済み: {installed})"
        )
        warn(f"{place}: {UNKNOWN_FENCE_GAME} {message}")
        unknown = Diagnostic(Severity.ERROR, UNKNOWN_FENCE_GAME, message, 1, message_ja=message_ja)
        return _error_box(env, lang, css, [unknown], None, title)

    sources = split_record_file(source, None)
    parts: list[str] = []
    for record_source in sources:
        if "game" not in record_source.meta:
            record_source.meta["game"] = game_option or DEFAULT_GAME
        if title and "title" not in record_source.meta:
            record_source.meta["title"] = title
        if rules_option and "rules" not in record_source.meta:
            record_source.meta["rules"] = rules_option
        record = load_source(record_source, rules)
        problems = [d for d in record.diagnostics if d.severity is Severity.ERROR]
        for diagnostic in problems:
            warn(
                f"{place}, line {diagnostic.line}:{diagnostic.column}: "
                f"{diagnostic.code} {diagnostic.message}"
            )
        viewer = ""
        game_id = normalise_game_id(record.game)
        if game_id is not None:
            try:
                view = get_game(game_id).view(record)
                viewer = str(render_viewer(view, env, lang, next_prefix(md)))
            except Exception as exc:  # a bug in a game's view must not break the page
                log.exception("internal error while rendering %s", place)
                problems.append(
                    Diagnostic(
                        Severity.ERROR,
                        INTERNAL_VIEW_ERROR,
                        f"internal error while showing this record ({type(exc).__name__})",
                        record_source.first_line,
                        message_ja=f"棋譜の表示中の内部エラー ({type(exc).__name__})",
                    )
                )
                warn(f"{place}: internal error while showing the record ({exc!r})")
        if problems:
            parts.append(_error_box(env, lang, "", problems, None, record.title))
        parts.append(viewer)
    body = "\n".join(part for part in parts if part)
    return f'<div class="{css}">\n{body}\n</div>'


def _split_game_line(source: str) -> tuple[str, str | None]:
    """A block whose first non-blank line is ``game: <name>`` (and that has no front
    matter): the block without that line (blank in its place, so line numbers stay),
    and the name. Only a line naming an installed game counts, or one written with a
    space after the colon: ``game:7`` is a Prime Daifugo move by a player called game."""
    lines = source.split("\n")
    for number, line in enumerate(lines):
        if not line.strip():
            continue
        match = _GAME_LINE.match(line)
        if match is None or line.strip() == "---":
            return source, None
        name = match.group("game")
        if normalise_game_id(name) is None and not re.search(r":[ \t]", line):
            return source, None
        lines[number] = ""
        return "\n".join(lines), name
    return source, None


def _error_box(
    env: jinja2.Environment,
    lang: str,
    css: str,
    diagnostics: list[Diagnostic],
    message: str | None,
    title: str | None,
) -> str:
    box = env.get_template("error_box.html").render(
        diagnostics=diagnostics, message=message, title=title, lang=lang
    )
    return f'<div class="{css}">{box}</div>' if css else box


# -- plain Python-Markdown -------------------------------------------------------------

_FENCE_OPEN = re.compile(
    r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})[ \t]*(?P<info>[^`\n]*?)[ \t]*$"
)
_OPTION = re.compile(
    r"""(?P<key>[A-Za-z][\w-]*)(?:=(?:"(?P<dq>[^"]*)"|'(?P<sq>[^']*)'|(?P<bare>[^\s"']+)))?"""
)


def parse_info(info: str) -> tuple[str, dict[str, str]]:
    """``kifu game=catan title="A B"`` → (``kifu``, options)."""
    language, _, rest = info.strip().partition(" ")
    options: dict[str, str] = {}
    for match in _OPTION.finditer(rest):
        value = match.group("dq") or match.group("sq") or match.group("bare")
        options[match.group("key")] = value if value is not None else match.group("key")
    return language.lstrip("."), options


class KifuPreprocessor(Preprocessor):
    """Replace top-level ```` ```kifu ```` blocks with stashed viewer HTML.

    Other fenced blocks are skipped whole, so a kifu example inside a longer
    ```` ```` ```` code block stays an example.
    """

    def __init__(self, md: markdown.Markdown, settings: dict[str, Any]) -> None:
        super().__init__(md)
        self.settings = settings

    def run(self, lines: list[str]) -> list[str]:
        out: list[str] = []
        i = 0
        while i < len(lines):
            match = _FENCE_OPEN.match(lines[i])
            if not match:
                out.append(lines[i])
                i += 1
                continue
            indent, fence = match.group("indent"), match.group("fence")
            closer = re.compile(rf"^[ \t]*{re.escape(fence[0])}{{{len(fence)},}}[ \t]*$")
            end = i + 1
            while end < len(lines) and not closer.match(lines[end]):
                end += 1
            language, options = parse_info(match.group("info"))
            if language != FENCE_NAME or end >= len(lines):
                out.extend(lines[i : end + 1])  # not ours (or never closed): leave it alone
                i = end + 1
                continue
            body = [
                line[len(indent) :] if line.startswith(indent) else line.lstrip()
                for line in lines[i + 1 : end]
            ]
            html = fence_format(
                "\n".join(body), FENCE_NAME, FENCE_NAME, options, self.md, **self.settings
            )
            out.extend(["", indent + self.md.htmlStash.store(html), ""])
            i = end + 1
        return out


class KifuExtension(Extension):
    """``markdown.markdown(text, extensions=["kifuwiki"])``: kifu fences without MkDocs."""

    def __init__(self, **kwargs: Any) -> None:
        self.config = {
            "lang": ["ja", "Label language: ja or en"],
            "custom_templates": ["", "Folder searched before the packaged templates"],
            # Defaults are "" rather than None: Python-Markdown reads a None default as
            # "this option is a boolean" and would turn our objects into True.
            "rules": ["", "Default rule set (preset name or mapping)"],
            "env": ["", "A ready Jinja environment (the MkDocs plugin passes its own)"],
            "warn": ["", "Callable that receives one warning message per problem"],
        }
        super().__init__(**kwargs)

    def extendMarkdown(self, md: markdown.Markdown) -> None:
        md.registerExtension(self)
        self.md = md
        custom = self.getConfig("custom_templates")
        env = self.getConfig("env") or make_environment(Path(custom) if custom else None)
        rules = self.getConfig("rules")
        if rules and not isinstance(rules, (str, Mapping)):
            # Said here, once: in each block it became an "internal error" box.
            raise TypeError(
                "kifuwiki: the 'rules' setting must be a rule set's name or a mapping of "
                f"options, not {type(rules).__name__}"
            )
        settings: dict[str, Any] = {
            "env": env,
            "lang": self.getConfig("lang"),
            "rules": {"preset": rules} if rules and isinstance(rules, str) else (rules or None),
            "warn": self.getConfig("warn") or None,
        }
        # Before fenced_code (25) and SuperFences (also 25), after normalize_whitespace (30).
        md.preprocessors.register(KifuPreprocessor(md, settings), "kifuwiki_fence", 28)

    def reset(self) -> None:
        # A reused Markdown instance starts a new page: number its viewers from k1- again.
        md = getattr(self, "md", None)
        if md is not None:
            _block_counts.pop(md, None)


def makeExtension(**kwargs: Any) -> KifuExtension:
    return KifuExtension(**kwargs)
