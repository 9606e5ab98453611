"""Fuzzing: whatever the text, loading a record gives diagnostics, never an exception.

``GAME.load`` is called directly (``archive`` would turn a crash into RF999 and hide it),
then the view is built, as a site build would.
"""

from __future__ import annotations

from functools import cache

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.prime_daifugo.shared_data import corpus_dir

from kifuwiki.core.recordfile import split_record_file
from kifuwiki.games.prime_daifugo import GAME
from kifuwiki.games.prime_daifugo.replay import Replay
from kifuwiki.games.prime_daifugo.rules import resolve_rules

CORPUS = corpus_dir()

#: Characters that mean something in records, so random text often looks like a record.
NOTATION = "A23456789TJQKX?0()[]{}|=*^,%#:;PDGCRIN r\n-初期不明パス素数判定員一試合目"

SETTINGS = settings(
    max_examples=120,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@cache
def corpus_texts() -> tuple[str, ...]:
    fallback = "a:(QT338647JA9)\nb:(T77TJK4X3KA)\na:D(Q)987463\nb:XKKTTJ|X=K\na:%\nb:747A3#\n"
    if not CORPUS.is_dir():
        return (fallback,)
    return (fallback, *(p.read_text(encoding="utf-8") for p in sorted(CORPUS.glob("*.kifu"))))


def check(text: str) -> None:
    for source in split_record_file(text, "fuzz.kifu"):
        record = GAME.load(source)
        assert isinstance(record.data.replay, Replay)
        for diagnostic in record.diagnostics:
            assert diagnostic.code in GAME.codes, diagnostic
            assert diagnostic.line >= 1 and diagnostic.column >= 1
            assert diagnostic.message
        view = GAME.view(record)
        assert len(view.steps) == record.moves + 1
        assert record.winner is None or record.winner in record.players


@SETTINGS
@given(st.text(alphabet=st.sampled_from(NOTATION), max_size=400))
def test_notation_like_text_never_raises(text: str) -> None:
    check(text)


@SETTINGS
@given(st.text(max_size=300))
def test_any_text_never_raises(text: str) -> None:
    check(text)


_MUTATION = st.tuples(
    st.sampled_from(["delete", "insert", "replace", "duplicate-line", "drop-line", "swap-lines"]),
    st.integers(min_value=0, max_value=10_000),
    st.integers(min_value=0, max_value=10_000),
    st.sampled_from(NOTATION),
)


def mutate(text: str, mutation: tuple[str, int, int, str]) -> str:
    kind, first, second, char = mutation
    if kind in ("delete", "insert", "replace"):
        at = first % (len(text) + 1)
        if kind == "delete":
            return text[:at] + text[at + 1 :]
        if kind == "insert":
            return text[:at] + char + text[at:]
        return text[:at] + char + text[at + 1 :]
    lines = text.split("\n")
    i, j = first % len(lines), second % len(lines)
    if kind == "duplicate-line":
        lines.insert(j, lines[i])
    elif kind == "drop-line":
        del lines[i]
    else:
        lines[i], lines[j] = lines[j], lines[i]
    return "\n".join(lines)


@SETTINGS
@given(st.data())
def test_mutated_corpus_records_never_raise(data: st.DataObject) -> None:
    texts = corpus_texts()
    text = texts[data.draw(st.integers(min_value=0, max_value=len(texts) - 1))]
    for mutation in data.draw(st.lists(_MUTATION, min_size=1, max_size=6)):
        text = mutate(text, mutation)
    check(text)


@SETTINGS
@given(
    st.one_of(
        st.none(),
        st.text(max_size=20),
        st.dictionaries(
            st.text(max_size=12),
            st.one_of(st.integers(), st.booleans(), st.text(max_size=8), st.none()),
            max_size=5,
        ),
        st.integers(),
        st.lists(st.integers(), max_size=3),
    )
)
def test_any_rules_spec_resolves(spec: object) -> None:
    from kifuwiki.core.diagnostics import DiagnosticBag

    bag = DiagnosticBag()
    rules = resolve_rules(spec, bag)
    assert rules.joker_min <= rules.joker_max
    assert all(d.code in GAME.codes for d in bag.items)
