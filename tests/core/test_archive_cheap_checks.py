"""Archive imports the acceptance and variation checkers only for records that may need them."""

from __future__ import annotations


def test_the_cheap_tests_archive_runs_first_never_skip_a_record_that_needs_the_checker() -> None:
    """``may_have_blocks``/``may_accept`` decide whether archive imports the variation and
    acceptance checkers: each must hold whenever the checker would find something."""
    from kifuwiki.core.acknowledge import acknowledge
    from kifuwiki.core.diagnostics import Diagnostic, Severity
    from kifuwiki.core.recordfile import may_accept, may_have_blocks, split_record_file
    from kifuwiki.core.variations import has_blocks

    texts = [
        "a:(7)\n* ```kifu\n* a:7\n* ```\n",
        "a:(7)\n*   ~~~~ kifu\n",
        "a:(7)\n* a kifu file\n",
        "a:(7)\n* nothing here\n",
        "---\naccept: PD001\n---\na:(7)\n",
        "a:(7)\n* ACCEPT: PD001 a reason\n",
        "a:(7)\n* accepted, nothing else\n",
        "a:(7)\nb:(K)\n",
    ]
    warning = Diagnostic(Severity.WARNING, "PD001", "w", 2, 1)
    for text in texts:
        (source,) = split_record_file(text, "t.kifu")
        assert may_have_blocks(source.lines) or not has_blocks(source.lines), text
        diagnostics = [warning]
        if not may_accept(source):
            assert acknowledge(diagnostics, source) is diagnostics, text
    assert [may_accept(split_record_file(t, "t.kifu")[0]) for t in texts[4:]] == [
        True, True, True, False
    ]  # fmt: skip
