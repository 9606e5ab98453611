"""Variations: ```kifu blocks in comments, checked by the game from their branch step."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import kifuwiki
from kifuwiki.archive import load_text
from kifuwiki.cli.fmt import format_records
from kifuwiki.core import variations
from kifuwiki.core.codes import CODES, CODES_JA
from kifuwiki.core.recordfile import split_record_file
from kifuwiki.core.variations import MAX_DEPTH, find_blocks, split_comments
from kifuwiki.games import get_game

HEAD = """---
game: doudizhu
rules: classic
---
A:(3 4 5 5 6 7 8 9 10 J Q Q K K K BJ RJ)
B:(3 3 4 4 5 6 7 8 8 9 10 10 J J Q K A)
C:(3 4 5 6 6 7 8 9 9 10 J Q A A 2 2 2)
A:bid1
B:bid-
C:bid3
kitty:(7 A 2)
C:3 4 5 6 7 8
A:6 7 8 9 10 J
"""
#: Line 13 is A's straight (step 6); GOOD's block starts on line 15.
GOOD = """* Bob could beat it:
* ```kifu
* B:7 8 9 10 J Q
* C:%
* A:%
* ```
B:%
C:%
"""


def load(text: str) -> kifuwiki.Record:
    return kifuwiki.loads(text, "v.kifu")[0]


def test_a_block_is_found_with_its_lines_and_columns() -> None:
    source = split_record_file("A:1\n* x\n  *  ```kifu\n  *  B:2\n  * ```\nB:3\n", None)[0]
    blocks, problems = find_blocks(source.lines)
    assert problems == []
    (block,) = blocks
    assert (block.start, block.end) == (3, 5)
    assert [(line.number, line.text) for line in block.lines] == [(4, "B:2")]
    assert block.columns == {4: 5}  # "  *  " comes before the variation's text
    assert block.texts == ("```kifu", "B:2", "```")


def test_a_good_variation_replays_from_its_branch_step() -> None:
    record = load(HEAD + GOOD)
    assert record.errors == 0, [d.format_text() for d in record.diagnostics]
    (variation,) = record.record.variations
    assert variation.branch == 6
    assert variation.record is not None
    steps = get_game("doudizhu").view(variation.record).steps
    # The side line's moves follow the branch step; the main line keeps its own.
    assert [s.notation for s in steps[7:]] == ["B:7 8 9 10 J Q", "C:%", "A:%"]
    assert [s.notation for s in record.steps[7:9]] == ["B:%", "C:%"]
    assert steps[6].state == record.steps[6].state


def test_a_rule_broken_in_a_variation_points_inside_the_comment() -> None:
    bad = GOOD.replace("* A:%", "* A:K K K K")
    record = load(HEAD + bad)
    (error,) = [d for d in record.diagnostics if d.severity.value == "error"]
    assert error.code == "DZ103"
    # Line 18 is "* A:K K K K": the fourth K is column 9 of the move, 11 of the line.
    assert (error.line, error.column) == (18, 11)
    assert error.step == 6  # the main step that holds the side line
    assert error.message.startswith("variation after step 6:")
    assert error.message_ja.startswith("6手目からの変化:")
    # The main line is unaffected: same steps, same states as without the variation.
    plain = load(HEAD + "B:%\nC:%\n")
    assert [s.state for s in record.steps] == [s.state for s in plain.steps]


def test_validate_reports_the_variation_with_file_line_column(tmp_path: Path) -> None:
    path = tmp_path / "v.kifu"
    path.write_text(HEAD + GOOD.replace("* C:%", "* C:9 9 9"), encoding="utf-8")
    texts = [d.format_text() for d in kifuwiki.validate(path)]
    assert any(":17:5: error DZ105" in text and "variation after step 6" in text for text in texts)


def test_an_unclosed_block_is_an_error_and_stays_a_comment() -> None:
    record = load(HEAD + "* ```kifu\n* B:7 8 9 10 J Q\nB:%\n")
    (problem,) = [d for d in record.diagnostics if d.code == "RF020"]
    assert (problem.line, problem.column) == (14, 3)
    assert record.record.variations == []
    # The text is still shown, as comments of step 6.
    assert "B:7 8 9 10 J Q" in record.steps[6].comments


def test_an_empty_variation_is_a_warning() -> None:
    record = load(HEAD + "* ```kifu\n* ```\nB:%\n")
    assert [d.code for d in record.diagnostics if d.code.startswith("RF")] == ["RF022"]


def test_nested_variations_are_checked_and_depth_is_bounded() -> None:
    nested = (
        "* ```kifu\n* B:7 8 9 10 J Q\n"
        "* * ```kifu\n* * C:%\n"
        "* * * ```kifu\n* * * A:%\n"
        "* * * * ```kifu\n* * * * B:3 3\n* * * * ```\n"
        "* * * ```\n* * ```\n* ```\n"
    )
    record = load(HEAD + nested)
    (top,) = record.record.variations
    (child,) = top.children
    (grandchild,) = child.children
    assert (top.branch, child.branch, grandchild.branch) == (6, 7, 8)
    assert grandchild.depth == MAX_DEPTH
    assert grandchild.children == []
    too_deep = [d for d in record.diagnostics if d.code == "RF021"]
    assert len(too_deep) == 1 and (too_deep[0].line, too_deep[0].column) == (20, 9)
    assert record.errors == 0
    assert not [d for d in record.diagnostics if "variation" in d.message and d.code == "DZ200"]


def test_fmt_keeps_every_variation_line() -> None:
    text = HEAD + GOOD
    formatted = format_records(load_text(text, "v.kifu"), None)
    block = GOOD.splitlines()[:6]
    out = formatted.splitlines()
    start = out.index(block[0])
    assert out[start : start + 6] == block
    again = load(formatted)
    assert len(again.record.variations) == 1


def test_side_lines_take_the_place_of_their_comment_text() -> None:
    record = load(HEAD + GOOD)
    from kifuwiki.core.variations import side_line_views

    sides = side_line_views(record.record.variations, get_game("doudizhu").view)
    items = split_comments(record.steps[6].comments, sides[6])
    assert items[0] == "Bob could beat it:"
    assert items[1] is sides[6][0]
    assert len(items) == 2
    assert sides[6][0].view.steps[0].index == 6  # starts at the branch position


def test_the_viewer_nests_a_side_line_with_its_own_prefix() -> None:
    html = load(HEAD + GOOD).to_html("en", standalone=False)
    assert 'id="m6-v1-viewer"' in html
    assert 'id="m6-v1-m7"' in html and 'id="m6-v1-m6"' in html
    assert "```kifu" not in html  # the block became the side line
    assert html.count('class="kw-viewer"') == 2


def test_every_variation_code_is_documented_in_both_languages() -> None:
    for code in ("RF020", "RF021", "RF022", "RF023", "RF024"):
        assert CODES[code] and CODES_JA[code]


def test_the_public_api_gives_each_variation_and_its_steps() -> None:
    record = load(HEAD + GOOD)
    (variation,) = record.variations
    steps = record.side_line(variation)
    assert [s.index for s in steps] == [6, 7, 8, 9]
    assert [s.notation for s in steps[1:]] == ["B:7 8 9 10 J Q", "C:%", "A:%"]
    assert variation.diagnostics == []


def test_past_the_count_bound_a_variation_is_kept_as_a_comment(monkeypatch: Any) -> None:
    monkeypatch.setattr(variations, "MAX_VARIATIONS", 1)
    record = load(HEAD + GOOD + "* ```kifu\n* A:%\n* ```\n")
    assert len(record.variations) == 1
    (skipped,) = [d for d in record.diagnostics if d.code == "RF024"]
    assert (skipped.line, skipped.column) == (22, 3)
    assert "A:%" in record.steps[-1].comments  # still shown, as a comment


class _ShortView:
    """A game whose view of a replayed variation stops before the branch step."""

    def __init__(self) -> None:
        self.game = get_game("doudizhu")
        self.calls = 0

    def load(self, source: Any, rules: Any = None) -> Any:
        return self.game.load(source, rules)

    def view(self, record: Any) -> Any:
        self.calls += 1
        full = self.game.view(record)
        return full if self.calls == 1 else replace(full, steps=full.steps[:2])


def test_a_game_that_cannot_replay_up_to_the_branch_is_reported() -> None:
    record = kifuwiki.loads(HEAD + GOOD, "v.kifu")[0].record
    found, problems = variations.check_variations(_ShortView(), record)
    assert found[0].record is None
    assert [(d.code, d.line) for d in problems] == [("RF023", 15)]


def test_problems_are_listed_in_reading_order() -> None:
    # The side line (line 18) is checked after the main line, whose bad move is on
    # line 21; `validate` and the page list them as a reader meets them, top to bottom.
    bad = GOOD.replace("* A:%", "* A:K K K K").replace("\nC:%\n", "\nC:2 2\n")
    # What `validate` reports: the loaded record's own list, sorted once at load; the API
    # hands out the same list.
    (loaded,) = load_text(HEAD + bad, "v.kifu")
    lines = [d.line for d in loaded.diagnostics]
    assert lines == sorted(lines)
    assert kifuwiki.loads(HEAD + bad, "v.kifu")[0].diagnostics == loaded.diagnostics
    codes_by_line = {d.line: d.code for d in loaded.diagnostics}
    assert codes_by_line[18] == "DZ103"
    assert codes_by_line[21] == "DZ105"
