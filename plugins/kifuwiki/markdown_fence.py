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
else the ``game`` option, else the game that claims blocks naming none
(:func:`kifuwiki.games.untagged_game`: Prime Daifugo), else it is detected as a record
file's game is. A block that cannot be
shown renders an escaped error box and logs a warning; it never breaks the page.
Each viewer on a page gets its own anchor prefix (``k1-``, ``k2-`` …), so two
embeds never share an ``id``.
"""

from __future__ import annotations

import contextlib
import logging
import re
import weakref
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, replace
from html import escape
from pathlib import Path
from typing import Any

import jinja2
import markdown
from markdown.extensions import Extension
from markdown.preprocessors import Preprocessor

from kifuwiki.archive import load_source
from kifuwiki.core.diagnostics import Diagnostic, Severity, terminal_safe
from kifuwiki.core.recordfile import split_record_file
from kifuwiki.games import get_game, installed_games_text, normalise_game_id, untagged_game
from kifuwiki.render.codes import (
    INTERNAL_VIEW_ERROR,
    UNKNOWN_FENCE_GAME,
    UNKNOWN_FENCE_LANGUAGE,
    UNKNOWN_FENCE_OPTION,
)
from kifuwiki.render.environment import make_environment
from kifuwiki.render.labels import has_labels, normalise_language
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


def _default_inform(message: str) -> None:
    log.info(message)


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
    inform: Warn | None = None,
    where: str | None = None,
    locate: BlockLocator | None = None,
    first_line: int | None = None,
    indent: int = 0,
    **kwargs: Any,
) -> str:
    """Render a ```` ```kifu ```` block: one viewer per game in it, or an error box.

    ``env``, ``lang``, ``rules``, ``warn`` (errors) and ``inform`` (warnings and notes)
    are bound by the MkDocs plugin (with :func:`functools.partial`); standalone use falls
    back to the packaged templates, Japanese labels and Python logging. Never raises:
    SuperFences would silently drop the block, and a page must never lose what its author wrote.

    Problems are reported at the lines of the text the block is in: ``locate`` (a
    :class:`BlockLocator`, bound by a front end that knows the page's file) finds the
    block in its file; without one, ``first_line`` is the line of the Markdown text
    the block starts at and ``indent`` the width its lines were indented by (our own
    preprocessor knows them; SuperFences does not say). Without either, they are
    reported at the block's own lines.
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
            inform=inform,
            place=_place(source, locate, (first_line, indent), where),
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
    inform: Warn | None = None,
    place: _Place,
) -> str:
    options = dict(options or {})
    env = env or make_environment()
    inform = inform or _default_inform
    warn = warn or _default_warn
    lang_option = options.pop("lang", None)
    if lang_option and not has_labels(lang_option):
        message = (
            f"lang '{lang_option}' has no labels: the block is shown in English (known: ja, en)"
        )
        warn(place.opening(Severity.WARNING, UNKNOWN_FENCE_LANGUAGE, message))
    lang = normalise_language(lang_option or lang)
    title = options.pop("title", None)
    game_option = options.pop("game", None)
    rules_option = options.pop("rules", None)
    source, game_line = _split_game_line(source)
    game_option = game_line or game_option
    css = " ".join(c for c in ("kw-embed", css_class) if c and c != FENCE_NAME)
    for key in options:
        message = f"unknown option '{key}' (known: {', '.join(KNOWN_OPTIONS)})"
        warn(place.opening(Severity.WARNING, UNKNOWN_FENCE_OPTION, message))

    if game_option is not None and normalise_game_id(game_option) is None:
        installed = installed_games_text()
        message = f"unknown game '{game_option}' (installed games: {installed})"
        message_ja = (
            f"ゲーム '{game_option}' はインストールされていない (インストール済み: {installed})"
        )
        warn(place.opening(Severity.ERROR, UNKNOWN_FENCE_GAME, message))
        unknown = Diagnostic(Severity.ERROR, UNKNOWN_FENCE_GAME, message, 1, message_ja=message_ja)
        return _error_box(env, lang, css, [place.shift(unknown)], None, title)

    sources = split_record_file(source, None)
    parts: list[str] = []
    for record_source in sources:
        if "game" not in record_source.meta:
            # Asked only here: finding the game that claims untagged blocks loads them all.
            named = game_option or untagged_game()
            if named is not None:
                record_source.meta["game"] = named
        if title and "title" not in record_source.meta:
            record_source.meta["title"] = title
        if rules_option and "rules" not in record_source.meta:
            record_source.meta["rules"] = rules_option
        record = load_source(record_source, rules)
        shifted = [place.shift(d) for d in record.diagnostics]
        problems = [d for d in shifted if d.severity is Severity.ERROR]
        notes = [d for d in shifted if d.severity is not Severity.ERROR]
        for diagnostic in problems:
            warn(place.report(diagnostic))
        for diagnostic in notes:
            # As a record file's are: at info level (a strict build fails on errors only).
            inform(place.report(diagnostic))
        viewer = ""
        game_id = normalise_game_id(record.game)
        if game_id is not None:
            try:
                view = get_game(game_id).view(record)
                prefix = next_prefix(md)
                viewer = str(render_viewer(view, env, lang, prefix))
                if notes:
                    # The steps' badges say "warning"; the messages are here, each
                    # linked to its step, as a record page lists them.
                    viewer += env.get_template("embed_diagnostics.html").render(
                        diagnostics=notes, lang=lang, prefix=prefix
                    )
            except Exception as exc:  # a bug in a game's view must not break the page
                log.exception("internal error while rendering %s", place.name)
                internal = Diagnostic(
                    Severity.ERROR,
                    INTERNAL_VIEW_ERROR,
                    f"internal error while showing this record ({type(exc).__name__})",
                    record_source.first_line,
                    message_ja=f"棋譜の表示中の内部エラー ({type(exc).__name__})",
                )
                problems.append(place.shift(internal))
                warn(f"{place.name}: internal error while showing the record ({exc!r})")
        if problems:
            parts.append(_error_box(env, lang, "", problems, None, record.title))
        parts.append(viewer)
    body = "\n".join(part for part in parts if part)
    return f'<div class="{css}">\n{body}\n</div>'


@dataclass(frozen=True)
class _Place:
    """Where a block's problems are reported: ``path:line:column`` of the text the
    block is in when its first line is known, else the block's own lines."""

    #: The page's file (or ``<markdown>`` for text given to Python-Markdown).
    path: str
    #: The text's line number of the block's first line; ``None``: not known.
    first_line: int | None
    #: How far the block's lines are indented in the text (inside a list, a note …).
    indent: int
    #: How messages name the block when its line is not known.
    name: str

    def shift(self, diagnostic: Diagnostic) -> Diagnostic:
        """The diagnostic at the text's line (and path), for the warning and the box."""
        if self.first_line is None:
            return diagnostic
        return replace(
            diagnostic,
            line=diagnostic.line + self.first_line - 1,
            column=diagnostic.column + self.indent,
            path=self.path,
        )

    def report(self, diagnostic: Diagnostic) -> str:
        """One warning line: ``page.md:12:5: error PD123 …`` where the block is found."""
        if self.first_line is None:
            return terminal_safe(
                f"{self.name}, line {diagnostic.line}:{diagnostic.column}: "
                f"{diagnostic.code} {diagnostic.message}"
            )
        return diagnostic.format_text()

    def opening(self, severity: Severity, code: str, message: str) -> str:
        """A problem of the opening fence line (its options)."""
        if self.first_line is None:
            return terminal_safe(f"{self.name}: {code} {message}")
        line = max(self.first_line - 1, 1)
        column = 1 + self.indent
        return Diagnostic(severity, code, message, line, column, self.path).format_text()


def _place(
    source: str,
    locate: BlockLocator | None,
    start: tuple[int | None, int],
    where: str | None,
) -> _Place:
    if locate is not None and locate.path is not None:
        # The page's file is known: its line, or none (never the converted text's line,
        # which MkDocs counts after the front matter it took off).
        path = locate.path
        line, indent = locate(source) or (None, 0)
        return _Place(path, line, indent, where or f"{path}: kifu block")
    first_line, indent = start
    return _Place("<markdown>", first_line, indent if first_line else 0, where or "kifu block")


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
    # ``key=value``, ``key = value`` (spaces around ``=``), quoted with " or ', or bare.
    r"""(?P<key>[A-Za-z][\w-]*)(?:[ \t]*=[ \t]*"""
    r"""(?:"(?P<dq>[^"]*)"|'(?P<sq>[^']*)'|(?P<bare>[^\s"'=]+)))?"""
)


def parse_info(info: str) -> tuple[str, dict[str, str]]:
    """``kifu game=catan title="A B"`` → (``kifu``, options)."""
    language, _, rest = info.strip().partition(" ")
    options: dict[str, str] = {}
    for match in _OPTION.finditer(rest):
        value = match.group("dq") or match.group("sq") or match.group("bare")
        options[match.group("key")] = value if value is not None else match.group("key")
    return language.lstrip("."), options


@dataclass(frozen=True)
class KifuBlock:
    """One top-level ```` ```kifu ```` block of a text's lines."""

    #: Index of the opening fence line, and of the closing one.
    start: int
    end: int
    indent: str
    options: dict[str, str]
    #: The block's lines, without the fences and the indent of the opening one.
    body: list[str]


def kifu_blocks(lines: list[str]) -> Iterator[KifuBlock]:
    """The closed ```` ```kifu ```` blocks of ``lines``, in order. Other fenced blocks are
    skipped whole, so a kifu example inside a longer ```` ```` ```` block stays an example."""
    i = 0
    while i < len(lines):
        match = _FENCE_OPEN.match(lines[i])
        if not match:
            i += 1
            continue
        indent, fence = match.group("indent"), match.group("fence")
        closer = re.compile(rf"^[ \t]*{re.escape(fence[0])}{{{len(fence)},}}[ \t]*$")
        end = i + 1
        while end < len(lines) and not closer.match(lines[end]):
            end += 1
        language, options = parse_info(match.group("info"))
        if language == FENCE_NAME and end < len(lines):  # else not ours, or never closed
            body = [
                line[len(indent) :] if line.startswith(indent) else line.lstrip()
                for line in lines[i + 1 : end]
            ]
            yield KifuBlock(i, end, indent, options, body)
        i = end + 1


def _block_key(text: str) -> tuple[str, ...]:
    """A block's text as :class:`BlockLocator` compares it: Python-Markdown expands tabs
    and empties blank lines before any preprocessor sees the page."""
    return tuple(line.expandtabs(4).strip() for line in text.split("\n"))


class BlockLocator:
    """Finds where a ```` ```kifu ```` block starts in the file its author edits.

    A front end that knows each page's file (the MkDocs plugin) keeps one and calls
    :meth:`start` for every page: the renderer then reports problems at the file's
    lines, front matter and all, not at the block's. The file is read only when a block
    asks. A block the file does not hold as written (text another extension or plugin
    made) gets no line: its problems are reported at the block's own lines.
    """

    def __init__(self) -> None:
        self.path: str | None = None
        self._read: Callable[[], str] | None = None
        self._lines: dict[tuple[str, ...], list[tuple[int, int]]] | None = None

    def start(self, path: str | None, read: Callable[[], str] | None) -> None:
        """A new page: its file's name as reports give it, and how to read its text."""
        self.path, self._read, self._lines = path, read, None

    def _scan(self, read: Callable[[], str]) -> dict[tuple[str, ...], list[tuple[int, int]]]:
        try:
            text = read()
        except (OSError, UnicodeDecodeError):
            return {}
        lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
        found: dict[tuple[str, ...], list[tuple[int, int]]] = {}
        for block in kifu_blocks(lines):
            start = (block.start + 2, len(block.indent.expandtabs(4)))
            found.setdefault(_block_key("\n".join(block.body)), []).append(start)
        return found

    def __call__(self, source: str) -> tuple[int, int] | None:
        """The file's line number of the block's first line, and the width of its
        indent; each block of the same text takes the next one, in the file's order."""
        if self._read is None:
            return None
        if self._lines is None:
            self._lines = self._scan(self._read)
        lines = self._lines.get(_block_key(source))
        return lines.pop(0) if lines else None


class KifuPreprocessor(Preprocessor):
    """Replace top-level ```` ```kifu ```` blocks with stashed viewer HTML."""

    def __init__(self, md: markdown.Markdown, settings: dict[str, Any]) -> None:
        super().__init__(md)
        self.settings = settings

    def run(self, lines: list[str]) -> list[str]:
        out: list[str] = []
        done = 0
        for block in kifu_blocks(lines):
            out.extend(lines[done : block.start])
            html = fence_format(
                "\n".join(block.body),
                FENCE_NAME,
                FENCE_NAME,
                block.options,
                self.md,
                first_line=block.start + 2,
                indent=len(block.indent),
                **self.settings,
            )
            out.extend(["", block.indent + self.md.htmlStash.store(html), ""])
            done = block.end + 1
        out.extend(lines[done:])
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
            "warn": ["", "Callable that receives one message per error"],
            "inform": ["", "Callable that receives one message per warning or note"],
            "locate": ["", "A BlockLocator: reports at the lines of each page's file"],
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
            "inform": self.getConfig("inform") or None,
            "locate": self.getConfig("locate") or None,
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
