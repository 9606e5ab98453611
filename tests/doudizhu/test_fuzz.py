"""Property tests: loading and viewing never raise or hang, every diagnostic is located and
has its Japanese, and fmt is idempotent on any input."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from tests.cardgames import roundtrip

from kifuwiki.games.doudizhu import GAME
from kifuwiki.games.doudizhu.selfplay import generate

FRONT = "---\ngame: doudizhu\nplayers:\n  A: Ai\n  B: Bo\n  C: Cy\n---\n"
ALPHABET = "0123456789 ABCDHSTJQKXRP?%#+-:：()[]*&!,、bidkty小王大王不要\n\t<>&\"'"
TOKENS = [
    "3", "10", "T", "J", "Q", "K", "A", "2", "BJ", "RJ", "X", "R", "H3", "S10", "D2", "C4",
    "?", "+", "#", "[bomb]", "[spring]", "(", ")", "bid1", "bid3", "bid-", "%", "-", "!?", " ",
]  # fmt: skip


def load_and_format(text: str) -> None:
    lines = text.count("\n") + 1
    for record in roundtrip(GAME, text, FRONT):
        assert all(1 <= d.line <= lines for d in record.diagnostics)
        assert all(d.message_ja for d in record.diagnostics if d.code.startswith("DZ"))


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet=ALPHABET, max_size=300))
def test_arbitrary_bodies_never_raise(body: str) -> None:
    load_and_format(FRONT + body)


@settings(max_examples=120, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(["A", "B", "C", "D", "kitty", "score"]),
            st.lists(st.sampled_from(TOKENS), max_size=8),
        ),
        max_size=30,
    )
)
def test_plausible_lines_never_raise(lines: list[tuple[str, list[str]]]) -> None:
    body = "\n".join(f"{seat}:{' '.join(parts)}" for seat, parts in lines)
    load_and_format(FRONT + body + "\n")


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 10_000), st.data())
def test_damaged_generated_games_never_raise(seed: int, data: st.DataObject) -> None:
    text = generate(seed, "random").text()
    head, body = text.split("---\n", 2)[1:]
    lines = body.splitlines()
    for _ in range(data.draw(st.integers(1, 4))):
        if not lines:
            break
        i = data.draw(st.integers(0, len(lines) - 1))
        action = data.draw(st.sampled_from(["drop", "copy", "swap", "cut"]))
        if action == "drop":
            del lines[i]
        elif action == "copy":
            lines.insert(i, lines[i])
        elif action == "swap" and i + 1 < len(lines):
            lines[i], lines[i + 1] = lines[i + 1], lines[i]
        elif action == "cut":
            lines[i] = lines[i][: len(lines[i]) // 2]
    load_and_format("---\n" + head + "---\n" + "\n".join(lines) + "\n")
