"""Record files: front matter, games in a file, and the lines people annotate.

A record file is UTF-8 text with optional YAML front matter between ``---`` lines.
It may hold several games, separated by the Fandom spec's 試合番号 headings
(一試合目, 二試合目 …) or ``# Game 2`` style headings. This module is the same for
every game: it splits a file into :class:`RecordSource` objects whose body lines are
classified as comments (``* text``), bookmarks (``*&name``), blank lines, or
notation text the game's own parser reads.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass, field
from datetime import date
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from kifuwiki.core.diagnostics import Diagnostic, Severity
from kifuwiki.core.front_matter_keys import fix_player_names, key_line, shared_key_problems
from kifuwiki.core.lazyre import lazy_pattern

if TYPE_CHECKING:
    from collections.abc import Iterable
    from pathlib import Path

    from kifuwiki.core.bounded import Problem

# PyYAML (and kifuwiki.core.bounded, which imports it) is imported only when front
# matter needs the YAML parser: ~20 ms of every ``kifuwiki validate`` start-up, and
# the usual front matter (plain ``key: value`` lines) is read without it.

#: Kanji numerals for 試合番号 headings.
_KANJI_DIGITS = {"一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}

#: Game headings in the forms people write: the Fandom spec's 試合番号 (一試合目), sets
#: of a match (1セット目, 第三試合), and ``Game 2`` / ``# Game 2``. Not 局: other games
#: number rounds inside one record that way ("第1局 親 A"); a game reads its
#: own 局 lines.
#: Text after the heading (``1セット目:先手あ``, ``Game 1: final``) is part of its title;
#: a game may read more from it (:func:`heading_rest`).
_game_heading = lazy_pattern(
    r"^\s*(?:[=#]+\s*)?"
    r"(?:第\s*(?:(?P<kanji>[一二三四五六七八九十百]{1,6})|(?P<digits>[0-9０-９]{1,6}))\s*"
    r"(?:試合|セット|ゲーム)目?"
    r"|(?:(?P<kanji2>[一二三四五六七八九十百]{1,6})|(?P<digits2>[0-9０-９]{1,6}))\s*"
    r"(?:試合|セット|ゲーム)目)"
    r"\s*(?:[=#]+)?(?:\s*[:：、,，]\s*|\s+|$)(?P<rest>.*)$"
    r"|^\s*(?:#{1,6}\s*)?(?:game|Game|GAME)\s+(?P<en>[0-9]{1,6})\s*(?:[:：.,\-–]\s*|$)(?P<en_rest>.*)$"
)


_FULLWIDTH_DIGITS = str.maketrans("０１２３４５６７８９", "0123456789")

#: Any line that might be a game heading contains one of these (case-insensitively
#: for "game"); every other line skips the heading pattern. (Written to start with the
#: set of first characters, which lets ``re`` skip every other character quickly:
#: ``試合|セット|局|ゲーム|[gG][aA][mM][eE]`` as it reads, ~2× the time on every line.)
_HEADING_HINT = re.compile(
    r"[試セ局ゲgG](?:(?<=試)合|(?<=セ)ット|(?<=局)|(?<=ゲ)ーム|(?<=[gG])[aA][mM][eE])"
)


def heading_rest(heading: str | None) -> str:
    """What follows the game number in a heading: ``1セット目、a:23、b:57`` → ``a:23、b:57``."""
    if not heading:
        return ""
    match = _game_heading().match(heading)
    if match is None:
        return ""
    rest = match.group("rest") or match.group("en_rest")
    return (rest or "").strip()


def kanji_number(text: str) -> int:
    """一 → 1, 十二 → 12, 二十三 → 23 (enough for 試合番号)."""
    if "百" in text:
        head, _, text = text.partition("百")
        hundreds = _KANJI_DIGITS.get(head, 1) if head else 1
        return hundreds * 100 + (kanji_number(text) if text else 0)
    if "十" in text:
        head, _, tail = text.partition("十")
        tens = _KANJI_DIGITS.get(head, 1) if head else 1
        return tens * 10 + (_KANJI_DIGITS.get(tail, 0) if tail else 0)
    return _KANJI_DIGITS.get(text, 0)


def kanji_heading(number: int) -> str:
    """1 → 一試合目, 12 → 十二試合目 (the Fandom spec's 試合番号)."""
    digits = "〇一二三四五六七八九"
    if number < 10:
        text = digits[number]
    elif number < 100:
        tens, ones = divmod(number, 10)
        text = ("" if tens == 1 else digits[tens]) + "十" + (digits[ones] if ones else "")
    else:
        text = str(number)
    return f"{text}試合目"


class LineKind(enum.Enum):
    TEXT = "text"
    COMMENT = "comment"
    BOOKMARK = "bookmark"
    BLANK = "blank"


@dataclass(frozen=True, slots=True)
class SourceLine:
    number: int
    """1-based line number in the file."""
    text: str
    """The line without its line ending and trailing white space."""
    kind: LineKind

    @property
    def comment(self) -> str:
        """The comment text of a COMMENT or BOOKMARK line (after ``*`` or ``*&name``)."""
        if self.kind is LineKind.COMMENT:
            return self.text.lstrip()[1:].strip()
        if self.kind is LineKind.BOOKMARK:
            parts = self.text.lstrip()[2:].split(None, 1)
            return parts[1].strip() if len(parts) > 1 else ""
        return ""

    @property
    def bookmark(self) -> str:
        """The bookmark name of a BOOKMARK line."""
        if self.kind is not LineKind.BOOKMARK:
            return ""
        parts = self.text.lstrip()[2:].split(None, 1)
        return parts[0] if parts else ""


#: ``SourceLine(number, text, kind)`` as :func:`split_record_file` builds one a line:
#: the same instance (``==``, ``hash``, ``repr``), without the frozen ``__init__``'s
#: ``object.__setattr__`` a field (~0.2 µs of ~0.4 a line). Tests: the lines equal
#: those the constructor builds.
_new_object = object.__new__
_set_number = SourceLine.number.__set__  # type: ignore[attr-defined,misc]
_set_text = SourceLine.text.__set__  # type: ignore[attr-defined,misc]
_set_kind = SourceLine.kind.__set__  # type: ignore[attr-defined,misc]


def _source_line(number: int, text: str, kind: LineKind) -> SourceLine:
    line: SourceLine = _new_object(SourceLine)
    _set_number(line, number)
    _set_text(line, text)
    _set_kind(line, kind)
    return line


@dataclass(slots=True)
class RecordSource:
    """One game's text inside a record file, with the file's shared front matter."""

    path: str | None
    index: int
    """1-based index of the game in its file."""
    count: int
    """How many games the file holds."""
    meta: dict[str, Any]
    lines: list[SourceLine]
    heading: str | None = None
    heading_number: int | None = None
    file_text: str = ""
    diagnostics: list[Diagnostic] = field(default_factory=list)
    """Problems found while splitting the file (front matter, encoding)."""
    front_matter: tuple[str, ...] = ()
    """The front matter's lines as written, from file line 2 (empty when the file has
    none, or :func:`split_record_file` could not read it): where
    :func:`front_matter_line` looks for a key."""
    headings_before: tuple[str, ...] = ()
    """Game headings with no game under them (only blank lines), written before this
    game's own heading: not a game, but ``kifuwiki fmt`` writes them back (RF014)."""
    headings_after: tuple[str, ...] = ()
    """The same, after the file's last game."""
    heading_line: int | None = None
    """The file line of :attr:`heading` (``None``: the game has none). Lines of
    :attr:`lines` above it were written before the file's first heading (comments on
    the file, blank lines): ``kifuwiki fmt`` writes them back there."""

    @property
    def game_id(self) -> str | None:
        value = self.meta.get("game")
        return str(value) if value is not None else None

    @property
    def title(self) -> str:
        base = self.meta.get("title")
        if not base:
            from pathlib import Path  # here: most records have a title

            base = Path(self.path).stem if self.path else "record"
        base = str(base)
        if self.count > 1:
            return f"{base} ({self.heading or f'#{self.index}'})"
        return base

    @property
    def body_text(self) -> str:
        return "\n".join(line.text for line in self.lines)

    @property
    def first_line(self) -> int:
        return self.lines[0].number if self.lines else 1

    @property
    def first_written_line(self) -> int:
        """Where "this game has no moves" points: its first line that is not blank (a
        heading, a comment), else the front matter's closing ``---``, else line 1."""
        for line in self.lines:
            if line.text.strip():
                return line.number
        return len(self.front_matter) + 2 if self.front_matter else 1


def front_matter_line(source: RecordSource, key: str) -> int:
    """The file line of the top-level front matter ``key`` (``rules:``, ``"rules":``),
    where a diagnostic about its value points; 1 when the file has no front matter or
    the key is not written there (a site option, not the record, gave the value).

    The games' rule, player and board checks and the core's ``game:`` and ``accept:``
    checks all point here, so every game reports a front matter problem alike. It reads
    the lines :func:`split_record_file` kept as the front matter (its own decision of
    where that starts and ends), and a key written twice is the last one, whose value
    YAML keeps."""
    return key_line(source.front_matter, key)


def classify(text: str) -> LineKind:
    stripped = text.strip()
    if not stripped:
        return LineKind.BLANK
    if stripped.startswith("*&"):
        return LineKind.BOOKMARK
    if stripped.startswith("*"):
        return LineKind.COMMENT
    return LineKind.TEXT


def content_hash(text: str) -> str:
    import hashlib  # here: validate never hashes a record (~2.5 ms of its start-up)

    return hashlib.blake2b(text.encode("utf-8"), digest_size=16).hexdigest()


#: The first bytes of the byte-order marks :func:`~kifuwiki.core.encoding.decode_text`
#: looks for (UTF-8, UTF-16 and UTF-32, either order).
_BOM_STARTS = (b"\xef", b"\xff", b"\xfe", b"\x00")


def decode(data: bytes, path: str | None = None) -> tuple[str, list[Diagnostic]]:
    """Decode a record file (UTF-8, a BOM's encoding, cp932 or EUC-JP); never raises.

    A file in another encoding than UTF-8 gets one warning naming it; bytes no
    encoding reads become U+FFFD and one error.

    Most files are UTF-8 without a byte-order mark: when ``data`` starts with no BOM's
    first byte and holds no NUL (UTF-16 without a BOM has them), ``decode_text`` would
    read it as strict UTF-8 first, and that is done here without its steps and its
    :class:`~kifuwiki.core.encoding.Decoded` (~1 µs of a record's ~25 outside the
    game). ``tests/core/test_recordfile_fast_paths.py`` checks it against
    :func:`_decode_general`.
    """
    if data[:1] not in _BOM_STARTS and b"\x00" not in data:
        try:
            return data.decode("utf-8"), []
        except UnicodeDecodeError:
            pass  # cp932, EUC-JP or bad bytes: the general path says which
    return _decode_general(data, path)


def _decode_general(data: bytes, path: str | None = None) -> tuple[str, list[Diagnostic]]:
    """:func:`decode` for any bytes: :func:`~kifuwiki.core.encoding.decode_text`'s
    reading, and the diagnostic it calls for. (:mod:`kifuwiki.core.encoding` is imported
    here: a run of UTF-8 records never needs it, ~6 M instructions of its start-up.)"""
    from kifuwiki.core.encoding import decode_text

    decoded = decode_text(data)
    diagnostics: list[Diagnostic] = []
    if decoded.bad_offset is not None:
        line = data[: decoded.bad_offset].count(b"\n") + 1
        diagnostics.append(
            Diagnostic(
                Severity.ERROR,
                "RF001",
                "the file is not valid UTF-8; bad bytes were replaced with �",
                line,
                1,
                path,
                message_ja="ファイルが正しい UTF-8 ではありません。"
                "読めないバイトは � に置き換えました",
            )
        )
    elif decoded.encoding is not None:
        diagnostics.append(
            Diagnostic(
                Severity.WARNING,
                "RF005",
                f"the file is encoded as {decoded.encoding}, not UTF-8; it was read as "
                f"{decoded.encoding} ('kifuwiki fmt --write' saves it as UTF-8)",
                1,
                1,
                path,
                message_ja=f"ファイルの文字コードが UTF-8 ではなく {decoded.encoding} です。"
                f"{decoded.encoding} として読みました"
                "（kifuwiki fmt --write で UTF-8 で保存できます）",
            )
        )
    return decoded.text, diagnostics


def read_text(path: Path) -> tuple[str, str | None]:
    """A file's text in any encoding :func:`decode` reads, with universal newlines, and
    the encoding's name when it is not UTF-8 (``kifuwiki fmt`` rewrites such files)."""
    from kifuwiki.core.encoding import decode_text

    decoded = decode_text(path.read_bytes())
    text = decoded.text.replace("\r\n", "\n").replace("\r", "\n")
    return text, decoded.encoding


def _split_front_matter(
    lines: list[str], path: str | None
) -> tuple[dict[str, Any], int, list[Diagnostic]]:
    """Return (meta, index of the first body line, diagnostics)."""
    if not lines or lines[0].strip() != "---":
        return {}, 0, []
    for end in range(1, len(lines)):
        if lines[end].strip() in ("---", "..."):
            break
    else:
        return (
            {},
            0,
            [
                Diagnostic(
                    Severity.ERROR,
                    "RF002",
                    "front matter starts with '---' but has no closing '---' line",
                    1,
                    1,
                    path,
                    message_ja="フロントマターが '---' で始まっていますが、"
                    "閉じる '---' の行がありません",
                )
            ],
        )
    simple = _simple_front_matter(lines[1:end])
    if simple is not None:
        return simple, end + 1, []
    meta, diagnostics = _load_yaml(lines[1:end], path)
    return meta, end + 1, diagnostics


#: Nesting the YAML parser is handed at most: libyaml's composer recurses per level and
#: crashes the interpreter (a segmentation fault, not an exception) near 100,000.
_MAX_FLOW_NESTING = 64
_MAX_INDENT = 256


def _too_nested(lines: list[str]) -> int | None:
    """The 1-based front-matter line where nesting passes the parser's safe depth."""
    depth = 0
    for number, line in enumerate(lines, start=1):
        body = line.lstrip(" -?\t")
        if len(line) - len(body) > _MAX_INDENT:
            return number
        for ch in line:
            if ch in "[{":
                depth += 1
                if depth > _MAX_FLOW_NESTING:
                    return number
            elif ch in "]}":
                depth = max(0, depth - 1)
    return None


def _front_matter_error(
    code: str, message: str, ja: str, line: int, column: int, path: str | None
) -> Diagnostic:
    return Diagnostic(Severity.ERROR, code, message, line, column, path, message_ja=ja)


def _load_yaml(lines: list[str], path: str | None) -> tuple[dict[str, Any], list[Diagnostic]]:
    """YAML front matter (the lines between the ``---``), within :mod:`.bounded`'s limits."""
    deep = _too_nested(lines)
    if deep is not None:
        return {}, [
            _front_matter_error(
                "RF007",
                "front matter is nested too deeply to read; it was ignored",
                "フロントマターの入れ子が深すぎるため読み込みませんでした",
                deep + 1,
                1,
                path,
            )
        ]
    import yaml

    from kifuwiki.core.bounded import BoundedLoader

    block = "\n".join(lines)
    try:
        loaded = yaml.load(block, Loader=BoundedLoader) if block.strip() else {}  # noqa: S506
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = (mark.line + 2) if mark is not None else 2
        column = (mark.column + 1) if mark is not None else 1
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        # PyYAML notices an unclosed bracket or quote where the text ends, lines below
        # the mistake; its context says where the bracket or quote was opened.
        context, opened = getattr(exc, "context", None), getattr(exc, "context_mark", None)
        if context and opened is not None and mark is not None:
            if opened.line != mark.line:
                problem += f" ({context} at line {opened.line + 2}, column {opened.column + 1})"
            elif opened.column != mark.column:  # opened on the last line: YAML ends there
                problem += f" ({context} at column {opened.column + 1})"
        # One typo is one error: the keys on other lines are still read (a record that
        # lost its `game:` and `players:` to a bracket left open in its title got an
        # error for every line after it).
        salvaged, dropped = _salvage_keys(lines, yaml, BoundedLoader)
        kept, kept_ja = "", ""
        if salvaged:
            shown = ", ".join(dropped) if dropped else "none"
            kept = f"; the other keys are read (not read: {shown})"
            kept_ja = f"。ほかのキーは読みます (読めなかったキー: {shown})"
        meta, problems = _bounded_meta(salvaged, lines, path)
        return meta, [
            _front_matter_error(
                "RF003",
                f"front matter is not valid YAML: {problem}{kept}",
                f"フロントマターが YAML として正しくありません: {problem}{kept_ja}",
                line,
                column,
                path,
            ),
            *problems,
        ]
    except (ValueError, TypeError, OverflowError, RecursionError, MemoryError) as exc:
        # What PyYAML's constructors raise on data that parses but cannot be built.
        return {}, [
            _front_matter_error(
                "RF003",
                f"front matter cannot be read ({type(exc).__name__})",
                f"フロントマターを読めません（{type(exc).__name__}）",
                2,
                1,
                path,
            )
        ]
    if loaded is None:
        loaded = {}
    if not isinstance(loaded, dict):
        return {}, [
            _front_matter_error(
                "RF004",
                "front matter must be a mapping of 'key: value' lines",
                "フロントマターは「キー: 値」の行で書いてください",
                2,
                1,
                path,
            )
        ]
    return _bounded_meta(loaded, lines, path)


def _bounded_meta(
    loaded: dict[Any, Any], lines: list[str], path: str | None
) -> tuple[dict[str, Any], list[Diagnostic]]:
    """The front matter's keys as strings, with values bounded (``bounded_copy``)."""
    from kifuwiki.core.bounded import bounded_copy

    bounded, problems = bounded_copy(loaded)
    meta = {str(k): v for k, v in bounded.items()}
    return meta, [_problem_diagnostic(problem, lines, path) for problem in problems[:10]]


def _salvage_keys(lines: list[str], yaml: Any, loader: Any) -> tuple[dict[Any, Any], list[str]]:
    """The top-level keys of a front matter that is not valid YAML as a whole, read one
    entry at a time (a ``key:`` line at the margin and the indented or ``- `` lines under
    it), and the names of the entries that still do not read."""
    entries: list[list[str]] = []
    for text in lines:
        starts = text[:1] not in ("", " ", "\t", "#", "-") and ":" in text
        if starts or not entries:
            entries.append([text])
        else:
            entries[-1].append(text)
    salvaged: dict[Any, Any] = {}
    dropped: list[str] = []
    for entry in entries:
        block = "\n".join(entry)
        if not block.strip() or block.lstrip().startswith("#"):
            continue
        try:
            loaded = yaml.load(block, Loader=loader)  # the bounded loader, as above
        except (yaml.YAMLError, ValueError, TypeError, OverflowError, RecursionError):
            loaded = None
        if isinstance(loaded, dict):
            salvaged.update(loaded)
        else:
            dropped.append(repr(entry[0].split(":", 1)[0].strip()))
    return salvaged, dropped


def _problem_diagnostic(problem: Problem, lines: list[str], path: str | None) -> Diagnostic:
    top = problem.key.split(".")[0].split("[")[0]
    line = next((n for n, text in enumerate(lines, start=2) if text.startswith(f"{top}:")), 2)
    if problem.kind == "number":
        return Diagnostic(
            Severity.WARNING,
            "RF006",
            f"front matter '{problem.key}' is a number too large to use ({problem.detail}); "
            "it was kept as text",
            line,
            1,
            path,
            message_ja=f"フロントマターの「{problem.key}」は大きすぎる数です（{problem.detail}）。"
            "文字列として扱いました",
        )
    return Diagnostic(
        Severity.WARNING,
        "RF007",
        f"front matter '{problem.key}' was cut: {problem.detail}",
        line,
        1,
        path,
        message_ja=f"フロントマターの「{problem.key}」を切り詰めました: {problem.detail}",
    )


#: ``key: value`` with a plain key; the value is checked by :func:`_plain_scalar`.
_SIMPLE_ENTRY = re.compile(r"([A-Za-z_][A-Za-z0-9_]*): (\S(?:.*\S)?)\Z")
#: Characters that start something other than a plain YAML scalar (quotes, flow
#: collections, anchors, tags, block scalars, comments, directives).
_YAML_INDICATORS = frozenset("-?:,[]{}#&*!|>'\"%@`")
_ISO_DATE = re.compile(r"([0-9]{4})-([0-9]{2})-([0-9]{2})\Z")
_DECIMAL = re.compile(r"(?:0|[1-9][0-9]{0,14})\Z")  # longer numbers: see core.bounded
_STR_TAG = "tag:yaml.org,2002:str"
#: First characters for which YAML 1.1 has an implicit (non-string) type: PyYAML's
#: resolver looks a plain scalar up by its first character only (``Resolver.resolve``).
_RESOLVED_FIRST = frozenset("yYnNtTfFoO-+0123456789.<=~!&*")
#: What YAML 1.1 reads as a bool or null among scalars starting with a letter: the
#: only implicit types a letter can start (every other letter-led scalar is a string).
_YAML_WORDS = frozenset(
    form
    for word in ("yes", "no", "true", "false", "on", "off", "null")
    for form in (word, word.capitalize(), word.upper())
)


@lru_cache(maxsize=8_192)  # keys and many values (game, event, players) repeat
def _is_yaml_string(text: str) -> bool:
    """Whether YAML resolves the plain scalar ``text`` to a string (not a number, bool…).

    Without PyYAML for what its resolver table settles at a glance (a first character
    no implicit type starts, a bool or null word, a decimal, an ISO date); its resolver
    for the rest (``tests/core/test_recordfile_fast_paths.py`` checks they agree)."""
    if not text or text[0] not in _RESOLVED_FIRST:
        return bool(text)
    if text[0].isalpha():
        return text not in _YAML_WORDS
    if _DECIMAL.match(text) or _ISO_DATE.match(text):
        return False  # an int, a timestamp
    return _yaml_resolves_to_string(text)


def _yaml_resolves_to_string(text: str) -> bool:
    import yaml

    tag: str = yaml.resolver.Resolver().resolve(  # type: ignore[no-untyped-call]
        yaml.ScalarNode, text, (True, False)
    )
    return tag == _STR_TAG


@lru_cache(maxsize=8_192)  # values repeat across an archive (game, event, date); the
# values given are immutable (str, int, date), so one serves every record
def _plain_scalar(text: str) -> tuple[bool, Any]:
    """``(True, value)`` when ``text`` is a plain scalar that YAML reads as a string, a
    decimal integer or a date, with the value YAML gives it; ``(False, None)`` else."""
    if (
        text[0] in _YAML_INDICATORS
        or ": " in text
        or " #" in text
        or text.endswith(":")
        or not text.isprintable()
    ):
        return False, None
    if _is_yaml_string(text):
        return True, text
    if _DECIMAL.match(text):
        return True, int(text)
    date_match = _ISO_DATE.match(text)
    if date_match:
        try:
            return True, date(*(int(part) for part in date_match.groups()))
        except ValueError:
            return False, None
    return False, None


def _simple_front_matter(lines: list[str]) -> dict[str, Any] | None:
    """Front matter of only ``key: plain value`` lines, read without the YAML parser
    (which costs more than splitting the rest of a record); ``None`` for anything
    else, which YAML itself then reads. Gives exactly what YAML would give."""
    meta: dict[str, Any] = {}
    for line in lines:
        entry = _simple_entry(line)
        if entry is None:
            return None
        meta[entry[0]] = entry[1]
    return meta if meta else None


@lru_cache(maxsize=8_192)  # whole lines repeat across an archive (game, event, date…);
# the values given are immutable (str, int, date), so one serves every record
def _simple_entry(line: str) -> tuple[str, Any] | None:
    """``(key, value)`` of a ``key: plain value`` line as YAML reads it; ``None`` for
    any other line (:func:`_simple_front_matter` then leaves the block to YAML)."""
    match = _SIMPLE_ENTRY.match(line)
    if match is None:
        return None
    key, text = match.groups()
    if not _is_yaml_string(key):
        return None  # a key like ``yes`` or ``null`` is not a string to YAML
    ok, value = _plain_scalar(text)
    if not ok:
        return None
    return key, value


def _heading_int(digits: str) -> int:
    """A heading's game number; absurdly long numbers (past ``int``'s limit) count as 0."""
    return int(digits) if len(digits) <= 9 else 0


def split_record_file(text: str, path: str | None = None) -> list[RecordSource]:
    """Split a record file's text into one :class:`RecordSource` per game."""
    raw_lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    meta, body_start, diagnostics = _split_front_matter(raw_lines, path)
    if meta:
        diagnostics.extend(shared_key_problems(meta, raw_lines[1 : body_start - 1], path))
        if "players" in meta:
            diagnostics.extend(fix_player_names(meta, raw_lines[1 : body_start - 1], path))

    sections: list[tuple[str | None, int | None, list[SourceLine]]] = [(None, None, [])]
    body = sections[0][2]
    #: The line (number, text as written) of each heading, by its section's identity.
    heading_lines: dict[int, tuple[int, str]] = {}
    text_kind, heading_hint = LineKind.TEXT, _HEADING_HINT.search
    blank_kind, comment_kind, bookmark_kind = LineKind.BLANK, LineKind.COMMENT, LineKind.BOOKMARK
    new_object, set_number, set_text, set_kind = _new_object, _set_number, _set_text, _set_kind
    for number, raw in enumerate(raw_lines[body_start:], start=body_start + 1):
        line = raw.rstrip()
        # Fast path, most lines of a record: a move that starts with a letter or digit
        # and cannot be a game heading (those contain 試合目 or "game").
        if line and line[0] not in "*#=" and not line[0].isspace() and heading_hint(line) is None:
            # _source_line(number, line, text_kind), inline: most lines come here.
            source_line = new_object(SourceLine)
            set_number(source_line, number)
            set_text(source_line, line)
            set_kind(source_line, text_kind)
            body.append(source_line)
            continue
        # A comment or bookmark (``*`` first) or a blank line is never a heading.
        if not line:
            body.append(_source_line(number, line, blank_kind))
            continue
        if line[0] == "*":
            body.append(
                _source_line(number, line, bookmark_kind if line[1:2] == "&" else comment_kind)
            )
            continue
        match = _game_heading().match(line)
        if match:
            kanji = match.group("kanji") or match.group("kanji2")
            digits = match.group("digits") or match.group("digits2")
            if kanji:
                n = kanji_number(kanji)
            elif digits:
                n = _heading_int(digits.translate(_FULLWIDTH_DIGITS))
            else:
                n = _heading_int(match.group("en"))
            sections.append((line.strip(" =#"), n, []))
            body = sections[-1][2]
            heading_lines[id(body)] = (number, line)
            continue
        body.append(_source_line(number, line, classify(line)))

    # Text before the first heading belongs to the first game, unless it is only
    # blank lines and comments (a note on the whole file) and headings follow.
    if len(sections) > 1:
        preamble = sections[0][2]
        if all(line.kind is not LineKind.TEXT for line in preamble):
            sections.pop(0)
            if preamble:
                heading, heading_no, body = sections[0]
                sections[0] = (heading, heading_no, preamble + body)
                heading_lines[id(sections[0][2])] = heading_lines.pop(id(body))
    # The front matter's lines (between the ``---``), shared by the file's games.
    front_matter = tuple(raw_lines[1 : body_start - 1]) if body_start else ()
    games = [s for s in sections if any(line.kind is not LineKind.BLANK for line in s[2])]
    if not games:
        games = [sections[0]]
    # A heading with only blank lines under it starts no game: it is kept for
    # ``kifuwiki fmt`` (before the next game, or after the last) and warned about.
    empty_before: dict[int, tuple[str, ...]] = {}
    pending: list[str] = []
    kept = {id(s[2]) for s in games}
    for section in sections:
        body_id = id(section[2])
        if body_id in kept:
            empty_before[body_id] = tuple(pending)
            pending = []
        elif body_id in heading_lines:
            number, written = heading_lines[body_id]
            pending.append(written.strip())
            diagnostics.append(_empty_game_warning(number, written, path))
    result: list[RecordSource] = []
    for index, (heading, heading_no, body) in enumerate(games, start=1):
        result.append(
            RecordSource(
                path=path,
                index=index,
                count=len(games),
                meta=meta,
                lines=body,
                heading=heading,
                heading_number=heading_no,
                file_text=text,
                diagnostics=list(diagnostics) if index == 1 else [],
                front_matter=front_matter,
                headings_before=empty_before.get(id(body), ()),
                headings_after=tuple(pending) if index == len(games) else (),
                heading_line=heading_lines[id(body)][0] if id(body) in heading_lines else None,
            )
        )
    return result


def _empty_game_warning(number: int, written: str, path: str | None) -> Diagnostic:
    """RF014: a game heading with no moves under it (it starts no game)."""
    heading = written.strip()
    column = len(written) - len(written.lstrip()) + 1
    return Diagnostic(
        Severity.WARNING,
        "RF014",
        f"the game heading '{heading}' has no moves under it, so it starts no game; "
        "write the game's moves under it or delete the heading",
        number,
        column,
        path,
        None,
        f"試合の見出し '{heading}' の下に手がないため、試合になりません。"
        "手を書くか、見出しを消してください",
    )


def read_record_file(path: Path, display_path: str | None = None) -> list[RecordSource]:
    """Read and split a record file from disk."""
    name = display_path or str(path)
    text, diagnostics = decode(path.read_bytes(), name)
    sources = split_record_file(text, name)
    if diagnostics:
        sources[0].diagnostics[:0] = diagnostics
    return sources


#: The front matter key (and the comment word) of an acceptance (:mod:`.acknowledge`).
ACCEPT_KEY = "accept"


def may_accept(source: RecordSource) -> bool:
    """Whether ``source`` might accept a warning (an ``accept`` key, or a comment line
    with the word); :func:`kifuwiki.core.acknowledge.acknowledge` leaves every other
    record's diagnostics as they are, and is not even imported for them (~1.5 ms)."""
    return ACCEPT_KEY in source.meta or any(
        line.kind is LineKind.COMMENT and ACCEPT_KEY in line.text.lower() for line in source.lines
    )


def may_have_blocks(lines: Iterable[SourceLine]) -> bool:
    """Whether a comment line mentions ``kifu``: what a ```` ```kifu ```` block opens with
    (:func:`kifuwiki.core.variations.has_blocks` checks the fence; the module is imported
    only for such records, ~2.5 ms)."""
    return any(line.kind is LineKind.COMMENT and "kifu" in line.text for line in lines)


def comment_texts(lines: Iterable[SourceLine]) -> list[str]:
    """The texts of the comment lines (most records have none or few): what
    :func:`may_have_blocks` and :func:`may_accept` look at, for one pass over a game's
    lines instead of two (:func:`blocks_in_comments`, :func:`accepts_in`)."""
    comment = LineKind.COMMENT
    return [line.text for line in lines if line.kind is comment]


def blocks_in_comments(comments: list[str]) -> bool:
    """:func:`may_have_blocks` of the lines whose comments are ``comments``."""
    return any("kifu" in text for text in comments)


def accepts_in(source: RecordSource, comments: list[str]) -> bool:
    """:func:`may_accept` of ``source``, whose comment lines' texts are ``comments``."""
    return ACCEPT_KEY in source.meta or any(ACCEPT_KEY in text.lower() for text in comments)
