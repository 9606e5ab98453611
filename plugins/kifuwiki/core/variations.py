"""Variations: an alternative line written inside a record's comments, checked by the game.

A variation is a fenced ``kifu`` block written across ``*`` comment lines, right after the
step it branches from. Its lines are record lines in the game's own notation, and it
replaces everything AFTER that step::

    B:7 8 9 10 J Q
    * Better was a bomb:
    * ```kifu
    * C:2 2 2 2
    * * a comment inside the variation
    * ```

To the game these are ordinary comment lines, so the main line, ``kifuwiki fmt`` and every
game's own parser keep them as they are. This module finds the blocks and checks each one
by the generic path of the game contract (``games/base.py``, "Variations"): the game loads
the record's lines BEFORE the block followed by the variation's lines (same game, rules and
front matter); the steps after the branch step are the side line. Nothing here knows a game.

Diagnostics point into the comment: a variation line keeps its file line number, and its
columns are shifted by where the comment text starts on that line. A block nested inside a
variation (``* * ```kifu``) is a variation of the variation, down to :data:`MAX_DEPTH`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Protocol

from kifuwiki.core.diagnostics import Diagnostic, Severity
from kifuwiki.core.recordfile import LineKind, RecordSource, SourceLine, classify

if TYPE_CHECKING:
    from kifuwiki.games.base import GameRecord, RecordView, StepView

#: How deep variations nest (a variation of a variation of a variation); deeper blocks
#: are kept as comment text and get a warning, so a hostile file cannot make a build
#: replay its record exponentially often.
MAX_DEPTH = 3
#: Variations checked per record (each one replays the record once or twice).
MAX_VARIATIONS = 64

_OPEN = re.compile(r"(`{3,}|~{3,})\s*kifu\s*\Z")

#: The core's variation codes (see :mod:`kifuwiki.core.codes`).
UNCLOSED = "RF020"
TOO_DEEP = "RF021"
EMPTY = "RF022"
CANNOT_BRANCH = "RF023"
TOO_MANY = "RF024"


class _Game(Protocol):
    def load(self, source: RecordSource, rules: Mapping[str, Any] | None = None) -> GameRecord:
        """Parse, replay and check one game (the GameModule method)."""
        ...

    def view(self, record: GameRecord) -> RecordView:
        """The data a record page shows (the GameModule method)."""
        ...


@dataclass(frozen=True, slots=True)
class VariationBlock:
    """One fenced ``kifu`` block inside comments, as written."""

    start: int
    """File line of the opening fence (```` ```kifu ````)."""
    end: int
    """File line of the closing fence."""
    column: int
    """File column where the opening fence starts."""
    lines: tuple[SourceLine, ...]
    """The variation's own record lines: file line numbers, the comment text as text."""
    texts: tuple[str, ...]
    """The comment text of every line of the block, fences included (how a game's view
    shows them as comments)."""
    columns: Mapping[int, int]
    """File line → characters before the variation's text on that line (for columns)."""


@dataclass(slots=True)
class Variation:
    """A checked variation: where it branches, its replay, and its problems."""

    block: VariationBlock
    branch: int
    """Index of the step it branches from (its moves replace the steps after it)."""
    number: int
    """1-based among the variations of the same step (``v1``, ``v2`` in anchors)."""
    depth: int
    record: GameRecord | None
    """The record replayed with the variation in place of the moves after ``branch``."""
    diagnostics: list[Diagnostic] = field(default_factory=list)
    """Problems of the variation, located in the file, steps numbered as in ``record``."""
    children: list[Variation] = field(default_factory=list)
    """Variations written inside this one."""


def _comment_offset(line: SourceLine) -> int:
    """Characters before a comment line's text (``  *  text`` → 5)."""
    text = line.text
    body = text.lstrip()
    rest = body[1:]
    return len(text) - len(body) + 1 + len(rest) - len(rest.lstrip())


def has_blocks(lines: Iterable[SourceLine]) -> bool:
    """Whether any comment line opens a ``kifu`` block (the fast path for most records)."""
    return any(
        line.kind is LineKind.COMMENT and "kifu" in line.text and _OPEN.match(line.comment)
        for line in lines
    )


def find_blocks(
    lines: Sequence[SourceLine], offsets: Mapping[int, int] | None = None
) -> tuple[list[VariationBlock], list[Diagnostic]]:
    """The ``kifu`` blocks among ``lines`` and the diagnostics of unclosed ones.

    A block is consecutive comment lines from an opening fence to a closing fence of the
    same character, at least as long (CommonMark's rule). A line that is not a comment
    ends the comment run: the block is unclosed, it stays an ordinary comment, and an
    error points at its opening fence."""
    base = offsets or {}
    blocks: list[VariationBlock] = []
    problems: list[Diagnostic] = []
    index = 0
    while index < len(lines):
        line = lines[index]
        opened = _OPEN.match(line.comment) if line.kind is LineKind.COMMENT else None
        if opened is None:
            index += 1
            continue
        fence = opened.group(1)
        close = re.compile(re.escape(fence[0]) + "{" + str(len(fence)) + r",}\Z")
        end = index + 1
        while end < len(lines) and lines[end].kind is LineKind.COMMENT:
            if close.match(lines[end].comment):
                break
            end += 1
        column = base.get(line.number, 0) + _comment_offset(line) + 1
        if end >= len(lines) or lines[end].kind is not LineKind.COMMENT:
            problems.append(
                Diagnostic(
                    Severity.ERROR,
                    UNCLOSED,
                    f"the variation opened here has no closing {fence} line; "
                    "it is shown as a comment and not checked",
                    line.number,
                    column,
                    message_ja=f"ここで始まる変化に閉じる {fence} の行がありません。"
                    "コメントとして表示し、検査していません",
                )
            )
            index = end
            continue
        inner = lines[index + 1 : end]
        columns = {item.number: base.get(item.number, 0) + _comment_offset(item) for item in inner}
        body = tuple(
            SourceLine(item.number, item.comment, classify(item.comment)) for item in inner
        )
        blocks.append(
            VariationBlock(
                start=line.number,
                end=lines[end].number,
                column=column,
                lines=body,
                texts=tuple(item.comment for item in lines[index : end + 1]),
                columns=columns,
            )
        )
        index = end + 1
    return blocks, problems


def _key(diagnostic: Diagnostic) -> tuple[str, int, int, str]:
    return (diagnostic.code, diagnostic.line, diagnostic.column, diagnostic.message)


def _branch_step(steps: Sequence[StepView], start: int) -> int:
    """The last step whose text starts before the block (0: the start position)."""
    branch = 0
    for step in steps:
        if step.line < start:
            branch = step.index
    return branch


def _source(parent: RecordSource, lines: list[SourceLine]) -> RecordSource:
    return replace(parent, lines=lines, diagnostics=[])


def _relocate(
    diagnostic: Diagnostic, block: VariationBlock, own: set[int], step: int | None
) -> Diagnostic:
    """A diagnostic of the variation's replay, pointing at the file inside the comment."""
    if diagnostic.line in own:
        line, column = diagnostic.line, diagnostic.column + block.columns.get(diagnostic.line, 0)
    else:  # about the record around the variation: the opening fence is where it starts
        line, column = block.start, block.column
    return replace(diagnostic, line=line, column=column, step=step)


@dataclass(slots=True)
class _Context:
    game: _Game
    rules: Mapping[str, Any] | None
    budget: list[int]
    """Variations left to check in this record (shared by every level)."""


def check_variations(
    game: _Game,
    record: GameRecord,
    rules: Mapping[str, Any] | None = None,
    *,
    own_lines: Sequence[SourceLine] | None = None,
    offsets: Mapping[int, int] | None = None,
    depth: int = 1,
    steps: Sequence[StepView] | None = None,
    _context: _Context | None = None,
) -> tuple[list[Variation], list[Diagnostic]]:
    """The variations written in ``record``'s comments, each replayed by ``game``.

    Returns the variations and the diagnostics to add to the record: unclosed blocks,
    and every problem of a variation (its own and its nested ones'), located in the file
    and attached to the step the variation branches from. ``own_lines`` limits the search
    to part of the record (a variation's own lines, for nested ones); ``steps``, the
    record's view steps when the caller has them already (a view is not cheap)."""
    context = _context or _Context(game, rules, [MAX_VARIATIONS])
    lines = list(own_lines) if own_lines is not None else record.source.lines
    if not has_blocks(lines):
        return [], []
    blocks, found = find_blocks(lines, offsets)
    if not blocks:
        return [], found
    if steps is None:
        steps = game.view(record).steps
    main = {_key(d) for d in record.diagnostics}
    variations: list[Variation] = []
    per_step: dict[int, int] = {}
    for block in blocks:
        if depth > MAX_DEPTH or context.budget[0] <= 0:
            found.append(_not_checked(block, too_deep=depth > MAX_DEPTH))
            continue
        context.budget[0] -= 1
        branch = _branch_step(steps, block.start)
        per_step[branch] = per_step.get(branch, 0) + 1
        variation = _replay(context, record, block, branch, per_step[branch], depth, main)
        variations.append(variation)
        found.extend(
            replace(
                d,
                step=branch,
                message=f"variation after step {branch}: {d.message}",
                message_ja=f"{branch}手目からの変化: {d.message_ja or d.message}",
            )
            for d in variation.diagnostics
        )
    return variations, found


def _replay(
    context: _Context,
    record: GameRecord,
    block: VariationBlock,
    branch: int,
    number: int,
    depth: int,
    main: set[tuple[str, int, int, str]],
) -> Variation:
    game = context.game
    before = [line for line in record.source.lines if line.number < block.start]
    replayed = game.load(_source(record.source, [*before, *block.lines]), context.rules)
    new = [d for d in replayed.diagnostics if _key(d) not in main]
    # Only a variation with problems of its own needs the record cut at the branch (a
    # third replay), to tell its moves' problems from the cut's.
    stopping = _stopping_codes(context, record.source, before, main) if new else set()
    own = {line.number for line in block.lines}
    problems = [_relocate(d, block, own, d.step) for d in new if d.code not in stopping]
    variation = Variation(block, branch, number, depth, replayed, problems)
    steps = game.view(replayed).steps
    if len(steps) <= branch:
        variation.diagnostics.append(_cannot_branch(block, branch))
        variation.record = None
        return variation
    if not any(step.line in own for step in steps[branch + 1 :]):
        variation.diagnostics.append(
            Diagnostic(
                Severity.WARNING,
                EMPTY,
                "this variation has no moves the game reads",
                block.start,
                block.column,
                message_ja="この変化にはゲームが読める手がありません",
            )
        )
    # Nested blocks first, while the replay still holds the game's own diagnostics (the
    # nested check leaves out those, as this one leaves out the main line's).
    children, nested = check_variations(
        game,
        replayed,
        context.rules,
        own_lines=block.lines,
        offsets=block.columns,
        depth=depth + 1,
        steps=steps,
        _context=context,
    )
    variation.children = children
    replayed.variations = children
    variation.diagnostics.extend(nested)
    replayed.diagnostics = list(variation.diagnostics)
    return variation


def _stopping_codes(
    context: _Context,
    parent: RecordSource,
    before: list[SourceLine],
    main: set[tuple[str, int, int, str]],
) -> set[str]:
    """What the game says about a record that merely stops at the branch step (the game
    is not over, a result is not written) is not about the variation's moves: codes the
    cut record gets that the whole one does not, or gets on its last line."""
    cut = context.game.load(_source(parent, before), context.rules)
    last = max((line.number for line in before if line.kind is LineKind.TEXT), default=0)
    return {d.code for d in cut.diagnostics if _key(d) not in main or d.line >= last}


def _not_checked(block: VariationBlock, *, too_deep: bool) -> Diagnostic:
    """A block past the depth or count bound: kept as comment text, with a warning."""
    if too_deep:
        code, message, ja = (
            TOO_DEEP,
            f"variations nest at most {MAX_DEPTH} deep; this one is shown as a comment "
            "and not checked",
            f"変化の入れ子は {MAX_DEPTH} 段までです。この変化はコメントとして表示し、"
            "検査していません",
        )
    else:
        code, message, ja = (
            TOO_MANY,
            f"a record is checked for at most {MAX_VARIATIONS} variations; this one is "
            "shown as a comment and not checked",
            f"1つの棋譜で検査する変化は {MAX_VARIATIONS} 個までです。"
            "この変化はコメントとして表示し、検査していません",
        )
    return Diagnostic(Severity.WARNING, code, message, block.start, block.column, message_ja=ja)


def _cannot_branch(block: VariationBlock, branch: int) -> Diagnostic:
    return Diagnostic(
        Severity.ERROR,
        CANNOT_BRANCH,
        f"the game cannot replay the record up to step {branch} to branch this variation from it",
        block.start,
        block.column,
        message_ja=f"{branch}手目までを再生できないため、この変化を分岐できません",
    )


@dataclass(frozen=True, slots=True)
class SideLine:
    """A variation ready to show: its own view, starting at the branch position."""

    variation: Variation
    view: RecordView
    """The replayed record's view, its steps cut to the branch position and after."""
    anchor: str
    """``v1``, ``v2`` …: appended to the branch step's anchor for the side line's prefix."""


def side_line_views(
    variations: Sequence[Variation], view_of: Callable[[GameRecord], RecordView]
) -> dict[int, list[SideLine]]:
    """Branch step → the side lines to show there (views cut to the branch position)."""
    shown: dict[int, list[SideLine]] = {}
    for variation in variations:
        if variation.record is None:
            continue
        full = view_of(variation.record)
        steps = full.steps[variation.branch :]
        if len(steps) < 2:
            continue
        # The branch position's comments are the main line's: shown there already.
        start = replace(steps[0], comments=(), bookmarks=(), flags=steps[0].flags - {"comment"})
        view = replace(full, steps=[start, *steps[1:]])
        shown.setdefault(variation.branch, []).append(
            SideLine(variation, view, f"v{variation.number}")
        )
    return shown


def _same_text(entry: str, texts: Sequence[str]) -> bool:
    return " ".join(entry.split()) == " ".join(" ".join(texts).split())


def split_comments(comments: Sequence[str], side_lines: Sequence[SideLine]) -> list[str | SideLine]:
    """A step's comments with each side line in place of the comment text of its block.

    A game's view shows a block's lines as comments, one entry a line or joined into one
    paragraph; both are recognised. A side line whose text is not found among the
    comments goes after them: what a person wrote is never dropped."""
    items: list[str | SideLine] = list(comments)
    for side in side_lines:
        texts = side.variation.block.texts
        for at in range(len(items)):
            entry = items[at]
            if not isinstance(entry, str):
                continue
            if tuple(items[at : at + len(texts)]) == texts:
                items[at : at + len(texts)] = [side]
                break
            if _same_text(entry, texts):
                items[at] = side
                break
        else:
            items.append(side)
    return items


__all__ = [
    "MAX_DEPTH",
    "MAX_VARIATIONS",
    "SideLine",
    "Variation",
    "VariationBlock",
    "check_variations",
    "find_blocks",
    "has_blocks",
    "side_line_views",
    "split_comments",
]
